// One screen of `frontier play` / `watch` fitted to the terminal: everything wrapped to its
// width, and on a terminal of known height (80×24 and up) the board shown as a pane that scrolls
// (`more` / `back`) so that the heading, a few log lines and the whole prompt stay in view.
#pragma once

#include <string>

namespace frontier::cli {

struct ScreenParts {
  std::string top;     // heading and status: always shown whole
  std::string board;   // the board, as long as it is
  std::string log;     // recent log lines, oldest first
  std::string bottom;  // the prompt and its choices, or a waiting line: always shown whole
};

struct FittedScreen {
  std::string text;
  int board_first = 0;  // the first board line shown (after clamping the scroll position)
  int board_lines = 0;  // board lines in all
  int board_shown = 0;  // board lines on screen
};

// The lines the bottom (the prompt) may take on a terminal `height` rows high under `top`, so
// that the last log lines and a few lines of the board stay beside it (0 = unlimited height).
int bottom_room(const std::string& top, int width, int height);

// Lays `parts` out for a terminal of `width` columns and `height` rows (0 = unlimited: nothing
// is cut), the board from line `board_first` on. One row is left for the input line.
FittedScreen fit_screen(const ScreenParts& parts, int width, int height, int board_first);

}  // namespace frontier::cli
