// Text-format parsing with errors that point at file:line:column.
#include "core/data.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <string>

namespace frontier::core {

namespace {

class CollectErrors : public google::protobuf::io::ErrorCollector {
 public:
  explicit CollectErrors(std::string_view file) : file_(file) {}
  void AddError(int line, google::protobuf::io::ColumnNumber column, const std::string& message) override {
    if (!first_.empty()) return;
    first_ = file_ + ":" + std::to_string(line + 1) + ":" + std::to_string(column + 1) + ": " + message;
  }
  const std::string& first() const { return first_; }

 private:
  std::string file_;
  std::string first_;
};

}  // namespace

Status parse_text_proto(std::string_view text, std::string_view file_name, google::protobuf::Message* out) {
  google::protobuf::TextFormat::Parser parser;
  CollectErrors errors(file_name);
  parser.RecordErrorsTo(&errors);
  if (!parser.ParseFromString(std::string(text), out)) {
    return Status::invalid_argument(errors.first().empty() ? std::string(file_name) + ": parse error"
                                                           : errors.first());
  }
  return Status::ok();
}

Status load_data(std::string_view name, google::protobuf::Message* out) {
  return load_data(scenario_data_files(), name, out);
}

Status load_data(std::span<const EmbeddedFile> files, std::string_view name, google::protobuf::Message* out) {
  for (const auto& f : files) {
    if (f.name == name) return parse_text_proto(f.contents, f.name, out);
  }
  return Status::not_found("No scenario data file named " + std::string(name));
}

}  // namespace frontier::core
