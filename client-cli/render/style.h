// Terminal styling: ANSI colour when stdout is a terminal, plain text otherwise. Every renderer
// takes a Style so that piped output and tests see exactly the same words without escapes.
#pragma once

#include <string>
#include <string_view>

namespace frontier::cli {

class Style {
 public:
  explicit Style(bool colour = false) : colour_(colour) {}
  bool colour() const { return colour_; }

  std::string bold(std::string_view s) const { return wrap("1", s); }
  std::string dim(std::string_view s) const { return wrap("2", s); }
  std::string red(std::string_view s) const { return wrap("31", s); }
  std::string green(std::string_view s) const { return wrap("32", s); }
  std::string yellow(std::string_view s) const { return wrap("33", s); }
  std::string cyan(std::string_view s) const { return wrap("36", s); }
  // Clears the screen and homes the cursor (nothing in plain mode).
  std::string clear_screen() const { return colour_ ? "\x1b[H\x1b[2J" : ""; }

 private:
  std::string wrap(const char* code, std::string_view s) const;
  bool colour_;
};

// True when file descriptor `fd` is a terminal and NO_COLOR is not set.
bool colour_wanted(int fd);

}  // namespace frontier::cli
