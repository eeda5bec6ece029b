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

std::string render_heading(const wire::MatchUpdate& u, const Style& style) {
  std::string out = style.bold("Match " + std::to_string(u.match_id())) + " · " + u.game();
  if (!u.scenario().empty()) out += " (" + u.scenario() + ")";
  out += " · seq " + std::to_string(u.seq()) + " · " + status_word(u.status());
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
  if (!gs.phase().empty()) out += " · " + gs.phase();
  for (const auto& sc : gs.scores()) out += " · " + sc.side() + " " + std::to_string(sc.score());
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

std::string render_prompt(const Prompt& p, const Style& style, int width, const std::vector<int>* numbers) {
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
  // Long lists (a Khartoum march can offer dozens of moves) go in columns, numbered down each one.
  size_t columns = n > 12 ? std::max<size_t>(1, static_cast<size_t>(width - 2) / (widest + 3)) : 1;
  size_t rows = (cells.size() + columns - 1) / std::max<size_t>(columns, 1);
  for (size_t r = 0; r < rows; ++r) {
    std::string line = "  ";
    for (size_t c = 0; c < columns; ++c) {
      size_t k = c * rows + r;
      if (k >= cells.size()) break;
      std::string cell = cells[k];
      size_t number = cell.find(')') + 1;
      std::string shown = style.bold(cell.substr(0, number)) + cell.substr(number);
      line += shown;
      if (c + 1 < columns && k + rows < cells.size())
        line += std::string(widest + 3 - display_width(cell), ' ');
    }
    out += line + "\n";
  }
  return out;
}

std::string render_update(const wire::MatchUpdate& u, const std::deque<LogEntry>& log, const Style& style,
                          const RenderOptions& opts) {
  std::string out = render_heading(u, style);
  out += render_status(u, style);
  std::string board = render_board(u.view(), style, opts.board);
  if (!board.empty())
    out += style.bold("Board") + (opts.board.focus.empty() ? "" : " (zoom: " + opts.board.focus + ")") +
           "\n" + board;
  if (!log.empty()) out += style.bold("Recent log") + "\n" + render_log(log, opts.log_lines, style);
  return out;
}

}  // namespace frontier::cli
