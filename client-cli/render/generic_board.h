// A readable board for any game view, built by protobuf reflection: scalars as "name value"
// lines, lists of flat records (spaces, units, areas) as aligned tables, nested records
// indented. Every game gets a usable board the day its view exists; games with a dedicated
// board (render/boards) still use this for the parts they do not draw themselves.
#pragma once

#include <google/protobuf/message.h>

#include <string>

#include "render/style.h"

namespace frontier::cli {

struct BoardOptions {
  // When set, rows of every table keep only those mentioning this text (case-insensitive):
  // the "zoom to a region" of large maps, e.g. "zoom Kabul".
  std::string focus;
  int width = 100;
};

// Appends `msg` to `out`, each line prefixed by `indent` spaces.
void render_generic(const google::protobuf::Message& msg, const Style& style, const BoardOptions& opts,
                    int indent, std::string& out);

// "cards_in_effect" -> "cards in effect".
std::string field_title(const std::string& name);
// A scalar field's value as text (enums by their lower-case name); index -1 for singular fields.
std::string scalar_text(const google::protobuf::Message& msg, const google::protobuf::FieldDescriptor* f,
                        int index = -1);
// Case-insensitive substring test.
bool mentions(const std::string& haystack, const std::string& needle);

}  // namespace frontier::cli
