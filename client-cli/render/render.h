// A match as text for one reader: heading (game, seats, whose turn), status, the board from the
// game view, the recent log and the numbered prompt. Pure functions of their inputs, so a test
// can assert the exact words a player reads.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "render/generic_board.h"
#include "render/style.h"
#include "view.pb.h"
#include "wire.pb.h"

namespace frontier::cli {

struct RenderOptions {
  BoardOptions board;
  size_t log_lines = 10;  // recent log lines shown under the board
};

// The board alone (the dedicated board of the view's game when there is one, else generic).
std::string render_board(const GameView& view, const Style& style, const BoardOptions& opts);

// "Match 12 · race · seq 40 · running" and one line per seat, marking the reader's and the active seats.
std::string render_heading(const wire::MatchUpdate& u, const Style& style);
// Turn, phase, scores, and the result once finished.
std::string render_status(const wire::MatchUpdate& u, const Style& style);
// The last `n` of `log`, oldest first.
std::string render_log(const std::deque<LogEntry>& log, size_t n, const Style& style);
// "Your move: Pick a card\n  1) Ace\n  2) ...", the choices in order of their numbers: `numbers`
// gives each choice's (by index; see ChoiceNumbers), else choice i is i + 1.
std::string render_prompt(const Prompt& p, const Style& style, int width = 100,
                          const std::vector<int>* numbers = nullptr);

// Everything above, in reading order.
std::string render_update(const wire::MatchUpdate& u, const std::deque<LogEntry>& log, const Style& style,
                          const RenderOptions& opts);

// Name of the seat in the update ("Seat 1" when the update carries no seat list).
std::string side_name(const wire::MatchUpdate& u, int seat);

}  // namespace frontier::cli
