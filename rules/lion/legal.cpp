// Gordon's choices: every legal action for the current stage (complete: what is not listed is
// illegal) and their application. The action phase follows 4.1 (one AP each, each type once, in
// the printed order; turn 1 limits of 4.2) and 6.1-6.7 (with the publisher errata to 6.7).
#include "lion/rules.h"

namespace frontier::lion {

namespace {

using core::Action;

void push(std::vector<Action>& out, ActionKind kind, int a = 0, int b = 0) {
  out.push_back({static_cast<uint16_t>(kind), static_cast<int16_t>(a), static_cast<int16_t>(b), 0});
}

int unraised_militia(const State& s) {
  int n = 0;
  for (const Troop& t : s.troops) n += t.type == kMilitia && t.loc == Loc::kUnraised;
  return n;
}

bool any_available_regular(const State& s) {
  for (const Troop& t : s.troops) {
    if (t.loc == Loc::kAvailable && is_regular(t.type)) return true;
  }
  return false;
}

bool any_sortie_troop(const State& s) {
  for (const Troop& t : s.troops) {
    if (t.loc == Loc::kAvailable && may_sortie(t.type, t.steps)) return true;
  }
  return false;
}

// 6.1: controlled, no marker yet, a marker left, under the 4 RP limit.
bool can_fortify(const State& s, int area) {
  return s.controlled(area) && !s.fort_marker[area] &&
         data().areas[area].max_fort > data().areas[area].start_fort;
}
bool fortify_possible(const State& s) {
  if (s.fort_spent >= 4 || s.markers_used() >= data().proto.fortification_markers() || !can_pay_rp(s, 1))
    return false;
  for (int a = 0; a < kAreas; ++a) {
    if (can_fortify(s, a)) return true;
  }
  return false;
}

bool may_build_gunboat(const State& s) {
  return gunboats_in_play(s) < kGunboats && find_gunboat(s, Loc::kUnbuilt) >= 0 && can_pay_rp(s, 1);
}
bool may_repair_gunboat(const State& s) {
  return find_gunboat(s, Loc::kDamaged) >= 0 && can_pay_rp(s, 1);
}

// 6.7 errata: one area per banner path; the Palace lies on all four.
bool may_defend(const State& s, int area) {
  if (!s.controlled(area)) return false;
  if (area == kPalace) return s.defended_paths == 0;
  return (s.defended_paths >> data().areas[area].banner & 1u) == 0;
}

bool action_type_allowed(const State& s, int type) {
  if (s.actions_done >> type & 1u) return false;  // 4.1: once a turn
  if (type <= s.last_action) return false;        // 4.1: in the printed order
  if (type == kResourcesAction && (s.actions_done >> kMoraleAction & 1u)) return false;  // 6.2
  if (s.turn == 1) {  // 4.2: only four actions on turn 1
    return type == kFortifyAction || type == kMoraleAction || type == kGunboatsAction ||
           type == kMilitiaAction;
  }
  return true;
}

void list_actions(const State& s, std::vector<Action>& out) {
  const LionData& p = data().proto;
  if (action_type_allowed(s, kFortifyAction) && fortify_possible(s)) push(out, START_ACTION, kFortifyAction);
  if (action_type_allowed(s, kMoraleAction)) {
    for (int n = 1; n <= 2; ++n) {  // 6.2: 2 RP a point, at most 4 RP
      if (s.cm + n <= p.cm_max() && can_pay_rp(s, 2 * n)) push(out, START_ACTION, kMoraleAction, n);
    }
  }
  if (action_type_allowed(s, kResourcesAction)) {
    for (int n = 1; n <= 2; ++n) {  // 6.2: 2 CM a point, at most 4 CM
      if (s.rp + n <= p.rp_max() && s.cm >= 2 * n) push(out, START_ACTION, kResourcesAction, n);
    }
  }
  if (action_type_allowed(s, kGunboatsAction) && (may_build_gunboat(s) || may_repair_gunboat(s)))
    push(out, START_ACTION, kGunboatsAction);
  if (action_type_allowed(s, kMilitiaAction)) {
    for (int n = 1; n <= 2; ++n) {  // 6.3: 1 CM for one or two, at most two in existence
      if (unraised_militia(s) >= n && s.cm >= 1) push(out, START_ACTION, kMilitiaAction, n);
    }
  }
  if (action_type_allowed(s, kRaidAction) && any_available_regular(s)) push(out, START_ACTION, kRaidAction);
  if (action_type_allowed(s, kSortieAction) && any_sortie_troop(s) && s.rp >= 1)
    push(out, START_ACTION, kSortieAction);
  if (action_type_allowed(s, kDefenceAction) && any_available_regular(s))
    push(out, START_ACTION, kDefenceAction);
  push(out, END_ACTIONS);
}

// Distinct (type, steps) of available troops passing `ok`, Egyptian first, two steps first.
template <typename F>
void list_troops(const State& s, std::vector<Action>& out, F&& ok) {
  for (int type = 0; type < kTroopTypes; ++type) {
    for (int steps = 2; steps >= 1; --steps) {
      if (ok(type, steps) && find_troop(s, Loc::kAvailable, type, steps) >= 0)
        push(out, ADD_TROOP, type, steps);
    }
  }
}

void list_leaders(const State& s, std::vector<Action>& out, bool with_none) {
  for (int l = 0; l < kLeaders; ++l) {
    if (s.leaders[l].loc == Loc::kAvailable) push(out, CHOOSE_LEADER, l);
  }
  if (with_none) push(out, CHOOSE_LEADER, -1);
}

int engaged_count(const State& s, bool infantry) {
  int n = 0;
  if (infantry) {
    for (const Troop& t : s.troops) n += t.loc == Loc::kEngaged;
  } else {
    for (const Gun& g : s.guns) n += g.loc == Loc::kEngaged && g.type == kLight;
  }
  return n;
}

bool target_on_nile(const State& s) {
  return data().areas[area_index(s.target, s.banner_pos[s.target])].nile_bank;
}

int troops_in_area(const State& s, int area, bool regular_only) {
  int n = 0;
  for (const Troop& t : s.troops)
    n += t.loc == Loc::kDeployed && t.area == area && (!regular_only || is_regular(t.type));
  return n;
}

bool leader_in_area(const State& s, int area) {
  for (const LeaderState& l : s.leaders) {
    if (l.loc == Loc::kDeployed && l.area == area) return true;
  }
  return false;
}

void engage_troop(State& s, int type, int steps, Loc to, int area) {
  Troop& t = s.troops[find_troop(s, Loc::kAvailable, type, steps)];
  t.loc = to;
  t.area = static_cast<int8_t>(area);
}
void engage_gun(State& s, int type, Loc to, int area) {
  Gun& g = s.guns[find_gun(s, Loc::kAvailable, type)];
  g.loc = to;
  g.area = static_cast<int8_t>(area);
}
void engage_gunboat(State& s, Loc to, int area) {
  Gunboat& g = s.gunboats[find_gunboat(s, Loc::kAvailable)];
  g.loc = to;
  g.area = static_cast<int8_t>(area);
}

void start_action(State& s, int type, int amount, core::EventSink& log) {
  --s.ap;
  s.actions_done |= static_cast<uint8_t>(1u << type);
  s.last_action = static_cast<int8_t>(type);
  if (log.enabled())
    log.add("action", "Gordon spends 1 AP: " + describe_action(s, {START_ACTION, static_cast<int16_t>(type),
                                                                   static_cast<int16_t>(amount), 0}));
  switch (type) {
    case kFortifyAction:
      s.stage = Stage::kFortify;
      return;
    case kMoraleAction:
      pay_rp(s, 2 * amount, log);
      change_cm(s, amount, log);
      break;
    case kResourcesAction:
      change_cm(s, -2 * amount, log);
      change_rp(s, amount, log);
      break;
    case kGunboatsAction:
      s.stage = Stage::kGunboats;
      return;
    case kMilitiaAction:
      for (int n = 0; n < amount; ++n) {
        for (Troop& t : s.troops) {
          if (t.type == kMilitia && t.loc == Loc::kUnraised) {
            t.loc = Loc::kAvailable;
            t.steps = 1;
            break;
          }
        }
      }
      change_cm(s, -1, log);
      break;
    case kRaidAction:
      s.stage = Stage::kRaidTarget;
      return;
    case kSortieAction:
      pay_rp(s, 1, log);  // 6.6: 1 AP and 1 RP
      if (s.finished()) return;
      s.stage = Stage::kSortieTarget;
      return;
    case kDefenceAction:
      s.defended_paths = 0;
      s.stage = Stage::kDefenceArea;
      return;
  }
  action_done(s, log);
}

}  // namespace

void list_legal(const State& s, std::vector<Action>& out) {
  out.clear();
  switch (s.stage) {
    case Stage::kChooseAction:
      list_actions(s, out);
      return;
    case Stage::kFortify:
      if (s.fort_spent < 4 && s.markers_used() < data().proto.fortification_markers() && can_pay_rp(s, 1)) {
        for (int a = 0; a < kAreas; ++a) {
          if (can_fortify(s, a)) push(out, FORTIFY_AREA, a);
        }
      }
      push(out, FORTIFY_DONE);
      return;
    case Stage::kGunboats:
      if (may_build_gunboat(s)) push(out, BUILD_GUNBOAT);
      if (may_repair_gunboat(s)) push(out, REPAIR_GUNBOAT);
      push(out, GUNBOATS_DONE);
      return;
    case Stage::kRaidTarget:
    case Stage::kSortieTarget:
      for (int b = 0; b < kBanners; ++b) push(out, TARGET_BANNER, b);
      return;
    case Stage::kRaidInfantry:
      list_troops(s, out, [](int type, int) { return is_regular(type); });
      return;
    case Stage::kRaidLeader:
    case Stage::kSortieLeader:
      list_leaders(s, out, true);
      return;
    case Stage::kRaidSupport:
      if (engaged_count(s, false) == 0 && find_gun(s, Loc::kAvailable, kLight) >= 0)
        push(out, ADD_GUN, kLight);
      if (target_on_nile(s) && find_gunboat(s, Loc::kAvailable) >= 0) push(out, ADD_GUNBOAT);
      push(out, LAUNCH);
      return;
    case Stage::kSortieTroops:
      if (engaged_count(s, true) < 3) list_troops(s, out, may_sortie);
      if (engaged_count(s, true) >= 1) push(out, TROOPS_DONE);
      return;
    case Stage::kSortieSupport:
      if (engaged_count(s, false) < engaged_count(s, true) && find_gun(s, Loc::kAvailable, kLight) >= 0)
        push(out, ADD_GUN, kLight);
      if (count_gunboats(s, Loc::kEngaged) > 0 && find_gun(s, Loc::kAvailable, kHeavy) >= 0)
        push(out, ADD_GUN, kHeavy);
      if (target_on_nile(s) && find_gunboat(s, Loc::kAvailable) >= 0) push(out, ADD_GUNBOAT);
      push(out, LAUNCH);
      return;
    case Stage::kDefenceArea:
      if (any_available_regular(s)) {
        for (int a = 0; a < kAreas; ++a) {
          if (may_defend(s, a)) push(out, DEFEND_AREA, a);
        }
      }
      push(out, DEFENCE_DONE);
      return;
    case Stage::kDefenceUnits: {
      int area = s.defence_area;
      int troops = troops_in_area(s, area, false);
      bool regular = troops_in_area(s, area, true) > 0;
      if (troops < 4) list_troops(s, out, [regular](int type, int) { return is_regular(type) || regular; });
      if (!leader_in_area(s, area)) list_leaders(s, out, false);
      for (int g = 0; g < kGunTypes; ++g) {
        if (find_gun(s, Loc::kAvailable, g) >= 0) push(out, ADD_GUN, g);
      }
      if (data().areas[area].nile_bank && find_gunboat(s, Loc::kAvailable) >= 0) push(out, ADD_GUNBOAT);
      if (regular) push(out, AREA_DONE);
      return;
    }
    case Stage::kUltimatum:
      push(out, ULTIMATUM, 0);
      push(out, ULTIMATUM, 1);
      return;
    case Stage::kSpendRp:
      if (s.rp >= 1) push(out, SPEND_RP, 1);
      push(out, SPEND_RP, 0);
      return;
    case Stage::kLoseStep: {
      bool two = false;
      for (const Troop& t : s.troops) two |= t.loc == Loc::kEngaged && t.steps == 2;
      for (int type = 0; type < kTroopTypes; ++type) {
        int steps = two ? 2 : 1;
        if (find_troop(s, Loc::kEngaged, type, steps) >= 0) push(out, LOSE_STEP, type, steps);
      }
      return;
    }
    case Stage::kLoseGun:
      for (int g = 0; g < kGunTypes; ++g) {
        if (find_gun(s, Loc::kEngaged, g) >= 0) push(out, LOSE_GUN, g);
      }
      return;
    default:
      return;
  }
}

void apply_action(State& s, const Action& a, core::EventSink& log) {
  switch (static_cast<ActionKind>(a.kind)) {
    case START_ACTION:
      start_action(s, a.a, a.b, log);
      return;
    case END_ACTIONS:
      if (log.enabled()) log.add("action", "Gordon ends the action phase");
      end_action_phase(s, log);
      return;
    case FORTIFY_AREA:
      pay_rp(s, 1, log);
      ++s.fort_spent;
      s.fort_marker[a.a] = true;
      if (log.enabled())
        log.add("fortify", data().areas[a.a].name + " fortification now +" +
                               std::to_string(s.fort_level(a.a)) + " (6.1)");
      return;
    case FORTIFY_DONE:
    case GUNBOATS_DONE:
      action_done(s, log);
      return;
    case BUILD_GUNBOAT:
      pay_rp(s, 1, log);
      s.gunboats[find_gunboat(s, Loc::kUnbuilt)].loc = Loc::kAvailable;
      if (log.enabled()) log.add("gunboat", "A gunboat is built (6.4)");
      return;
    case REPAIR_GUNBOAT:
      pay_rp(s, 1, log);
      s.gunboats[find_gunboat(s, Loc::kDamaged)].loc = Loc::kAvailable;
      if (log.enabled()) log.add("gunboat", "A gunboat is repaired (6.4)");
      return;
    case TARGET_BANNER:
      s.target = static_cast<int8_t>(a.a);
      s.stage = s.stage == Stage::kRaidTarget ? Stage::kRaidInfantry : Stage::kSortieTroops;
      return;
    case ADD_TROOP:
      if (s.stage == Stage::kDefenceUnits) {
        engage_troop(s, a.a, a.b, Loc::kDeployed, s.defence_area);
        return;
      }
      engage_troop(s, a.a, a.b, Loc::kEngaged, -1);
      if (s.stage == Stage::kRaidInfantry) s.stage = Stage::kRaidLeader;
      return;
    case TROOPS_DONE:
      s.stage = Stage::kSortieLeader;
      return;
    case CHOOSE_LEADER:
      if (s.stage == Stage::kDefenceUnits) {
        s.leaders[a.a].loc = Loc::kDeployed;
        s.leaders[a.a].area = s.defence_area;
        return;
      }
      if (a.a >= 0) s.leaders[a.a].loc = Loc::kEngaged;
      s.stage = s.stage == Stage::kRaidLeader ? Stage::kRaidSupport : Stage::kSortieSupport;
      return;
    case ADD_GUN:
      if (s.stage == Stage::kDefenceUnits) {
        engage_gun(s, a.a, Loc::kDeployed, s.defence_area);
      } else {
        engage_gun(s, a.a, Loc::kEngaged, -1);
      }
      return;
    case ADD_GUNBOAT:
      if (s.stage == Stage::kDefenceUnits) {
        engage_gunboat(s, Loc::kDeployed, s.defence_area);
      } else {
        engage_gunboat(s, Loc::kEngaged, -1);
      }
      return;
    case LAUNCH:
      if (s.stage == Stage::kRaidSupport) {
        launch_raid(s, log);
      } else {
        launch_sortie(s, log);
      }
      return;
    case DEFEND_AREA:
      s.defence_area = static_cast<int8_t>(a.a);
      s.defended_paths = a.a == kPalace
                             ? uint8_t{0xF}
                             : static_cast<uint8_t>(s.defended_paths | 1u << data().areas[a.a].banner);
      s.stage = Stage::kDefenceUnits;
      return;
    case AREA_DONE:
      if (log.enabled())
        log.add("defence", "Defensive position set up in " + data().areas[s.defence_area].name + " (6.7)");
      s.defence_area = -1;
      s.stage = Stage::kDefenceArea;
      return;
    case DEFENCE_DONE:
      action_done(s, log);
      return;
    case ULTIMATUM:
      resolve_ultimatum(s, a.a == 0, log);
      return;
    case SPEND_RP:
      resolve_defence(s, a.a == 1, log);
      return;
    case LOSE_STEP:
      lose_step(s, a.a, a.b, log);
      continue_casualties(s, log);
      return;
    case LOSE_GUN:
      lose_gun(s, a.a, log);
      continue_casualties(s, log);
      return;
    default:
      return;
  }
}

}  // namespace frontier::lion
