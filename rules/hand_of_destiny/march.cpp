// The March Phase (11.0-11.1) with the Khartoum movement rules: desert routes (29.8), river
// routes as land movement (29.9), river boats and their transport (29.10), the Nile (29.11)
// and the Suakin-Trinikat naval move (29.12). Also card 18's Egyptian march (29.1).
#include <bit>

#include "hand_of_destiny/rules.h"

namespace frontier::hand_of_destiny {

namespace {

constexpr int kBoatCapacity = 4;  // 29.10 (replaces 12.3's three)

bool upper_river_space(const State& s, int sp) {
  const SpaceInfo& info = s.sc->spaces[static_cast<size_t>(sp)];
  bool upper = false, lower = false;
  for (int i = 0; i < info.link_count; ++i) {
    const Link& l = info.links[static_cast<size_t>(i)];
    if (l.kind != kRiver) continue;
    (l.upper_river ? upper : lower) = true;
  }
  return upper && !lower;
}

uint64_t selected(const State& s) {
  uint64_t m = 0;
  for (int u = 0; u < s.sc->unit_count(); ++u) {
    if (s.unit(u).flags & kSelected) m |= uint64_t{1} << u;
  }
  return m;
}

// A unit moves (on foot or aboard a boat, 12.3/29.10) only when the card lets its contingent or
// type move (11.1, 29.2): a boat carries the units the card moves further and past enemies, but
// never moves a contingent the card leaves still.
bool movable(const State& s, int u) {
  const UnitState& us = s.unit(u);
  return us.loc >= 0 && s.info(u).side == s.player && !(us.flags & kMoved) && us.moves_left > 0;
}

bool group_valid(const State& s, uint64_t g) {
  if (!g) return false;
  int boats = 0, land = 0;
  for (uint64_t m = g; m; m &= m - 1) {
    if (s.info(std::countr_zero(m)).fleet) {
      ++boats;
    } else {
      ++land;
    }
  }
  return !boats || land <= kBoatCapacity * boats;  // 29.10: four land units a boat
}

// The group a move from `sp` starts with: everyone who may move, or everyone on foot when the
// boats there cannot carry them all (29.10).
uint64_t starting_group(const State& s, int sp) {
  uint64_t all = 0, on_foot = 0;
  for (int u = 0; u < s.sc->unit_count(); ++u) {
    if (s.unit(u).loc != sp || !movable(s, u)) continue;
    all |= uint64_t{1} << u;
    if (!s.info(u).fleet) on_foot |= uint64_t{1} << u;
  }
  return group_valid(s, all) ? all : on_foot;
}

void finish_group(State& s, core::EventSink&) {
  for (int u = 0; u < s.sc->unit_count(); ++u) {
    UnitState& us = s.unit(u);
    if (us.flags & kSelected) {
      us.flags = static_cast<uint8_t>((us.flags & ~kSelected) | kMoved);
    }
  }
  s.group_space = -1;
  s.step = Step::kMarch;
}

bool group_can_step(const State& s, uint64_t g, const Link& l) {
  if (!route_usable(s, g, l, false)) return false;
  return true;
}

void log_move(const State& s, uint64_t g, int from, int to, core::EventSink& log) {
  if (!log.enabled()) return;
  std::string who = s.sc->sides[static_cast<size_t>(s.player)];
  std::string text =
      who + " moves " + list_units(s, g) + " from " + space_name(s, from) + " to " + space_name(s, to);
  if (s.player == kMahdist) {
    // 29.14: the Empire sees the stack move, not what is in it.
    log.add_private("march.move", core::seat_bit(kMahdist), text,
                    "Mahdist moves a stack of " + std::to_string(popcount64(g)) + " from " +
                        space_name(s, from) + " to " + space_name(s, to));
  } else {
    log.add("march.move", text);
  }
}

uint64_t egyptian_marchers(const State& s, int sp) {
  uint64_t m = 0;
  for (int u = 0; u < s.sc->unit_count(); ++u) {
    const UnitInfo& ui = s.info(u);
    if (s.unit(u).loc == sp && ui.side == kEmpire && ui.egyptian && !ui.british && !ui.static_unit)
      m |= uint64_t{1} << u;
  }
  return m;
}

}  // namespace

// The distance the card in effect gives the unit (11.0, 29.2, 29.4), less one when it began
// the March Phase out of supply (21.3).
int allowance(const State& s, int u) {
  const UnitInfo& ui = s.info(u);
  const UnitState& us = s.unit(u);
  if (s.card < 0 || s.skipping || ui.static_unit || (us.flags & kLanded)) return 0;
  if (ui.fleet && !s.flood() && upper_river_space(s, us.loc)) return 0;  // 29.11
  int best = 0;
  for (const MoveAllowance& m : s.sc->cards[static_cast<size_t>(s.card)].moves) {
    bool match = m.who == MoveAllowance::kAll || (m.who == MoveAllowance::kBritish && ui.british) ||
                 (m.who == MoveAllowance::kEgyptian && ui.egyptian) ||
                 (m.who == MoveAllowance::kType && m.type == ui.type);
    if (match && m.spaces > best) best = m.spaces;
  }
  if (best > 0 && (us.flags & kOutOfSupply)) best = best > 1 ? best - 1 : 1;
  return best;
}

void start_march(State& s, core::EventSink& log) {
  if (s.skipping) {
    start_battle_phase(s, log);
    return;
  }
  for (int u = 0; u < s.sc->unit_count(); ++u) {
    UnitState& us = s.unit(u);
    if (us.loc < 0 || s.info(u).side != s.player) continue;
    if (s.opt_supply && !in_supply(s, u, false, false)) us.flags |= kOutOfSupply;
    us.moves_left = static_cast<int8_t>(allowance(s, u));
  }
  s.step = Step::kMarch;
}

void legal_march(const State& s, Actions& out) {
  switch (s.step) {
    case Step::kMarch: {
      // Ending first: a policy that always takes the first choice still gets through the game.
      out.push_back(act(khartoum::END_MARCH));
      for (int sp = 0; sp < s.sc->space_count(); ++sp) {
        if (!has_side(s, sp, s.player)) continue;
        for (int u = 0; u < s.sc->unit_count(); ++u) {
          if (s.unit(u).loc == sp && movable(s, u)) {
            out.push_back(act(khartoum::MOVE_FROM, sp));
            break;
          }
        }
      }
      if (s.player == kMahdist) {
        // 29.14: only the top unit shows; the Mahdist chooses which, in his March Phase.
        for (int u = 0; u < s.sc->unit_count(); ++u) {
          int at = s.unit(u).loc;
          if (at >= 0 && s.info(u).side == kMahdist && count_in(s, at, kMahdist) > 1 &&
              !has_side(s, at, kEmpire) && top_unit(s, at, kMahdist) != u) {
            out.push_back(act(khartoum::PUT_ON_TOP, u));
          }
        }
      }
      break;
    }
    case Step::kGroup: {
      if (group_valid(s, selected(s))) out.push_back(act(khartoum::SET_OUT));
      out.push_back(act(khartoum::CANCEL));
      for (int u = 0; u < s.sc->unit_count(); ++u) {
        if (s.unit(u).loc == s.group_space && movable(s, u)) out.push_back(act(khartoum::TOGGLE, u));
      }
      break;
    }
    case Step::kMoveStep: {
      uint64_t g = selected(s);
      const SpaceInfo& here = s.sc->spaces[static_cast<size_t>(s.group_space)];
      for (int i = 0; i < here.link_count; ++i) {
        const Link& l = here.links[static_cast<size_t>(i)];
        if (group_can_step(s, g, l)) out.push_back(act(khartoum::STEP_TO, l.to));
      }
      out.push_back(act(s.group_stepped ? khartoum::HALT : khartoum::CANCEL));
      break;
    }
    default:
      break;
  }
}

void apply_march(State& s, const core::Action& a, core::EventSink& log) {
  switch (a.kind) {
    case khartoum::END_MARCH:
      start_battle_phase(s, log);
      return;
    case khartoum::PUT_ON_TOP: {
      uint8_t flags = s.unit(a.a).flags;
      int8_t left = s.unit(a.a).moves_left;
      set_loc(s, a.a, s.unit(a.a).loc);  // a fresh stamp: the top of the stack
      s.unit(a.a).flags = flags;
      s.unit(a.a).moves_left = left;
      if (log.enabled())
        log.add_private("march.restack", core::seat_bit(kMahdist), s.info(a.a).name + " now tops its stack",
                        "Mahdist reorders a stack");
      return;
    }
    case khartoum::MOVE_FROM: {
      s.group_space = static_cast<int8_t>(a.a);
      s.group_stepped = false;
      for (uint64_t m = starting_group(s, a.a); m; m &= m - 1) s.unit(std::countr_zero(m)).flags |= kSelected;
      s.step = Step::kGroup;
      return;
    }
    case khartoum::TOGGLE:
      s.unit(a.a).flags ^= kSelected;
      return;
    case khartoum::CANCEL:
      for (auto& us : s.units) us.flags &= static_cast<uint8_t>(~kSelected);
      s.group_space = -1;
      s.step = Step::kMarch;
      return;
    case khartoum::SET_OUT: {
      uint64_t g = selected(s);
      bool boats = false;
      for (uint64_t m = g; m; m &= m - 1) boats |= s.info(std::countr_zero(m)).fleet;
      int left = 99;
      for (uint64_t m = g; m; m &= m - 1) {
        int u = std::countr_zero(m);
        if (!boats || s.info(u).fleet) left = std::min<int>(left, s.unit(u).moves_left);
      }
      s.group_left = static_cast<int8_t>(left);
      s.step = Step::kMoveStep;
      return;
    }
    case khartoum::HALT:
      finish_group(s, log);
      return;
    case khartoum::STEP_TO: {
      uint64_t g = selected(s);
      int from = s.group_space, to = a.a;
      bool boats = false;
      for (uint64_t m = g; m; m &= m - 1) boats |= s.info(std::countr_zero(m)).fleet;
      for (uint64_t m = g; m; m &= m - 1) set_loc(s, std::countr_zero(m), to);
      log_move(s, g, from, to, log);
      s.group_space = static_cast<int8_t>(to);
      s.group_stepped = true;
      --s.group_left;
      bool enemy = has_side(s, to, 1 - s.player);
      bool stop;
      if (boats) {
        stop = enemy && to == s.sc->capital;  // 29.10: boats pass enemies but stop at an enemy-held Khartoum
      } else {
        stop = enemy || s.sc->terrain[static_cast<size_t>(terrain_of(s, to))].stop;  // 11.1
      }
      if (stop || s.group_left <= 0) finish_group(s, log);
      return;
    }
    default:
      return;
  }
}

// ---- card 18 (29.1): the Mahdist marches the Egyptian units ----

bool egyptian_march_possible(const State& s) {
  for (int sp = 0; sp < s.sc->space_count(); ++sp) {
    if (egyptian_marchers(s, sp)) return true;
  }
  return false;
}

void legal_egyptian_march(const State& s, Actions& out) {
  if (s.step == Step::kEgyptianMarchStack) {
    for (int sp = 0; sp < s.sc->space_count(); ++sp) {
      if (egyptian_marchers(s, sp)) out.push_back(act(khartoum::MARCH_STACK, sp));
    }
    return;
  }
  uint64_t g = selected(s);
  const SpaceInfo& here = s.sc->spaces[static_cast<size_t>(s.march_space)];
  for (int i = 0; i < here.link_count; ++i) {
    const Link& l = here.links[static_cast<size_t>(i)];
    if (l.kind != kNaval && route_usable(s, g, l, false)) out.push_back(act(khartoum::MARCH_TO, l.to));
  }
}

void apply_egyptian_march(State& s, const core::Action& a, core::EventSink& log) {
  if (a.kind == khartoum::MARCH_STACK) {
    s.march_space = static_cast<int8_t>(a.a);
    uint64_t g = egyptian_marchers(s, a.a);
    for (uint64_t m = g; m; m &= m - 1) s.unit(std::countr_zero(m)).flags |= kSelected;
    s.step = Step::kEgyptianMarchStep;
  } else {
    uint64_t g = selected(s);
    for (uint64_t m = g; m; m &= m - 1) set_loc(s, std::countr_zero(m), a.a);
    if (log.enabled()) {
      log.add("card.march", "Mahdist marches " + list_units(s, g) + " from " + space_name(s, s.march_space) +
                                " to " + space_name(s, a.a));
    }
    s.march_space = static_cast<int8_t>(a.a);
    --s.march_left;
    bool stop = has_side(s, a.a, kMahdist) || s.sc->terrain[static_cast<size_t>(terrain_of(s, a.a))].stop;
    if (stop) s.march_left = 0;
  }
  // The march goes on until the die is spent, the stack must stop (11.1) or no route is open.
  if (s.march_left > 0) {
    Actions probe;
    legal_egyptian_march(s, probe);
    if (!probe.empty()) return;
  }
  for (auto& us : s.units) us.flags &= static_cast<uint8_t>(~kSelected);
  s.march_left = 0;
  s.march_space = -1;
  after_card_event(s, log);
}

bool bot_skips_march(const State& s, const core::Action& a) {
  if (a.kind == khartoum::PUT_ON_TOP) {
    // 29.14: one decision could put back on top the unit the last one took off. A bot only puts
    // a weaker unit on top (by strength, then list order), so a stack's top changes a few times
    // at most, and the Empire is shown less than the stack holds.
    auto rank = [&](int u) { return std::pair(s.info(u).strength, u); };
    return !(rank(a.a) < rank(top_unit(s, s.unit(a.a).loc, kMahdist)));
  }
  if (s.step == Step::kGroup) {
    // A stack picked to move moves: a cancelled group is picked again by a later decision, and
    // the two go round in circles. (A bot that would rather not move it does not pick it.)
    if (a.kind == khartoum::CANCEL) return true;
    if (a.kind != khartoum::TOGGLE) return false;
    // Each unit is taken or left once, away from how the group started: every group can still
    // be formed, and no unit goes in and out again across decisions.
    uint64_t bit = uint64_t{1} << a.a;
    bool in = (selected(s) & bit) != 0;
    if (in != ((starting_group(s, s.group_space) & bit) != 0)) return true;
    return in && std::popcount(selected(s)) == 1;  // and one unit stays in the group
  }
  // Having set out, the group goes somewhere rather than cancelling (HALT once it has stepped).
  return s.step == Step::kMoveStep && a.kind == khartoum::CANCEL;
}

}  // namespace frontier::hand_of_destiny
