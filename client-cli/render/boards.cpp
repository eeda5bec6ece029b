// Dispatch to the dedicated boards. The game views are still growing (each game's own issue
// fills proto/<game>.proto); until a game's board is written its view prints generically.
#include "render/boards.h"

namespace frontier::cli {

bool render_dedicated_board(const GameView& view, const Style& style, const BoardOptions& opts,
                            std::string& out) {
  (void)style;
  (void)opts;
  (void)out;
  switch (view.game_case()) {
    default:
      return false;
  }
}

}  // namespace frontier::cli
