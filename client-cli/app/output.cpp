// Output helpers and the lazily connected session.
#include "app/output.h"

#include <memory>

#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/type_resolver_util.h>

#include "render/view_types.h"

#include "sim/json.h"

namespace frontier::cli {

std::string to_json(const google::protobuf::Message& msg) {
  std::string out;
  google::protobuf::util::JsonPrintOptions opts;
  opts.preserve_proto_field_names = true;
  opts.always_print_primitive_fields = true;
  // Through the view types learnt from the server, so a packed view of a game this program has
  // no code for prints as its fields rather than failing the whole message.
  constexpr const char* kTypeUrlPrefix = "type.googleapis.com";
  std::unique_ptr<google::protobuf::util::TypeResolver> resolver(
      google::protobuf::util::NewTypeResolverForDescriptorPool(kTypeUrlPrefix, &ViewTypes::shared().pool()));
  (void)google::protobuf::util::BinaryToJsonString(
      resolver.get(), std::string(kTypeUrlPrefix) + "/" + msg.GetDescriptor()->full_name(),
      msg.SerializeAsString(), &out, opts);
  return out;
}

// One JSON string escaper for the project: the simulator's.
std::string json_quote(const std::string& s) {
  return sim::json_string(s);
}

core::Result<Session*> Context::connect(bool need_login) {
  if (session && session->is_open()) return session.get();
  if (need_login && config.token.empty())
    return core::Status::not_found(
        "Not logged in: run `frontier login NAME` (or `frontier register NAME`) first");
  auto address = parse_server_url(config.server_or_default());
  if (!address) return address.status();
  session = std::make_unique<Session>(*address, config.token);
  if (auto st = session->open(); !st) {
    if (st.message().rfind("BAD_TOKEN", 0) == 0)
      return core::Status::not_found(st.message() +
                                     " (the stored session has ended: run `frontier login NAME`)");
    return core::Status::not_found("Cannot reach " + config.server_or_default() + ": " + st.message() +
                                   " (set the server with `frontier server URL`)");
  }
  return session.get();
}

int Context::fail(const core::Status& st) {
  if (json) {
    std::string code = st.message().substr(0, st.message().find(':'));
    bool wire_code = !code.empty() && code.find(' ') == std::string::npos;
    *out << "{\"error\":{\"code\":" << json_quote(wire_code ? code : core::status_code_name(st.code()))
         << ",\"message\":" << json_quote(st.message()) << "}}\n";
  } else {
    *err << style.red("frontier: ") << st.message() << "\n";
  }
  return 1;
}

void Context::emit(const google::protobuf::Message& msg) {
  if (json) *out << to_json(msg) << "\n" << std::flush;
}

void Context::say(const std::string& text) {
  if (!json) *out << text << std::flush;
}

core::Status Context::save() {
  return save_config(dir, config);
}

}  // namespace frontier::cli
