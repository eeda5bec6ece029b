#include "app/terminal.h"

#include <sys/ioctl.h>

namespace frontier::cli {

TerminalSize terminal_size(int fd) {
  winsize ws{};
  if (!::isatty(fd) || ::ioctl(fd, TIOCGWINSZ, &ws) != 0) return {};
  return {ws.ws_col, ws.ws_row};
}

}  // namespace frontier::cli
