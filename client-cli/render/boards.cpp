// Dispatch to the dedicated boards by the view's oneof field, and their small text helpers.
#include "render/boards.h"

#include <cstring>

namespace frontier::cli {

std::string join(const std::vector<std::string>& parts, const char* sep) {
  std::string out;
  for (const auto& p : parts) {
    if (p.empty()) continue;
    if (!out.empty()) out += sep;
    out += p;
  }
  return out;
}

void wrapped(std::string& out, const std::string& label, const std::vector<std::string>& items, int width) {
  if (items.empty()) return;
  std::string pad(label.size() + 2, ' ');
  std::string line = label + ": ";
  bool first = true;
  for (const auto& item : items) {
    std::string piece = (first ? "" : ", ") + item;
    if (!first && line.size() + piece.size() > static_cast<size_t>(width)) {
      out += line + ",\n";
      line = pad + item;
    } else {
      line += piece;
    }
    first = false;
  }
  out += line + "\n";
}

namespace {

// The name of the view's game field ("khartoum"), or "" for none.
std::string game_field(const GameView& view) {
  const auto* oneof = view.GetDescriptor()->FindOneofByName("game");
  const auto* field = view.GetReflection()->GetOneofFieldDescriptor(view, oneof);
  return field ? field->name() : "";
}

}  // namespace

bool render_routes(const GameView& view, const std::string& focus, int width, std::string& out) {
  const auto* game = game_view_message(view);
  if (game == nullptr || game_field(view) != "khartoum") return false;
  out += khartoum_routes(Rec(*game), focus, width);
  return true;
}

bool render_dedicated_board(const GameView& view, const Style& style, const BoardOptions& opts,
                            std::string& out) {
  const auto* game = game_view_message(view);
  if (game == nullptr) return false;
  const auto* oneof = view.GetDescriptor()->FindOneofByName("game");
  const char* name = view.GetReflection()->GetOneofFieldDescriptor(view, oneof)->name().c_str();
  std::string board;
  bool drawn = false;
  if (std::strcmp(name, "khartoum") == 0) drawn = khartoum_board(Rec(*game), style, opts, board);
  if (std::strcmp(name, "lion") == 0) drawn = lion_board(Rec(*game), style, opts, board);
  if (std::strcmp(name, "crossroads") == 0) drawn = crossroads_board(Rec(*game), style, opts, board);
  if (drawn) out += board;
  return drawn;
}

}  // namespace frontier::cli
