// Bot levels: what "easy", "normal" and "hard" spend on a decision. Iteration budgets, not time,
// so a decision is reproducible from its seed; a caller may add a deadline (SearchLimits::stop).
#pragma once

#include <optional>
#include <string_view>

#include "ai/ismcts.h"

namespace frontier::ai {

enum class Level { kEasy, kNormal, kHard };

std::optional<Level> parse_level(std::string_view name);  // "easy", "normal", "hard"
const char* level_name(Level level);
SearchLimits limits_for(Level level);

}  // namespace frontier::ai
