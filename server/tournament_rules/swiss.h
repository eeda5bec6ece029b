// Swiss pairing on the principles of the FIDE Dutch system (C.04.1 basic rules, C.04.3).
//
// Absolute criteria, never broken: no two players meet twice; nobody gets a second bye;
// no pairing the organiser forbade; side limits (sides.h). If no pairing satisfies the side
// limits but one satisfies the rest, the side limits yield (the result says so) — rematches
// never do; if even that is impossible the round cannot be paired and the caller is told.
//
// Within those, the pairer works down the ranking (score, then pairing number). Each
// player in turn takes the best opponent by Dutch preference — its own score group first,
// top half against bottom half (S1 against S2, transpositions of S2 before exchanges),
// pairings that satisfy both side preferences ahead of those that do not, the group's
// floater (the lowest player who did not float down last round) last, then the next groups,
// avoiding players who floated up last round — but only an opponent after which everyone
// left can still be paired (a blossom-matching check), and, within the group, preferably
// one that leaves the group's number of pairs at its maximum (the fewest down-floaters).
// So it always finds a valid pairing when one exists, and is deterministic: same inputs,
// same pairing.
//
// The bye goes to the lowest-ranked player without a bye after whose removal the rest can
// be paired.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "core/status.h"
#include "tournament_rules/sides.h"
#include "tournament_rules/types.h"

namespace frontier::tournament {

enum class Float : uint8_t { kNone = 0, kDown = 1, kUp = 2 };

// What the pairer needs to know about one player to be paired this round.
struct SwissEntrant {
  PlayerId id = 0;
  int pairing_number = 0;  // 1 is the top seed; breaks ties within a score
  HalfPoints score = 0;
  SideHistory sides;
  std::vector<PlayerId> opponents;  // everyone already paired against (forfeits included)
  bool had_bye = false;             // or scored a forfeit win: either bars another bye (C.04.1 d)
  Float last_float = Float::kNone;  // in the previous round (a bye counts as a down-float)
};

struct SwissRequest {
  int round = 1;  // 1-based
  int total_rounds = 1;
  std::vector<SwissEntrant> entrants;  // exactly those to pair now (active, entered)
  std::vector<std::pair<PlayerId, PlayerId>> forbidden;
  Side initial_side = Side::kA;  // side of the top-ranked player on board 1 of round 1
  // False when every pairing is a two-game mini-match with sides swapped: sides balance by
  // themselves and the side limits do not apply.
  bool sides_matter = true;
};

struct SwissPairing {
  std::vector<Board> boards;  // top board first; `a` plays side A (first game)
  std::optional<PlayerId> bye;
  bool side_limits_relaxed = false;  // no pairing within the side limits existed
};

// Pairs one round. Fails (IllegalAction) when no pairing without a rematch, a forbidden
// pairing or a second bye exists, and (InvalidArgument) on malformed input.
core::Result<SwissPairing> pair_swiss_round(const SwissRequest& request);

}  // namespace frontier::tournament
