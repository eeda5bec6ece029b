// Each player's round-by-round record, derived from the rounds: whom they met, on which
// side, what they scored and how (played, bye, forfeit, absent). Standings, tiebreaks and
// the Swiss pairer's history all read these.
#pragma once

#include <map>
#include <optional>
#include <vector>

#include "tournament_rules/types.h"

namespace frontier::tournament {

enum class EntryKind : uint8_t {
  kPlayed = 0,         // games over the board
  kBye = 1,            // pairing-allocated bye: a win's points
  kForfeitWin = 2,     // opponent forfeited: a win's points, marked forfeit
  kForfeitLoss = 3,    // forfeited: zero
  kDoubleForfeit = 4,  // both forfeited: zero
  kAbsent = 5,         // not paired (withdrawn, not yet entered): zero
  kPending = 6,        // paired, result not in
};

struct RoundEntry {
  int round = 0;
  EntryKind kind = EntryKind::kAbsent;
  std::optional<PlayerId> opponent;  // for every kind with a board
  Side side = Side::kA;              // the player's side in the board's first game
  HalfPoints points = 0;
  int games_won = 0;           // over the board
  HalfPoints points_as_a = 0;  // over the board, by the side played in each game
  HalfPoints points_as_b = 0;
};

struct PlayerRecord {
  PlayerId player = 0;
  std::vector<RoundEntry> rounds;  // one per round paired so far, in order
  HalfPoints points = 0;

  // Opponents actually paired against (forfeits included), in round order.
  std::vector<PlayerId> opponents() const;
  // Sides of single games played over the board, oldest first.
  std::vector<Side> sides_played() const;
  bool had_bye() const;
  bool had_forfeit_win() const;
};

// Records for `players` over `rounds`. A board's points follow board_score().
std::map<PlayerId, PlayerRecord> build_records(const std::vector<PlayerId>& players,
                                               const std::vector<Round>& rounds, int games_per_board);

}  // namespace frontier::tournament
