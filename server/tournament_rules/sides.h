// Sides treated like colours in the Swiss system (FIDE C.04.1 and the colour allocation
// rules of the Dutch system, C.04.3 E).
//
// A player's side history is the sides of the single-game pairings they played, in order
// (byes, forfeits and absences have no side). The difference is games as A minus games as B.
// Absolute limits: after the round the difference stays within ±2, and nobody plays the
// same side three times running, except that the last round waives the three-running
// rule (FIDE's top-scorer exception, extended to everyone so the last round stays pairable).
#pragma once

#include <vector>

#include "tournament_rules/types.h"

namespace frontier::tournament {

struct SideHistory {
  std::vector<Side> sides;  // played single games, oldest first

  int difference() const;  // games as A minus games as B
};

// May a player with this history play `side` now?
bool side_allowed(const SideHistory& history, Side side, bool last_round);

// A player's wish for the next round, strongest first: absolute (the other side is not
// allowed), strong (difference ±1), mild (balanced, alternate from the last game), none
// (no game played yet).
enum class SideStrength : int { kNone = 0, kMild = 1, kStrong = 2, kAbsolute = 3 };
struct SidePreference {
  Side side = Side::kA;
  SideStrength strength = SideStrength::kNone;
};
SidePreference side_preference(const SideHistory& history, bool last_round);

// Which side the higher-ranked player of a pairing gets (C.04.3 E): both preferences when
// they differ; otherwise the stronger preference, then the larger imbalance, then the
// higher-ranked player's. When neither has a preference, `default_side` (the organiser's
// initial side, alternated by board). The result always respects side_allowed when
// `enforce_limits` and some assignment does.
Side side_for_higher(const SideHistory& higher, const SideHistory& lower, bool last_round, Side default_side,
                     bool enforce_limits);

// Does some assignment of sides let both play within the limits?
bool sides_compatible(const SideHistory& x, const SideHistory& y, bool last_round);

}  // namespace frontier::tournament
