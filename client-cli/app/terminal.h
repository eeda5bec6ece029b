// The size of the terminal `frontier` writes to, so a screen can be fitted to it.
#pragma once

#include <unistd.h>

namespace frontier::cli {

struct TerminalSize {
  int columns = 0;  // 0: unknown (not a terminal)
  int rows = 0;
};

// Of the terminal on `fd` (standard output by default), asked of the terminal each time (a window
// may be resized while playing).
TerminalSize terminal_size(int fd = STDOUT_FILENO);

}  // namespace frontier::cli
