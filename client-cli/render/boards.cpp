// Dispatch to the dedicated boards by the view's type, and their small text helpers.
#include "render/boards.h"

#include "core/view.h"
#include "render/text_width.h"
#include "render/view_types.h"

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
  std::string line = label + ": " + join(items);
  out += wrap_to_width(line, width, static_cast<int>(display_width(label)) + 2) + "\n";
}

namespace {

using DrawBoard = bool (*)(const Rec&, const Style&, const BoardOptions&, std::string&);

// The dedicated boards, by the view type each draws. A game without one here is shown by the
// generic board, so a new game needs no line here to be playable.
struct DedicatedBoard {
  const char* view_type;
  DrawBoard draw;
};
constexpr DedicatedBoard kDedicatedBoards[] = {
    {"frontier.khartoum.KhartoumView", khartoum_board},
    {"frontier.lion.LionView", lion_board},
    {"frontier.crossroads.CrossroadsView", crossroads_board},
};

}  // namespace

bool render_routes(const GameView& view, const std::string& focus, int width, std::string& out) {
  if (core::view_type_name(view) != "frontier.khartoum.KhartoumView") return false;
  auto game = ViewTypes::shared().decode(view);
  if (game == nullptr) return false;
  out += khartoum_routes(Rec(*game), focus, width);
  return true;
}

bool render_dedicated_board(const google::protobuf::Message& view, const Style& style,
                            const BoardOptions& opts, std::string& out) {
  const std::string& type = view.GetDescriptor()->full_name();
  for (const auto& board : kDedicatedBoards) {
    if (type != board.view_type) continue;
    std::string drawn;
    if (!board.draw(Rec(view), style, opts, drawn)) return false;
    out += drawn;
    return true;
  }
  return false;
}

}  // namespace frontier::cli
