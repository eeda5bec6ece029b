#include "crossroads/view.h"

#include <algorithm>
#include <array>
#include <climits>

#include "crossroads/board.h"
#include "crossroads/rules.h"

namespace frontier::crossroads {

namespace {

bool in_combat(const State& s) {
  switch (s.phase) {
    case kWithdrawChoice:
    case kCrtChoice:
    case kTerrainChoice:
    case kLossChoice:
    case kRetreatChoice:
      return s.loss_context == 0 || s.phase != kLossChoice;
    default:
      return false;
  }
}

const char* const kColumns[] = {"1:3", "1:2", "1:1", "1.5:1", "2:1", "3:1", "4:1"};
const char* const kResults[] = {"AE", "A1R", "AR", "EX", "DR", "D1R", "DE"};
const char* const kResultWords[] = {
    "attacker eliminated", "attacker loses a unit and retreats",
    "attacker retreats",   "exchange: attacker loses a unit, defender retreats",
    "defender retreats",   "defender loses a unit and retreats",
    "defender eliminated"};

// Only while in_combat(s) or the agents are named: both forces stand in the square and are open
// to both players then (22.1), so nothing here is hidden.
void fill_combat(const State& s, CombatView& v) {
  const Data& d = *s.d;
  int sq = s.combat_sq, att = s.phasing, def = other(att);
  v.set_square(sq);
  v.set_name(square_name(d, sq));
  v.set_attacker(side_name(att));
  v.set_defender(side_name(def));
  v.set_attack(combat_strength(s, sq, att));
  v.set_defence(combat_strength(s, sq, def));
  // The table is fixed once the withdrawal and table choices are behind (14.5, 14.6), the multiple
  // once the defender chose it (14.74): both are when the players name their agents (14.8, the
  // phase of the choice before it stays); the agents and the result once the odds were rolled.
  bool naming_agents = s.pick_for == kPickCombat;
  bool rolled = s.phase == kLossChoice || s.phase == kRetreatChoice;
  bool table_known = rolled || naming_agents || s.phase == kTerrainChoice;
  if (table_known) v.set_table(s.combat_crt ? "Raid" : "Battle");
  if (rolled || naming_agents) v.set_terrain_multiple(s.combat_mult);
  if (!rolled) return;
  for (int side : {att, def}) {
    int a = s.combat_agent[side];
    std::string name = a >= 0 ? d.agents[a].name : "";
    int drm = a >= 0 ? d.agents[a].military : 0;
    if (side == att) {
      v.set_attacker_agent(name);
      v.set_attacker_drm(drm);
    } else {
      v.set_defender_agent(name);
      v.set_defender_drm(drm);
    }
  }
  v.set_result(kResults[s.combat_result]);
  v.set_result_text(kResultWords[s.combat_result]);
  // The odds stand until a loss changes the strengths: while the loss is chosen, or when the
  // result took none.
  bool no_losses_taken = s.phase == kLossChoice || s.combat_result == kAR || s.combat_result == kDR;
  if (no_losses_taken) v.set_odds(kColumns[combat_column(v.attack(), v.defence() * s.combat_mult)]);
  if (s.phase == kLossChoice) {
    v.set_losing(side_name(s.loss_side));
    v.set_losses_due(s.losses_due);
  }
  if (s.phase == kRetreatChoice) v.set_retreating(side_name(s.retreat_side));
}

}  // namespace

Presence::Presence(const State& s) {
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc >= 0 && s.unit_side(u) < 2)
      here[s.units[u].loc] |= static_cast<uint8_t>(1 << s.unit_side(u));
  for (int a = 0; a < s.nagents; ++a)
    if (s.agents[a].loc >= 0 && s.agent_side(a) < 2)
      here[s.agents[a].loc] |= static_cast<uint8_t>(1 << s.agent_side(a));
}

static bool seat_may_examine(const State& s, const Presence& p, int seat, int loc, int side) {
  if (side == seat) return true;
  if (loc >= kSquares) return false;                    // the enemy home base box (19.0)
  if (p.here[loc] >> seat & 1) return true;             // 22.1(1)
  if (in_combat(s) && loc == s.combat_sq) return true;  // 22.1(2)
  if (s.spy_ring[seat]) return true;                    // 22.1(3)
  int r = s.d->region[loc];
  return r >= 0 && s.control[r] == seat;  // 22.1(4)
}

bool examine(const State& s, const Presence& p, int viewer, int loc, int side) {
  if (s.finished) return true;
  if (viewer == core::kObserver)
    return seat_may_examine(s, p, kBritish, loc, side) && seat_may_examine(s, p, kRussian, loc, side);
  return seat_may_examine(s, p, viewer, loc, side);
}

bool may_examine(const State& s, int viewer, int loc, int side) {
  Presence p(s);
  return examine(s, p, viewer, loc, side);
}

std::string phase_name(const State& s) {
  static const char* names[] = {"set-up",       "initiative",   "income and expenditure",
                                "movement",     "movement",     "negotiations",
                                "negotiations", "combat",       "combat",
                                "combat",       "combat",       "combat",
                                "combat",       "combat",       "combat",
                                "provisioning", "provisioning", "levy",
                                "jihad",        "agreement",    "discovery",
                                "game over"};
  return names[s.phase];
}

int phasing_side(const State& s) {
  switch (s.phase) {
    case kSetup:
    case kInitiative:
    case kExpend:  // both players at once (3.1)
    case kGameOver:
      return -1;
    case kProvisioning:
    case kStarveChoice:
      return s.prov_side;  // 17.3: first player, then second
    default:
      return s.phasing;
  }
}

void build_view(const State& s, int viewer, CrossroadsView& out) {
  const Data& d = *s.d;
  out.set_turn(static_cast<uint32_t>(s.turn));
  out.set_years(std::to_string(1830 + 5 * s.turn) + "-" + std::to_string(1834 + 5 * s.turn));
  out.set_phase(phase_name(s));
  out.set_first_player(side_name(s.first));
  out.set_operations_phase(s.op);
  if (int p = phasing_side(s); p >= 0) out.set_phasing(side_name(p));
  out.set_balance_of_power(s.bop);
  for (int r = 0; r < kRegions; ++r) {
    auto* rv = out.add_regions();
    rv->set_code(d.region_code[r]);
    rv->set_name(d.region_name[r]);
    rv->set_control(side_name(s.control[r]));
    rv->set_vp(d.region_vp[r]);
  }
  bool own = viewer == kBritish || viewer == kRussian;
  out.set_pounds(own || s.finished ? s.pounds[own ? viewer : 0] : -1);  // 9.0: treasuries are secret
  out.set_supply_points(own ? s.sp[viewer] : -1);
  // Stacks: per location and side, in location order, each stack's pieces in index order. The
  // pieces on the map are sorted once by (location, side, index) and walked in step with the
  // stacks, rather than every piece scanned for every stack.
  Presence pres(s);
  auto stack_key = [](int loc, int side) { return loc * 3 + side; };
  std::array<int16_t, kMaxUnits> units{};
  std::array<int16_t, kMaxAgents> agents{};
  int nu = 0, na = 0;
  for (int u = 0; u < s.nunits; ++u)
    if (s.units[u].loc >= 0) units[static_cast<size_t>(nu++)] = static_cast<int16_t>(u);
  for (int a = 0; a < s.nagents; ++a)
    if (s.agents[a].loc >= 0) agents[static_cast<size_t>(na++)] = static_cast<int16_t>(a);
  auto unit_key = [&](int u) { return stack_key(s.units[u].loc, s.unit_side(u)); };
  auto agent_key = [&](int a) { return stack_key(s.agents[a].loc, s.agent_side(a)); };
  std::stable_sort(units.begin(), units.begin() + nu,
                   [&](int a, int b) { return unit_key(a) < unit_key(b); });
  std::stable_sort(agents.begin(), agents.begin() + na,
                   [&](int a, int b) { return agent_key(a) < agent_key(b); });
  for (int iu = 0, ia = 0; iu < nu || ia < na;) {
    int key = std::min(iu < nu ? unit_key(units[static_cast<size_t>(iu)]) : INT_MAX,
                       ia < na ? agent_key(agents[static_cast<size_t>(ia)]) : INT_MAX);
    int loc = key / 3, side = key % 3;
    int iu_end = iu, ia_end = ia;
    while (iu_end < nu && unit_key(units[static_cast<size_t>(iu_end)]) == key) ++iu_end;
    while (ia_end < na && agent_key(agents[static_cast<size_t>(ia_end)]) == key) ++ia_end;
    bool exam = examine(s, pres, viewer, loc, side);
    if (exam || loc < kSquares) {  // an unexamined home box of the enemy is off the map
      auto* st = out.add_stacks();
      st->set_square(loc);
      st->set_row(loc < kSquares ? loc / kW : -1);
      st->set_col(loc < kSquares ? loc % kW : -1);
      st->set_name(square_name(d, loc));
      st->set_side(side_name(side));
      st->set_examined(exam);
      if (!exam) st->set_holds_units(iu_end > iu);
      if (exam) {  // otherwise only the flag (22.3)
        for (int i = iu; i < iu_end; ++i) {
          int u = units[static_cast<size_t>(i)];
          const UnitType& t = s.type(u);
          auto* uv = st->add_units();
          uv->set_id(u);
          uv->set_nation(d.nation_code(t.nation));
          uv->set_type(kind_code(t.kind));
          uv->set_strength(t.strength);
          uv->set_crt(t.crt == kCrtB ? "B" : t.crt == kCrtR ? "R" : "C");
          uv->set_move(t.move);
        }
        for (int i = ia; i < ia_end; ++i) {
          int a = agents[static_cast<size_t>(i)];
          auto* av = st->add_agents();
          av->set_name(d.agents[a].name);
          av->set_political(d.agents[a].political);
          av->set_military(d.agents[a].military);
        }
      }
    }
    iu = iu_end;
    ia = ia_end;
  }
  static const char* kinds[] = {"colony", "fort", "trading post", "railroad"};
  for (int sq = 0; sq < kSquares; ++sq)  // 22.2: markers are always visible
    for (int side = 0; side < 2 && s.markers[sq] != 0; ++side)
      for (int k = 0; k < 4; ++k)
        if (s.has_marker(sq, side, static_cast<MarkerKind>(k))) {
          auto* m = out.add_markers();
          m->set_square(sq);
          m->set_name(square_name(d, sq));
          m->set_side(side_name(side));
          m->set_kind(kinds[k]);
        }
  if (s.open_war_by >= 0) out.set_open_war_by(side_name(s.open_war_by));
  for (int a = 0; a < s.nagents; ++a)
    if (s.agents[a].loc == kHeldByBritish || s.agents[a].loc == kHeldByRussian)
      out.add_prisoners(d.agents[a].name + (s.agents[a].loc == kHeldByBritish ? " (held by the British)"
                                                                              : " (held by the Russians)"));
  if (s.finished) {
    out.set_british_vp(s.vp[0]);
    out.set_russian_vp(s.vp[1]);
  }
  if (s.control[kGhazi] != kNeutral) out.set_ghazis(side_name(s.control[kGhazi]));
  if (s.phase == kCommitPounds) out.set_pending("negotiations with " + d.region_name[s.nego_region]);
  // Naming the agents (14.8) may come straight from the attack, in the combat phase itself; both
  // sides stand in the square then, so its stacks are open to both (22.1(1)) as in combat.
  if ((in_combat(s) || s.pick_for == kPickCombat) && s.combat_sq >= 0) fill_combat(s, *out.mutable_combat());
  fill_table(s, pres, viewer, *out.mutable_table());
}

}  // namespace frontier::crossroads
