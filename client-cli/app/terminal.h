// The size of the terminal `frontier` writes to, so a screen can be fitted to it.
#pragma once

namespace frontier::cli {

struct TerminalSize {
  int columns = 0;  // 0: unknown (not a terminal)
  int rows = 0;
};

// Of standard output, asked of the terminal each time (a window may be resized while playing).
TerminalSize terminal_size();

}  // namespace frontier::cli
