// Combat (14.0): mandatory attacks in every square shared with enemy combat units, withdrawal
// before combat, choice of CRT (50% rule), odds with rounding and the 1.5:1 column, terrain
// multiple chosen by the defender, one agent's DRM per side, results in order; open war
// (24.0); then agent capture (16.41) and massacres (20.5).
#include "core/text.h"
#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

int max_move(const State& s, int sq, int side) {
  int m = 0;
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc == sq && s.unit_side(u) == side) m = std::max<int>(m, s.type(u).move);
  return m;
}
int min_move(const State& s, int sq, int side) {
  int m = 1000;
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc == sq && s.unit_side(u) == side) m = std::min<int>(m, s.type(u).move);
  return m;
}
int agent_military(const State& s, int side) {
  int a = s.combat_agent[side];
  return a >= 0 ? s.d->agents[a].military : 0;
}
bool has_regulars(const State& s, int sq, int side) {
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc == sq && s.unit_side(u) == side && s.regular(u)) return true;
  return false;
}

// 14.61/14.62: which tables the attacker may use. bit 0 Battle, bit 1 Raid.
int crt_options(const State& s, int sq, int side) {
  int total = 0, b = 0, r = 0;
  for (int u = 0; u < s.nunits; ++u) {
    if (s.units[u].loc != sq || s.unit_side(u) != side) continue;
    const UnitType& t = s.type(u);
    total += t.strength;
    if (t.crt != kCrtR) b += t.strength;
    if (t.crt != kCrtB) r += t.strength;
  }
  return (2 * b >= total ? 1 : 0) | (2 * r >= total ? 2 : 0);
}

bool can_retreat_to(const State& s, int from, int to, int side) {
  if (to >= kSquares) {
    for (int u = 0; u < s.nunits; ++u)
      if (s.units[u].loc == from && s.unit_side(u) == side && s.type(u).nation != side)
        return false;  // 19.21
    return true;
  }
  if (s.d->terrain[to] == kSea) return false;
  return !occupied_by(s, to, other(side));
}

void retreat_squares(const State& s, int side, std::vector<int>& out) {
  out.clear();
  int nb[10];
  bool diag = true;
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc == s.combat_sq && s.unit_side(u) == side && !s.type(u).highlighted) diag = false;
  int n = neighbours(s, s.combat_sq, diag, side, nb);
  for (int i = 0; i < n; ++i)
    if (can_retreat_to(s, s.combat_sq, nb[i], side)) out.push_back(nb[i]);
}

void finish_combat(State& s) {
  s.combat_sq = -1;
  s.retreat_side = s.loss_side = -1;
  s.losses_due = 0;
  s.phase = kCombat;
}

void eliminate_side(State& s, int sq, int side, core::EventSink& ev, bool bop) {
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc == sq && s.unit_side(u) == side) {
      if (bop && s.regular(u)) shift_bop(s, other(side), 1, ev, "regular brigade lost");
      eliminate_unit(s, u, ev);
    }
}

void start_retreat(State& s, int side, core::EventSink& ev) {
  std::vector<int> to;
  retreat_squares(s, side, to);
  if (to.empty()) {
    if (ev.enabled())
      ev.add("retreat", std::string(side_name(side)) + " force has nowhere to retreat and is eliminated");
    eliminate_side(s, s.combat_sq, side, ev, true);
    finish_combat(s);
    return;
  }
  s.retreat_side = static_cast<int8_t>(side);
  s.phase = kRetreatChoice;
}

// Applies the parts of a result in order (14.9); stops when a player must choose.
void continue_result(State& s, core::EventSink& ev) {
  int att = s.phasing, def = other(att);
  if (s.losses_due > 0) {
    s.phase = kLossChoice;
    return;
  }
  switch (s.combat_result) {
    case kAE:
      eliminate_side(s, s.combat_sq, att, ev, true);
      finish_combat(s);
      return;
    case kA1R:
    case kAR:
      start_retreat(s, att, ev);
      return;
    case kEX:
    case kDR:
    case kD1R:
      start_retreat(s, def, ev);
      return;
    case kDE:
      eliminate_side(s, s.combat_sq, def, ev, true);
      finish_combat(s);
      return;
  }
}

}  // namespace

void resolve_odds(State& s, core::EventSink& ev) {
  if (!combat_agents_chosen(s)) return;  // 14.8: each side names its one agent
  int att = s.phasing, def = other(att), sq = s.combat_sq;
  int a = combat_strength(s, sq, att), d = combat_strength(s, sq, def) * s.combat_mult;
  int col = combat_column(a, d);
  int drm = agent_military(s, att) - agent_military(s, def);  // 14.8
  int roll = s.rng.roll();
  int die = std::clamp(roll + drm, 0, 7);
  s.combat_result = s.d->crt[s.combat_crt][die][col];
  static const char* cols[] = {"1:3", "1:2", "1:1", "1.5:1", "2:1", "3:1", "4:1"};
  static const char* res[] = {"AE", "A1R", "AR", "EX", "DR", "D1R", "DE"};
  if (ev.enabled())
    ev.add("combat", std::string(s.combat_crt ? "Raid" : "Battle") + " at " + square_name(*s.d, sq) + ": " +
                         std::to_string(a) + " against " + std::to_string(d) + " (x" +
                         std::to_string(s.combat_mult) + "), odds " + cols[col] + ", rolled " +
                         std::to_string(roll) + (drm >= 0 ? "+" : "") + std::to_string(drm) + ": " +
                         res[s.combat_result]);
  s.loss_context = 0;
  switch (s.combat_result) {
    case kA1R:
      s.loss_side = static_cast<int8_t>(att);
      s.losses_due = 1;
      break;
    case kD1R:
      s.loss_side = static_cast<int8_t>(def);
      s.losses_due = 1;
      break;
    case kEX:
      s.loss_side = static_cast<int8_t>(att);
      s.losses_due = 1;
      break;
    default:
      s.losses_due = 0;
  }
  continue_result(s, ev);
}

namespace {

void after_crt_choice(State& s, core::EventSink& ev) {
  int opts[3];
  int n = best_terrain_multiple(s, s.combat_sq, other(s.phasing), opts);
  if (n > 1) {
    s.phase = kTerrainChoice;
    return;
  }
  s.combat_mult = static_cast<int8_t>(n == 1 ? opts[0] : 1);
  resolve_odds(s, ev);
}

void after_withdrawal(State& s, core::EventSink& ev) {
  int opts = crt_options(s, s.combat_sq, s.phasing);
  if (opts == 3) {
    s.phase = kCrtChoice;
    return;
  }
  s.combat_crt = static_cast<int8_t>(opts == 2 ? 1 : 0);
  after_crt_choice(s, ev);
}

void begin_combat(State& s, int sq, core::EventSink& ev) {
  int att = s.phasing, def = other(att);
  s.combat_sq = static_cast<int16_t>(sq);
  s.combat_agent = {-2, -2};
  // 24.0: the first attack by a force with regulars on a force with enemy regulars.
  if (s.open_war_by < 0 && has_regulars(s, sq, att) && has_regulars(s, sq, def)) {
    s.open_war_by = static_cast<int8_t>(att);
    s.open_war_this_turn = true;
    int pounds = s.rng.roll() + s.rng.roll() + s.rng.roll();
    s.pounds[def] = static_cast<int16_t>(s.pounds[def] + pounds);
    if (ev.enabled())
      ev.add("open_war", std::string("Open war! The ") + side_name(def) + " receive " +
                             core::count_of(pounds, "pound", "pounds") + " (24.1)");
    shift_bop(s, att, s.rng.roll(), ev, "open war");
  }
  // 14.5: withdrawal if every defending unit is faster than the fastest attacker.
  if (min_move(s, sq, def) > max_move(s, sq, att)) {
    s.phase = kWithdrawChoice;
    return;
  }
  after_withdrawal(s, ev);
}

}  // namespace

int combat_column(int attack, int defence) {
  // 14.71-14.73: columns 1:3 1:2 1:1 1.5:1 2:1 3:1 4:1.
  if (defence <= 0) return 6;
  if (attack >= defence) {
    int ratio = attack / defence;
    if (ratio >= 4) return 6;
    if (ratio == 3) return 5;
    if (ratio == 2) return 4;
    return 2 * attack >= 3 * defence ? 3 : 2;
  }
  int ratio = (defence + attack - 1) / attack;  // 4b: round up
  return ratio >= 3 ? 0 : ratio == 2 ? 1 : 2;
}

bool combat_pending(const State& s) {
  Occupancy occ(s);
  for (int sq = 0; sq < kSquares; ++sq)
    if (occ.at(sq, s.phasing) && occ.at(sq, other(s.phasing))) return true;
  return false;
}

void combat_legal(const State& s, int seat, Actions& out) {
  std::vector<int> to;
  switch (s.phase) {
    case kCombat: {
      bool any = false;
      Occupancy occ(s);
      for (int sq = 0; sq < kSquares; ++sq)
        if (occ.at(sq, seat) && occ.at(sq, other(seat))) {
          out.push_back({RESOLVE, static_cast<int16_t>(sq), 0, 0});
          any = true;
        }
      if (!any) out.push_back({END_COMBAT, 0, 0, 0});  // 14.21: combat is mandatory
      return;
    }
    case kWithdrawChoice:
      out.push_back({WITHDRAW, 1, 0, 0});
      out.push_back({WITHDRAW, 0, 0, 0});
      return;
    case kCrtChoice:
      out.push_back({CHOOSE_CRT, 0, 0, 0});
      out.push_back({CHOOSE_CRT, 1, 0, 0});
      return;
    case kTerrainChoice: {
      int opts[3];
      int n = best_terrain_multiple(s, s.combat_sq, seat, opts);
      for (int i = 0; i < n; ++i) out.push_back({TERRAIN_MULTIPLE, static_cast<int16_t>(opts[i]), 0, 0});
      return;
    }
    case kLossChoice:
      for (int u = 0; u < s.nunits; ++u)
        if (s.units[u].loc == s.combat_sq && s.unit_side(u) == seat &&
            (s.loss_context == 0 || (s.units[u].flags & kMoved)))
          out.push_back({LOSE, static_cast<int16_t>(u), 0, 0});
      return;
    case kRetreatChoice:
      retreat_squares(s, seat, to);
      for (int sq : to) out.push_back({RETREAT, static_cast<int16_t>(sq), 0, 0});
      return;
    case kMassacreChoice: {
      for (int sq = 0; sq < kSquares; ++sq)
        if ((s.markers[sq] & (0xF << (other(seat) * 4))) && occupied_by(s, sq, seat) &&
            !occupied_by(s, sq, other(seat)))
          out.push_back({MASSACRE, static_cast<int16_t>(sq), 0, 0});
      out.push_back({END_COMBAT, 1, 0, 0});
      return;
    }
    default:
      return;
  }
}

void combat_apply(State& s, int seat, const core::Action& a, core::EventSink& ev) {
  const Data& d = *s.d;
  switch (a.kind) {
    case RESOLVE:
      begin_combat(s, a.a, ev);
      return;
    case WITHDRAW:
      if (a.a == 1) {
        if (ev.enabled())
          ev.add("withdraw", std::string(side_name(seat)) + " withdraws before combat (14.5)");
        s.combat_result = kDR;
        s.losses_due = 0;
        start_retreat(s, seat, ev);
      } else {
        after_withdrawal(s, ev);
      }
      return;
    case CHOOSE_CRT:
      s.combat_crt = static_cast<int8_t>(a.a);
      after_crt_choice(s, ev);
      return;
    case TERRAIN_MULTIPLE:
      s.combat_mult = static_cast<int8_t>(a.a);
      resolve_odds(s, ev);
      return;
    case LOSE: {
      if (s.loss_context == 0 && s.regular(a.a)) shift_bop(s, other(seat), 1, ev, "regular brigade lost");
      eliminate_unit(s, a.a, ev);
      if (--s.losses_due > 0) return;
      if (s.loss_context == 1) {  // forced march attrition done (27.1)
        s.combat_sq = -1;
        s.loss_side = -1;
        s.phase = kMovement;
        return;
      }
      // EX: after the attacker's loss, the defender's (14.9 order).
      int att = s.phasing, def = other(att);
      if (s.combat_result == kEX && seat == att) {
        if (occupied_by(s, s.combat_sq, def) && occupied_by(s, s.combat_sq, att)) {
          s.loss_side = static_cast<int8_t>(def);
          s.losses_due = 1;
          return;
        }
        finish_combat(s);
        return;
      }
      // Retreat only while both sides still share the square (11.4).
      if (occupied_by(s, s.combat_sq, att) && occupied_by(s, s.combat_sq, def)) {
        start_retreat(s, s.combat_result == kA1R ? att : def, ev);
        return;
      }
      finish_combat(s);
      return;
    }
    case RETREAT: {
      int from = s.combat_sq;
      for (int u = 0; u < s.nunits; ++u)
        if (s.units[u].loc == from && s.unit_side(u) == seat) s.units[u].loc = a.a;
      for (int g = 0; g < s.nagents; ++g)
        if (s.agents[g].loc == from && s.agent_side(g) == seat) s.agents[g].loc = a.a;
      if (ev.enabled())
        ev.add("retreat", std::string(side_name(seat)) + " force retreats to " + square_name(d, a.a));
      finish_combat(s);
      return;
    }
    case MASSACRE: {
      uint8_t enemy = static_cast<uint8_t>(0xF << (other(seat) * 4));
      uint8_t m = s.markers[a.a] & enemy;
      int o = other(seat);
      if (m & marker_bit(o, kColony)) shift_bop(s, o, 2, ev, "colony eliminated");  // 20.51, 2.81
      if (m & marker_bit(o, kTradingPost)) shift_bop(s, o, 1, ev, "trading post eliminated");
      if (m & marker_bit(o, kRailroad)) shift_bop(s, o, 1, ev, "railroad eliminated");
      s.markers[a.a] &= static_cast<uint8_t>(~enemy);
      if (ev.enabled())
        ev.add("massacre",
               std::string(side_name(seat)) + " destroys the markers at " + square_name(d, a.a) + " (20.5)");
      return;
    }
    case END_COMBAT:
      if (a.a == 0) {
        capture_checks(s, ev);
        s.phase = kMassacreChoice;
        return;
      }
      start_operations_step(s, ev);
      return;
  }
}

// 16.41: enemy agents alone with phasing combat units escape or are captured.
void capture_checks(State& s, core::EventSink& ev) {
  const Data& d = *s.d;
  int side = s.phasing;
  Occupancy occ(s);
  for (int a = 0; a < s.nagents; ++a) {
    int l = s.agents[a].loc;
    if (l < 0 || l >= kSquares || s.agent_side(a) != other(side)) continue;
    if (!occ.at(l, side) || occ.at(l, other(side))) continue;
    int roll = s.rng.roll();
    const AgentInfo& ai = d.agents[a];
    if (roll <= ai.political + ai.military) {
      int to = nearest_friendly_stack(s, l, other(side));
      if (ev.enabled()) ev.add("capture", ai.name + " escapes (rolled " + std::to_string(roll) + ", 16.41)");
      if (to < 0)
        eliminate_agent(s, a, ev);
      else
        s.agents[a].loc = static_cast<int16_t>(to);
    } else if (ai.generic) {
      if (ev.enabled())
        ev.add("capture", ai.name + " is caught and killed (rolled " + std::to_string(roll) + ", 16.41)");
      eliminate_agent(s, a, ev);
    } else {
      if (ev.enabled())
        ev.add("capture", ai.name + " is captured (rolled " + std::to_string(roll) + ", 16.41)");
      s.agents[a].loc = side == kBritish ? kHeldByBritish : kHeldByRussian;
      s.agents[a].flags = 0;
      if (s.pending_prisoner < 0) s.pending_prisoner = static_cast<int8_t>(a);
    }
  }
}

}  // namespace frontier::crossroads
