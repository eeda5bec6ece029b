// Side limits, preferences and allocation for Swiss pairings.
#include "tournament_rules/sides.h"

#include <cstdlib>

namespace frontier::tournament {

int SideHistory::difference() const {
  int diff = 0;
  for (Side s : sides) diff += s == Side::kA ? 1 : -1;
  return diff;
}

bool side_allowed(const SideHistory& history, Side side, bool last_round) {
  int after = history.difference() + (side == Side::kA ? 1 : -1);
  if (std::abs(after) > 2) return false;
  size_t n = history.sides.size();
  if (!last_round && n >= 2 && history.sides[n - 1] == side && history.sides[n - 2] == side) return false;
  return true;
}

SidePreference side_preference(const SideHistory& history, bool last_round) {
  if (history.sides.empty()) return {};
  int diff = history.difference();
  Side last = history.sides.back();
  Side wanted = diff > 0 ? Side::kB : diff < 0 ? Side::kA : other(last);
  if (!side_allowed(history, other(wanted), last_round)) return {wanted, SideStrength::kAbsolute};
  if (diff != 0) return {wanted, SideStrength::kStrong};
  return {wanted, SideStrength::kMild};
}

bool sides_compatible(const SideHistory& x, const SideHistory& y, bool last_round) {
  return (side_allowed(x, Side::kA, last_round) && side_allowed(y, Side::kB, last_round)) ||
         (side_allowed(x, Side::kB, last_round) && side_allowed(y, Side::kA, last_round));
}

Side side_for_higher(const SideHistory& higher, const SideHistory& lower, bool last_round, Side default_side,
                     bool enforce_limits) {
  SidePreference h = side_preference(higher, last_round);
  SidePreference l = side_preference(lower, last_round);
  Side choice;
  // The cases follow the pairing rules' order; two of them give the same side for different reasons.
  if (h.strength == SideStrength::kNone && l.strength == SideStrength::kNone) {
    choice = default_side;
  } else if (l.strength == SideStrength::kNone) {  // NOLINT(bugprone-branch-clone)
    choice = h.side;
  } else if (h.strength == SideStrength::kNone || h.side != l.side) {
    choice = other(l.side);
  } else if (h.strength != l.strength) {
    choice = h.strength > l.strength ? h.side : other(l.side);
  } else if (std::abs(higher.difference()) != std::abs(lower.difference())) {
    choice = std::abs(higher.difference()) > std::abs(lower.difference()) ? h.side : other(l.side);
  } else {
    choice = h.side;  // equal claims: the higher-ranked player's preference wins
  }
  if (enforce_limits &&
      !(side_allowed(higher, choice, last_round) && side_allowed(lower, other(choice), last_round))) {
    choice = other(choice);
  }
  return choice;
}

}  // namespace frontier::tournament
