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

bool render_routes(const GameView& view, const std::string& focus, int width, std::string& out) {
  if (core::view_type_name(view) != "frontier.khartoum.KhartoumView") return false;
  auto game = ViewTypes::shared().decode(view);
  if (game == nullptr) return false;
  out += khartoum_routes(Rec(*game), focus, width);
  return true;
}

bool render_dedicated_board(const google::protobuf::Message& view, const Style& style,
                            const BoardOptions& opts, std::string& out) {
  const DedicatedBoard* board = dedicated_board(view.GetDescriptor()->full_name());
  if (board == nullptr) return false;
  std::string drawn;
  if (!board->draw(Rec(view), style, opts, drawn)) return false;
  out += drawn;
  return true;
}

}  // namespace frontier::cli
