// A match as text for one reader: heading (game, seats, whose turn), status, the board from the
// game view, the recent log and the numbered prompt. Pure functions of their inputs, so a test
// can assert the exact words a player reads.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "render/generic_board.h"
#include "render/screen.h"
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

// A game as a player names it: its title and, when it has several, the scenario's name
// ("Asia Crossroads: The Great Game (On to Afghanistan!)"), from the catalogue's `game`; without
// it (a server that does not list the game), the ids in words.
std::string match_title(const frontier::GameInfo* game, const std::string& game_id,
                        const std::string& scenario_id);

// "Match 12 · Race · running" and one line per seat, marking the reader's and the
// active seats; `title` names the game (match_title), else its ids are put in words.
std::string render_heading(const wire::MatchUpdate& u, const Style& style, const std::string& title = {});
// Turn, phase, scores (named by what they count: "Victory points: Mahdist 0 · Empire 11"), and
// the result once finished.
std::string render_status(const wire::MatchUpdate& u, const Style& style);
// The last `n` of `log`, oldest first.
std::string render_log(const std::deque<LogEntry>& log, size_t n, const Style& style);
// Which part of a long prompt is on screen: the prompt may take `max_lines` lines (0: all it
// needs); when its choices need more they are shown a page at a time, page `index` (clamped),
// and `count` says how many pages there are.
struct PromptPage {
  int max_lines = 0;
  int index = 0;
  int count = 1;
};

// "Your move: Pick a card\n  1) Ace\n  2) ...", the choices in order of their numbers: `numbers`
// gives each choice's (by index; see ChoiceNumbers), else choice i is i + 1. Long lists go in
// columns; beyond `page->max_lines` a page at a time with a line saying which.
std::string render_prompt(const Prompt& p, const Style& style, int width = 100,
                          const std::vector<int>* numbers = nullptr, PromptPage* page = nullptr);

// Everything above, in reading order.
std::string render_update(const wire::MatchUpdate& u, const std::deque<LogEntry>& log, const Style& style,
                          const RenderOptions& opts, const std::string& title = {});

// What `frontier play` shows of a match at one moment.
struct PlayScreen {
  const wire::MatchUpdate* update = nullptr;
  const std::deque<LogEntry>* log = nullptr;
  std::string title;                          // match_title
  const Prompt* prompt = nullptr;             // this seat's prompt, or none
  const std::vector<int>* numbers = nullptr;  // the prompt's choice numbers (ChoiceNumbers)
  PromptPage* page = nullptr;                 // which page of a long prompt (its max_lines is set here)
  std::string waiting;                        // shown when there is no prompt ("Waiting for...")
  std::string question;  // a question about a choice (LegalChoice.confirm), shown instead of the prompt
  std::string notice;    // one line above the prompt ("Not sent: the phase goes on.")
};

// The whole screen for a terminal `width` columns by `height` rows (0: unlimited): heading and
// status, the board (a pane from line `board_first` when it does not fit), the last log lines,
// and the prompt a page at a time when long, so that the question stays on screen.
FittedScreen render_play_screen(const PlayScreen& screen, const Style& style, const RenderOptions& opts,
                                int width, int height, int board_first);

// Name of the seat in the update ("Seat 1" when the update carries no seat list).
std::string side_name(const wire::MatchUpdate& u, int seat);

}  // namespace frontier::cli
