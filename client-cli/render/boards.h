// Dedicated boards for the games whose views have a shape worth drawing (Khartoum's spaces and
// stacks, the Lion's four banner paths, Asia Crossroads' grid). Each returns false when the
// view is not its game or lacks what it draws, and the generic board is used instead.
#pragma once

#include <string>

#include "render/generic_board.h"
#include "render/style.h"
#include "view.pb.h"

namespace frontier::cli {

bool render_dedicated_board(const GameView& view, const Style& style, const BoardOptions& opts,
                            std::string& out);

}  // namespace frontier::cli
