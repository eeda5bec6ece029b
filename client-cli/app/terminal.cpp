#include "app/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

namespace frontier::cli {

TerminalSize terminal_size() {
  winsize ws{};
  if (!::isatty(STDOUT_FILENO) || ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0) return {};
  return {ws.ws_col, ws.ws_row};
}

}  // namespace frontier::cli
