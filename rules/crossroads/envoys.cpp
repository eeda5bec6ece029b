// Bots' envoys (not a rule): agents who may win a treaty travel to a capital, negotiate there
// with all the pounds they may commit, and are paid for. See envoys.h.
#include "crossroads/envoys.h"

#include <algorithm>

#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

// 15.1(2): an agent commits at most his political value in pounds, so a value of 2 reaches a
// differential of 4, the first column of the Negotiations Table with a T on an unmodified die.
// Pundits and Khans of value 1 reach 2, where only a modified 7 makes a treaty.
constexpr int kEnvoyPolitical = 2;
constexpr int kPhaseMarch = 16;  // half points an agent alone moves in one operations phase (13.2)

bool is_envoy(const State& s, int seat, int agent) {
  int loc = s.agents[agent].loc;
  return loc >= 0 && loc < kLocs && s.agent_side(agent) == seat &&
         s.d->agents[agent].political >= kEnvoyPolitical;
}

// What a treaty with `region` brings, in tenths of a VP, from what everyone sees: its VP and
// every city's income (25.1), as if its natives held them all (which native stands where may be
// hidden, 22.0).
int public_worth(const State& s, int region) {
  const Data& d = *s.d;
  int worth = 10 * d.region_vp[region];
  for (int c : d.region_cities[region]) worth += 10 * d.cities[c].income;
  return worth;
}

// The seat's envoys in the order they choose their goals: the most political value first (so
// the strongest negotiator's goal never depends on the others'), then by counter.
std::array<int8_t, kMaxAgents> envoys_in_order(const State& s, int seat, int& count) {
  std::array<int8_t, kMaxAgents> order;
  count = 0;
  for (int a = 0; a < s.nagents; ++a)
    if (is_envoy(s, seat, a)) order[count++] = static_cast<int8_t>(a);
  std::stable_sort(order.begin(), order.begin() + count,
                   [&](int x, int y) { return s.d->agents[x].political > s.d->agents[y].political; });
  return order;
}

// Two phases' march: nearer capitals first, so an envoy talks sooner and the other side has less
// time to send a counter (15.1(4)); with all four paid phases, Russian envoys made for Persia
// and Afghanistan and found British agents there first.
constexpr int kReach = 2 * kPhaseMarch;

// The goals of the seat's envoys, by agent. In order, each takes the region not yet taken (one
// envoy to a region: a region is negotiated with once a sub-phase, 15.3) whose treaty is worth
// most for its chance -- a try with all the pounds the envoy may commit, no agent countering --
// among the capitals within reach, the nearer first among equals; with none in reach, the
// nearest. Only neutral regions whose capital holds no enemy combat unit (15.5) and no enemy
// agent (who may counter, 15.1(4)): sent to British India to win its regions over (5.6), the
// Russian envoys met British agents arriving to counter, turned to the next capital and
// wandered. The ranking depends on where an envoy stands only through the reach, so a goal
// does not change on the way (scored by distance, two regions of about the same worth took
// turns as the goal and an envoy walked back and forth between them).
Envoys envoys_of(const State& s, int seat) {
  const Data& d = *s.d;
  Envoys e;
  e.order = envoys_in_order(s, seat, e.count);
  e.goal.fill(-1);
  if (e.count == 0) return e;
  SquareSet barred =
      squares_occupied_by(s, other(seat));  // where the seat may not (15.5) or would be countered
  for (int a = 0; a < s.nagents; ++a)
    if (s.agents[a].loc >= 0 && s.agents[a].loc < kSquares && s.agent_side(a) == other(seat))
      barred.add(s.agents[a].loc);
  const SquareSet occupied = squares_occupied_by(s, seat);  // for treaty_chance (15.62)
  std::array<std::array<int, 4>, kRegions> value;           // by political value, worked out when needed
  for (auto& by_political : value) by_political.fill(-1);
  uint32_t open = 0;
  for (int r = 0; r < kRegions; ++r)
    if (s.control[r] == kNeutral && !barred.has(d.cities[d.capital[r]].square)) open |= 1u << r;
  for (int i = 0; i < e.count; ++i) {
    int a = e.order[i], political = std::min<int>(s.d->agents[a].political, 3);
    int best = -1, best_value = 0, best_dist = 0, nearest = -1, nearest_dist = 0;
    for (int r = 0; r < kRegions; ++r) {
      if (!(open >> r & 1)) continue;
      int dist = capital_distance(d, r, s.agents[a].loc);
      if (dist < 0) continue;
      int& v = value[r][political];
      if (v < 0) v = public_worth(s, r) * treaty_chance(s, occupied, r, seat, political);
      if (v > 0 && (nearest < 0 || dist < nearest_dist)) {
        nearest = r;
        nearest_dist = dist;
      }
      if (dist > kReach) continue;
      if (v > best_value || (v == best_value && v > 0 && dist < best_dist)) {
        best = r;
        best_value = v;
        best_dist = dist;
      }
    }
    if (best < 0) best = nearest;  // out of reach of them all: the nearest comes into reach first
    e.goal[a] = static_cast<int8_t>(best);
    if (best >= 0) open &= ~(1u << best);
  }
  return e;
}

// Half points from `loc` to the capital `agent` makes for (-1: it makes for none).
int to_goal(const State& s, const Envoys& e, int agent, int loc) {
  return e.goal[agent] < 0 ? -1 : capital_distance(*s.d, e.goal[agent], loc);
}

// The envoy whose way the force being moved follows: the first, in the envoys' order, in the
// force and not yet at its capital (-1: none).
int guide(const State& s, const Envoys& e) {
  for (int i = 0; i < e.count; ++i) {
    int a = e.order[i];
    if ((s.agents[a].flags & kInForce) && to_goal(s, e, a, s.agents[a].loc) > 0) return a;
  }
  return -1;
}

// Supply points the envoys still on their way need for the phases after the first (12.2(2)).
int supply_for_journeys(const State& s, const Envoys& e) {
  int need = 0;
  for (int i = 0; i < e.count; ++i) {
    int a = e.order[i], dist = to_goal(s, e, a, s.agents[a].loc);
    if (dist > 0) need += std::min(4, (dist + kPhaseMarch - 1) / kPhaseMarch - 1);
  }
  return need;
}

// Whether the force being formed or moved holds no unit, only agents.
bool agents_alone(const State& s) {
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].flags & kInForce) return false;
  return true;
}

}  // namespace

// Agents alone keep to a shortest way (13.2: they may cross vertices, as the distances count);
// a force with units, which may not, to steps that bring the envoy nearer.
bool EnvoySkips::skips_step(int to) {
  const Envoys& e = envoys();
  int a = guide(s_, e);
  if (a < 0) return false;
  int here = to_goal(s_, e, a, s_.force_sq), there = to_goal(s_, e, a, to);
  if (there < 0 || there >= here) return true;
  return agents_alone(s_) && s_.force_mode == 0 && there + enter_cost(s_, s_.force_sq, to) > here;
}

bool EnvoySkips::skips_end_of_move() {
  const Envoys& e = envoys();
  int a = guide(s_, e);
  if (a < 0) return false;
  int here = to_goal(s_, e, a, s_.force_sq);
  const auto& open = legal();
  return std::any_of(open.begin(), open.end(), [&](const core::Action& step) {
    return step.kind == STEP && to_goal(s_, e, a, step.a) < here;
  });
}

// An envoy at its capital stays at work there: a force may not set off with it and others.
bool EnvoySkips::skips_setting_off() {
  const Envoys& e = envoys();
  bool at_work = false;
  int pieces = 0;
  for (int u = 0; u < s_.nunits; ++u) pieces += (s_.units[u].flags & kInForce) != 0;
  for (int a = 0; a < s_.nagents; ++a) {
    if (!(s_.agents[a].flags & kInForce)) continue;
    ++pieces;
    at_work = at_work || (is_envoy(s_, seat_, a) && to_goal(s_, e, a, s_.agents[a].loc) == 0);
  }
  return at_work && pieces > 1;
}

bool EnvoySkips::skips_end_of_movement() {
  if (s_.op != 1 && s_.sp[seat_] < 1) return false;  // 12.2: nothing moves unpaid after the first phase
  const Envoys& e = envoys();
  for (int i = 0; i < e.count; ++i) {
    int a = e.order[i];
    if (!(s_.agents[a].flags & kMoved) && to_goal(s_, e, a, s_.agents[a].loc) > 0) return true;
  }
  return false;
}

// An envoy in the capital of its goal negotiates (15.1).
bool EnvoySkips::skips_end_of_negotiations() {
  const auto& open = legal();
  return std::any_of(open.begin(), open.end(), [&](const core::Action& a) {
    return a.kind == NEGOTIATE && s_.d->agents[a.b].political >= kEnvoyPolitical && envoys().goal[a.b] == a.a;
  });
}

const Envoys& EnvoySkips::envoys() {
  if (!envoys_known_) {
    envoys_ = envoys_of(s_, seat_);
    envoys_known_ = true;
  }
  return envoys_;
}

// Whether any of the seat's envoys is in the force / unmoved: a cheap first look before the
// goals are worked out.
bool EnvoySkips::any_envoy_in_force() {
  if (in_force_ < 0) {
    in_force_ = 0;
    for (int a = 0; a < s_.nagents && !in_force_; ++a)
      in_force_ = (s_.agents[a].flags & kInForce) && is_envoy(s_, seat_, a);
  }
  return in_force_;
}

bool EnvoySkips::any_envoy_unmoved() {
  if (unmoved_ < 0) {
    unmoved_ = 0;
    for (int a = 0; a < s_.nagents && !unmoved_; ++a)
      unmoved_ = !(s_.agents[a].flags & kMoved) && is_envoy(s_, seat_, a);
  }
  return unmoved_;
}

const std::vector<core::Action>& EnvoySkips::legal() {
  if (legal_) return *legal_;
  legal_ = &listed_;
  // The two phases whose answers look at the other choices (legal_actions adds offers, which
  // these answers pass over).
  if (s_.phase == kForce) movement_legal(s_, seat_, listed_);
  if (s_.phase == kNegotiations) negotiation_legal(s_, seat_, listed_);
  return listed_;
}

bool EnvoySkips::skips(const core::Action& a) {
  const State& s = s_;
  int seat = seat_;
  auto moving = [&] { return s.phase == kForce && s.force_begun && any_envoy_in_force(); };
  switch (a.kind) {
    case END_MOVEMENT:
      return s.phase == kMovement && any_envoy_unmoved() && skips_end_of_movement();
    case STEP:
      return moving() && skips_step(a.a);
    case END_MOVE:
      return moving() && a.a == 0 && skips_end_of_move();
    case RAIL:  // agents alone keep to the way the distances count
    case EMBARK:
      return moving() && a.a != -1 && agents_alone(s) && guide(s, envoys()) >= 0;
    case DROP:  // the envoy the force follows is not left on the way
      return moving() && a.a >= 1000 && guide(s, envoys()) == a.a - 1000;
    case BEGIN_MOVE:
    case FORCED_MARCH:
      return s.phase == kForce && !s.force_begun && any_envoy_in_force() && skips_setting_off();
    case END_NEGOTIATIONS:
      return s.phase == kNegotiations && skips_end_of_negotiations();
    case COMMIT:  // the differential grows a point a pound (15.1(2))
      return s.phase == kCommitPounds && seat == s.phasing && s.nego_agent >= 0 &&
             s.d->agents[s.nego_agent].political >= kEnvoyPolitical && !s.nego_ultimatum &&
             a.a < std::min<int>(s.d->agents[s.nego_agent].political, s.pounds[seat]);
    case DONE:  // the expenditure phase ends once the journeys are paid for, or nothing can pay
      return s.phase == kExpend && s.pounds[seat] >= (s.sp_bought[seat] < 10 ? 1 : 2) &&
             any_envoy_unmoved() && s.sp[seat] < supply_for_journeys(s, envoys());
    default:
      return false;
  }
}

}  // namespace frontier::crossroads
