// Asia Crossroads: the tracks (turn, phase, Balance of Power, treasury), then the map around the
// area of interest — by default the middle of all visible stacks; `zoom TEXT` centres on the
// squares whose name mentions TEXT (a city, a region) with a closer window, and `zoom R,C` pans to
// row R, column C — then the stacks inside the window and the regions. The map is drawn from the
// game's own map data (terrain, cities, region names), one character a square, so its whole
// width fits 80 columns.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <string_view>

#include "core/data.h"
#include "crossroads_data.pb.h"
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

// The map the rules engine loads (rules/data/crossroads_map.txtpb), parsed once; none when this
// build lacks it (the grid then shows stacks on a plain background).
const frontier::crossroads::MapData* map_data() {
  static const std::optional<frontier::crossroads::MapData> map = [] {
    frontier::crossroads::MapData m;
    return core::load_data("crossroads_map.txtpb", &m) ? std::optional(m) : std::nullopt;
  }();
  return map ? &*map : nullptr;
}

// Unit types in words (the view carries the counters' codes).
std::string type_words(const std::string& code) {
  static const std::map<std::string, std::string> kWords = {{"FF", "field force"}, {"FC", "flying column"},
                                                            {"GA", "garrison"},    {"IR", "irregulars"},
                                                            {"EL", "elephants"},   {"GZ", "ghazis"}};
  auto it = kWords.find(code);
  return it == kWords.end() ? code : it->second;
}

// A region's name for its code ("PE" -> "Persia"), from the view's list.
std::string region_name(const Rec& v, const std::string& code) {
  for (const Rec& r : v.list("regions"))
    if (r.str("code") == code) return r.str("name").empty() ? code : r.str("name");
  return code;
}

// One square's character: terrain, or a city ('o', '@' for a capital).
char terrain_mark(char terrain) {
  switch (terrain) {
    case 'd':
      return ':';
    case 'm':
      return '^';
    case 'r':
      return '~';
    case 'k':
      return ',';
    case 's':
      return ' ';
    default:
      return '.';
  }
}

// The grid's background: terrain, cities with their names beside them, and each region's name
// written across its middle where it fits inside the region. `city_name` marks the squares a
// city's name is written on (drawn unlike a region's).
struct Background {
  std::vector<std::string> rows;
  std::vector<std::vector<bool>> city_name;
};

Background background(const frontier::crossroads::MapData& map) {
  Background bg;
  std::vector<std::string>& rows = bg.rows;
  for (int r = 0; r < map.height(); ++r) {
    std::string row;
    for (char t : map.terrain(r)) row += terrain_mark(t);
    rows.push_back(row);
    bg.city_name.emplace_back(row.size(), false);
  }
  for (const auto& c : map.cities())
    rows[static_cast<size_t>(c.row())][static_cast<size_t>(c.col())] = c.capital() ? '@' : '+';
  // City names first (the prompts name squares by their cities): right of the city, else left,
  // over terrain or water but never over another city or name, with a square left free before
  // the next city.
  for (const auto& c : map.cities()) {
    const std::string& name = c.name();
    const int width = static_cast<int>(name.size());
    auto free_at = [&](int row, int col) {
      if (row < 0 || row >= map.height() || col < 0 || col >= map.width()) return true;  // the edge
      char here = rows[static_cast<size_t>(row)][static_cast<size_t>(col)];
      return std::string_view(".:^~, ").find(here) != std::string_view::npos;
    };
    auto fits = [&](int col) {
      if (col < 0 || col + width > map.width()) return false;
      for (int k = -1; k <= width; ++k)
        if (!free_at(c.row(), col + k) && col + k != c.col()) return false;
      return true;
    };
    for (int col : {c.col() + 1, c.col() - width}) {
      if (!fits(col)) continue;
      auto& row = rows[static_cast<size_t>(c.row())];
      row.replace(static_cast<size_t>(col), name.size(), name);
      for (int k = 0; k < width; ++k)
        bg.city_name[static_cast<size_t>(c.row())][static_cast<size_t>(col + k)] = true;
      break;
    }
  }
  for (int i = 0; i < map.regions_size(); ++i) {
    const char letter = static_cast<char>('A' + i);
    long long rs = 0, cs = 0, n = 0;
    for (int r = 0; r < map.height(); ++r)
      for (int c = 0; c < map.width(); ++c)
        if (map.region(r)[static_cast<size_t>(c)] == letter) rs += r, cs += c, ++n;
    if (n == 0) continue;
    const std::string& name = map.regions(i).name();
    const int width = static_cast<int>(name.size());
    // Written over the region's own plain squares only (never a city, water or another name),
    // as near its middle as it fits: the middle row first, then the rows around it.
    auto fits = [&](int row, int col) {
      if (row < 0 || row >= map.height() || col < 0 || col + width > map.width()) return false;
      for (int k = 0; k < width; ++k) {
        size_t c = static_cast<size_t>(col + k);
        char here = rows[static_cast<size_t>(row)][c];
        if (map.region(row)[c] != letter || std::string_view(".:^~,").find(here) == std::string_view::npos)
          return false;
      }
      return true;
    };
    int mid_row = static_cast<int>(rs / n), mid_col = static_cast<int>(cs / n) - width / 2;
    bool placed = false;
    for (int dr : {0, 1, -1, 2, -2, 3, -3}) {
      for (int dc = 0; dc <= map.width() && !placed; ++dc) {
        for (int col : {mid_col - dc, mid_col + dc}) {
          if (!placed && fits(mid_row + dr, col)) {
            rows[static_cast<size_t>(mid_row + dr)].replace(static_cast<size_t>(col), name.size(), name);
            placed = true;
          }
        }
      }
      if (placed) break;
    }
  }
  return bg;
}

std::string stack_text(const Rec& v, const Rec& s) {
  if (!s.flag("examined")) return "(not examined)";
  std::vector<std::string> parts;
  for (const Rec& u : s.list("units"))
    parts.push_back(region_name(v, u.str("nation")) + " " + type_words(u.str("type")) + " " +
                    std::to_string(u.num("strength")) + "-" + std::to_string(u.num("move")));
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
  // With the real map, its whole width (one character a square) and the rows around the centre.
  const auto* map = map_data();
  Window w{0, 0, close ? 12 : 24, map ? map->width() : (close ? 36 : 72)};
  w.row0 = std::max(0LL, centre_r - w.rows / 2);
  if (map) w.row0 = std::min<long long>(w.row0, std::max(0, map->height() - static_cast<int>(w.rows)));
  w.col0 = map ? 0 : std::max(0LL, centre_c - w.cols / 2);
  Background bg = map ? background(*map) : Background{};
  const std::vector<std::string>& land = bg.rows;

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
         " (`zoom NAME` or `zoom R,C` moves)\n";
  out += style.dim("  Stacks: B British, R Russian, n neutral, * both sides") + "\n";
  if (map)
    out += style.dim("  . clear : desert ^ mountain ~ river , coast (blank) water + city @ capital") + "\n";
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
      bool on_map = r < static_cast<long long>(land.size()) && c < static_cast<long long>(land[0].size());
      if (it == cell.end()) {
        char ch = on_map ? land[static_cast<size_t>(r)][static_cast<size_t>(c)] : '.';
        bool name =
            std::isalpha(static_cast<unsigned char>(ch)) || ch == '\'' || ch == '-';  // part of a name
        bool city = name && bg.city_name[static_cast<size_t>(r)][static_cast<size_t>(c)];
        line += city                       ? style.bold(std::string(1, ch))
                : name                     ? style.cyan(std::string(1, ch))
                : (ch == '@' || ch == '+') ? style.bold(std::string(1, ch))
                                           : style.dim(std::string(1, ch));
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
           std::to_string(s.num("col")) + ") " + s.str("side") + ": " + stack_text(v, s) + "\n";
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
    regions.push_back((r.str("name").empty() ? r.str("code") : r.str("name")) + " " + r.str("control") +
                      (r.num("vp") ? " " + std::to_string(r.num("vp")) + "VP" : ""));
  wrapped(out, "  Regions", regions, opts.width);
  return true;
}

// Found by client-cli/render/CMakeLists.txt, which lists every file of boards/ in the table of
// dedicated boards (dedicated_boards.cpp): this line is the whole registration (extern: a
// namespace-scope const is otherwise local to its file).
extern const DedicatedBoard dedicated_crossroads{"frontier.crossroads.CrossroadsView", crossroads_board};

}  // namespace frontier::cli
