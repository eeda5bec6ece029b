#include "render/screen.h"

#include <algorithm>
#include <vector>

#include "render/text_width.h"

namespace frontier::cli {

namespace {

constexpr int kMinBoardRows = 4;  // below this a board pane shows nothing useful
constexpr int kMaxLogRows = 3;    // recent log lines kept beside a cut board

std::string join_lines(const std::vector<std::string>& lines, size_t first, size_t count) {
  std::string out;
  for (size_t i = first; i < std::min(lines.size(), first + count); ++i) out += lines[i] + "\n";
  return out;
}

}  // namespace

int bottom_room(const std::string& top, int width, int height) {
  if (height <= 0) return 0;
  constexpr int kFewest = 4;  // the question and a few choices, whatever the screen
  int top_rows = static_cast<int>(split_lines(wrap_to_width(top, width)).size());
  // One row for the input line, one for the board pane's "-- board lines --".
  return std::max(kFewest, height - 1 - top_rows - kMaxLogRows - 1 - kMinBoardRows);
}

FittedScreen fit_screen(const ScreenParts& parts, int width, int height, int board_first) {
  auto top = split_lines(wrap_to_width(parts.top, width));
  auto board = split_lines(wrap_to_width(parts.board, width));
  auto log = split_lines(wrap_to_width(parts.log, width));
  auto bottom = split_lines(wrap_to_width(parts.bottom, width));
  FittedScreen fit;
  fit.board_lines = static_cast<int>(board.size());
  int rows_left = height - 1 - static_cast<int>(top.size() + bottom.size());
  bool cut = height > 0 && static_cast<int>(board.size() + log.size()) > rows_left;
  if (!cut) {
    fit.board_shown = fit.board_lines;
    fit.text = join_lines(top, 0, top.size()) + join_lines(board, 0, board.size()) +
               join_lines(log, 0, log.size()) + join_lines(bottom, 0, bottom.size());
    return fit;
  }
  // The log keeps its last few lines; the board gets the rest, less one row saying how to scroll.
  int log_rows = std::min<int>(static_cast<int>(log.size()), kMaxLogRows);
  int board_rows = std::max(kMinBoardRows, rows_left - log_rows - 1);
  if (board_rows + 1 + log_rows > rows_left) log_rows = std::max(0, rows_left - board_rows - 1);
  board_rows = std::min(board_rows, fit.board_lines);
  fit.board_first = std::clamp(board_first, 0, std::max(0, fit.board_lines - board_rows));
  fit.board_shown = board_rows;
  std::string pane = join_lines(board, static_cast<size_t>(fit.board_first), static_cast<size_t>(board_rows));
  std::string where = "-- board lines " + std::to_string(fit.board_first + 1) + "-" +
                      std::to_string(fit.board_first + board_rows) + " of " +
                      std::to_string(fit.board_lines) + " (more, back: scroll; zoom TEXT: focus) --";
  fit.text = join_lines(top, 0, top.size()) + pane + wrap_to_width(where, width) + "\n" +
             join_lines(log, log.size() - static_cast<size_t>(log_rows), static_cast<size_t>(log_rows)) +
             join_lines(bottom, 0, bottom.size());
  return fit;
}

}  // namespace frontier::cli
