// Dedicated boards for the games whose views have a shape worth drawing: Khartoum's spaces and
// stacks, the Lion's four banner paths, Asia Crossroads' grid around an area of interest. Each
// returns false when the view lacks what it draws (the generic board is used instead).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "render/generic_board.h"
#include "render/reflect.h"
#include "render/style.h"
#include "view.pb.h"

namespace frontier::cli {

// `view` is the decoded view message (render/view_types.h).
bool render_dedicated_board(const google::protobuf::Message& view, const Style& style,
                            const BoardOptions& opts, std::string& out);

// A dedicated board: the view type it draws and how. Each file of render/boards/ (one per game,
// boards/<game>.cpp) defines one, `extern const DedicatedBoard dedicated_<game>`; the build finds the
// files and generates the table of them (dedicated_boards.cpp), so a new board edits no list.
using DrawBoard = bool (*)(const Rec&, const Style&, const BoardOptions&, std::string&);
struct DedicatedBoard {
  const char* view_type;
  DrawBoard draw;
};
// The dedicated board drawing `view_type` (a full protobuf name), or null.
const DedicatedBoard* dedicated_board(std::string_view view_type);

// The routes of a point-to-point map (Khartoum) from every place whose name mentions `focus`
// (all places when empty), one wrapped line each: "Berber: Shendi (river), Abu Hamed (road)".
std::string khartoum_routes(const Rec& v, const std::string& focus, int width);
// The routes of `view`'s game when its map is point to point; false when it has none.
bool render_routes(const GameView& view, const std::string& focus, int width, std::string& out);

// "a, b, c"
std::string join(const std::vector<std::string>& parts, const char* sep = ", ");
// Appends "label: items" wrapped to `width`, continuation lines indented under the items.
void wrapped(std::string& out, const std::string& label, const std::vector<std::string>& items, int width);

}  // namespace frontier::cli
