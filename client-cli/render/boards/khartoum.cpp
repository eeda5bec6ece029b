// Khartoum as its seat sees it: the turn, player, card in effect and tracks on top, then every
// occupied space with its stack (top unit last, hidden units counted, 29.14), then the sides'
// decks and boxes and any battle in progress. Empty spaces are named in one wrapped line.
#include <map>

#include "render/boards.h"

namespace frontier::cli {

namespace {

std::string unit_text(const Rec& u) {
  std::vector<std::string> marks;
  if (u.num("strength") > 0) marks.push_back(std::to_string(u.num("strength")));
  if (u.flag("elite")) marks.push_back("elite");
  if (u.flag("panicked")) marks.push_back("panicked");
  if (u.flag("moved")) marks.push_back("moved");
  if (u.flag("out_of_supply")) marks.push_back("out of supply");
  if (u.flag("selected")) marks.push_back("selected");
  std::string name = u.str("name").empty() ? u.str("id") : u.str("name");
  return marks.empty() ? name : name + " (" + join(marks) + ")";
}

// How a route is travelled, in the words of the rules (11.0, 29.12).
const char* route_words(const std::string& kind) {
  if (kind == "land") return "road";
  if (kind == "river") return "river";
  if (kind == "desert") return "desert track";
  if (kind == "naval") return "by sea";
  return "route";
}

}  // namespace

std::string khartoum_routes(const Rec& v, const std::string& focus, int width) {
  std::map<std::string, std::string> name_of;
  for (const Rec& s : v.list("spaces")) name_of[s.str("id")] = s.str("name");
  std::map<std::string, std::vector<std::string>> links;  // by space name, in the view's order
  for (const Rec& r : v.list("routes")) {
    const std::string& a = name_of[r.str("a")];
    const std::string& b = name_of[r.str("b")];
    std::string how = route_words(r.str("kind"));
    links[a].push_back(b + " (" + how + ")");
    links[b].push_back(a + " (" + how + ")");
  }
  std::string out;
  for (const Rec& s : v.list("spaces")) {
    const std::string& name = s.str("name");
    if (!focus.empty() && !mentions(name, focus)) continue;
    wrapped(out, "    " + name, links[name], width);
  }
  return out;
}

bool khartoum_board(const Rec& v, const Style& style, const BoardOptions& opts, std::string& out) {
  if (!v.has_fields({"spaces", "turn", "player", "card", "sides"})) return false;
  std::vector<std::string> top = {"Turn " + std::to_string(v.num("turn")) +
                                      (v.str("turn_name").empty() ? "" : " (" + v.str("turn_name") + ")"),
                                  v.str("player").empty() ? "" : v.str("player") + "'s player turn"};
  if (v.flag("nile_flood")) top.push_back(style.cyan("Nile in flood"));
  out += "  " + join(top, " · ") + "\n";
  out += "  Card in effect: " + style.bold(v.str("card").empty() ? "none" : v.str("card")) + "\n";
  std::vector<std::string> tracks = {"Empire VP " + std::to_string(v.num("empire_vp"))};
  if (v.num("mahdi_return_turn") > 0)
    tracks.push_back("Mahdi returns turn " + std::to_string(v.num("mahdi_return_turn")));
  if (!v.str("pending_unit").empty()) tracks.push_back("placing " + v.str("pending_unit"));
  if (v.num("march_left") > 0) tracks.push_back("march left " + std::to_string(v.num("march_left")));
  if (v.num("group_left") > 0) tracks.push_back("group left " + std::to_string(v.num("group_left")));
  out += "  " + join(tracks, " · ") + "\n";

  std::vector<std::string> empty;
  int shown = 0;
  out += style.bold("  Spaces") + (opts.focus.empty() ? "" : " mentioning '" + opts.focus + "'") + "\n";
  for (const Rec& s : v.list("spaces")) {
    auto units = s.list("units");
    // Units by side in stack order (a stack in battle holds both sides), top unit last.
    std::string body;
    std::string side;
    for (const Rec& u : units) {
      if (u.str("side") != side || body.empty()) {
        side = u.str("side");
        std::string label = side == "Mahdist" ? style.green(side) : style.red(side);
        body += (body.empty() ? "" : " · ") + (side.empty() ? "" : label + ": ");
      } else {
        body += ", ";
      }
      body += unit_text(u);
    }
    std::vector<std::string> about = {s.str("terrain"), s.flag("port") ? "port" : "",
                                      s.num("vp") ? "VP " + std::to_string(s.num("vp")) : ""};
    std::string head = s.str("name") + (join(about).empty() ? "" : " [" + join(about) + "]");
    if (!opts.focus.empty() && !mentions(head + " " + body, opts.focus)) continue;
    if (units.empty() && s.num("hidden_units") == 0) {
      empty.push_back(s.str("name"));
      continue;
    }
    if (s.num("hidden_units") > 0)
      body += (units.empty() ? "" : ", ") + std::to_string(s.num("hidden_units")) + " hidden";
    out += "    " + style.bold(head) + "  " + body + "\n";
    ++shown;
  }
  if (shown == 0) out += "    (no stacks)\n";
  wrapped(out, "    Empty", empty, opts.width);
  // Zoomed on a place: where one can go from it.
  if (!opts.focus.empty()) {
    std::string routes = khartoum_routes(v, opts.focus, opts.width);
    if (!routes.empty()) out += style.bold("  Routes") + "\n" + routes;
  }

  for (const Rec& side : v.list("sides")) {
    std::vector<std::string> parts = {"deck " + std::to_string(side.num("deck_size"))};
    if (side.flag("holds_card"))
      parts.push_back("holds " +
                      (side.str("held_card").empty() ? std::string("a card") : side.str("held_card")));
    if (!side.strs("discards").empty())
      parts.push_back("discards " + std::to_string(side.strs("discards").size()));
    out += "  " + style.bold(side.str("side")) + ": " + join(parts) + "\n";
    wrapped(out, "    box", side.strs("box"), opts.width);
    wrapped(out, "    eliminated", side.strs("eliminated"), opts.width);
    wrapped(out, "    dead", side.strs("dead"), opts.width);
  }
  if (v.has("battle") && !v.sub("battle").str("space").empty()) {
    Rec b = v.sub("battle");
    std::string where = b.str("space");  // the space's id: named as the spaces list names it
    for (const Rec& s : v.list("spaces"))
      if (s.str("id") == where && !s.str("name").empty()) where = s.str("name");
    out += "  " + style.yellow("Battle at " + where) + ": attacker " + b.str("attacker") +
           (b.flag("major") ? " (major)" : "") + ", Mahdist roll " + std::to_string(b.num("mahdist_roll")) +
           " → " + std::to_string(b.num("mahdist_modified")) + ", Empire roll " +
           std::to_string(b.num("empire_roll")) + " → " + std::to_string(b.num("empire_modified")) + "\n";
  }
  return true;
}

// Found by client-cli/render/CMakeLists.txt, which lists every file of boards/ in the table of
// dedicated boards (dedicated_boards.cpp): this line is the whole registration (extern: a
// namespace-scope const is otherwise local to its file).
extern const DedicatedBoard dedicated_khartoum{"frontier.khartoum.KhartoumView", khartoum_board};

}  // namespace frontier::cli
