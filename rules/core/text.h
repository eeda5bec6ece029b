// Small helpers for the words the rules engines show a person (prompts, choice labels, log).
#pragma once

#include <string>
#include <string_view>

namespace frontier::core {

// "1 pound", "3 pounds", "0 spaces": a count with its noun in the right number.
std::string count_of(int n, std::string_view one, std::string_view many);

}  // namespace frontier::core
