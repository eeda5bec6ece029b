#include "crossroads/board.h"

#include <cstdlib>

namespace frontier::crossroads {

bool side_adjacent(int a, int b) {
  int ra = a / kW, ca = a % kW, rb = b / kW, cb = b % kW;
  return std::abs(ra - rb) + std::abs(ca - cb) == 1;
}

int neighbours(const State& s, int loc, bool diagonals, int side, int out[10]) {
  int n = 0;
  const Data& d = *s.d;
  if (loc == kCentralIndia || loc == kUrals) return 0;  // exits are listed by movement (19.1)
  int r = loc / kW, c = loc % kW;
  static const int dr[8] = {-1, 0, 1, 0, -1, -1, 1, 1}, dc[8] = {0, 1, 0, -1, -1, 1, 1, -1};
  for (int i = 0; i < (diagonals ? 8 : 4); ++i) {
    int rr = r + dr[i], cc = c + dc[i];
    if (rr < 0 || rr >= kH || cc < 0 || cc >= kW) continue;
    out[n++] = rr * kW + cc;
  }
  if (side == kBritish && d.central_india_edge[loc]) out[n++] = kCentralIndia;
  if (side == kRussian && d.urals_edge[loc]) out[n++] = kUrals;
  return n;
}

namespace {
int route_dir(int from, int to) {
  int dr = to / kW - from / kW, dc = to % kW - from % kW;
  if (dr == -1 && dc == 0) return 1;
  if (dr == 0 && dc == 1) return 2;
  if (dr == 1 && dc == 0) return 4;
  if (dr == 0 && dc == -1) return 8;
  return 0;
}
int terrain_cost(Terrain t) {  // half points (Terrain Effects Chart, RECONSTRUCTED)
  switch (t) {
    case kClear:
    case kRiver:
    case kCoast:
      return 2;
    case kDesert:
      return 4;
    case kMountain:
      return 6;
    case kSea:
      return -1;
  }
  return -1;
}
}  // namespace

int enter_cost(const Data& d, int from, int to) {
  if (to == kCentralIndia || to == kUrals || from == kCentralIndia || from == kUrals) {
    // 19.1/19.13: home boxes are joined by trade routes off the edge; +1 to enter or exit.
    int edge = to >= kSquares ? from : to;
    if (d.terrain[edge] == kSea) return -1;
    int base = d.route[edge] ? 1 : terrain_cost(d.terrain[edge]);
    if (from >= kSquares)
      base = d.route[edge] ? (d.terrain[edge] == kDesert || d.terrain[edge] == kMountain ? 2 : 1)
                           : terrain_cost(d.terrain[edge]);
    return base + 2;
  }
  int t = terrain_cost(d.terrain[to]);
  if (t < 0) return -1;  // 13.71
  int dir = route_dir(from, to);
  if (dir && (d.route[from] & dir)) {  // 13.51/13.52 along a trade route
    return (d.terrain[to] == kDesert || d.terrain[to] == kMountain) ? 2 : 1;
  }
  return t;
}

int forage(const State& s, int sq) {
  if (sq >= kSquares) return 1000;               // 19.4
  if (s.massacred[sq]) return 0;                 // 31.33
  static const int base[] = {3, 0, 1, 4, 3, 0};  // RECONSTRUCTED Terrain Effects Chart
  int f = base[s.d->terrain[sq]];
  if (s.d->city_at[sq] >= 0) {
    f += 2;
    if (s.bazaar >> s.d->region[sq] & 1) f *= 2;  // 32.6 Bazaar
  }
  if (s.famine) f /= 2;
  if (s.has_marker(sq, kBritish, kColony) || s.has_marker(sq, kRussian, kColony)) f *= 2;  // 20.31(2)
  return f;
}

int best_terrain_multiple(const State& s, int sq, int side, int options[3]) {
  int n = 0;
  if (sq >= kSquares) return 0;
  if (s.has_marker(sq, side, kFort)) options[n++] = 3;  // 20.32
  if (s.d->terrain[sq] == kMountain) options[n++] = 2;
  if (s.d->city_at[sq] >= 0) {
    bool have2 = false;
    for (int i = 0; i < n; ++i) have2 = have2 || options[i] == 2;
    if (!have2) options[n++] = 2;
  }
  return n;
}

bool marker_room(const State& s, int sq, int side, MarkerKind kind) {
  if (s.has_marker(sq, side, kind)) return false;                   // 20.21
  if (s.markers[sq] & (0xF << (other(side) * 4))) return false;     // 20.23
  return kind != kTradingPost || !s.has_marker(sq, side, kColony);  // 20.31(1)
}

Occupancy::Occupancy(const State& s) {
  n.fill(0);
  for (int u = 0; u < s.nunits; ++u) {
    int l = s.units[u].loc;
    if (l >= 0) ++n[static_cast<size_t>(l) * 3 + s.unit_side(u)];
  }
}

int combat_units(const State& s, int loc, int side) {
  int n = 0;
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc == loc && s.unit_side(u) == side) ++n;
  return n;
}
int combat_strength(const State& s, int loc, int side) {
  int n = 0;
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc == loc && s.unit_side(u) == side) n += s.type(u).strength;
  return n;
}
bool any_combat_units(const State& s, int loc, int except_side) {
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc == loc && s.unit_side(u) != except_side) return true;
  return false;
}
int agents_at(const State& s, int loc, int side) {
  int n = 0;
  for (int a = 0; a < s.nagents; ++a)
    if (s.agents[a].loc == loc && s.agent_side(a) == side) ++n;
  return n;
}
bool occupied_by(const State& s, int loc, int side) {
  return combat_units(s, loc, side) > 0;
}

SquareSet squares_occupied_by(const State& s, int side) {
  SquareSet occupied;
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc >= 0 && s.units[u].loc < kSquares && s.unit_side(u) == side)
      occupied.add(s.units[u].loc);
  return occupied;
}

void shift_bop(State& s, int side, int n, core::EventSink& ev, const char* why) {
  if (n <= 0) return;
  int v = s.bop;
  int dir = side == kBritish ? 1 : -1;
  for (int i = 0; i < n; ++i) {
    v += dir;
    if (v == 0) v += dir;  // 2.8: no 0 space
  }
  if (v > 18) v = 18;
  if (v < -18) v = -18;
  s.bop = static_cast<int8_t>(v);
  if (ev.enabled())
    ev.add("bop", std::string("Balance of Power shifts ") + std::to_string(n) + " toward the " +
                      side_name(side) + " (" + why + "): now " + std::to_string(v > 0 ? v : -v) +
                      (v > 0 ? " pro-British" : " pro-Russian"));
}

int bop_degree(const State& s, int side) {
  int v = side == kBritish ? s.bop : -s.bop;
  if (v <= 0) return 0;
  return v <= 5 ? 1 : v <= 11 ? 2 : 3;
}

void eliminate_unit(State& s, int u, core::EventSink& ev) {
  if (ev.enabled())
    ev.add("eliminate", unit_label(s, u) + " is eliminated at " + square_name(*s.d, s.units[u].loc));
  s.units[u].loc = kPool;
  s.units[u].flags = 0;
}

void eliminate_agent(State& s, int a, core::EventSink& ev) {
  const AgentInfo& info = s.d->agents[a];
  if (ev.enabled()) ev.add("eliminate", info.name + " is eliminated");
  s.agents[a].loc = info.generic ? kPool : kDead;  // 10.4, 16.43
  s.agents[a].flags = 0;
}

int nearest_friendly_stack(const State& s, int from, int side) {
  int best = -1, bestd = 1 << 30;
  for (int u = 0; u < s.nunits; ++u) {
    int l = s.units[u].loc;
    if (l < 0 || s.unit_side(u) != side) continue;
    int dist = l >= kSquares ? 10000 : std::abs(l / kW - from / kW) + std::abs(l % kW - from % kW);
    if (dist < bestd || (dist == bestd && l < best)) best = l, bestd = dist;
  }
  return best;
}

void set_control(State& s, int region, int side, bool invasion, core::EventSink& ev) {
  int before = s.control[region];
  if (before == side) return;
  const Data& d = *s.d;
  s.control[region] = static_cast<int8_t>(side);
  if (ev.enabled())
    ev.add("control", d.region_name[region] +
                          (side == kNeutral ? " reverts to neutrality"
                                            : std::string(" is now controlled by the ") + side_name(side)));
  int nation = 2 + region;
  if (side == kNeutral) {
    // 5.51(2): units outside their region go home to a free city, else are eliminated.
    for (int u = 0; u < s.nunits; ++u) {
      int l = s.units[u].loc;
      if (s.type(u).nation != nation || l < 0 || (l < kSquares && d.region[l] == region)) continue;
      int dest = -1;
      for (size_t c = 0; c < d.cities.size() && dest < 0; ++c) {
        int sq = d.cities[c].square;
        if (d.cities[c].region != region) continue;
        bool clean = true;
        for (int v = 0; v < s.nunits && clean; ++v)
          if (s.units[v].loc == sq && s.type(v).nation != nation) clean = false;
        if (clean) dest = sq;
      }
      if (dest < 0)
        eliminate_unit(s, u, ev);
      else
        s.units[u].loc = static_cast<int16_t>(dest);
    }
    return;
  }
  if (before != kNeutral) {
    // 5.6 defection: the region's units stacked with the new owner's enemies' forces are lost.
    for (int u = 0; u < s.nunits; ++u) {
      int l = s.units[u].loc;
      if (s.type(u).nation != nation || l < 0) continue;
      bool with_former = false;
      for (int v = 0; v < s.nunits && !with_former; ++v)
        if (v != u && s.units[v].loc == l && s.unit_side(v) == before) with_former = true;
      if (with_former) eliminate_unit(s, u, ev);
    }
    return;
  }
  if (invasion) {
    if (s.levy_busy())
      s.levy_pending[side] |= 1u << region;
    else
      start_levy(s, region, side, ev);
  }
}

// 5.42(3): roll for the invasion defense levy; the gaining player places the irregulars.
void start_levy(State& s, int region, int side, core::EventSink& ev) {
  int nation = 2 + region;
  int roll = s.rng.roll();
  int avail = 0;
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc == kPool && s.type(u).nation == nation && s.type(u).kind == kIrregular) ++avail;
  if (ev.enabled())
    ev.add("levy", s.d->region_name[region] + " defense levy: rolled " + std::to_string(roll) + " (5.42)");
  s.levy_side = static_cast<int8_t>(side);
  s.levy_region = static_cast<int8_t>(region);
  s.levy_left = static_cast<int8_t>(roll < avail ? roll : avail);
  if (s.levy_left == 0) next_levy(s, ev);
}

void next_levy(State& s, core::EventSink& ev) {
  s.levy_left = 0;
  for (int side = 0; side < 2; ++side)
    for (int r = 0; r < kRegions; ++r)
      if (s.levy_pending[side] >> r & 1) {
        s.levy_pending[side] &= ~(1u << r);
        start_levy(s, r, side, ev);
        return;
      }
}

// "Persia garrison 4": the nation, the kind and the counter's number among its own kind, as a
// player tells two counters of one stack apart (never an index into the state).
std::string unit_label(const State& s, int u) {
  const UnitType& t = s.type(u);
  int number = 1;
  for (int v = 0; v < u; ++v) number += s.units[v].type == s.units[u].type;
  return s.d->nation_name(t.nation) + " " + kind_name(t.kind) + " " + std::to_string(number);
}

}  // namespace frontier::crossroads

namespace frontier::crossroads {

void levy_squares(const State& s, std::vector<int>& out) {
  out.clear();
  Occupancy occ(s);
  for (int sq : s.d->region_squares[s.levy_region])
    if (!occ.at(sq, other(s.levy_side)) && !occ.at(sq, kNeutral)) out.push_back(sq);
}

}  // namespace frontier::crossroads
