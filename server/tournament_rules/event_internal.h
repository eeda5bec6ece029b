// Helpers shared by the event's implementation files; not part of the module's API.
#pragma once

#include "tournament_rules/event.h"

namespace frontier::tournament {

EventPlayer* find_player(Event& event, PlayerId player);
const EventPlayer* find_player(const Event& event, PlayerId player);
bool is_active(const Event& event, PlayerId player);

// The board at (round, board): round 0 names a bracket match. Null when there is none.
Board* find_board(Event& event, int round, int board);

// A player who leaves forfeits their unfinished boards in the rounds already open (and a
// ready bracket match); the opponent wins, or both lose when both have left.
void forfeit_open_boards_of(Event& event, PlayerId player);

// Whether the board needs a winner (a bracket match) and is finished.
bool event_board_complete(const Event& event, int round, const Board& board);

// After a bracket board completes: advances its winner in the bracket.
void settle_bracket_board(Event& event, int match_id);

}  // namespace frontier::tournament
