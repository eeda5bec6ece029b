// Movement (13.0) of forces (11.3): pick a square, leave pieces behind if wanted, begin (paying
// one SP from the 2nd operations phase, 12.2), step square by square, drop off, end the move.
// Trade routes (13.5), railroads (13.6), amphibious chains (13.8), home bases (19.0), forced
// march (27.0) and the telegraph (28.0).
#include <algorithm>
#include <array>

#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

constexpr int kAgentMove = 8;  // RECONSTRUCTED: agents' printed movement (highlighted, 13.2)

template <typename F>
void each_force_piece(const State& s, F f) {
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].flags & kInForce) f(u, false);
  for (int a = 0; a < s.nagents; ++a)
    if (s.agents[a].flags & kInForce) f(a, true);
}

// The moving force's pieces and what the rules ask of them, gathered in one pass over the
// pieces: legal moves are listed at every step of every playout a bot runs.
struct ForceAtHand {
  std::array<int16_t, kMaxUnits + kMaxAgents> pieces;  // units, then agents as 1000 + index
  int n = 0;
  bool highlighted = true;  // 13.2: every unit in it may cross square vertices
  bool regulars = false;    // 19.21-19.23: only the side's own regulars and agents
  bool enemy_here = false;  // 13.32: enemy combat units share its square
};

ForceAtHand force_at_hand(const State& s, int seat) {
  ForceAtHand f;
  bool own = true;
  for (int u = 0; u < s.nunits; ++u) {
    if (s.units[u].flags & kInForce) {
      f.pieces[f.n++] = static_cast<int16_t>(u);
      f.highlighted = f.highlighted && s.type(u).highlighted;
      own = own && s.type(u).nation == seat;
    } else if (s.units[u].loc == s.force_sq && s.unit_side(u) == other(seat)) {
      f.enemy_here = true;
    }
  }
  for (int a = 0; a < s.nagents; ++a)
    if (s.agents[a].flags & kInForce) {
      f.pieces[f.n++] = static_cast<int16_t>(1000 + a);
      own = own && s.d->agents[a].nation == seat;
    }
  f.regulars = own && f.n > 0;
  return f;
}

bool is_water_chain(const State& s, int sq) {
  Terrain t = s.d->terrain[sq];
  return t == kRiver || t == kCoast || t == kSea;
}

// 19.11/19.12: an amphibious force of regulars on the Persian Gulf (British) or the Caspian
// (Russian) may sail home. `home_water` is the water it may sail home from, 0 when it may not.
char home_water(const State& s, int seat, const ForceAtHand& f) {
  if (s.force_mode != 1 || s.left_home || s.force_mp < 2 || !f.regulars) return 0;
  return seat == kBritish ? 'G' : 'C';
}

// 13.84 with 13.81: a leg is a path and may not end at sea, so a step out to sea is offered only
// while a way ashore (or home) remains over squares this leg has not entered; otherwise a force
// could sail into a bay it may neither stay in nor leave.
bool way_ashore(const State& s, int to, int seat, char home) {
  const Data& d = *s.d;
  if (d.terrain[to] != kSea) return true;
  SquareSet seen = s.leg_entered;
  std::array<int16_t, kSquares> queue;
  int head = 0, tail = 0;
  seen.add(to);
  queue[tail++] = static_cast<int16_t>(to);
  while (head < tail) {
    int sq = queue[head++];
    if (d.terrain[sq] != kSea || (home && d.water[sq] == home)) return true;
    int nb[10];
    int n = neighbours(s, sq, false, seat, nb);
    for (int i = 0; i < n; ++i) {
      int next = nb[i];
      if (next >= kSquares || !is_water_chain(s, next) || d.terrain[next] == kMountain) continue;
      if (seen.has(next)) continue;
      seen.add(next);
      queue[tail++] = static_cast<int16_t>(next);
    }
  }
  return false;
}

int sp_to_begin(const State& s) {
  if (s.op == 1) return 0;  // 12.2(1)
  // 29.0 improved staff work: the 2nd operation of an all-regular force is free from 1890-94.
  if ((s.options & kOptStaffWork) && s.op == 2 && s.turn >= 12) {
    bool all_regular = true;
    for (int u = 0; u < s.nunits; ++u)
      if ((s.units[u].flags & kInForce) && !s.regular(u)) all_regular = false;
    if (all_regular) return 0;
  }
  return 1;
}

int pieces_in_force(const State& s) {
  int n = 0;
  each_force_piece(s, [&](int, bool) { ++n; });
  return n;
}

bool can_begin(const State& s, int seat) {
  return pieces_in_force(s) > 0 && s.sp[seat] >= sp_to_begin(s);
}

}  // namespace

int force_movement(const State& s) {
  int unit_min = 1000, bonus = 0;
  bool any_unit = false;
  each_force_piece(s, [&](int i, bool agent) {
    if (!agent) {
      any_unit = true;
      int m = s.type(i).move * (s.force_forced ? 2 : 1);  // 27.1
      unit_min = std::min(unit_min, m);
    }
  });
  if (s.force_agent >= 0) bonus = s.d->agents[s.force_agent].military;  // 16.21: one agent's bonus
  int mp = any_unit ? unit_min + bonus : kAgentMove;
  bool agents = false;
  each_force_piece(s, [&](int, bool agent) { agents = agents || agent; });
  if (agents) mp = std::min(mp, kAgentMove);  // 16.21, 27.2: agents use their own factor
  return mp * 2;
}

void force_sets_off(State& s, int sp_cost, core::EventSink& ev) {
  s.force_mp = static_cast<int16_t>(force_movement(s));
  if (ev.enabled())
    ev.add_private("move", core::seat_bit(s.phasing),
                   std::string(side_name(s.phasing)) + " force at " + square_name(*s.d, s.force_sq) +
                       " begins to move with " + std::to_string(s.force_mp / 2) +
                       (s.force_mp % 2 ? ".5" : "") + " movement points" + (sp_cost ? " (1 SP, 12.2)" : ""));
}

void movement_legal(const State& s, int seat, Actions& out) {
  const Data& d = *s.d;
  if (s.phase == kMovement) {
    uint8_t seen[kLocs] = {};  // kUnitsHere, kAgentsHere
    constexpr uint8_t kUnitsHere = 1, kAgentsHere = 2;
    // Squares with both the seat's unmoved units and agents, gathered as found (every playout
    // step of a bot lists these, and a pass over all squares cost more than the rest).
    std::array<int16_t, kMaxAgents> mixed;
    int nmixed = 0;
    bool can_pay = s.sp[seat] >= 1 || s.op == 1 || ((s.options & kOptStaffWork) && s.op == 2 && s.turn >= 12);
    auto add = [&](int l, uint8_t what) {
      if (l < 0) return;
      if (!seen[l]) out.push_back({SELECT_FORCE, static_cast<int16_t>(l), 0, 0});
      if (seen[l] == kUnitsHere && what == kAgentsHere) mixed[nmixed++] = static_cast<int16_t>(l);
      seen[l] |= what;
    };
    if (can_pay) {
      for (int u = 0; u < s.nunits; ++u)
        if (!(s.units[u].flags & kMoved) && s.unit_side(u) == seat) add(s.units[u].loc, kUnitsHere);
      for (int a = 0; a < s.nagents; ++a)
        if (!(s.agents[a].flags & kMoved) && s.agent_side(a) == seat) add(s.agents[a].loc, kAgentsHere);
      // 11.3 lets any of a square's pieces form the force; agents leaving their stack to travel
      // alone at their own rate (13.2) are offered in one choice rather than a "leave behind"
      // for every unit. Offered square by square, in the order of the map.
      std::sort(mixed.begin(), mixed.begin() + nmixed);
      for (int i = 0; i < nmixed; ++i) out.push_back({SELECT_FORCE, mixed[i], kAgentsAlone, 0});
    }
    out.push_back({END_MOVEMENT, 0, 0, 0});
    return;
  }
  // kForce
  if (!s.force_begun) {
    // Forming the force (not yet begun).
    for (int u = 0; u < s.nunits; ++u)
      if (s.units[u].loc == s.force_sq && !(s.units[u].flags & kMoved) && s.unit_side(u) == seat)
        out.push_back({TOGGLE_UNIT, static_cast<int16_t>(u), 0, 0});
    for (int a = 0; a < s.nagents; ++a)
      if (s.agents[a].loc == s.force_sq && !(s.agents[a].flags & kMoved) && s.agent_side(a) == seat)
        out.push_back({TOGGLE_UNIT, static_cast<int16_t>(1000 + a), 0, 0});
    if (can_begin(s, seat)) {
      out.push_back({BEGIN_MOVE, 0, 0, 0});
      if ((s.options & kOptForcedMarch) && s.force_sq < kSquares) {
        bool has_unit = false;
        each_force_piece(s, [&](int, bool agent) { has_unit = has_unit || !agent; });
        for (int c = 0; has_unit && c <= std::min<int>(s.sp[seat] - sp_to_begin(s), 3); ++c)
          out.push_back({FORCED_MARCH, static_cast<int16_t>(c), 0, 0});
      }
    }
    out.push_back({END_MOVE, 1, 0, 0});  // cancel: back to picking a force
    return;
  }
  int here = s.force_sq;
  ForceAtHand force = force_at_hand(s, seat);
  // 13.32/13.34: stop on entering a square with enemy combat units.
  bool stopped = s.force_moved && here < kSquares && force.enemy_here;
  if (!stopped) {
    if (here >= kSquares) {
      for (int sq = 0; sq < kSquares && !s.left_home; ++sq) {
        bool edge = here == kCentralIndia ? d.central_india_edge[sq] : d.urals_edge[sq];
        if (!edge) continue;
        if (s.force_mode == 2 && !s.has_marker(sq, seat, kRailroad)) continue;  // 19.14
        int c = s.force_mode == 2 ? 2 : enter_cost(s, here, sq);
        if (c >= 0 && c <= s.force_mp) out.push_back({STEP, static_cast<int16_t>(sq), 0, 0});
      }
      if (!s.left_home && s.force_mode == 0 && s.force_mp >= 2) {
        // 19.11/19.12: leave by sea (Persian Gulf / Caspian), paying as from a non-port (13.81).
        if (s.sp[seat] >= 2) out.push_back({EMBARK, 1, 0, 0});
        // 19.14: from 1860-64 the home base has railroads; leave by a friendly railroad.
        bool rail_edge = false;
        for (int sq = 0; sq < kSquares && !rail_edge; ++sq)
          rail_edge = (here == kCentralIndia ? d.central_india_edge[sq] : d.urals_edge[sq]) &&
                      s.has_marker(sq, seat, kRailroad);
        if (s.turn >= 6 && rail_edge) out.push_back({RAIL, 0, 0, 0});
      }
    } else {
      char home = home_water(s, seat, force);
      int nb[10];
      int n = neighbours(s, here, force.highlighted && s.force_mode == 0, seat, nb);
      for (int i = 0; i < n; ++i) {
        int to = nb[i];
        int c;
        if (to >= kSquares) {
          if (!force.regulars || s.left_home) continue;  // 19.21-19.23
          if (s.force_mode == 2 && !(s.turn >= 6 && s.has_marker(here, seat, kRailroad))) continue;  // 19.14
          c = s.force_mode != 0 ? 2 : enter_cost(s, here, to);
        } else if (s.force_mode == 1) {
          if (!is_water_chain(s, to) || d.terrain[to] == kMountain) continue;     // 13.81-13.82
          if (s.leg_entered.has(to) || !way_ashore(s, to, seat, home)) continue;  // 13.81, 13.84
          c = 0;
        } else if (s.force_mode == 2) {
          if (!s.has_marker(to, seat, kRailroad) || !side_adjacent(here, to)) continue;  // 13.61-13.65
          if (s.leg_entered.has(to)) continue;                                           // 13.61: a path
          c = 0;
        } else {
          c = enter_cost(s, here, to);
        }
        if (c < 0 || c > s.force_mp) continue;
        out.push_back({STEP, static_cast<int16_t>(to), 0, 0});
      }
      if (home && d.terrain[here] == kSea && d.water[here] == home)  // 19.11/19.12: sail home
        out.push_back({STEP, static_cast<int16_t>(seat == kBritish ? kCentralIndia : kUrals), 0, 0});
      // Leaving a chain (back to land movement).
      if (s.force_mode != 0 && d.terrain[here] != kSea) out.push_back({EMBARK, -1, 0, 0});  // 13.84
      // 13.81: amphibious from a river/coast square, one MP plus one SP (two when not a port).
      int cost_sp = (d.city_at[here] >= 0 && d.cities[d.city_at[here]].port) ? 1 : 2;
      if (s.force_mode == 0 && is_water_chain(s, here) && d.terrain[here] != kMountain && s.force_mp >= 2 &&
          s.sp[seat] >= cost_sp)
        out.push_back({EMBARK, 1, 0, 0});
      // 13.61: rail movement along friendly railroads for one MP.
      if (s.force_mode == 0 && s.has_marker(here, seat, kRailroad) && s.force_mp >= 2)
        out.push_back({RAIL, 0, 0, 0});
    }
  }
  // Drop-offs (11.3): not the agent giving the movement bonus (16.21).
  if (s.force_moved && here < kSquares && d.terrain[here] != kSea) {
    for (int i = 0; i < force.n; ++i)
      if (force.pieces[i] != 1000 + s.force_agent) out.push_back({DROP, force.pieces[i], 0, 0});
  }
  // 28.0 telegraph: pick up unmoved units on railroad squares the force enters.
  if ((s.options & kOptTelegraph) && here < kSquares && s.has_marker(here, seat, kRailroad) &&
      s.force_moved) {
    for (int u = 0; u < s.nunits; ++u)
      if (s.units[u].loc == here && !(s.units[u].flags & (kMoved | kInForce)) && s.unit_side(u) == seat)
        out.push_back({TOGGLE_UNIT, static_cast<int16_t>(u), 1, 0});
  }
  // 13.84: an amphibious force may not end at sea. A home base (past the map's squares) has no
  // terrain, so it is never sea.
  bool at_sea = here < kSquares && d.terrain[here] == kSea;
  if (s.force_mode != 1 || !at_sea) out.push_back({END_MOVE, 0, 0, 0});
}

bool bot_skips_forming(const State& s, int seat, const core::Action& a) {
  if (s.phase != kForce || s.force_begun) return false;
  if (a.kind == END_MOVE) return can_begin(s, seat);  // the cancel (a = 1), the only END_MOVE here
  if (a.kind != TOGGLE_UNIT || a.b != 0) return false;
  bool in_force = a.a >= 1000 ? (s.agents[a.a - 1000].flags & kInForce) : (s.units[a.a].flags & kInForce);
  return !in_force || pieces_in_force(s) == 1;
}

void movement_apply(State& s, const core::Action& a, core::EventSink& ev) {
  const Data& d = *s.d;
  int seat = s.phasing;
  switch (a.kind) {
    case SELECT_FORCE:
      s.phase = kForce;
      s.force_sq = a.a;
      s.force_mp = 0;
      s.force_moved = false;
      s.force_begun = false;
      s.force_mode = 0;
      s.force_forced = false;
      s.force_carry = 0;
      s.left_home = false;
      for (int u = 0; u < s.nunits && a.b != kAgentsAlone; ++u)
        if (s.units[u].loc == a.a && !(s.units[u].flags & kMoved) && s.unit_side(u) == seat)
          s.units[u].flags |= kInForce;
      for (int g = 0; g < s.nagents; ++g)
        if (s.agents[g].loc == a.a && !(s.agents[g].flags & kMoved) && s.agent_side(g) == seat)
          s.agents[g].flags |= kInForce;
      return;
    case TOGGLE_UNIT:
      if (a.a >= 1000)
        s.agents[a.a - 1000].flags ^= kInForce;
      else
        s.units[a.a].flags ^= kInForce;
      if (a.b == 1 && ev.enabled())
        ev.add("telegraph", unit_label(s, a.a) + " joins the force by telegraph (28.0)");
      return;
    case FORCED_MARCH:
      s.force_forced = true;
      s.force_carry = static_cast<int8_t>(a.a);
      [[fallthrough]];
    case BEGIN_MOVE: {
      int cost = sp_to_begin(s);
      s.sp[seat] = static_cast<int16_t>(s.sp[seat] - cost - (a.kind == FORCED_MARCH ? a.a : 0));
      s.force_begun = true;
      if (ask_move_agent(s)) force_sets_off(s, cost, ev);  // else the mover picks the agent (16.21)
      return;
    }
    case STEP: {
      int from = s.force_sq;
      int c = (s.force_mode != 0 && from < kSquares && a.a < kSquares)         ? 0
              : (s.force_mode != 0 || (from >= kSquares && s.force_mode == 2)) ? 2
                                                                               : enter_cost(s, from, a.a);
      s.force_mp = static_cast<int16_t>(s.force_mp - c);
      if (from >= kSquares || a.a >= kSquares) s.left_home = true;
      s.force_sq = a.a;
      s.force_moved = true;
      if (s.force_mode != 0 && a.a < kSquares) s.leg_entered.add(a.a);
      each_force_piece(s, [&](int i, bool agent) {
        if (agent)
          s.agents[i].loc = a.a;
        else
          s.units[i].loc = a.a;
      });
      if (ev.enabled())
        ev.add_private("move", core::seat_bit(seat),
                       std::string(side_name(seat)) + " force moves to " + square_name(d, a.a));
      return;
    }
    case EMBARK:
      if (a.a == 1) {
        bool home = s.force_sq >= kSquares;
        int cost_sp = (!home && d.city_at[s.force_sq] >= 0 && d.cities[d.city_at[s.force_sq]].port) ? 1 : 2;
        s.sp[seat] = static_cast<int16_t>(s.sp[seat] - cost_sp);
        s.force_mp = static_cast<int16_t>(s.force_mp - 2);
        s.force_mode = 1;
        s.start_leg(s.force_sq);
        if (home) {  // onto the home sea (19.11/19.12): +1 MP to leave the base (19.13)
          int to = s.force_sq == kCentralIndia ? d.gulf_entry : d.caspian_entry;
          s.force_mp = static_cast<int16_t>(std::max(0, s.force_mp - 2));
          s.left_home = true;
          s.force_sq = static_cast<int16_t>(to);
          s.force_moved = true;
          s.leg_entered.add(to);
          each_force_piece(s, [&](int i, bool agent) {
            if (agent)
              s.agents[i].loc = static_cast<int16_t>(to);
            else
              s.units[i].loc = static_cast<int16_t>(to);
          });
        }
      } else {
        s.force_mode = 0;
      }
      return;
    case RAIL:
      s.force_mp = static_cast<int16_t>(s.force_mp - 2);
      s.force_mode = 2;
      s.start_leg(s.force_sq);
      return;
    case DROP:
      if (a.a >= 1000)
        s.agents[a.a - 1000].flags = kMoved;
      else
        s.units[a.a].flags = static_cast<uint8_t>((s.units[a.a].flags & ~kInForce) | kMoved);
      return;
    case END_MOVE: {
      bool cancel = a.a == 1;
      bool forced = s.force_forced;
      each_force_piece(s, [&](int i, bool agent) {
        if (agent)
          s.agents[i].flags = cancel ? 0 : kMoved;
        else
          s.units[i].flags = static_cast<uint8_t>((s.units[i].flags & ~kInForce) | (cancel ? 0 : kMoved));
      });
      s.phase = kMovement;
      s.force_mode = 0;
      if (forced && !cancel) {
        // 27.1: lose half the brigades (round up), the owner choosing; half the carried SP were paid.
        int n = 0;
        for (int u = 0; u < s.nunits; ++u)
          if (s.units[u].loc == s.force_sq && (s.units[u].flags & kMoved) && s.unit_side(u) == seat) ++n;
        s.loss_side = static_cast<int8_t>(seat);
        s.losses_due = static_cast<int8_t>((n + 1) / 2);
        s.sp[seat] = static_cast<int16_t>(s.sp[seat] + s.force_carry - (s.force_carry + 1) / 2);
        s.combat_sq = s.force_sq;
        s.retreat_side = -1;
        s.loss_context = 1;
        if (s.losses_due > 0) s.phase = kLossChoice;
      }
      s.force_forced = false;
      return;
    }
    case END_MOVEMENT:
      s.phase = kNegotiations;
      return;
  }
}

}  // namespace frontier::crossroads
