// The Battle Phase: order of battles, tactical superiority (13.1, 16.0, 17.0, 29.15), fire
// unit by unit against the BRT (13.2-13.3) with the target allocating its losses, fortresses
// and elite defenders (14.0, 16.0), Egyptian morale (29.7), winning and losing (13.4-13.5,
// 29.3, 29.13), rally (13.6), breakoff (18.0, 29.16), pursuit (19.0), major battles (20.0)
// and supply in battle (21.3, 29.17).
#include <bit>

#include "hand_of_destiny/rules.h"

namespace frontier::hand_of_destiny {

namespace {

std::string side_name(const State& s, int side) {
  return s.sc->sides[static_cast<size_t>(side)];
}

uint64_t fighters(const State& s, int side, bool unpanicked_only) {
  uint64_t m = units_at(s, s.battle.space, side);
  if (!unpanicked_only) return m;
  for (uint64_t k = m; k; k &= k - 1) {
    int u = std::countr_zero(k);
    if (s.unit(u).flags & kPanicked) m &= ~(uint64_t{1} << u);
  }
  return m;
}

int strength_in_battle(const State& s, int u) {
  int str = s.info(u).strength;
  if (s.unit(u).flags & kOutOfSupply) str = str > 0 ? str - 1 : 0;  // 21.3
  return str;
}

bool can_fire(const State& s, int u) {
  return !(s.unit(u).flags & (kPanicked | kFired));
}

bool can_break_off(const State& s, int u) {
  if (!s.opt_breakoff || !s.info(u).breakoff || !can_fire(s, u)) return false;  // 18.0, 29.16
  return retreat_destinations(s, uint64_t{1} << u, s.battle.space) != 0;
}

bool side_can_act(const State& s, int side) {
  for (uint64_t m = fighters(s, side, true); m; m &= m - 1) {
    if (!(s.unit(std::countr_zero(m)).flags & kFired)) return true;
  }
  return false;
}

void end_battle(State& s, core::EventSink& log);
void next_battle(State& s, core::EventSink& log);

// Who fires next (13.1 2 d-e): sides alternate; the side with units left fires the excess; a
// new round starts when every unpanicked unit has fired.
void next_fire(State& s, core::EventSink& log) {
  BattleState& b = s.battle;
  if (!fighters(s, 0, true) || !fighters(s, 1, true)) {
    end_battle(s, log);
    return;
  }
  if (!side_can_act(s, b.to_fire)) b.to_fire = static_cast<int8_t>(1 - b.to_fire);
  if (!side_can_act(s, b.to_fire)) {
    int total = 0;
    for (int side = 0; side < 2; ++side) {
      for (uint64_t m = fighters(s, side, true); m; m &= m - 1)
        total += strength_in_battle(s, std::countr_zero(m));
    }
    if (total == 0) {
      // No die can ever be rolled again: the attacker cannot carry the space and falls back.
      for (uint64_t m = fighters(s, b.attacker, true); m; m &= m - 1)
        s.unit(std::countr_zero(m)).flags |= kPanicked | kWasPanicked;
      end_battle(s, log);
      return;
    }
    for (uint64_t m = fighters(s, 0, false) | fighters(s, 1, false); m; m &= m - 1) {
      s.unit(std::countr_zero(m)).flags &= static_cast<uint8_t>(~kFired);
    }
    b.to_fire = b.superior;
    if (!side_can_act(s, b.to_fire)) b.to_fire = static_cast<int8_t>(1 - b.to_fire);
  }
  s.step = Step::kFire;
}

void begin_battle(State& s, int sp, core::EventSink& log) {
  s.forced_battle = -1;
  BattleState& b = s.battle;
  b = BattleState{};
  b.space = static_cast<int8_t>(sp);
  b.attacker = s.player;  // 13.0: the moving player attacks
  int defender = 1 - s.player;
  b.participants = units_at(s, sp, 0) | units_at(s, sp, 1);
  int non_leaders[2] = {0, 0}, artillery[2] = {0, 0};
  bool elite[2] = {false, false};
  for (uint64_t m = b.participants; m; m &= m - 1) {
    int u = std::countr_zero(m);
    const UnitInfo& ui = s.info(u);
    UnitState& us = s.unit(u);
    us.flags &= static_cast<uint8_t>(~(kFired | kWasPanicked | kOutOfSupply | kBattleRecruit));
    if (ui.side == kEmpire && s.opt_supply && !in_supply(s, u, true, defender == kEmpire))
      us.flags |= kOutOfSupply;
    if (!ui.leader) ++non_leaders[ui.side];
    if (ui.artillery && !ui.fleet) ++artillery[ui.side];  // 29.10: boats give no artillery bonus
    if (ui.elite) elite[ui.side] = true;
    if (ui.side == kEmpire && (us.flags & kLanded)) b.naval_landing = true;
  }
  b.major = s.opt_major && non_leaders[0] >= 4 && non_leaders[1] >= 4;  // 20.0
  for (int side : {static_cast<int>(b.attacker), defender}) {
    b.roll[side] = static_cast<int8_t>(s.rng.roll(6));
    int mod = b.roll[side];
    if (elite[side]) ++mod;  // 13.1 b
    if (side == b.attacker && s.card >= 0)
      mod += s.sc->cards[static_cast<size_t>(s.card)].battle_bonus;       // 13.1 c
    if (s.opt_artillery && artillery[side] > artillery[1 - side]) ++mod;  // 17.0
    b.modified[side] = static_cast<int8_t>(mod);
  }
  if (b.modified[0] != b.modified[1]) {
    b.superior = static_cast<int8_t>(b.modified[0] > b.modified[1] ? 0 : 1);
  } else {
    int tie = s.sc->terrain[static_cast<size_t>(terrain_of(s, sp))].tie_side;  // 29.15
    b.superior = static_cast<int8_t>(tie >= 0 ? tie : defender);
  }
  b.to_fire = b.superior;
  if (log.enabled()) {
    log.add("battle.start", side_name(s, b.attacker) + " attacks at " + space_name(s, sp) +
                                (b.major ? " (major battle, 20.0)" : "") + ": Mahdist " +
                                std::to_string(b.roll[0]) + "->" + std::to_string(b.modified[0]) +
                                ", Empire " + std::to_string(b.roll[1]) + "->" +
                                std::to_string(b.modified[1]) + "; " + side_name(s, b.superior) +
                                " has tactical superiority (13.1)");
  }
  next_fire(s, log);
}

// What a panic result does to `u` (13.3, 14.0, 16.0, 29.7).
enum class PanicEffect { kIgnore, kPanic, kEliminate };
PanicEffect panic_effect(const State& s, int u) {
  const UnitInfo& ui = s.info(u);
  if (s.unit(u).flags & kPanicked) return PanicEffect::kEliminate;
  bool defending = ui.side != s.battle.attacker;
  bool fortress = defending && shelters(s, s.battle.space, ui.side);
  if (fortress) return PanicEffect::kIgnore;
  if (defending && ui.elite) return PanicEffect::kIgnore;
  if (ui.eliminate_back) {
    bool gordon = false;
    for (uint64_t m = units_at(s, s.battle.space, ui.side); m; m &= m - 1) {
      const UnitInfo& o = s.info(std::countr_zero(m));
      gordon |= o.leader && o.british && o.egyptian;
    }
    if (!gordon) return PanicEffect::kEliminate;
  }
  return PanicEffect::kPanic;
}

// The units of `side` a panic result can be given to. 16.0 says an elite defender is "not subject
// to panic results", so a panic cannot be put on one (else one elite unit would soak up every panic
// and shield its stack); with a fortress (14.0) no defender is. What is left over has no effect.
uint64_t panic_targets(const State& s, int side) {
  uint64_t out = 0;
  for (uint64_t m = fighters(s, side, false); m; m &= m - 1) {
    int u = std::countr_zero(m);
    if (panic_effect(s, u) != PanicEffect::kIgnore) out |= uint64_t{1} << u;
  }
  return out;
}

void after_hits(State& s, core::EventSink& log) {
  BattleState& b = s.battle;
  if (b.pending_elim == 0 && b.pending_panic > 0 && fighters(s, b.target, false) &&
      !panic_targets(s, b.target)) {
    if (log.enabled())
      log.add("battle.panic", side_name(s, b.target) + " ignores " + std::to_string(b.pending_panic) +
                                  (b.pending_panic == 1 ? " panic" : " panics") +
                                  ": no defender there is subject to panic (14.0, 16.0)");
    b.pending_panic = 0;
  }
  if ((b.pending_elim == 0 && b.pending_panic == 0) || !fighters(s, b.target, false)) {
    b.pending_elim = b.pending_panic = 0;
    b.to_fire = b.target;
    b.target = -1;
    next_fire(s, log);
    return;
  }
  s.step = Step::kAllocate;
}

void fire(State& s, int u, core::EventSink& log) {
  BattleState& b = s.battle;
  s.unit(u).flags |= kFired;
  int dice = strength_in_battle(s, u);
  int e = 0, p = 0;
  std::string faces;
  for (int i = 0; i < dice; ++i) {
    int f = s.rng.roll(6);
    Result r = s.info(u).brt[static_cast<size_t>(f)];
    e += r == kEliminate;
    p += r == kPanic;
    if (log.enabled()) {
      if (!faces.empty()) faces.push_back(' ');
      faces.append(std::to_string(f));
    }
  }
  b.target = static_cast<int8_t>(1 - s.info(u).side);
  b.pending_elim = static_cast<int8_t>(e);
  b.pending_panic = static_cast<int8_t>(p);
  if (log.enabled()) {
    log.add("battle.fire", s.info(u).name + " fires " + std::to_string(dice) +
                               (dice == 1 ? " die" : " dice") + " [" + faces + "]: " + std::to_string(e) +
                               " eliminated, " + std::to_string(p) + " panicked (13.3)");
  }
  after_hits(s, log);
}

void rally_and_after(State& s, core::EventSink& log);

void end_battle(State& s, core::EventSink& log) {
  BattleState& b = s.battle;
  b.winner = static_cast<int8_t>(fighters(s, 0, true) ? 0 : 1);
  b.loser = static_cast<int8_t>(1 - b.winner);
  uint64_t losers = fighters(s, b.loser, false);
  b.loser_broke_off = losers == 0;
  if (log.enabled())
    log.add("battle.end",
            side_name(s, b.winner) + " wins the battle at " + space_name(s, b.space) + " (13.4)");
  if (b.naval_landing && b.loser == kEmpire) {
    for (uint64_t m = losers; m; m &= m - 1) eliminate_unit(s, std::countr_zero(m), log);  // 29.13
    losers = 0;
  }
  for (uint64_t m = losers; m; m &= m - 1) {
    int u = std::countr_zero(m);
    if (s.info(u).static_unit) {
      eliminate_unit(s, u, log);  // 29.3: garrisons forced to retreat are eliminated
      losers &= ~(uint64_t{1} << u);
    }
  }
  if (losers) {
    if (retreat_destinations(s, losers, b.space)) {
      s.step = Step::kRetreat;
      return;
    }
    for (uint64_t m = losers; m; m &= m - 1)
      eliminate_unit(s, std::countr_zero(m), log);  // 13.5: nowhere to go
  }
  rally_and_after(s, log);
}

// 20.0 within 28.0's limits: a garrison only joins a town battle it could garrison.
bool major_recruit_ok(const State& s, int u) {
  const UnitInfo& ui = s.info(u);
  // Gordon arrives only by Send Gordon (29.6).
  if (ui.side != s.battle.winner || s.unit(u).loc != kInBox || ui.never_returns) return false;
  if (!ui.static_unit) return true;
  int sp = s.battle.space;
  if (!is_town(s, sp) || (ui.home >= 0 && ui.home != sp)) return false;
  for (int v = 0; v < s.sc->unit_count(); ++v) {
    if (s.unit(v).loc == sp && s.info(v).static_unit) return false;
  }
  return true;
}

bool pursuer(const State& s, int u) {
  const UnitInfo& ui = s.info(u);
  return (ui.leader || ui.cavalry) && !(s.unit(u).flags & (kWasPanicked | kBattleRecruit | kPanicked));
}

void after_major(State& s, core::EventSink& log) {
  BattleState& b = s.battle;
  if (b.major && !b.major_recruit_done) {
    b.major_recruit_done = true;
    for (int u = 0; u < s.sc->unit_count(); ++u) {
      if (major_recruit_ok(s, u)) {
        s.step = Step::kMajorRecruit;
        return;
      }
    }
  }
  if (b.major && !b.major_loss_done) {
    b.major_loss_done = true;
    for (int u = 0; u < s.sc->unit_count(); ++u) {
      if (s.info(u).side == b.loser && unit_on_map(s, u)) {
        s.step = Step::kMajorLoss;
        return;
      }
    }
  }
  if (s.opt_pursuit && b.winner == b.attacker) {
    for (uint64_t m = fighters(s, b.winner, false); m; m &= m - 1) {
      if (pursuer(s, std::countr_zero(m))) {
        s.step = Step::kPursuit;
        return;
      }
    }
  }
  next_battle(s, log);
}

void rally_and_after(State& s, core::EventSink& log) {
  // 13.6: every panicked unit flips back.
  for (auto& us : s.units) us.flags &= static_cast<uint8_t>(~kPanicked);
  after_major(s, log);
}

void next_battle(State& s, core::EventSink& log) {
  for (auto& us : s.units) us.flags &= static_cast<uint8_t>(~kSelected);
  s.battle.space = -1;
  if (s.forced_battle >= 0 && contested(s, s.forced_battle)) {
    begin_battle(s, s.forced_battle, log);
    return;
  }
  s.forced_battle = -1;
  for (int sp = 0; sp < s.sc->space_count(); ++sp) {
    if (contested(s, sp)) {
      s.step = Step::kChooseBattle;
      return;
    }
  }
  end_player_turn(s, log);
}

uint64_t pursuit_group(const State& s) {
  uint64_t m = 0;
  for (int u = 0; u < s.sc->unit_count(); ++u) {
    if (s.unit(u).flags & kSelected) m |= uint64_t{1} << u;
  }
  return m;
}

}  // namespace

// Adjacent spaces free of enemies that the whole group may reach by one route (13.5).
uint64_t retreat_destinations(const State& s, uint64_t group, int from) {
  if (!group) return 0;
  int side = s.info(std::countr_zero(group)).side;
  uint64_t out = 0;
  const SpaceInfo& here = s.sc->spaces[static_cast<size_t>(from)];
  for (int i = 0; i < here.link_count; ++i) {
    const Link& l = here.links[static_cast<size_t>(i)];
    if (!has_side(s, l.to, 1 - side) && route_usable(s, group, l, true)) out |= uint64_t{1} << l.to;
  }
  return out;
}

void start_battle_phase(State& s, core::EventSink& log) {
  s.forced_battle = -1;
  next_battle(s, log);
}

void legal_battle(const State& s, core::Seat, Actions& out) {
  const BattleState& b = s.battle;
  switch (s.step) {
    case Step::kChooseBattle:
      for (int sp = 0; sp < s.sc->space_count(); ++sp) {
        if (contested(s, sp)) out.push_back(act(khartoum::FIGHT, sp));
      }
      break;
    case Step::kFire:
      for (uint64_t m = fighters(s, b.to_fire, true); m; m &= m - 1) {
        int u = std::countr_zero(m);
        if (can_fire(s, u)) out.push_back(act(khartoum::FIRE, u));
      }
      for (uint64_t m = fighters(s, b.to_fire, true); m; m &= m - 1) {
        int u = std::countr_zero(m);
        if (can_break_off(s, u)) out.push_back(act(khartoum::BREAK_OFF, u));
      }
      break;
    case Step::kBreakoffTo:
    case Step::kRetreat: {
      uint64_t g = s.step == Step::kRetreat ? fighters(s, b.loser, false) : uint64_t{1} << b.breakoff_unit;
      for (uint64_t m = retreat_destinations(s, g, b.space); m; m &= m - 1) {
        out.push_back(act(s.step == Step::kRetreat ? khartoum::RETREAT_TO : khartoum::BREAKOFF_TO,
                          std::countr_zero(m)));
      }
      break;
    }
    case Step::kAllocate: {
      uint64_t all = fighters(s, b.target, false);
      if (b.pending_elim > 0) {
        // 13.3 note: eliminations first, on unpanicked units first.
        uint64_t up = fighters(s, b.target, true);
        for (uint64_t m = up ? up : all; m; m &= m - 1)
          out.push_back(act(khartoum::ELIMINATE_UNIT, std::countr_zero(m)));
      } else {
        for (uint64_t m = panic_targets(s, b.target); m; m &= m - 1)
          out.push_back(act(khartoum::PANIC_UNIT, std::countr_zero(m)));  // 16.0: not on an elite defender
      }
      break;
    }
    case Step::kMajorRecruit:
      for (int u = 0; u < s.sc->unit_count(); ++u) {
        if (major_recruit_ok(s, u)) out.push_back(act(khartoum::CHOOSE_UNIT, u));
      }
      break;
    case Step::kMajorLoss:
      for (int u = 0; u < s.sc->unit_count(); ++u) {
        if (s.info(u).side == b.loser && unit_on_map(s, u)) out.push_back(act(khartoum::CHOOSE_UNIT, u));
      }
      break;
    case Step::kPursuit: {
      uint64_t g = pursuit_group(s);
      out.push_back(act(khartoum::NO_PURSUIT));  // first, so a first-choice policy always moves on
      for (uint64_t m = fighters(s, b.winner, false); m; m &= m - 1) {
        int u = std::countr_zero(m);
        if (pursuer(s, u)) out.push_back(act(khartoum::PURSUE_WITH, u));
      }
      if (g) {
        const SpaceInfo& here = s.sc->spaces[static_cast<size_t>(b.space)];
        for (int i = 0; i < here.link_count; ++i) {
          const Link& l = here.links[static_cast<size_t>(i)];
          if (l.kind != kNaval && route_usable(s, g, l, true)) out.push_back(act(khartoum::PURSUE_TO, l.to));
        }
      }
      break;
    }
    default:
      break;
  }
}

void apply_battle(State& s, const core::Action& a, core::EventSink& log) {
  BattleState& b = s.battle;
  switch (a.kind) {
    case khartoum::FIGHT:
      begin_battle(s, a.a, log);
      return;
    case khartoum::FIRE:
      fire(s, a.a, log);
      return;
    case khartoum::BREAK_OFF:
      b.breakoff_unit = static_cast<int8_t>(a.a);
      s.step = Step::kBreakoffTo;
      return;
    case khartoum::BREAKOFF_TO: {
      int u = b.breakoff_unit;
      set_loc(s, u, a.a);
      s.unit(u).flags |= kFired | kMoved;
      if (log.enabled())
        log.add("battle.breakoff", s.info(u).name + " breaks off to " + space_name(s, a.a) + " (18.0)");
      b.breakoff_unit = -1;
      b.to_fire = static_cast<int8_t>(1 - s.info(u).side);
      next_fire(s, log);
      return;
    }
    case khartoum::ELIMINATE_UNIT:
      --b.pending_elim;
      eliminate_unit(s, a.a, log);
      after_hits(s, log);
      return;
    case khartoum::PANIC_UNIT: {
      --b.pending_panic;
      PanicEffect e = panic_effect(s, a.a);
      if (e == PanicEffect::kEliminate) {
        eliminate_unit(s, a.a, log);
      } else if (e == PanicEffect::kPanic) {
        s.unit(a.a).flags |= kPanicked | kWasPanicked;
        if (log.enabled()) log.add("battle.panic", s.info(a.a).name + " panics");
      }
      after_hits(s, log);
      return;
    }
    case khartoum::RETREAT_TO: {
      uint64_t g = fighters(s, b.loser, false);
      for (uint64_t m = g; m; m &= m - 1) set_loc(s, std::countr_zero(m), a.a);
      if (log.enabled())
        log.add("battle.retreat", side_name(s, b.loser) + " retreats " + list_units(s, g) + " to " +
                                      space_name(s, a.a) + " (13.5)");
      rally_and_after(s, log);
      return;
    }
    case khartoum::CHOOSE_UNIT:
      if (s.step == Step::kMajorRecruit) {
        set_loc(s, a.a, b.space);
        s.unit(a.a).flags |= kBattleRecruit | kMoved;
        if (log.enabled())
          log.add("battle.major", side_name(s, b.winner) + " recruits " + s.info(a.a).name + " at " +
                                      space_name(s, b.space) + " (20.0)");
      } else {
        if (log.enabled())
          log.add("battle.major",
                  side_name(s, b.loser) + " loses " + s.info(a.a).name + " after the major battle (20.0)");
        const UnitInfo& ui = s.info(a.a);
        if (ui.mahdi || ui.never_returns)
          eliminate_unit(s, a.a, log);
        else
          set_loc(s, a.a, kInBox);  // 20.0: to the Recruit Box
      }
      after_major(s, log);
      return;
    case khartoum::PURSUE_WITH:
      s.unit(a.a).flags ^= kSelected;
      return;
    case khartoum::NO_PURSUIT:
      next_battle(s, log);
      return;
    case khartoum::PURSUE_TO: {
      uint64_t g = pursuit_group(s);
      for (uint64_t m = g; m; m &= m - 1) {
        set_loc(s, std::countr_zero(m), a.a);
        s.unit(std::countr_zero(m)).flags |= kMoved;
      }
      if (log.enabled())
        log.add("battle.pursuit", side_name(s, b.winner) + " pursues with " + list_units(s, g) + " to " +
                                      space_name(s, a.a) + " (19.0)");
      if (has_side(s, a.a, 1 - b.winner)) s.forced_battle = static_cast<int8_t>(a.a);
      next_battle(s, log);
      return;
    }
    default:
      return;
  }
}

bool bot_skips_battle(const State& s, const core::Action& a) {
  // 19.0: pursuers are only added (the prompt starts with none): holding one back again lets the
  // next decision add it again, round and round (a hard-level game took 7,000 such steps).
  return s.step == Step::kPursuit && a.kind == khartoum::PURSUE_WITH && (s.unit(a.a).flags & kSelected);
}

}  // namespace frontier::hand_of_destiny
