// Income (9.0), recruits and placement limits (10.0), supply point purchase (17.1),
// civilization markers (20.1-20.3) and disbanding (10.5). Both seats act at once (3.1 [3]).
#include <array>
#include <vector>

#include "core/text.h"
#include "crossroads/picker.h"
#include "crossroads/rules.h"

namespace frontier::crossroads {

// RECONSTRUCTED Pounds Expenditure Table.
int unit_cost(const State& s, int type) {
  const UnitType& t = s.d->types[type];
  bool regular = t.nation <= kNationRU;
  switch (t.kind) {
    case kFieldForce:
    case kFlyingColumn:
      return regular ? 4 : 3;
    case kGarrison:
    case kIrregular:
      return regular ? 2 : 1;
    case kElephant:
      return 3;
    case kGhaziUnit:
      return 0;
  }
  return 0;
}
int agent_cost(const State& s, int a) {
  return s.d->agents[a].generic ? 3 : 6;
}

int holdings(const State& s, int side) {
  int pounds = s.sp[side];
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc >= 0 && s.unit_side(u) == side) pounds += unit_cost(s, s.units[u].type);
  for (int a = 0; a < s.nagents; ++a)
    if (s.agents[a].loc >= 0 && s.agent_side(a) == side) pounds += agent_cost(s, a);
  return pounds;
}

namespace {

constexpr int kMarkerCost[4] = {10, 4, 4, 3};  // colony, fort, trading post, railroad
constexpr const char* kMarkerName[4] = {"colony", "fort", "trading post", "railroad"};
int sp_cost(const State& s, int side) {
  return s.sp_bought[side] < 10 ? 1 : 2;
}  // 17.1

bool owns_nation(const State& s, int nation, int side) {
  return s.nation_side(nation) == side && nation != kGhaziNation;
}

// What the placement rules look at, counted once per prompt.
struct PlaceContext {
  explicit PlaceContext(const State& s) : occ(s) {
    for (int u = 0; u < s.nunits; ++u) {
      int l = s.units[u].loc;
      if (l < 0 || l >= kSquares) continue;
      if (s.regular(u)) regular[l] |= static_cast<uint8_t>(1 << s.unit_side(u));
      if (!(s.units[u].flags & kNew)) continue;
      ++fresh[l];
      if (s.regular(u)) ++fresh_regular[l];
    }
    for (int a = 0; a < s.nagents; ++a) {
      int l = s.agents[a].loc;
      if (l < 0 || l >= kSquares) continue;
      int side = s.agent_side(a);
      if (side < 2) agent[l] |= static_cast<uint8_t>(1 << side);
      if (s.d->agents[a].nation <= kNationRU)
        regular_agent[l] |= static_cast<uint8_t>(1 << s.d->agents[a].nation);
    }
  }
  Occupancy occ;
  std::array<uint8_t, kSquares> fresh{}, fresh_regular{}, regular{}, agent{}, regular_agent{};
};

// Where a recruit of `nation` may be placed (10.3, 10.61): `anywhere` for native irregulars
// and agents (10.33(1)), else cities with friendly combat units (10.33(2)); agents ignore the
// forage limit. Stops at the first square when `first_only`.
void placements(const State& s, int side, int nation, bool anywhere, bool agent, const PlaceContext& ctx,
                std::vector<int>& out, bool first_only = false) {
  out.clear();
  const Data& d = *s.d;
  if (nation <= kNationRU) {
    out.push_back(side == kBritish ? kCentralIndia : kUrals);  // 10.31/10.32
    if (first_only) return;
    for (const City& c : d.cities) {
      int sq = c.square;  // colonies stand only in cities (20.31)
      if (!s.has_marker(sq, side, kColony)) continue;
      if (!agent && (ctx.fresh_regular[sq] >= 1 || ctx.fresh[sq] >= forage(s, sq)))
        continue;  // 10.61 exception
      out.push_back(sq);
    }
    return;
  }
  int region = nation - 2;
  for (int sq : d.region_squares[region]) {
    if (!anywhere && d.city_at[sq] < 0) continue;
    bool enemy_or_neutral = ctx.occ.at(sq, other(side)) || ctx.occ.at(sq, kNeutral);
    if (anywhere && enemy_or_neutral) continue;
    if (!anywhere && !ctx.occ.at(sq, side)) continue;        // 10.33(2)
    if (!agent && ctx.fresh[sq] >= forage(s, sq)) continue;  // 10.61
    out.push_back(sq);
    if (first_only) return;
  }
}

void placements_for(const State& s, int side, int pick, const PlaceContext& ctx, std::vector<int>& out,
                    bool first_only = false) {
  const Data& d = *s.d;
  if (pick >= 2000) {  // 16.44: a captured native agent goes to any square with a friendly unit
    out.clear();
    for (int sq = 0; sq < kSquares; ++sq)
      if (ctx.occ.at(sq, side)) {
        out.push_back(sq);
        if (first_only) return;
      }
    return;
  }
  bool agent = pick >= 1000;
  int nation = agent ? d.agents[pick - 1000].nation : d.types[pick].nation;
  placements(s, side, nation, agent || d.types[pick].kind == kIrregular, agent, ctx, out, first_only);
}

bool marker_ok(const State& s, const PlaceContext& ctx, int side, int kind, int sq) {
  const Data& d = *s.d;
  if (sq >= kSquares || d.terrain[sq] == kSea) return false;
  if (!marker_room(s, sq, side, static_cast<MarkerKind>(kind))) return false;  // 20.21, 20.23, 20.31(1)
  bool city = d.city_at[sq] >= 0;
  if (kind != kRailroad && kind != kFort && !city) return false;
  bool combat = ctx.occ.at(sq, side) > 0;
  bool regular = ctx.regular[sq] >> side & 1, regular_agent = ctx.regular_agent[sq] >> side & 1;
  switch (kind) {
    case kColony:
      return regular && regular_agent;  // 20.31(1)
    case kFort:
      return combat;  // 20.32(1)
    case kTradingPost:
      return combat || (ctx.agent[sq] >> side & 1);  // 20.33(1)
    case kRailroad: {                                // 20.34(1)
      if (s.turn < 6 || !regular) return false;
      Terrain t = d.terrain[sq];
      bool edge = side == kBritish ? d.central_india_edge[sq] : d.urals_edge[sq];
      int nb[10];
      int n = neighbours(s, sq, false, -1, nb);
      bool next_to_rail = false;
      for (int i = 0; i < n; ++i) next_to_rail = next_to_rail || s.has_marker(nb[i], side, kRailroad);
      if (t == kMountain) return d.route[sq] && next_to_rail;
      if (!(city || t == kClear || t == kDesert || t == kRiver || t == kCoast || d.route[sq])) return false;
      return city || edge || next_to_rail;
    }
  }
  return false;
}

}  // namespace

void collect_income(State& s, core::EventSink& ev) {
  const Data& d = *s.d;
  Occupancy occ(s);
  for (int side = 0; side < 2; ++side) {
    int drm = 0;
    int mine = bop_degree(s, side), theirs = bop_degree(s, other(side));
    if (mine >= 2) drm += mine - 1;
    if (theirs >= 2) drm -= theirs - 1;
    if (s.open_war_by >= 0) drm += 2;  // open war budgets (24.1(3), RECONSTRUCTED)
    int roll = s.rng.roll();
    int m = roll + drm;
    if (m < 0) m = 0;
    if (m > 8) m = 8;
    int home = d.home_income[m];
    int cities = 0;
    for (const City& c : d.cities) {
      bool civ = s.has_marker(c.square, side, kTradingPost) || s.has_marker(c.square, side, kColony);
      int v = 0;
      if (occ.at(c.square, side))
        v = c.income * (civ ? 2 : 1);  // 9.1(2), 9.1(3)
      else if (civ && !occ.at(c.square, other(side)))
        v = c.income;  // 9.1(3)
      if (s.trade_boom) v *= 2;
      cities += v;
    }
    for (int sq = 0; sq < kSquares; ++sq) cities += s.has_marker(sq, side, kRailroad);  // railroad income
    s.pounds[side] = static_cast<int16_t>(s.pounds[side] + home + cities);
    if (ev.enabled())
      ev.add_private("income", core::seat_bit(side),
                     std::string(side_name(side)) + " income: home government " + std::to_string(home) +
                         " (rolled " + std::to_string(roll) + "), cities and markers " +
                         std::to_string(cities),
                     std::string(side_name(side)) + " collects income");
  }
}

void expend_legal(const State& s, int seat, Actions& out) {
  if (s.done[seat]) return;
  const Data& d = *s.d;
  if (s.recruit_pick[seat] == -2) {  // 10.5: disbanding, one piece at a time
    for (int u = 0; u < s.nunits; ++u)
      if (s.units[u].loc >= 0 && s.unit_side(u) == seat && s.type(u).kind != kGhaziUnit)
        out.push_back({DISBAND, static_cast<int16_t>(u), 0, 0});
    for (int sq = 0; sq < kSquares; ++sq) {
      if (!(s.markers[sq] >> (seat * 4) & 0xF)) continue;  // most squares have no marker
      for (int k = 0; k < 4; ++k)
        if (s.has_marker(sq, seat, static_cast<MarkerKind>(k)))
          out.push_back({DISBAND, static_cast<int16_t>(10000 + sq * 4 + k), 0, 0});
    }
    out.push_back({DISBAND, -1, 0, 0});
    return;
  }
  std::vector<int> where;
  PlaceContext ctx(s);
  if (s.recruit_pick[seat] >= 0) {
    placements_for(s, seat, s.recruit_pick[seat], ctx, where);
    offer_squares(s, seat, where, RECRUIT_AT, out);
    out.push_back({RECRUIT, -1, 0, 0});  // cancel
    return;
  }
  out.push_back({DISBAND, -2, 0, 0});
  // 16.42(1): prisoners may be returned at the beginning of a later turn; 16.44: a captured
  // native agent whose region is now friendly may be put on any square with a friendly unit.
  for (int a = 0; a < s.nagents; ++a) {
    if (s.agents[a].loc != (seat == kBritish ? kHeldByBritish : kHeldByRussian)) continue;
    out.push_back({RELEASE, static_cast<int16_t>(a), 0, 0});
    int nation = d.agents[a].nation;
    if (nation >= 2 && nation < 2 + kRegions && s.control[nation - 2] == seat) {
      std::vector<int> w;
      placements_for(s, seat, 2000 + a, ctx, w, true);
      if (!w.empty()) out.push_back({RECRUIT, static_cast<int16_t>(2000 + a), 0, 0});
    }
  }
  int money = s.pounds[seat];
  // Every purchase in a bot's playouts asks for these offers again, so the pieces are looked
  // at once: which types have a piece in the pool, and the squares with the seat's units and
  // (for trading posts, 20.33(1)) agents, in the order the pieces are listed.
  std::vector<uint8_t> pooled(d.types.size());
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc == kPool) pooled[s.units[u].type] = 1;
  // Whether a recruit of a nation has a square (placements' arguments: nation, anywhere, agent),
  // asked once per kind: -1 not yet asked.
  std::array<int8_t, (kGhaziNation + 1) * 4> has_place;
  has_place.fill(-1);
  auto can_place = [&](int pick, int nation, bool anywhere, bool agent) {
    int8_t& known = has_place[static_cast<size_t>(nation * 4 + anywhere * 2 + agent)];
    if (known < 0) {
      placements_for(s, seat, pick, ctx, where, true);
      known = !where.empty();
    }
    return known == 1;
  };
  for (size_t t = 0; t < d.types.size(); ++t) {
    const UnitType& ty = d.types[t];
    if (ty.kind == kGhaziUnit || !pooled[t] || !owns_nation(s, ty.nation, seat) ||
        unit_cost(s, static_cast<int>(t)) > money)
      continue;
    if (can_place(static_cast<int>(t), ty.nation, ty.kind == kIrregular, false))
      out.push_back({RECRUIT, static_cast<int16_t>(t), 0, 0});
  }
  for (int a = 0; a < s.nagents; ++a) {
    const AgentInfo& ai = d.agents[a];
    if (s.agents[a].loc != kPool || ai.nation == kGhaziNation || !owns_nation(s, ai.nation, seat)) continue;
    if (!(ai.periods >> (s.period() - 1) & 1) || agent_cost(s, a) > money) continue;  // 16.61
    if (can_place(1000 + a, ai.nation, true, true))
      out.push_back({RECRUIT, static_cast<int16_t>(1000 + a), 0, 0});
  }
  if (sp_cost(s, seat) <= money) out.push_back({BUY_SP, 0, 0, 0});
  std::vector<int16_t> unit_squares, agent_squares;
  {
    std::vector<uint8_t> seen(kSquares);
    for (int u = 0; u < s.nunits; ++u) {
      int l = s.units[u].loc;
      if (l < 0 || l >= kSquares || seen[l] || s.unit_side(u) != seat) continue;
      seen[l] = 1;
      unit_squares.push_back(static_cast<int16_t>(l));
    }
    for (int a = 0; a < s.nagents; ++a) {
      int l = s.agents[a].loc;
      if (l < 0 || l >= kSquares || seen[l] || s.agent_side(a) != seat) continue;
      seen[l] = 1;
      agent_squares.push_back(static_cast<int16_t>(l));
    }
  }
  for (int k = 0; k < 4; ++k) {
    if (kMarkerCost[k] > money) continue;
    auto offer = [&](int16_t sq) {
      if (marker_ok(s, ctx, seat, k, sq)) out.push_back({BUY_MARKER, static_cast<int16_t>(k), sq, 0});
    };
    for (int16_t sq : unit_squares) offer(sq);
    if (k == kTradingPost)
      for (int16_t sq : agent_squares) offer(sq);
  }
  out.push_back({DONE, 0, 0, 0});
}

void expend_apply(State& s, int seat, const core::Action& a, core::EventSink& ev) {
  const Data& d = *s.d;
  switch (a.kind) {
    case RECRUIT:
      s.recruit_pick[seat] = a.a;
      return;
    case RECRUIT_AT: {
      int pick = s.recruit_pick[seat];
      s.recruit_pick[seat] = -1;
      if (pick >= 2000) {  // 16.44: no cost
        s.agents[pick - 2000] = {a.a, 0};
      } else if (pick >= 1000) {
        s.pounds[seat] = static_cast<int16_t>(s.pounds[seat] - agent_cost(s, pick - 1000));
        s.agents[pick - 1000].loc = a.a;
      } else {
        s.pounds[seat] = static_cast<int16_t>(s.pounds[seat] - unit_cost(s, pick));
        for (int u = 0; u < s.nunits; ++u)
          if (s.units[u].loc == kPool && s.units[u].type == pick) {
            s.units[u] = {a.a, static_cast<uint8_t>(pick), kNew};
            break;
          }
      }
      if (ev.enabled())
        ev.add_private("recruit", core::seat_bit(seat),
                       std::string(side_name(seat)) + " recruits at " + square_name(d, a.a));
      return;
    }
    case BUY_SP:
      s.pounds[seat] = static_cast<int16_t>(s.pounds[seat] - sp_cost(s, seat));
      ++s.sp_bought[seat];
      ++s.sp[seat];
      return;
    case BUY_MARKER: {
      s.pounds[seat] = static_cast<int16_t>(s.pounds[seat] - kMarkerCost[a.a]);
      if (a.a == kColony)
        s.markers[a.b] &= static_cast<uint8_t>(~marker_bit(seat, kTradingPost));  // 20.31(1)
      s.markers[a.b] |= marker_bit(seat, static_cast<MarkerKind>(a.a));
      if (ev.enabled())
        ev.add("marker",
               std::string(side_name(seat)) + " builds a " + kMarkerName[a.a] + " at " + square_name(d, a.b));
      return;
    }
    case DISBAND:
      if (a.a < 0) {
        s.recruit_pick[seat] = static_cast<int16_t>(a.a == -2 ? -2 : -1);
      } else if (a.a >= 10000) {
        int sq = (a.a - 10000) / 4, k = (a.a - 10000) % 4;
        s.markers[sq] &= static_cast<uint8_t>(~marker_bit(seat, static_cast<MarkerKind>(k)));
      } else {
        if (ev.enabled())
          ev.add_private("disband", core::seat_bit(seat), unit_label(s, a.a) + " is disbanded (10.5)");
        s.units[a.a] = {kPool, s.units[a.a].type, 0};
      }
      return;
    case RELEASE: {
      const AgentInfo& ai = d.agents[a.a];
      int owner = ai.nation <= kNationRU ? ai.nation : -1;
      if (owner >= 0)
        s.agents[a.a].loc = static_cast<int16_t>(owner == kBritish ? kCentralIndia : kUrals);
      else
        s.agents[a.a].loc = kPool;  // a native agent goes back to his region's pool
      s.agents[a.a].flags = 0;
      if (ev.enabled()) ev.add("release", ai.name + " is released (16.42)");
      return;
    }
    case DONE:
      s.done[seat] = 1;
      if (s.done[0] && s.done[1]) expend_finished(s);
      return;
  }
}

std::string expend_describe(const State& s, int seat, const core::Action& a) {
  const Data& d = *s.d;
  switch (a.kind) {
    case RECRUIT:
      if (a.a < 0) return "Cancel the recruit";
      if (a.a >= 2000) return "Place the captured " + d.agents[a.a - 2000].name + " (16.44)";
      if (a.a >= 1000)
        return "Recruit agent " + d.agents[a.a - 1000].name + " (" +
               core::count_of(agent_cost(s, a.a - 1000), "pound", "pounds") + ")";
      return "Recruit " + d.nation_name(d.types[a.a].nation) + " " + kind_name(d.types[a.a].kind) + " (" +
             core::count_of(unit_cost(s, a.a), "pound", "pounds") + ")";
    case RECRUIT_AT:
      return "Place the recruit at " + square_name(d, a.a);
    case BUY_SP:
      return "Buy a supply point (" + core::count_of(sp_cost(s, seat), "pound", "pounds") + ")";
    case BUY_MARKER:
      return std::string("Build a ") + kMarkerName[a.a] + " at " + square_name(d, a.b);
    case DONE:
      return "Finish income and expenditure";
    case DISBAND:
      if (a.a == -2) return "Disband units or markers (10.5)";
      if (a.a == -1) return "Stop disbanding";
      if (a.a >= 10000) {
        static const char* names[] = {"colony", "fort", "trading post", "railroad"};
        return std::string("Remove the ") + names[(a.a - 10000) % 4] + " at " +
               square_name(d, (a.a - 10000) / 4);
      }
      return "Disband " + unit_label(s, a.a) + " at " + square_name(d, s.units[a.a].loc);
    case RELEASE:
      return "Release " + d.agents[a.a].name;
  }
  return "?";
}

}  // namespace frontier::crossroads
