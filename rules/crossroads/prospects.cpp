// What a side's agents may yet win by negotiation (15.0): a bots' reckoning, not a rule.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

constexpr uint16_t kUnreachable = 0xFFFF;
using Distances = std::array<std::array<uint16_t, kLocs>, kRegions>;

// Half movement points from every location to each region's capital for an agent travelling
// alone: highlighted, so across square vertices too (13.2), at the map's terrain costs
// (enter_cost), and in and out of the home boxes by their edges (19.1). Sea lanes are left out;
// no capital needs them.
void distances_to(const Data& d, int target, std::array<uint16_t, kLocs>& dist) {
  dist.fill(kUnreachable);
  using Entry = std::pair<int, int>;  // distance, location
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  dist[target] = 0;
  open.push({0, target});
  auto relax = [&](int from, int to, int via) {  // `from` reaches `to`, whose distance is `via`
    if (from < kSquares && d.terrain[from] == kSea) return;
    int cost = enter_cost(d, from, to);
    if (cost < 0 || via + cost >= dist[from]) return;
    dist[from] = static_cast<uint16_t>(via + cost);
    open.push({via + cost, from});
  };
  while (!open.empty()) {
    auto [here_dist, here] = open.top();
    open.pop();
    if (here_dist != dist[here]) continue;
    if (here >= kSquares) {  // a home box is entered from its edge squares
      for (int sq = 0; sq < kSquares; ++sq)
        if (here == kCentralIndia ? d.central_india_edge[sq] : d.urals_edge[sq]) relax(sq, here, here_dist);
      continue;
    }
    int r = here / kW, c = here % kW;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        int rr = r + dr, cc = c + dc;
        if ((dr || dc) && rr >= 0 && rr < kH && cc >= 0 && cc < kW) relax(rr * kW + cc, here, here_dist);
      }
    if (d.central_india_edge[here]) relax(kCentralIndia, here, here_dist);
    if (d.urals_edge[here]) relax(kUrals, here, here_dist);
  }
}

const Distances& capital_distances(const Data& d) {
  // One map per process (data()), so one table, built on first use by whichever thread asks.
  static const Distances table = [&] {
    Distances t;
    for (int r = 0; r < kRegions; ++r) distances_to(d, d.cities[d.capital[r]].square, t[r]);
    return t;
  }();
  return table;
}

// An agent in a capital may negotiate there every turn (15.3 bars only a second time in one
// phase); three turns is about how far ahead the bots plan.
int within_three_tries(int per_mille) {
  int miss = 1000 - per_mille;
  return 1000 - miss * miss / 1000 * miss / 1000;
}

// What a treaty with a neutral region brings, in tenths of a VP: the region's VP, and its natives
// with it (5.42, 15.0), so the cities they hold (25.1) and the units at their cost, as the bots'
// estimate counts a side's holdings. The region's VP alone undervalued a treaty with a region
// whose cities its natives hold by half or more.
std::array<int, kRegions> treaty_worth_tenths(const State& s) {
  const Data& d = *s.d;
  std::array<int, kRegions> worth{};
  std::array<uint8_t, kSquares> native_held{};  // the region + 1 whose natives stand there
  for (int u = 0; u < s.nunits; ++u) {
    int loc = s.units[u].loc, region = s.type(u).nation - 2;
    if (loc < 0 || region < 0 || region >= kRegions || s.control[region] != kNeutral) continue;
    worth[region] += unit_cost(s, s.units[u].type);
    if (loc < kSquares) native_held[loc] = static_cast<uint8_t>(region + 1);
  }
  for (const City& c : d.cities)
    if (native_held[c.square] == c.region + 1) worth[c.region] += 10 * c.income;
  for (int r = 0; r < kRegions; ++r) worth[r] += 10 * d.region_vp[r];
  return worth;
}

}  // namespace

int negotiation_prospects(const State& s, int side) {
  const Data& d = *s.d;
  const Distances& dist = capital_distances(d);
  // Each region counts once, for the agent with the best prospect of it; an agent counts for
  // the one region it would do best to go to.
  std::array<int, kRegions> best{};
  const std::array<int, kRegions> worth = treaty_worth_tenths(s);
  std::array<std::array<int, 4>, kRegions> chance;  // by political value, worked out when needed
  for (auto& by_political : chance) by_political.fill(-1);
  const SquareSet occupied = squares_occupied_by(s, side);  // for treaty_chance (15.62)
  for (int a = 0; a < s.nagents; ++a) {
    int loc = s.agents[a].loc;
    if (loc < 0 || loc >= kLocs || s.agent_side(a) != side) continue;
    int political = std::clamp<int>(d.agents[a].political, 0, 3);
    if (!political) continue;  // 15.1: no differential, no treaty
    int region = -1, value = 0;
    for (int r = 0; r < kRegions; ++r) {
      if (s.control[r] == side || dist[r][loc] == kUnreachable) continue;
      int& p = chance[r][political];
      if (p < 0) p = within_three_tries(treaty_chance(s, occupied, r, side, political));
      // The treaty's worth times its chance in the capital itself; halved two operations phases'
      // march (kAgentMove: 16 half points a phase) away, a third at four, so every step counts.
      // Negotiating beats waiting there: a treaty turns the prospect into the region's whole
      // worth, and a failure without revulsion leaves it as it was.
      constexpr int kTwoTurns = 32;
      int v = worth[r] * p * kTwoTurns / (1000 * (kTwoTurns + dist[r][loc]));
      if (v > value) {
        value = v;
        region = r;
      }
    }
    if (region >= 0) best[region] = std::max(best[region], value);
  }
  int total = 0;
  for (int v : best) total += v;
  return total;
}

int capital_distance(const Data& d, int region, int loc) {
  uint16_t dist = capital_distances(d)[region][loc];
  return dist == kUnreachable ? -1 : dist;
}

}  // namespace frontier::crossroads
