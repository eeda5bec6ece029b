// Selecting values inside a protobuf message by a short path, for scenario-script assertions:
//   "turn"                      a scalar field
//   "banners[2].strength"       an element of a repeated field by index
//   "spaces[name=Khartoum].units[*].name"   elements whose field equals a value; [*] = all
// Scalars are rendered as text (enums by name, bools as true/false); messages as one-line
// text format.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/message.h>

#include "core/status.h"

namespace frontier::sim {

// The values `path` selects in `root`; InvalidArgument when a field name does not exist.
core::Result<std::vector<std::string>> select_path(const google::protobuf::Message& root,
                                                   std::string_view path);

}  // namespace frontier::sim
