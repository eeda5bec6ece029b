// Assembles the screen of `frontier play` / `watch` from a MatchUpdate.
#include "render/render.h"

#include <algorithm>

#include "core/view.h"
#include "render/boards.h"
#include "render/reflect.h"
#include "render/text_width.h"
#include "render/view_types.h"

namespace frontier::cli {

std::string render_board(const GameView& view, const Style& style, const BoardOptions& opts) {
  std::string out;
  if (core::view_type_name(view) == KeyValueView::descriptor()->full_name()) {
    const KeyValueView values = core::unpack_view<KeyValueView>(view);
    for (const auto& e : values.entries()) {
      if (!opts.focus.empty() && !mentions(e.key() + " " + e.value(), opts.focus)) continue;
      out += "  " + e.key() + ": " + style.bold(e.value()) + "\n";
    }
    return out;
  }
  std::unique_ptr<google::protobuf::Message> game = ViewTypes::shared().decode(view);
  if (game == nullptr) {
    if (view.has_payload())
      out += style.dim("  (this client cannot read a " + core::view_type_name(view) + ")\n");
    return out;
  }
  if (render_dedicated_board(*game, style, opts, out)) return out;
  render_generic(*game, style, opts, 2, out);
  return out;
}

std::string side_name(const wire::MatchUpdate& u, int seat) {
  for (const auto& s : u.seats()) {
    if (s.seat() == seat) return s.side();
  }
  return "Seat " + std::to_string(seat);
}

namespace {

const char* status_word(wire::MatchStatus s) {
  switch (s) {
    case wire::OPEN:
      return "waiting for players";
    case wire::RUNNING:
      return "running";
    case wire::FINISHED:
      return "finished";
    default:
      return "unknown";
  }
}

}  // namespace

std::string match_title(const frontier::GameInfo* game, const std::string& game_id,
                        const std::string& scenario_id) {
  if (game == nullptr) {
    std::string out = field_title(game_id);
    return scenario_id.empty() ? out : out + " (" + field_title(scenario_id) + ")";
  }
  std::string out = game->title().empty() ? field_title(game_id) : game->title();
  // One scenario is the game itself: naming it again says nothing.
  if (scenario_id.empty() || game->scenarios_size() < 2) return out;
  for (const auto& sc : game->scenarios())
    if (sc.id() == scenario_id)
      return out + " (" + (sc.name().empty() ? field_title(sc.id()) : sc.name()) + ")";
  return out + " (" + field_title(scenario_id) + ")";
}

std::string render_heading(const wire::MatchUpdate& u, const Style& style, const std::string& title) {
  std::string out = style.bold("Match " + std::to_string(u.match_id())) + " · " +
                    (title.empty() ? match_title(nullptr, u.game(), u.scenario()) : title);
  // No seq: the log lines carry it, and a title takes most of 80 columns.
  out += std::string(" · ") + status_word(u.status());
  out += u.your_seat() < 0 ? " · watching\n" : "\n";
  const auto& active = u.game_status().active_seats();
  for (const auto& s : u.seats()) {
    bool to_move =
        u.status() == wire::RUNNING && std::find(active.begin(), active.end(), s.seat()) != active.end();
    std::string who = s.user_id() == 0 ? style.dim("(free)") : s.user_name() + (s.bot() ? " (computer)" : "");
    std::string line = "  ";
    line += s.side();
    line += ": ";
    line += who;
    if (s.seat() == u.your_seat()) line += " (you)";
    if (to_move) line.append(" ").append(style.yellow("<- to move"));
    out += line + "\n";
  }
  return out;
}

std::string render_status(const wire::MatchUpdate& u, const Style& style) {
  const GameStatus& gs = u.game_status();
  std::string out = "Turn " + std::to_string(gs.turn());
  if (!gs.phase().empty()) out += " · " + field_title(gs.phase());
  // Scores only with what they count: a bare "Mahdist 0 · Empire 11" says nothing.
  if (!gs.score_name().empty() && gs.scores_size() > 0) {
    std::string scores;
    for (const auto& sc : gs.scores())
      scores += (scores.empty() ? "" : " · ") + sc.side() + " " + std::to_string(sc.score());
    out += " · " + gs.score_name() + ": " + scores;
  }
  out += "\n";
  if (u.status() == wire::FINISHED || gs.finished()) {
    std::string result = gs.result().empty() ? (gs.draw() ? "Draw" : "Game over") : gs.result();
    out += style.green(style.bold("Result: " + result)) + "\n";
    if (u.has_revealed_seed())
      out += style.dim("Seed " + std::to_string(u.revealed_seed()) + " (commitment " + u.seed_commitment() +
                       ", nonce " + u.seed_nonce() + ")") +
             "\n";
  }
  return out;
}

std::string render_log(const std::deque<LogEntry>& log, size_t n, const Style& style) {
  std::string out;
  size_t start = log.size() > n ? log.size() - n : 0;
  for (size_t i = start; i < log.size(); ++i)
    out += style.dim("  [" + std::to_string(log[i].seq()) + "] ") + log[i].text() + "\n";
  return out;
}

namespace {

// Lines `text` takes once wrapped to `width`.
int lines_of(const std::string& text, int width) {
  return static_cast<int>(split_lines(wrap_to_width(text, width)).size());
}

}  // namespace

std::string render_prompt(const Prompt& p, const Style& style, int width, const std::vector<int>* numbers,
                          PromptPage* page) {
  std::string out = style.cyan(style.bold("Your move")) + ": " + p.text() + "\n";
  int n = p.choices_size();
  if (numbers && numbers->size() != static_cast<size_t>(n)) numbers = nullptr;
  std::vector<std::pair<int, int>> order;  // (number, choice index)
  for (int i = 0; i < n; ++i) order.emplace_back(numbers ? (*numbers)[static_cast<size_t>(i)] : i + 1, i);
  std::sort(order.begin(), order.end());
  std::vector<std::string> cells;
  size_t widest = 0;
  for (auto [number, i] : order) {
    cells.push_back(std::to_string(number) + ") " + p.choices(i).label());
    widest = std::max(widest, display_width(cells.back()));
  }
  // The rows the choices may take: all they need, or what the screen leaves (less a line saying
  // which page shows).
  int room = page != nullptr && page->max_lines > 0 ? page->max_lines - lines_of(out, width) : 0;
  bool tight = room > 0 && n > room;
  // Long lists (a Khartoum march can offer dozens of moves) go in columns, numbered down each one.
  size_t columns = n > 12 || tight ? std::max<size_t>(1, static_cast<size_t>(width - 2) / (widest + 3)) : 1;
  // Pages: [first, end) of `cells` each. One column pages by the lines its labels take wrapped;
  // several hold a row per cell.
  std::vector<std::pair<size_t, size_t>> pages;
  auto rows_of = [&](size_t first, size_t end) {
    if (columns > 1) return static_cast<int>((end - first + columns - 1) / columns);
    int rows = 0;
    for (size_t k = first; k < end; ++k) rows += lines_of("  " + cells[k], width);
    return rows;
  };
  if (room <= 0 || rows_of(0, cells.size()) <= room) {
    pages.emplace_back(0, cells.size());
  } else {
    int per_page = std::max(1, room - 1);
    for (size_t first = 0; first < cells.size();) {
      size_t end = first + 1;
      while (end < cells.size() && rows_of(first, end + 1) <= per_page) ++end;
      pages.emplace_back(first, end);
      first = end;
    }
  }
  size_t shown = 0;
  if (page != nullptr) {
    page->index = std::clamp(page->index, 0, static_cast<int>(pages.size()) - 1);
    page->count = static_cast<int>(pages.size());
    shown = static_cast<size_t>(page->index);
  }
  auto [first, end] = pages[shown];
  size_t count = end - first;
  size_t rows = (count + columns - 1) / std::max<size_t>(columns, 1);
  for (size_t r = 0; r < rows; ++r) {
    std::string line = "  ";
    for (size_t c = 0; c < columns; ++c) {
      size_t k = c * rows + r;
      if (k >= count) break;
      const std::string& cell = cells[first + k];
      size_t number = cell.find(')') + 1;
      std::string text = style.bold(cell.substr(0, number)) + cell.substr(number);
      line += text;
      if (c + 1 < columns && k + rows < count) line += std::string(widest + 3 - display_width(cell), ' ');
    }
    out += line + "\n";
  }
  if (pages.size() > 1) {
    auto number = [&](size_t k) { return cells[k].substr(0, cells[k].find(')')); };
    out += style.dim("-- choices " + number(first) + "-" + number(end - 1) + " of " + std::to_string(n) +
                     " (page " + std::to_string(shown + 1) + " of " + std::to_string(pages.size()) +
                     ": next, prev; any number may be typed) --") +
           "\n";
  }
  return out;
}

std::string render_update(const wire::MatchUpdate& u, const std::deque<LogEntry>& log, const Style& style,
                          const RenderOptions& opts, const std::string& title) {
  std::string out = render_heading(u, style, title);
  out += render_status(u, style);
  std::string board = render_board(u.view(), style, opts.board);
  if (!board.empty())
    out += style.bold("Board") + (opts.board.focus.empty() ? "" : " (zoom: " + opts.board.focus + ")") +
           "\n" + board;
  if (!log.empty()) out += style.bold("Recent log") + "\n" + render_log(log, opts.log_lines, style);
  return out;
}

FittedScreen render_play_screen(const PlayScreen& screen, const Style& style, const RenderOptions& opts,
                                int width, int height, int board_first) {
  const wire::MatchUpdate& u = *screen.update;
  BoardOptions board_opts = opts.board;
  board_opts.width = width;
  ScreenParts parts;
  parts.top = render_heading(u, style, screen.title) + render_status(u, style);
  std::string board = render_board(u.view(), style, board_opts);
  if (!board.empty())
    parts.board = style.bold("Board") +
                  (board_opts.focus.empty() ? "" : " (zoom: " + board_opts.focus + ")") + "\n" + board;
  if (screen.log != nullptr && !screen.log->empty())
    parts.log = style.bold("Recent log") + "\n" + render_log(*screen.log, opts.log_lines, style);
  if (!screen.question.empty()) {
    parts.bottom = style.yellow(screen.question) + "\n";
  } else if (screen.prompt != nullptr) {
    PromptPage whole;
    PromptPage* page = screen.page != nullptr ? screen.page : &whole;
    page->max_lines = bottom_room(parts.top, width, height);
    parts.bottom = (screen.notice.empty() ? "" : screen.notice + "\n") +
                   render_prompt(*screen.prompt, style, width, screen.numbers, page);
  } else if (!screen.waiting.empty()) {
    parts.bottom = style.dim(screen.waiting) + "\n";
  }
  return fit_screen(parts, width, height, board_first);
}

}  // namespace frontier::cli
