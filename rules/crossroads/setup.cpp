// Scenario set-up (26.0): each placement instruction is a prompt for the seat the text names
// (neutrals of 5.0 placed by the British, of 6.0 by the Russians).
#include "crossroads/board.h"
#include "crossroads/picker.h"
#include "crossroads/rules.h"
#include "crossroads/scenario.h"

namespace frontier::crossroads {

namespace {

// Candidate squares for the current placement (respecting "at least one unit per city", and for a
// civilization marker the room its kind needs: one trading post per city, 20.21).
void candidates(const State& s, std::vector<int>& out) {
  out.clear();
  const Placement& p = scenario_of(s).placements[s.placement];
  const Data& d = *s.d;
  if (p.fixed >= 0) {
    out.push_back(p.fixed);
    return;
  }
  if (p.home) {
    out.push_back(p.placer == kBritish ? kCentralIndia : kUrals);
    return;
  }
  if (p.where == Where::kCities) {
    for (const City& c : d.cities)
      if (p.regions >> c.region & 1) out.push_back(c.square);
  } else {
    for (int sq = 0; sq < kSquares; ++sq) {
      int r = d.region[sq];
      if (r < 0 || !(p.regions >> r & 1)) continue;
      bool city = d.city_at[sq] >= 0;
      if (p.where == Where::kNonCity && (city || s.markers[sq])) continue;
      if (p.where == Where::kFort && !s.has_marker(sq, p.placer, kFort)) continue;
      out.push_back(sq);
    }
  }
  if (p.marker >= 0) {
    int side = p.nation == kNationBR ? kBritish : kRussian;
    std::erase_if(out, [&](int sq) { return !marker_room(s, sq, side, static_cast<MarkerKind>(p.marker)); });
  }
  if (!p.group.empty()) {
    // Units of the group still to place versus squares of the group still empty.
    int left = 0;
    for (size_t i = s.placement; i < scenario_of(s).placements.size(); ++i) {
      const Placement& q = scenario_of(s).placements[i];
      if (q.group == p.group) left += q.count - (i == static_cast<size_t>(s.placement) ? s.placed : 0);
    }
    // "Empty" by the flag a player sees (22.3): a square holding any unit of the nation's side.
    // A group's squares lie in one region, whose pieces are of one nation, so this is the
    // nation's count too, and the choices offered never depend on a hidden stack's make-up.
    std::vector<int> empty;
    int side = s.nation_side(p.nation);
    for (int sq : out) {
      bool has = false;
      for (int u = 0; u < s.nunits && !has; ++u)
        if (s.units[u].loc == sq && s.unit_side(u) == side) has = true;
      if (!has) empty.push_back(sq);
    }
    if (static_cast<int>(empty.size()) >= left) out = empty;
  }
}

std::string with_article(const std::string& words) {
  return (std::string("AEIOU").find(words.front()) != std::string::npos ? "an " : "a ") + words;
}

// "a British field force", "a unit of Khokand irregulars", "Keane", "a British fort".
std::string piece_text(const Data& d, const Placement& p) {
  if (p.agent >= 0) return d.agents[static_cast<size_t>(p.agent)].name;
  if (p.marker >= 0) {
    static const char* markers[] = {"colony", "fort", "trading post"};
    return with_article(d.nation_name(p.nation) + " " + markers[p.marker]);
  }
  const UnitType& t = d.types[static_cast<size_t>(p.type)];
  std::string unit = d.nation_name(t.nation) + " " + kind_name(t.kind);
  bool plural = t.kind == kIrregular || t.kind == kElephant || t.kind == kGhaziUnit;  // "irregulars"
  return plural ? "a unit of " + unit : with_article(unit);
}

std::string regions_text(const Data& d, uint32_t regions) {
  std::vector<std::string> names;
  for (int r = 0; r < kRegions; ++r)
    if (regions >> r & 1) names.push_back(d.region_name[static_cast<size_t>(r)]);
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return out;
}

// Every placement is logged: in full for the placer, without the square for the other seat and
// observers (22.0: where a hidden piece stands is secret; which piece the scenario text places
// next is not).
void log_placement(const State& s, const Placement& p, int sq, core::EventSink& ev) {
  if (!ev.enabled()) return;
  std::string who = std::string(side_name(p.placer)) + " places " + piece_text(*s.d, p);
  ev.add_private("setup", core::seat_bit(p.placer), who + " at " + square_name(*s.d, sq) + " (26.0)",
                 who + " (26.0)");
}

void place_one(State& s, int sq, core::EventSink& ev) {
  const Placement& p = scenario_of(s).placements[s.placement];
  log_placement(s, p, sq, ev);
  if (p.agent >= 0) {
    s.agents[p.agent].loc = static_cast<int16_t>(sq);
  } else if (p.marker >= 0) {
    s.markers[sq] |=
        marker_bit(p.nation == kNationBR ? kBritish : kRussian, static_cast<MarkerKind>(p.marker));
  } else {
    for (int u = 0; u < s.nunits; ++u)
      if (s.units[u].loc == kPool && s.units[u].type == p.type) {
        s.units[u].loc = static_cast<int16_t>(sq);
        break;
      }
  }
}

}  // namespace

std::string setup_prompt(const State& s) {
  const Data& d = *s.d;
  const Placement& p = scenario_of(s).placements[s.placement];
  std::string text = "Set up (26.0): place " + piece_text(d, p);
  if (p.count > 1) text += " (" + std::to_string(s.placed + 1) + " of " + std::to_string(p.count) + ")";
  switch (p.where) {
    case Where::kCities:
      return text + " in a city of " + regions_text(d, p.regions);
    case Where::kNonCity:
      return text + " in a square of " + regions_text(d, p.regions) + " without a city";
    case Where::kFort:
      return text + " on a " + side_name(p.placer) + " fort in " + regions_text(d, p.regions);
    default:
      return text;
  }
}

int setup_placer(const State& s) {
  return scenario_of(s).placements[s.placement].placer;
}

void setup_legal(const State& s, int seat, Actions& out) {
  if (seat != setup_placer(s)) return;
  std::vector<int> c;
  candidates(s, c);
  offer_squares(s, seat, c, PLACE, out);
}

void setup_apply(State& s, const core::Action& a, core::EventSink& ev) {
  place_one(s, a.a, ev);
  const auto& list = scenario_of(s).placements;
  if (++s.placed >= list[s.placement].count) {
    s.placed = 0;
    ++s.placement;
  }
  setup_continue(s, ev);
}

void setup_continue(State& s, core::EventSink& ev) {
  const auto& list = scenario_of(s).placements;
  // Skip placements with a single possible square (no decision to make).
  std::vector<int> c;
  while (s.placement < static_cast<int>(list.size())) {
    candidates(s, c);
    if (c.size() != 1) break;
    place_one(s, c[0], ev);
    if (++s.placed >= list[s.placement].count) {
      s.placed = 0;
      ++s.placement;
    }
  }
  if (s.placement >= static_cast<int>(list.size())) start_setup_done(s, ev);
}

}  // namespace frontier::crossroads
