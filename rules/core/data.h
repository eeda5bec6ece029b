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

// Every file of rules/data, in name order (a game folder's data/ is embedded by the game).
std::span<const EmbeddedFile> scenario_data_files();

// Parses `text` (named `file_name` in errors) into `out`.
Status parse_text_proto(std::string_view text, std::string_view file_name, google::protobuf::Message* out);
// Parses the embedded data file `name` (e.g. "khartoum.txtpb") into `out`.
Status load_data(std::string_view name, google::protobuf::Message* out);
// The same from a game's own embedded files (`frontier_game_data` in cmake/embed.cmake: a game
// folder's data/*.txtpb), e.g. load_data(lion::data_files(), "lion.txtpb", &out).
Status load_data(std::span<const EmbeddedFile> files, std::string_view name, google::protobuf::Message* out);

}  // namespace frontier::core
