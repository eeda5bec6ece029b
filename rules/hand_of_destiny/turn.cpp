// Set-up (25.1-25.2), the sequence of play (6.2), campaign cards (7.0-7.2, 29.1) and
// recruiting (28.0, 29.5, 29.13).
#include <bit>

#include "hand_of_destiny/rules.h"

namespace frontier::hand_of_destiny {

namespace {

std::string side_name(const State& s, int side) {
  return s.sc->sides[static_cast<size_t>(side)];
}

// ---- set-up (25.1, 25.2) ----

// 25.1 before 25.2: the Empire sets up first, then the Mahdist, each in counter order.
bool next_setup_unit(State& s) {
  for (int side : {kEmpire, kMahdist}) {
    for (int u = 0; u < s.sc->unit_count(); ++u) {
      if (s.info(u).side == side && !s.info(u).setup_choice.empty() && s.unit(u).loc == kInBox) {
        s.setup_cursor = static_cast<int8_t>(u);
        s.step = side == kEmpire ? Step::kSetupGarrison : Step::kSetupMahdist;
        return true;
      }
    }
  }
  return false;
}

bool adjacent(const State& s, int a, int b) {
  const SpaceInfo& sp = s.sc->spaces[static_cast<size_t>(a)];
  for (int i = 0; i < sp.link_count; ++i) {
    if (sp.links[static_cast<size_t>(i)].to == b && sp.links[static_cast<size_t>(i)].kind != kNaval)
      return true;
  }
  return false;
}

// The set-up choice groups are this scenario's named hooks (25.1, 25.2).
bool setup_space_ok(const State& s, int u, int sp) {
  const std::string& choice = s.info(u).setup_choice;
  if (choice == "garrison_towns") {
    // 25.1: any town except Khartoum, Suakin, Wadi Halfa and El Obeid; one per town.
    if (!is_town(s, sp)) return false;
    for (int sd : s.sc->sudden_death)
      if (sd == sp) return false;
    if (sp == s.sc->space_index("el_obeid")) return false;
    for (int v = 0; v < s.sc->unit_count(); ++v) {
      if (s.unit(v).loc == sp && s.info(v).static_unit) return false;
    }
    return true;
  }
  if (has_side(s, sp, kEmpire)) return false;  // Mahdists set up where no Empire unit stands
  if (choice == "el_obeid") {
    int eo = s.sc->space_index("el_obeid");
    return sp == eo || adjacent(s, eo, sp);
  }
  if (choice == "suakin_side") return adjacent(s, s.sc->space_index("suakin"), sp);
  return choice == "anywhere";
}

// ---- cards (7.0-7.2, 29.1) ----

bool criteria_met(const State& s, const CardInfo& c) {
  switch (c.criteria) {
    case CardInfo::kAlways:
      return true;
    case CardInfo::kMahdiOnMap:
      for (int u = 0; u < s.sc->unit_count(); ++u) {
        if (s.info(u).mahdi) return unit_on_map(s, u);
      }
      return false;
    case CardInfo::kBreakoutPossible: {
      bool garrison = false, infantry = false;
      for (int u = 0; u < s.sc->unit_count(); ++u) {
        const UnitInfo& ui = s.info(u);
        if (ui.side != kEmpire || !ui.egyptian || ui.british) continue;
        if (ui.static_unit && ui.home < 0 && unit_on_map(s, u)) garrison = true;
        if (!ui.static_unit && !ui.cavalry && !ui.artillery && !ui.camel && s.unit(u).loc == kInBox)
          infantry = true;
      }
      return garrison && infantry;
    }
  }
  return false;
}

// 29.1: a random discard (hold and remove cards included) goes back, then the deck is shuffled.
void reshuffle_instruction(State& s, int side, core::EventSink& log) {
  core::Deck& d = s.deck[side];
  size_t pool = d.discards().size() + d.removed().size();
  s.reshuffled[side] = true;
  if (pool == 0) {
    d.reshuffle(s.rng);
    return;
  }
  size_t i = s.rng.pick(static_cast<uint32_t>(pool));
  core::CardId c = i < d.discards().size() ? d.discards()[i] : d.removed()[i - d.discards().size()];
  d.return_to_deck(c, s.rng);
  if (log.enabled()) {
    log.add("card.reshuffle", side_name(s, side) + " returns " + s.sc->cards[static_cast<size_t>(c)].id +
                                  " " + s.sc->cards[static_cast<size_t>(c)].name +
                                  " to the deck and reshuffles (29.1)");
  }
}

void go_recruiting(State& s, core::EventSink& log);

void play_card(State& s, int c, core::EventSink& log) {
  const CardInfo& card = s.sc->cards[static_cast<size_t>(c)];
  s.card = static_cast<int8_t>(c);
  ++s.times_drawn[static_cast<size_t>(c)];
  if (log.enabled())
    log.add("card.play", side_name(s, s.player) + " plays " + card.id + " " + card.name + ": " + card.text);
  if (!criteria_met(s, card)) {
    s.skipping = true;  // 29.1: criteria that cannot be met skip the turn
    if (log.enabled())
      log.add("card.criteria",
              card.id + ": its criteria cannot be met; " + side_name(s, s.player) + " skips the turn (29.1)");
    go_recruiting(s, log);
    return;
  }
  if (card.reshuffle) reshuffle_instruction(s, s.player, log);
  if (card.event == CardInfo::kEgyptianMarch) {
    // Card 18 (29.1): the Mahdist player rolls and marches the Egyptian units.
    s.march_left = static_cast<int8_t>(s.rng.roll(6));
    if (log.enabled())
      log.add("card.event", "Mahdist rolls " + std::to_string(s.march_left) +
                                ": the Egyptians march that many spaces (29.1)");
    if (egyptian_march_possible(s)) {
      s.step = Step::kEgyptianMarchStack;
      return;
    }
    s.march_left = 0;
  }
  go_recruiting(s, log);
}

void draw_card(State& s, core::EventSink& log) {
  core::Deck& d = s.deck[s.player];
  if (d.empty() && !d.discards().empty()) s.reshuffled[s.player] = true;  // 7.2
  auto c = d.draw(s.rng);
  log.mark_irreversible();
  if (!c) {
    s.skipping = true;
    if (log.enabled())
      log.add("card.none", side_name(s, s.player) + " has no card to pick and skips the turn");
    go_recruiting(s, log);
    return;
  }
  const CardInfo& card = s.sc->cards[static_cast<size_t>(*c)];
  if (card.hold) {
    s.card = static_cast<int8_t>(*c);
    s.step = Step::kHoldDecision;
    if (log.enabled()) {
      log.add_private("card.draw", core::seat_bit(s.player),
                      side_name(s, s.player) + " picks " + card.id + " " + card.name + " (Hold)",
                      side_name(s, s.player) + " picks a card");
    }
    return;
  }
  play_card(s, *c, log);
}

// ---- recruiting (28.0) ----

int mahdi_space(const State& s) {
  for (int u = 0; u < s.sc->unit_count(); ++u) {
    if (s.info(u).mahdi) return s.unit(u).loc;
  }
  return -1;
}

bool any_placement(const State& s, int u) {
  for (int sp = 0; sp < s.sc->space_count(); ++sp) {
    if (placement_ok(s, u, sp)) return true;
  }
  return false;
}

bool rerecruit_candidate(const State& s, int u) {
  return s.unit(u).loc == kEliminated && s.info(u).british && !s.info(u).never_returns && any_placement(s, u);
}

bool egyptian_candidate(const State& s, int u) {
  const UnitInfo& ui = s.info(u);
  return ui.side == kEmpire && ui.egyptian && !ui.british && s.unit(u).loc == kInBox && any_placement(s, u);
}

void next_recruit(State& s, core::EventSink& log) {
  const CardInfo* card = s.card >= 0 && !s.skipping ? &s.sc->cards[static_cast<size_t>(s.card)] : nullptr;
  if (card && s.player == kMahdist) {
    // 28.0: random picks from the Mahdist Reinforcement Box.
    while (s.random_left > 0) {
      --s.random_left;
      int pool[kMaxUnits], n = 0;
      for (int u = 0; u < s.sc->unit_count(); ++u) {
        if (s.info(u).side == kMahdist && s.unit(u).loc == kInBox) pool[n++] = u;
      }
      if (n == 0) break;
      int u = pool[s.rng.pick(static_cast<uint32_t>(n))];
      log.mark_irreversible();
      if (any_placement(s, u)) {
        s.pending_unit = static_cast<int8_t>(u);
        s.step = Step::kPlaceRecruit;
        return;
      }
    }
  }
  if (card && s.player == kEmpire) {
    if (s.rerecruit_left > 0) {
      for (int u : card->recruit_named) {
        if (rerecruit_candidate(s, u)) {
          s.step = Step::kReRecruit;
          return;
        }
      }
      s.rerecruit_left = 0;
    }
    while (s.named_cursor < static_cast<int>(card->recruit_named.size())) {
      int u = card->recruit_named[static_cast<size_t>(s.named_cursor++)];
      if (s.unit(u).loc == kInBox && any_placement(s, u)) {
        s.pending_unit = static_cast<int8_t>(u);
        s.step = Step::kPlaceRecruit;
        return;
      }
    }
    if (s.choice_left > 0) {
      for (int u = 0; u < s.sc->unit_count(); ++u) {
        if (egyptian_candidate(s, u)) {
          s.step = Step::kChooseEgyptian;
          return;
        }
      }
      s.choice_left = 0;
    }
    if (card->event == CardInfo::kBreakout && s.breakout_garrison == -1) {
      s.step = Step::kBreakoutGarrison;
      return;
    }
  }
  // 29.5: the Mahdi returns after the other reinforcements.
  if (s.player == kMahdist && s.mahdi_return_turn == s.turn) {
    for (int u = 0; u < s.sc->unit_count(); ++u) {
      if (s.info(u).mahdi && s.unit(u).loc == kDead) {
        s.pending_unit = static_cast<int8_t>(u);
        s.step = Step::kMahdiReturn;
        return;
      }
    }
  }
  start_march(s, log);
}

void go_recruiting(State& s, core::EventSink& log) {
  const CardInfo* card = s.card >= 0 && !s.skipping ? &s.sc->cards[static_cast<size_t>(s.card)] : nullptr;
  s.random_left = card ? card->recruit_random : 0;
  s.named_cursor = 0;
  s.choice_left = card ? card->recruit_choice : 0;
  s.placing_anywhere = card && card->recruit_anywhere;
  s.placing_capital = card && card->recruit_at_capital;
  // 28.0: a card picked a second time re-recruits two eliminated British units it names.
  s.rerecruit_left =
      card && s.times_drawn[static_cast<size_t>(s.card)] > 1 && !card->recruit_named.empty() ? 2 : 0;
  s.breakout_garrison = -1;
  next_recruit(s, log);
}

void place(State& s, int u, int sp, core::EventSink& log) {
  set_loc(s, u, sp);
  UnitState& us = s.unit(u);
  if (s.info(u).side == kEmpire && has_side(s, sp, kMahdist)) us.flags |= kLanded;  // 29.13
  if (log.enabled()) {
    std::string line =
        side_name(s, s.info(u).side) + " places " + s.info(u).name + " at " + space_name(s, sp);
    if (us.flags & kLanded) line += " by naval landing (29.13)";
    log.add("recruit.place", line);
  }
}

}  // namespace

void start_setup(State& s) {
  if (!next_setup_unit(s)) s.step = Step::kCardChoice;
}

// 28.0 placement, 29.13 landings; K-11/K-16 anywhere; K-01 also Khartoum.
bool placement_ok(const State& s, int u, int sp) {
  const UnitInfo& ui = s.info(u);
  bool enemy = has_side(s, sp, 1 - ui.side);
  if (ui.side == kMahdist) {
    if (enemy) return false;
    if (ui.mahdi || s.placing_anywhere) return true;  // 29.5: any space free of Empire units
    if (sp == mahdi_space(s)) return true;
    return is_town(s, sp) && has_side(s, sp, kMahdist);
  }
  bool held = has_side(s, sp, kEmpire) && !enemy;
  if (ui.static_unit) {
    if (!held || !is_town(s, sp)) return false;
    if (ui.home >= 0 && ui.home != sp) return false;
    for (int v = 0; v < s.sc->unit_count(); ++v) {
      if (v != u && s.unit(v).loc == sp && s.info(v).static_unit) return false;
    }
    return true;
  }
  const SpaceInfo& info = s.sc->spaces[static_cast<size_t>(sp)];
  if (ui.fleet) {
    // 29.10: river boats are placed on river routes, never in ports.
    bool river = false;
    for (int i = 0; i < info.link_count; ++i) river |= info.links[static_cast<size_t>(i)].kind == kRiver;
    if (!river || info.port) return false;
  } else if (ui.british && info.port) {
    return true;  // 29.13: even if enemy occupied (or empty)
  }
  if (held && info.recruit_base) return true;
  return held && s.placing_capital && sp == s.sc->capital;
}

void begin_player_turn(State& s, core::EventSink& log) {
  for (int u = 0; u < s.sc->unit_count(); ++u) {
    UnitState& us = s.unit(u);
    us.flags &= static_cast<uint8_t>(kPanicked);
    us.moves_left = 0;
  }
  s.card = -1;
  s.skipping = false;
  s.march_supply_done = false;
  if (log.enabled()) {
    log.add("turn.player", "Turn " + std::to_string(s.turn) + " (" +
                               s.sc->turn_names[static_cast<size_t>(s.turn - 1)] +
                               (s.flood() ? ", Nile flood" : ", Nile low") + "): " + side_name(s, s.player) +
                               " player turn");
  }
  if (s.held[s.player] >= 0) {
    s.step = Step::kCardChoice;
    return;
  }
  draw_card(s, log);
}

void end_player_turn(State& s, core::EventSink& log) {
  if (s.card >= 0 && s.held[s.player] != s.card) {
    if (s.sc->cards[static_cast<size_t>(s.card)].remove) {
      s.deck[s.player].remove_from_play(s.card);
    } else {
      s.deck[s.player].discard(s.card);
    }
  }
  s.card = -1;
  if (s.player == kMahdist) {
    s.player = kEmpire;
    begin_player_turn(s, log);
    return;
  }
  if (s.turn >= s.sc->turns()) {
    finish_game_by_vp(s, log);
    return;
  }
  ++s.turn;
  s.player = kMahdist;
  begin_player_turn(s, log);
}

void finish_game_by_vp(State& s, core::EventSink& log) {
  s.finished = true;
  s.step = Step::kOver;
  s.final_vp = static_cast<int8_t>(empire_vp(s));
  bool empire = s.final_vp >= s.sc->empire_vp_to_win;
  s.winner = static_cast<int8_t>(empire ? kEmpire : kMahdist);
  s.result = static_cast<int8_t>(empire ? 2 : 3);
  if (!log.enabled()) return;
  // The towns are listed so that players (and balance studies) see which holdings decided it.
  std::string held;
  for (int sp = 0; sp < s.sc->space_count(); ++sp) {
    if (int vp = empire_vp_at(s, sp))
      held += (held.empty() ? ": " : ", ") + space_name(s, sp) + " " + std::to_string(vp);
  }
  log.add("game.end",
          "End of the game: the Empire holds " + std::to_string(s.final_vp) + " VP (27.0)" + held);
}

void after_card_event(State& s, core::EventSink& log) {
  go_recruiting(s, log);
}

void legal_turn(const State& s, core::Seat, Actions& out) {
  switch (s.step) {
    case Step::kSetupGarrison:
    case Step::kSetupMahdist:
      for (int sp = 0; sp < s.sc->space_count(); ++sp) {
        if (setup_space_ok(s, s.setup_cursor, sp)) out.push_back(act(khartoum::PLACE_SETUP, sp));
      }
      break;
    case Step::kCardChoice:
      out.push_back(act(khartoum::PLAY_HELD, s.held[s.player]));
      out.push_back(act(khartoum::DRAW_CARD));
      break;
    case Step::kHoldDecision:
      out.push_back(act(khartoum::PLAY_NOW, s.card));
      if (s.held[s.player] < 0) out.push_back(act(khartoum::HOLD_CARD, s.card));  // one card aside at a time
      break;
    case Step::kReRecruit:
      for (int u : s.sc->cards[static_cast<size_t>(s.card)].recruit_named) {
        if (rerecruit_candidate(s, u)) out.push_back(act(khartoum::RE_RECRUIT, u));
      }
      out.push_back(act(khartoum::DONE));
      break;
    case Step::kPlaceRecruit:
    case Step::kMahdiReturn:
      for (int sp = 0; sp < s.sc->space_count(); ++sp) {
        if (placement_ok(s, s.pending_unit, sp)) out.push_back(act(khartoum::PLACE_UNIT, sp));
      }
      break;
    case Step::kChooseEgyptian:
      for (int u = 0; u < s.sc->unit_count(); ++u) {
        if (egyptian_candidate(s, u)) out.push_back(act(khartoum::CHOOSE_UNIT, u));
      }
      break;
    case Step::kBreakoutGarrison:
      for (int u = 0; u < s.sc->unit_count(); ++u) {
        const UnitInfo& ui = s.info(u);
        if (ui.side == kEmpire && ui.static_unit && ui.home < 0 && unit_on_map(s, u))
          out.push_back(act(khartoum::CHOOSE_UNIT, u));
      }
      break;
    case Step::kBreakoutInfantry:
      for (int u = 0; u < s.sc->unit_count(); ++u) {
        const UnitInfo& ui = s.info(u);
        if (ui.side == kEmpire && ui.egyptian && !ui.british && !ui.static_unit && !ui.cavalry && !ui.camel &&
            !ui.artillery && s.unit(u).loc == kInBox) {
          out.push_back(act(khartoum::CHOOSE_UNIT, u));
        }
      }
      break;
    default:
      break;
  }
}

void apply_turn(State& s, const core::Action& a, core::EventSink& log) {
  switch (a.kind) {
    case khartoum::PLACE_SETUP: {
      int u = s.setup_cursor;
      set_loc(s, u, a.a);
      if (log.enabled()) {
        if (s.info(u).side == kMahdist) {
          log.add_private("setup.place", core::seat_bit(kMahdist),
                          "Mahdist sets up " + s.info(u).name + " at " + space_name(s, a.a),
                          "Mahdist sets up a unit at " + space_name(s, a.a));
        } else {
          log.add("setup.place", "Empire sets up " + s.info(u).name + " at " + space_name(s, a.a));
        }
      }
      if (!next_setup_unit(s)) {
        s.turn = 1;
        s.player = kMahdist;
        begin_player_turn(s, log);
      }
      return;
    }
    case khartoum::PLAY_HELD: {
      int c = s.held[s.player];
      s.held[s.player] = -1;
      play_card(s, c, log);
      return;
    }
    case khartoum::DRAW_CARD:
      draw_card(s, log);
      return;
    case khartoum::PLAY_NOW:
      play_card(s, a.a, log);
      return;
    case khartoum::HOLD_CARD:
      // 29.1: put aside; the player skips this turn.
      s.held[s.player] = static_cast<int8_t>(a.a);
      s.card = -1;
      s.skipping = true;
      if (log.enabled())
        log.add("card.hold", side_name(s, s.player) + " holds a card and skips the turn (29.1)");
      go_recruiting(s, log);
      return;
    case khartoum::RE_RECRUIT:
      --s.rerecruit_left;
      s.pending_unit = static_cast<int8_t>(a.a);
      s.step = Step::kPlaceRecruit;
      return;
    case khartoum::DONE:
      s.rerecruit_left = 0;
      next_recruit(s, log);
      return;
    case khartoum::PLACE_UNIT:
      place(s, s.pending_unit, a.a, log);
      s.pending_unit = -1;
      if (s.step == Step::kMahdiReturn) {
        s.mahdi_return_turn = -1;
        start_march(s, log);
        return;
      }
      next_recruit(s, log);
      return;
    case khartoum::CHOOSE_UNIT:
      if (s.step == Step::kChooseEgyptian) {
        --s.choice_left;
        s.pending_unit = static_cast<int8_t>(a.a);
        s.step = Step::kPlaceRecruit;
      } else if (s.step == Step::kBreakoutGarrison) {
        s.breakout_garrison = static_cast<int8_t>(a.a);
        s.step = Step::kBreakoutInfantry;
      } else {
        // Breakout: the garrison leaves its walls as field infantry (29.3's exception).
        int g = s.breakout_garrison, sp = s.unit(g).loc;
        set_loc(s, g, kInBox);
        set_loc(s, a.a, sp);
        if (log.enabled())
          log.add("card.breakout",
                  s.info(g).name + " breaks out at " + space_name(s, sp) + " as " + s.info(a.a).name);
        s.breakout_garrison = -2;
        next_recruit(s, log);
      }
      return;
    default:
      return;
  }
}

}  // namespace frontier::hand_of_destiny
