// Asia Crossroads: the tracks (turn, phase, Balance of Power, treasury), then a character grid of
// the map around the area of interest — by default the middle of all visible stacks; `zoom TEXT`
// centres on the squares whose name mentions TEXT (a city, a region) with a closer window, and
// `zoom R,C` pans to row R, column C — then the stacks inside the window and the regions.
#include <algorithm>
#include <charconv>
#include <map>

#include "render/boards.h"

namespace frontier::cli {

namespace {

struct Window {
  long long row0, col0, rows, cols;
  bool contains(long long r, long long c) const {
    return r >= row0 && r < row0 + rows && c >= col0 && c < col0 + cols;
  }
};

bool parse_cell(const std::string& text, long long& r, long long& c) {
  auto comma = text.find(',');
  if (comma == std::string::npos) return false;
  auto a = std::from_chars(text.data(), text.data() + comma, r);
  auto b = std::from_chars(text.data() + comma + 1, text.data() + text.size(), c);
  return a.ec == std::errc() && b.ec == std::errc();
}

char side_mark(const std::string& side) {
  if (side == "British") return 'B';
  if (side == "Russian") return 'R';
  return 'n';
}

std::string stack_text(const Rec& s) {
  if (!s.flag("examined")) return "(not examined)";
  std::vector<std::string> parts;
  for (const Rec& u : s.list("units"))
    parts.push_back(u.str("nation") + " " + u.str("type") + " " + std::to_string(u.num("strength")) + "-" +
                    std::to_string(u.num("move")));
  for (const Rec& a : s.list("agents"))
    parts.push_back(a.str("name").empty() ? "agent (face down)"
                                          : a.str("name") + " " + std::to_string(a.num("political")) + "/" +
                                                std::to_string(a.num("military")));
  return join(parts);
}

}  // namespace

bool crossroads_board(const Rec& v, const Style& style, const BoardOptions& opts, std::string& out) {
  if (!v.has_fields({"stacks", "regions", "balance_of_power", "markers"})) return false;
  auto stacks = v.list("stacks");
  auto markers = v.list("markers");
  if (!stacks.empty() && !Rec(stacks[0]).has_fields({"row", "col", "side", "name"})) return false;

  long long bop = v.num("balance_of_power");
  out += "  Turn " + std::to_string(v.num("turn")) +
         (v.str("years").empty() ? "" : " (" + v.str("years") + ")") + " · " + v.str("phase") +
         (v.num("operations_phase") ? " " + std::to_string(v.num("operations_phase")) : "") +
         (v.str("phasing").empty() ? "" : " · phasing " + v.str("phasing")) + "\n";
  out += "  " + style.bold("BoP " + std::string(bop > 0 ? "+" : "") + std::to_string(bop)) +
         (bop > 0   ? " (pro-British)"
          : bop < 0 ? " (pro-Russian)"
                    : "") +
         (v.num("pounds") >= 0 ? " · " + style.bold("treasury £" + std::to_string(v.num("pounds"))) : "") +
         // Like the treasury, a side's supply points are its own secret (-1 to others).
         (v.num("supply_points") >= 0 ? " · supply points " + std::to_string(v.num("supply_points")) : "") +
         (v.str("first_player").empty() ? "" : " · first player " + v.str("first_player")) + "\n";
  std::vector<std::string> notes = {
      v.str("open_war_by").empty() ? "" : "open war declared by " + v.str("open_war_by"),
      v.str("ghazis").empty() ? "" : "Jihad: " + v.str("ghazis"),
      v.str("pending").empty() ? "" : "pending: " + v.str("pending")};
  if (!join(notes).empty()) out += "  " + join(notes, " · ") + "\n";
  wrapped(out, "  Prisoners", v.strs("prisoners"), opts.width);

  // The area of interest and the window around it.
  long long centre_r = 0, centre_c = 0, n = 0;
  bool close = false;
  if (!opts.focus.empty() && parse_cell(opts.focus, centre_r, centre_c)) {
    n = 1;
    close = true;
  } else {
    for (int pass = 0; pass < 2 && n == 0; ++pass) {
      for (const Rec& s : stacks) {
        if (pass == 0 && (opts.focus.empty() || !mentions(s.str("name"), opts.focus))) continue;
        centre_r += s.num("row");
        centre_c += s.num("col");
        ++n;
      }
      close = pass == 0 && n > 0;
    }
    if (n > 0) centre_r /= n, centre_c /= n;
  }
  Window w{0, 0, close ? 12 : 24, close ? 36 : 72};
  w.row0 = std::max(0LL, centre_r - w.rows / 2);
  w.col0 = std::max(0LL, centre_c - w.cols / 2);

  std::map<std::pair<long long, long long>, char> cell;
  // Markers carry a square index but no row/col: they are listed below the grid instead.
  for (const Rec& s : stacks) {
    auto key = std::make_pair(s.num("row"), s.num("col"));
    char mark = side_mark(s.str("side"));
    auto it = cell.find(key);
    cell[key] = (it != cell.end() && it->second != mark) ? '*' : mark;
  }
  out += style.bold("  Map") + " rows " + std::to_string(w.row0) + "-" + std::to_string(w.row0 + w.rows - 1) +
         ", columns " + std::to_string(w.col0) + "-" + std::to_string(w.col0 + w.cols - 1) +
         " (B British, R Russian, n neutral, * both; `zoom NAME` or `zoom R,C` to move)\n";
  std::string ruler = "       ";
  for (long long c = w.col0; c < w.col0 + w.cols; ++c)
    ruler += (c % 10 == 0) ? std::to_string(c / 10 % 10)[0] : ' ';
  out += style.dim(ruler) + "\n";
  for (long long r = w.row0; r < w.row0 + w.rows; ++r) {
    std::string row = std::to_string(r);
    row.insert(0, 5 - std::min<size_t>(5, row.size()), ' ');
    std::string line = "  " + style.dim(row) + " ";
    for (long long c = w.col0; c < w.col0 + w.cols; ++c) {
      auto it = cell.find({r, c});
      if (it == cell.end()) {
        line += style.dim(".");
      } else {
        std::string ch(1, it->second);
        line += it->second == 'B' ? style.red(ch) : it->second == 'R' ? style.green(ch) : style.yellow(ch);
      }
    }
    out += line + "\n";
  }
  int listed = 0;
  for (const Rec& s : stacks) {
    if (!w.contains(s.num("row"), s.num("col"))) continue;
    out += "    " + style.bold(s.str("name")) + " (" + std::to_string(s.num("row")) + "," +
           std::to_string(s.num("col")) + ") " + s.str("side") + ": " + stack_text(s) + "\n";
    ++listed;
  }
  if (static_cast<size_t>(listed) < stacks.size())
    out += style.dim("    ... " + std::to_string(stacks.size() - static_cast<size_t>(listed)) +
                     " more stacks outside the window") +
           "\n";
  std::vector<std::string> marks;
  for (const Rec& m : markers) {
    if (opts.focus.empty() || mentions(m.str("name"), opts.focus))
      marks.push_back(m.str("kind") + " at " + m.str("name") + " (" + m.str("side") + ")");
  }
  wrapped(out, "  Markers", marks, opts.width);
  std::vector<std::string> regions;
  for (const Rec& r : v.list("regions"))
    regions.push_back(r.str("code") + " " + r.str("control") +
                      (r.num("vp") ? " " + std::to_string(r.num("vp")) + "VP" : ""));
  wrapped(out, "  Regions", regions, opts.width);
  return true;
}

}  // namespace frontier::cli
