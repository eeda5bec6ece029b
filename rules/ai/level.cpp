#include "ai/level.h"

namespace frontier::ai {

std::optional<Level> parse_level(std::string_view name) {
  if (name == "easy") return Level::kEasy;
  if (name == "normal") return Level::kNormal;
  if (name == "hard") return Level::kHard;
  return std::nullopt;
}

const char* level_name(Level level) {
  switch (level) {
    case Level::kEasy:
      return "easy";
    case Level::kNormal:
      return "normal";
    case Level::kHard:
      return "hard";
  }
  return "normal";
}

SearchLimits limits_for(Level level) {
  SearchLimits limits;
  switch (level) {
    case Level::kEasy:
      // Weak on purpose: few samples, and rollouts cut short.
      limits.iterations = 60;
      limits.rollout_actions = 60;
      break;
    case Level::kNormal:
      limits.iterations = 400;
      limits.rollout_actions = 200;
      break;
    case Level::kHard:
      limits.iterations = 2000;
      limits.rollout_actions = 400;
      break;
  }
  return limits;
}

}  // namespace frontier::ai
