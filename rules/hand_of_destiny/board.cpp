// Board queries: who is where, terrain as the Nile changes it, routes each unit may use,
// supply (29.17) and victory (27.0).
#include <bit>

#include "hand_of_destiny/rules.h"

namespace frontier::hand_of_destiny {

int popcount64(uint64_t m) {
  return std::popcount(m);
}

int count_in(const State& s, int space, int side) {
  return s.count[static_cast<size_t>(space)][static_cast<size_t>(side)];
}
bool has_side(const State& s, int space, int side) {
  return count_in(s, space, side) > 0;
}
bool contested(const State& s, int space) {
  return has_side(s, space, 0) && has_side(s, space, 1);
}
bool unit_on_map(const State& s, int u) {
  return s.unit(u).loc >= 0;
}

void set_loc(State& s, int u, int loc) {
  UnitState& us = s.unit(u);
  int side = s.info(u).side;
  if (us.loc >= 0) --s.count[static_cast<size_t>(us.loc)][static_cast<size_t>(side)];
  us.loc = static_cast<int8_t>(loc);
  if (loc >= 0) {
    ++s.count[static_cast<size_t>(loc)][static_cast<size_t>(side)];
    us.stamp = s.next_stamp++;
  } else {
    us.stamp = 0;
    us.flags = 0;
  }
}

uint64_t units_at(const State& s, int space, int side) {
  uint64_t m = 0;
  if (count_in(s, space, side) == 0) return 0;
  for (int u = 0; u < s.sc->unit_count(); ++u) {
    if (s.unit(u).loc == space && s.info(u).side == side) m |= uint64_t{1} << u;
  }
  return m;
}

int terrain_of(const State& s, int space) {
  const SpaceInfo& sp = s.sc->spaces[static_cast<size_t>(space)];
  return s.flood() && sp.flood_terrain >= 0 ? sp.flood_terrain : sp.terrain;
}
bool is_town(const State& s, int space) {
  return s.sc->terrain[static_cast<size_t>(terrain_of(s, space))].town;
}
bool shelters(const State& s, int space, int side) {
  return (s.sc->terrain[static_cast<size_t>(terrain_of(s, space))].fortress_for >> side) & 1u;
}

// 29.14: the last unit to enter a stack lies on top of it.
int top_unit(const State& s, int space, int side) {
  int best = -1;
  uint16_t stamp = 0;
  for (int u = 0; u < s.sc->unit_count(); ++u) {
    const UnitState& us = s.unit(u);
    if (us.loc == space && s.info(u).side == side && us.stamp >= stamp) {
      stamp = us.stamp;
      best = u;
    }
  }
  return best;
}

bool desert_capable(const UnitInfo& u, int side) {
  return side == kMahdist || u.leader || u.camel;  // 29.8
}

// Whether every unit of `units` may travel along `link` together. Fleets keep to river
// routes (29.10) and to the reaches above Khartoum only at Nile flood (29.11); desert routes
// are for Mahdists, leaders and camels (29.8); the naval link is for non-garrison Empire
// units moving, never retreating (29.12).
bool route_usable(const State& s, uint64_t units, const Link& link, bool retreat) {
  bool fleet = false;
  for (uint64_t m = units; m; m &= m - 1) fleet |= s.info(std::countr_zero(m)).fleet;
  if (fleet) return link.kind == kRiver && (!link.upper_river || s.flood());
  switch (link.kind) {
    case kLand:
    case kRiver:
      return true;
    case kDesert:
      for (uint64_t m = units; m; m &= m - 1) {
        int u = std::countr_zero(m);
        if (!desert_capable(s.info(u), s.info(u).side)) return false;
      }
      return true;
    case kNaval:
      if (retreat) return false;
      for (uint64_t m = units; m; m &= m - 1) {
        const UnitInfo& ui = s.info(std::countr_zero(m));
        if (ui.side != kEmpire || ui.static_unit) return false;
      }
      return true;
  }
  return false;
}

// 29.17 (replacing 21.1-21.2): Mahdists always; river boats, units with them, Gordon and
// camels always; a town or fortress held alone (as defender, in battle); or within two
// spaces of a town or fortress held by the Empire with the space between free of enemies.
bool in_supply(const State& s, int u, bool for_battle, bool defending) {
  const UnitInfo& ui = s.info(u);
  if (ui.side == kMahdist || ui.fleet || ui.camel || ui.leader) return true;
  int at = s.unit(u).loc;
  if (at < 0) return true;
  for (int v = 0; v < s.sc->unit_count(); ++v) {
    if (s.unit(v).loc == at && s.info(v).fleet && s.info(v).side == kEmpire) return true;
  }
  auto held_town = [&](int sp) {
    return is_town(s, sp) && has_side(s, sp, kEmpire) && !has_side(s, sp, kMahdist);
  };
  if (is_town(s, at) && !has_side(s, at, kMahdist) && (!for_battle || defending)) return true;
  if (is_town(s, at) && for_battle && defending) return true;
  const SpaceInfo& here = s.sc->spaces[static_cast<size_t>(at)];
  for (int i = 0; i < here.link_count; ++i) {
    int n = here.links[static_cast<size_t>(i)].to;
    if (held_town(n)) return true;
    if (has_side(s, n, kMahdist)) continue;  // the intervening space must be free of enemies
    const SpaceInfo& mid = s.sc->spaces[static_cast<size_t>(n)];
    for (int j = 0; j < mid.link_count; ++j) {
      int f = mid.links[static_cast<size_t>(j)].to;
      if (f != at && held_town(f)) return true;
    }
  }
  return false;
}

int empire_vp_at(const State& s, int space) {
  int vp = s.sc->spaces[static_cast<size_t>(space)].vp;
  return vp > 0 && has_side(s, space, kEmpire) && !has_side(s, space, kMahdist) ? vp : 0;
}

int empire_vp(const State& s) {
  int vp = 0;
  for (int sp = 0; sp < s.sc->space_count(); ++sp) vp += empire_vp_at(s, sp);
  return vp;
}

bool mahdist_sudden_death(const State& s) {
  if (s.sc->sudden_death.empty()) return false;
  for (int sp : s.sc->sudden_death) {
    if (!has_side(s, sp, kMahdist) || has_side(s, sp, kEmpire)) return false;
  }
  return true;
}

void eliminate_unit(State& s, int u, core::EventSink& log) {
  const UnitInfo& ui = s.info(u);
  int where = s.unit(u).loc;
  if (ui.mahdi) {
    // 29.5: he returns ceil(die / 2) turns later, unless that is after the last turn.
    set_loc(s, u, kDead);
    int die = s.rng.roll(6);
    int when = s.turn + (die + 1) / 2;
    s.mahdi_return_turn = static_cast<int8_t>(when <= s.sc->turns() ? when : -1);
    if (log.enabled()) {
      log.add("mahdi.eliminated",
              "The Mahdi falls at " + space_name(s, where) + "; die " + std::to_string(die) +
                  (s.mahdi_return_turn > 0 ? ": he returns on turn " + std::to_string(when)
                                           : ": he does not return before the end (29.5)"));
    }
    return;
  }
  int to = ui.side == kMahdist ? kInBox : ui.never_returns ? kDead : ui.british ? kEliminated : kInBox;
  set_loc(s, u, to);
  if (log.enabled()) log.add("unit.eliminated", ui.name + " is eliminated at " + space_name(s, where));
}

std::string space_name(const State& s, int space) {
  return space >= 0 ? s.sc->spaces[static_cast<size_t>(space)].name : "off the map";
}
std::string unit_name(const State& s, int u) {
  return s.info(u).name;
}
std::string list_units(const State& s, uint64_t units) {
  std::string out;
  for (uint64_t m = units; m; m &= m - 1) {
    if (!out.empty()) out += ", ";
    out += s.info(std::countr_zero(m)).name;
  }
  return out;
}

}  // namespace frontier::hand_of_destiny
