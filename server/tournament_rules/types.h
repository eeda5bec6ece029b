// Vocabulary shared by every part of the tournament module: players, sides, scores in
// half-points, boards and their results, rounds.
//
// Scores are integers counting half-points (a win 2, a draw 1, a loss 0) so standings never
// depend on floating-point rounding and compare exactly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace frontier::tournament {

using PlayerId = uint32_t;
using HalfPoints = int32_t;

constexpr HalfPoints kWinPoints = 2;
constexpr HalfPoints kDrawPoints = 1;
constexpr HalfPoints kLossPoints = 0;

// The two sides of an asymmetric game, treated by the pairing rules like colours in chess:
// side A is "white" (the first-named side of the scenario), side B "black".
enum class Side : uint8_t { kA = 0, kB = 1 };
inline Side other(Side s) {
  return s == Side::kA ? Side::kB : Side::kA;
}
inline const char* side_name(Side s) {
  return s == Side::kA ? "A" : "B";
}

// How a single game between the two players of a board ended, seen from the board.
enum class GameOutcome : uint8_t { kAWins = 0, kDraw = 1, kBWins = 2 };

// How a board was decided.
enum class ResultKind : uint8_t {
  kPending = 0,        // not finished yet
  kPlayed = 1,         // decided over the board; `games` holds each game's outcome
  kForfeitBLoses = 2,  // B forfeited (absence, clock at a round deadline): A scores a win, marked forfeit
  kForfeitALoses = 3,
  kDoubleForfeit = 4,  // neither appeared: both score zero
};

// A board's result. With a mini-match the board holds two games, the second with the sides
// swapped; in elimination a tied mini-match gets further deciders (see elimination.h).
struct BoardResult {
  ResultKind kind = ResultKind::kPending;
  // Outcomes in game order. Game i is played with the board's sides when i is even and
  // swapped when i is odd; an outcome is always stated for the board's A and B players.
  std::vector<GameOutcome> games;

  bool operator==(const BoardResult&) const = default;
};

// One pairing: `a` plays side A (in the first game of a mini-match), `b` side B.
struct Board {
  PlayerId a = 0;
  PlayerId b = 0;
  BoardResult result;

  bool operator==(const Board&) const = default;
};

// A paired round. `bye` scores a win's points without a game; players of the event on no
// board and not the bye are absent (not yet entered, or gone) and score nothing.
struct Round {
  int number = 0;  // 1-based
  std::vector<Board> boards;
  std::optional<PlayerId> bye;
  // Swiss: no pairing kept every side limit, so they yielded this round (see swiss.h).
  bool side_limits_relaxed = false;

  bool operator==(const Round&) const = default;
};

// Half-points each player of a board scores, with `games_per_board` games per full win.
struct BoardScore {
  HalfPoints a = 0;
  HalfPoints b = 0;
};
BoardScore board_score(const BoardResult& result, int games_per_board);

// Points for a bye or a forfeit win: a won pairing.
inline HalfPoints full_points(int games_per_board) {
  return kWinPoints * games_per_board;
}

// "1½" style rendering of half-points for messages and docs.
std::string format_points(HalfPoints points);

}  // namespace frontier::tournament
