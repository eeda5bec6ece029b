// ANSI escapes, and the decision whether to use them (https://no-color.org is honoured).
#include "render/style.h"

#include <unistd.h>

#include <cstdlib>

namespace frontier::cli {

std::string Style::wrap(const char* code, std::string_view s) const {
  if (!colour_) return std::string(s);
  return std::string("\x1b[") + code + "m" + std::string(s) + "\x1b[0m";
}

bool colour_wanted(int fd) {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour != nullptr && *no_colour != '\0') return false;
  return isatty(fd) == 1;
}

}  // namespace frontier::cli
