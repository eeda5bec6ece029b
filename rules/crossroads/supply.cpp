// Provisioning (17.3-17.6): every square with the provisioning player's combat units must be
// in supply. Units beyond the forage value need one SP (17.33 as corrected); expeditionary
// forces need one more (17.6), except in a railroad square linked to the home base (17.62).
// The owner decides whether to pay and which units starve.
#include <algorithm>
#include <array>
#include <functional>

#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

// 17.62 for every square at once: the friendly railroad squares that trace a line of such
// squares, none occupied by an enemy unit, to the home-base edge (19.11, 19.12).
SquareSet rail_linked(const State& s, int side) {
  const SquareSet enemy = squares_occupied_by(s, other(side));
  SquareSet linked;
  auto joins = [&](int sq) { return s.has_marker(sq, side, kRailroad) && !enemy.has(sq) && !linked.has(sq); };
  int stack[kSquares], n = 0;
  for (int sq = 0; sq < kSquares; ++sq)
    if ((side == kBritish ? s.d->central_india_edge[sq] : s.d->urals_edge[sq]) && joins(sq)) {
      linked.add(sq);
      stack[n++] = sq;
    }
  while (n > 0) {
    int nb[10];
    int k = neighbours(s, stack[--n], false, -1, nb);
    for (int i = 0; i < k; ++i)
      if (nb[i] < kSquares && joins(nb[i])) {
        linked.add(nb[i]);
        stack[n++] = nb[i];
      }
  }
  return linked;
}

// 17.32-17.33: units beyond the square's forage (a desert feeds one irregular, 2.81) need a point.
int beyond_forage(const State& s, int sq, int units, int irregulars) {
  int f = forage(s, sq);
  if (s.d->terrain[sq] == kDesert && irregulars > 0 && !s.massacred[sq]) f += 1;
  return units > f ? units - f : 0;
}

bool from_the_region(const State& s, int u, int sq) {
  return s.type(u).nation == 2 + s.d->region[sq];
}

bool irregular(const State& s, int u) {
  return s.type(u).kind == kIrregular || s.type(u).kind == kGhaziUnit;
}

}  // namespace

// Excess units over forage; *expeditionary set when the square holds units not from its region
// (17.6) and no railroad line supplies it (17.62).
int provision_need(const State& s, int sq, int side, bool* expeditionary) {
  int n = 0, irregulars = 0;
  bool exped = false;
  for (int u = 0; u < s.nunits; ++u) {
    if (s.units[u].loc != sq || s.unit_side(u) != side) continue;
    ++n;
    irregulars += irregular(s, u);
    exped = exped || !from_the_region(s, u, sq);
  }
  // The whole line is traced only for a square with a railroad of its own.
  *expeditionary = exped && !(s.has_marker(sq, side, kRailroad) && rail_linked(s, side).has(sq));
  return beyond_forage(s, sq, n, irregulars);
}

bool provision_next(State& s) {
  Occupancy occ(s);
  for (int sq = s.prov_sq + 1; sq < kSquares; ++sq) {
    if (!occ.at(sq, s.prov_side)) continue;
    bool exped = false;
    if (provision_need(s, sq, s.prov_side, &exped) > 0 || exped) {
      s.prov_sq = static_cast<int16_t>(sq);
      s.phase = kProvisioning;
      return true;
    }
  }
  return false;
}

void provision_legal(const State& s, int seat, Actions& out) {
  if (s.phase == kStarveChoice) {
    for (int u = 0; u < s.nunits; ++u)
      if (s.units[u].loc == s.prov_sq && s.unit_side(u) == seat)
        out.push_back({STARVE, static_cast<int16_t>(u), 0, 0});
    return;
  }
  bool exped = false;
  int need = provision_need(s, s.prov_sq, seat, &exped);
  // a: bit 0 pay for forage excess, bit 1 pay the expeditionary point.
  for (int pay = 0; pay < 4; ++pay) {
    if ((pay & 1) && need == 0) continue;
    if ((pay & 2) && !exped) continue;
    int cost = (pay & 1) + (pay >> 1 & 1);
    if (cost > s.sp[seat]) continue;
    out.push_back({PROVISION, static_cast<int16_t>(pay), 0, 0});
  }
}

void provision_apply(State& s, const core::Action& a, core::EventSink& ev) {
  int side = s.prov_side, sq = s.prov_sq;
  if (a.kind == STARVE) {
    eliminate_unit(s, a.a, ev);
    if (--s.starve_due > 0) return;
    s.phase = kProvisioning;
    provisioning_continue(s, ev);
    return;
  }
  bool exped = false;
  int need = provision_need(s, sq, side, &exped);
  int pay = a.a;
  s.sp[side] = static_cast<int16_t>(s.sp[side] - (pay & 1) - (pay >> 1 & 1));
  if (exped && !(pay & 2)) {  // 17.6: units not from the region are eliminated
    if (ev.enabled())
      ev.add("supply",
             std::string("Unsupplied expeditionary force at ") + square_name(*s.d, sq) + " is lost (17.6)");
    for (int u = 0; u < s.nunits; ++u)
      if (s.units[u].loc == sq && s.unit_side(u) == side && s.type(u).nation != 2 + s.d->region[sq])
        eliminate_unit(s, u, ev);
    need = provision_need(s, sq, side, &exped);
  }
  if (need > 0 && !(pay & 1)) {
    s.starve_due = static_cast<int16_t>(need);
    s.phase = kStarveChoice;
    return;
  }
  provisioning_continue(s, ev);
}

namespace {

bool provisioning_phase(const State& s) {
  return s.phase == kProvisioning || s.phase == kStarveChoice;
}

// The side has provisioned this turn: its next provisioning is next turn's.
bool provisioned(const State& s, int side) {
  return provisioning_phase(s) && s.prov_side != side && side == s.first;
}

// Before the expenditure phase (and after the side's provisioning, for next turn's) its pounds
// count as the supply points they may buy (17.1). In the expenditure phase only the points
// bought count, so that each one shows what it saves the moment it is bought: a bot deciding
// whether to finish its expenditure does not look a dozen purchases ahead.
bool buys_before_provisioning(const State& s, int side) {
  return s.phase == kSetup || s.phase == kInitiative || provisioned(s, side);
}

// Supply points `pounds` buy at 17.1's prices, `bought` already bought this turn.
int supply_points_for(int pounds, int bought) {
  int at_one = std::clamp(10 - bought, 0, std::max(pounds, 0));
  return at_one + std::max(pounds - at_one, 0) / 2;
}

}  // namespace

ProvisioningOutlook provisioning_outlook(const State& s, int side) {
  if (s.finished || (provisioned(s, side) && s.turn >= s.last_turn)) return {};
  int sp = s.sp[side];
  if (buys_before_provisioning(s, side))
    sp += supply_points_for(s.pounds[side], provisioned(s, side) ? 0 : s.sp_bought[side]);
  // Squares before the one being provisioned are settled.
  bool provisioning = provisioning_phase(s) && s.prov_side == side;
  int from = provisioning ? s.prov_sq : 0;

  // What stands on each square from `from` on, in one pass over the units.
  struct Stack {
    int loc = 0, units = 0, irregulars = 0, foreign = 0, foreign_cost = 0, cheapest = 1000;
  };
  std::array<Stack, kMaxUnits> stacks;
  int nstacks = 0;
  std::array<int16_t, kSquares> slot;
  slot.fill(-1);
  for (int u = 0; u < s.nunits; ++u) {
    int loc = s.units[u].loc;
    if (loc < 0 || loc < from || loc >= kSquares || s.unit_side(u) != side)
      continue;  // 17.61: not home boxes
    if (slot[loc] < 0) {
      slot[loc] = static_cast<int16_t>(nstacks);
      stacks[nstacks++].loc = loc;
    }
    Stack& st = stacks[slot[loc]];
    int cost = unit_cost(s, s.units[u].type);
    ++st.units;
    st.irregulars += irregular(s, u);
    st.cheapest = std::min(st.cheapest, cost);
    if (!from_the_region(s, u, loc)) {
      ++st.foreign;
      st.foreign_cost += cost;
    }
  }
  // What each supply point would save: the expeditionary point saves the units not from the
  // region and, when they are all there is, the city they hold (25.1); the forage point the
  // units beyond forage, the cheapest of them by 17.4's choice.
  std::array<int, 2 * kMaxUnits> saves;
  int nsaves = 0, lost = 0;
  bool rail_known = false;
  SquareSet rail;
  for (int i = 0; i < nstacks; ++i) {
    const Stack& st = stacks[i];
    if (provisioning && s.phase == kStarveChoice && st.loc == s.prov_sq) {  // 17.4: these go, paid or not
      lost += s.starve_due * st.cheapest;
      continue;
    }
    if (st.foreign > 0) {
      if (!rail_known && s.has_marker(st.loc, side, kRailroad)) {
        rail = rail_linked(s, side);
        rail_known = true;
      }
      if (!rail.has(st.loc)) {
        int city = s.d->city_at[st.loc];
        bool empties = st.foreign == st.units && city >= 0;
        saves[nsaves++] = st.foreign_cost + (empties ? 10 * s.d->cities[city].income : 0);
      }
    }
    if (int need = beyond_forage(s, st.loc, st.units, st.irregulars)) saves[nsaves++] = need * st.cheapest;
  }
  std::sort(saves.begin(), saves.begin() + nsaves, std::greater<>());
  for (int i = std::max(sp, 0); i < nsaves; ++i) lost += saves[i];
  return {nsaves, lost};
}

}  // namespace frontier::crossroads
