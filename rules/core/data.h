// Scenario data: the rules/data/*.txtpb files, compiled into the binary and parsed with
// protobuf's text format into the messages of proto/*_data.proto. Parse errors name the file,
// line and column, so a mistake in a data file is found at once.
#pragma once

#include <span>
#include <string_view>

#include <google/protobuf/message.h>

#include "core/embedded.h"
#include "core/status.h"

namespace frontier::core {

// Every file of rules/data, in name order.
std::span<const EmbeddedFile> scenario_data_files();

// Parses `text` (named `file_name` in errors) into `out`.
Status parse_text_proto(std::string_view text, std::string_view file_name, google::protobuf::Message* out);
// Parses the embedded data file `name` (e.g. "lion.txtpb") into `out`.
Status load_data(std::string_view name, google::protobuf::Message* out);

}  // namespace frontier::core
