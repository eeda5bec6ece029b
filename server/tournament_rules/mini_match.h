// A pairing is one game with assigned sides or a two-game mini-match with the sides swapped
// for the second game (the organiser's choice, `games_per_board` 1 or 2).
//
// Knock-out pairings need a winner: while a board's games are tied after the planned ones,
// another decider is played, the sides alternating as before (game i swaps the board's
// sides when i is odd). Swiss and round robin boards end after the planned games; a tie
// there is a drawn pairing.
#pragma once

#include <optional>

#include "tournament_rules/types.h"

namespace frontier::tournament {

// Does game `index` (0-based) of a board put its B player on side A?
inline bool game_swaps_sides(int index) {
  return index % 2 == 1;
}

// True when no further game is to be played on the board.
bool board_complete(const BoardResult& result, int games_per_board, bool needs_winner);

// The winner of a complete board, or nothing for a drawn (or double-forfeited) board.
std::optional<PlayerId> board_winner(const Board& board, int games_per_board);

}  // namespace frontier::tournament
