#include "render/text_width.h"

namespace frontier::cli {

namespace {

// Bytes of the escape sequence starting at `i` ("\x1b[...m"), or 0 when none starts there.
size_t escape_length(std::string_view s, size_t i) {
  if (s[i] != '\x1b' || i + 1 >= s.size() || s[i + 1] != '[') return 0;
  size_t j = i + 2;
  while (j < s.size() && !(s[j] >= '@' && s[j] <= '~')) ++j;
  return j < s.size() ? j - i + 1 : s.size() - i;
}

bool continuation_byte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

size_t leading_spaces(std::string_view line) {
  size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

// Appends `line` to `out` cut into pieces of at most `width` columns.
void wrap_line(std::string_view line, size_t width, int hang_wanted, std::string& out) {
  if (display_width(line) <= width) {
    out.append(line);
    out += '\n';
    return;
  }
  // Continuations hang under the text they continue; a deep indent would leave no room.
  size_t hang =
      std::min(hang_wanted >= 0 ? static_cast<size_t>(hang_wanted) : leading_spaces(line) + 2, width / 2);
  size_t columns = 0;     // columns used on the current output line
  size_t line_start = 0;  // where the current output line starts in `line`
  size_t last_space = 0;  // byte index of the last space seen on it (0 = none)
  size_t i = 0;
  bool first = true;
  auto emit = [&](size_t end, size_t resume) {
    if (!first) out.append(hang, ' ');
    out.append(line.substr(line_start, end - line_start));
    out += '\n';
    first = false;
    line_start = resume;
    while (line_start < line.size() && line[line_start] == ' ') ++line_start;
    i = line_start;
    columns = hang;
    last_space = 0;
  };
  while (i < line.size()) {
    if (size_t esc = escape_length(line, i)) {
      i += esc;
      continue;
    }
    if (continuation_byte(line[i])) {
      ++i;
      continue;
    }
    if (columns + 1 > width) {
      if (last_space > line_start) {
        emit(last_space, last_space + 1);
      } else {
        emit(i, i);
      }
      continue;
    }
    if (line[i] == ' ' && i > line_start) last_space = i;
    ++columns;
    ++i;
  }
  if (line_start < line.size()) emit(line.size(), line.size());
}

}  // namespace

size_t display_width(std::string_view line) {
  size_t columns = 0;
  for (size_t i = 0; i < line.size();) {
    if (size_t esc = escape_length(line, i)) {
      i += esc;
      continue;
    }
    if (!continuation_byte(line[i])) ++columns;
    ++i;
  }
  return columns;
}

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    lines.emplace_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

std::string wrap_to_width(std::string_view text, int width, int hang) {
  if (width < 20) return std::string(text);
  std::string out;
  for (const std::string& line : split_lines(text)) wrap_line(line, static_cast<size_t>(width), hang, out);
  if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

}  // namespace frontier::cli
