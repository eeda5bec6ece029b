// Single and double elimination brackets, seeded by rating.
//
// Seeds are the event's pairing numbers (rating order, see start_event). They take bracket
// positions so the best meet last: for 8, 1–8, 4–5, 2–7, 3–6 (each
// round of doubling puts seed s beside P+1-s). The bracket is the next power of two; the
// missing seeds are empty slots, so the byes fall to the top seeds. A match with one empty
// slot is a walkover (the player advances without a game); with two, it is empty.
//
// The bracket is a list of matches whose slots name where their players come from — a
// seed, the winner of an earlier match or its loser — so the whole state is the plan, the
// seeding and each match's winner, and who plays next is worked out, never stored.
//
// Double elimination: losers drop into the losers' bracket, whose rounds alternate between
// its own survivors meeting each other and meeting the next losers from the winners'
// bracket (those dropping in every other round in reverse order, to put off rematches).
// The grand final puts the winners' bracket champion (side A in its first game) against the
// losers' bracket champion; if the latter wins, the final resets: one more match, sides
// swapped, decides the title.
#pragma once

#include <optional>
#include <vector>

#include "core/status.h"
#include "tournament_rules/types.h"

namespace frontier::tournament {

enum class BracketPart : uint8_t {
  kWinners = 0,
  kLosers = 1,
  kThirdPlace = 2,
  kGrandFinal = 3,
  kGrandFinalReset = 4
};

struct BracketSlot {
  enum class From : uint8_t { kSeed = 0, kWinnerOf = 1, kLoserOf = 2 };
  From from = From::kSeed;
  int index = 0;  // seed number (1-based) or match id

  bool operator==(const BracketSlot&) const = default;
};

struct BracketMatch {
  int id = 0;
  BracketPart part = BracketPart::kWinners;
  int round = 1;    // within its part, 1-based
  BracketSlot top;  // plays side A in the first game
  BracketSlot bottom;

  bool operator==(const BracketMatch&) const = default;
};

enum class EliminationKind : uint8_t { kSingle = 0, kDouble = 1 };

struct EliminationPlan {
  EliminationKind kind = EliminationKind::kSingle;
  int bracket_size = 0;               // power of two
  std::vector<BracketMatch> matches;  // every slot refers to an earlier match

  bool operator==(const EliminationPlan&) const = default;
};

// Bracket positions of the seeds, top to bottom: {1, 8, 4, 5, 2, 7, 3, 6} for 8.
std::vector<int> seed_positions(int bracket_size);

// Plans for `players` (>= 2) entrants.
EliminationPlan single_elimination(int players, bool third_place_match);
EliminationPlan double_elimination(int players);

// A running bracket: the plan, the players by seed and the winners recorded so far.
struct EliminationState {
  EliminationPlan plan;
  std::vector<PlayerId> seeds;                   // seed 1 first
  std::vector<std::optional<PlayerId>> winners;  // per match; set when decided
  std::vector<bool> decided;                     // per match; decided with no winner = double forfeit

  bool operator==(const EliminationState&) const = default;
};

EliminationState start_elimination(EliminationPlan plan, std::vector<PlayerId> seeds);

enum class MatchStatus : uint8_t {
  kWaiting = 0,    // a player still to be known
  kReady = 1,      // both players known: to be played
  kWalkover = 2,   // one player and an empty slot: advances without a game
  kEmpty = 3,      // both slots empty
  kDecided = 4,    // played (or forfeited), winner recorded
  kNotNeeded = 5,  // grand final reset when the winners' champion won the first final
};

struct MatchView {
  MatchStatus status = MatchStatus::kWaiting;
  std::optional<PlayerId> top, bottom;
  std::optional<PlayerId> winner, loser;
};

// Where every match stands, by id.
std::vector<MatchView> resolve_bracket(const EliminationState& state);

// Matches to create now: ready and not yet decided, by id.
std::vector<int> playable_matches(const EliminationState& state);

// Records the winner of a ready match (nullopt for a double forfeit, which advances nobody).
// Fails, changing nothing, if the match is not ready or `winner` is not one of its players.
core::Status record_bracket_result(EliminationState& state, int match_id, std::optional<PlayerId> winner);

// The champion once the title is decided (the third-place match may still be in play).
std::optional<PlayerId> bracket_champion(const EliminationState& state);

// Whether the bracket is over: the champion known and no match left to play, the third-place
// match included (it is played alongside the final and may well end after it).
bool bracket_complete(const EliminationState& state);

}  // namespace frontier::tournament
