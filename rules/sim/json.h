// Just enough JSON writing for machine-readable command output (no parsing needed).
#pragma once

#include <string>
#include <string_view>

namespace frontier::sim {

// `s` as a JSON string literal, quotes included.
std::string json_string(std::string_view s);

}  // namespace frontier::sim
