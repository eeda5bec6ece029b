// The Lion of Khartoum: Gordon's tracks (CM, RP, AP), the turn's event and banner cards, then
// the four banner paths drawn from area 6 (the banner's start) to the Governor's Palace, with
// each banner where it stands, fortifications and garrisons, and the resource boxes.
#include <algorithm>
#include <map>

#include "render/boards.h"

namespace frontier::cli {

namespace {

std::string area_cell(const Rec& a) {
  std::string cell = std::to_string(a.num("number")) + " " + a.str("name");
  std::vector<std::string> marks;
  if (a.num("fortification") > 0)
    marks.push_back("F" + std::to_string(a.num("fortification")) + (a.flag("upgraded") ? "+" : ""));
  if (a.flag("key_area")) marks.push_back("key");
  // 11.3: Gordon controls an area the banner has not reached; show the ones he has lost.
  if (a.has_fields({"controlled"}) && !a.flag("controlled")) marks.push_back("taken");
  if (size_t n = a.strs("units").size(); n > 0)
    marks.push_back(std::to_string(n) + (n == 1 ? " unit" : " units"));
  return marks.empty() ? cell : cell + " (" + join(marks) + ")";
}

}  // namespace

bool lion_board(const Rec& v, const Style& style, const BoardOptions& opts, std::string& out) {
  if (!v.has_fields({"banners", "areas", "city_morale", "resource_points", "action_points"})) return false;
  // The phase is on the status line, in words (the view's is the rules' machine name).
  out += "  Turn " + std::to_string(v.num("turn")) +
         (v.str("month").empty() ? "" : " (" + v.str("month") + ")") + "\n";
  std::string rp = std::to_string(v.num("resource_points"));
  if (v.num("free_resource_points") > 0)
    rp += " (+" + std::to_string(v.num("free_resource_points")) + " free)";
  out += "  " + style.bold("CM " + std::to_string(v.num("city_morale"))) + " · " + style.bold("RP " + rp) +
         " · " + style.bold("AP " + std::to_string(v.num("action_points"))) + " · relief turn " +
         std::to_string(v.num("relief_turn")) + " · CM DRM " + std::to_string(v.num("cm_drm")) +
         " · RP DRM " + std::to_string(v.num("rp_drm")) + "\n";
  std::string event = v.num("event_card") > 0
                          ? "#" + std::to_string(v.num("event_card")) + " " + v.str("event_title")
                          : "none";
  out += "  Event card: " + style.bold(event) + " (deck " + std::to_string(v.num("event_deck")) +
         ", removed " + std::to_string(v.num("events_removed")) + ") · banner card: " +
         (v.num("banner_card") > 0 ? join(v.strs("banner_card_order"), " → ") : std::string("none")) +
         " (deck " + std::to_string(v.num("banner_deck")) + ")\n";
  wrapped(out, "  Actions done", v.strs("actions_done"), opts.width);

  // Areas by path, from the start (6) down to the palace.
  std::map<std::string, std::vector<Rec>> paths;
  std::vector<Rec> palace;
  for (const Rec& a : v.list("areas"))
    (a.str("path") == "palace" ? palace : paths[a.str("path")]).push_back(a);
  out += style.bold("  Banner paths") + " (6 = start → palace)\n";
  for (const Rec& b : v.list("banners")) {
    auto& areas = paths[b.str("id")];
    std::sort(areas.begin(), areas.end(),
              [](const Rec& x, const Rec& y) { return x.num("number") > y.num("number"); });
    std::string name = b.str("name");
    if (!mentions(name, "banner")) name += " banner";
    std::string banner = name + ", strength " + std::to_string(b.num("strength")) +
                         (b.flag("disorganised") ? ", disorganised" : "");
    out += "    " + style.bold(banner) + "\n      ";
    std::string line;
    for (const Rec& a : areas) {
      std::string cell = area_cell(a);
      if (a.num("number") == b.num("area")) cell = style.yellow("[" + b.str("name") + "] ") + cell;
      if (!opts.focus.empty() && !mentions(cell, opts.focus) && !mentions(banner, opts.focus))
        cell = std::to_string(a.num("number"));
      line += (line.empty() ? "" : " → ") + cell;
    }
    if (b.num("area") == 1) line += " → " + style.red("[" + b.str("name") + "] in the palace");
    out += line + "\n";
  }
  for (const Rec& a : palace) out += "    " + style.bold("Palace: ") + area_cell(a) + "\n";
  for (const Rec& a : v.list("areas")) {
    if (a.strs("units").empty()) continue;
    if (!opts.focus.empty() && !mentions(a.str("name") + join(a.strs("units")), opts.focus)) continue;
    wrapped(out, "    " + a.str("name"), a.strs("units"), opts.width);
  }
  for (const Rec& box : v.list("boxes")) wrapped(out, "  " + box.str("box"), box.strs("units"), opts.width);
  if (!v.str("result").empty()) out += "  " + style.green(v.str("result")) + "\n";
  return true;
}

// Found by client-cli/render/CMakeLists.txt, which lists every file of boards/ in the table of
// dedicated boards (dedicated_boards.cpp): this line is the whole registration (extern: a
// namespace-scope const is otherwise local to its file).
extern const DedicatedBoard dedicated_lion{"frontier.lion.LionView", lion_board};

}  // namespace frontier::cli
