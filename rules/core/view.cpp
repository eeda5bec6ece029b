#include "core/view.h"

#include <set>

#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/message.h>

namespace frontier::core {

std::string view_type_name(const frontier::GameView& view) {
  const std::string& url = view.payload().type_url();
  return url.substr(url.rfind('/') + 1);
}

std::unique_ptr<google::protobuf::Message> unpack_view(const frontier::GameView& view,
                                                       const google::protobuf::Descriptor& type) {
  const google::protobuf::Message* prototype =
      google::protobuf::MessageFactory::generated_factory()->GetPrototype(&type);
  if (prototype == nullptr || view_type_name(view) != type.full_name()) return nullptr;
  std::unique_ptr<google::protobuf::Message> out(prototype->New());
  if (!out->ParseFromString(view.payload().value())) return nullptr;
  return out;
}

namespace {

// Depth first, imports before the files that import them, as a FileDescriptorSet must list them
// for a reader that builds its pool file by file.
void add_file(const google::protobuf::FileDescriptor& file, std::set<std::string>& added,
              google::protobuf::FileDescriptorSet& set) {
  if (!added.insert(file.name()).second) return;
  for (int i = 0; i < file.dependency_count(); ++i) add_file(*file.dependency(i), added, set);
  google::protobuf::FileDescriptorProto* copy = set.add_file();
  file.CopyTo(copy);
  file.CopyJsonNameTo(copy);  // CopyTo leaves them out; JSON readers of a view need them
}

}  // namespace

void describe_view(const google::protobuf::Descriptor& type, frontier::GameInfo& info) {
  google::protobuf::FileDescriptorSet set;
  std::set<std::string> added;
  add_file(*type.file(), added, set);
  info.set_view_type(type.full_name());
  info.set_view_schema(set.SerializeAsString());
}

}  // namespace frontier::core
