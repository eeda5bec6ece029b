// The turn of The Lion of Khartoum: event phase (5.0), the end of the action phase, banner
// activation and movement (7.1), reorganisation (8.0), victory and sudden death (9.1, 9.2).
// Every chance event draws from the state's Rng; log text is built only when the sink is on.
#include <algorithm>
#include <string>

#include "lion/rules.h"

namespace frontier::lion {

namespace {

template <typename F>
void say(core::EventSink& log, const char* kind, F&& text) {
  if (log.enabled()) log.add(kind, text());
}

void finish(State& s, EndReason why, core::EventSink& log) {
  s.stage = Stage::kGameOver;
  s.end = why;
  s.end_turn = s.turn;
  s.ap = 0;
  say(log, "game.over", [&] { return result_text(s); });
}

// 5.3: random AP are 1D6: 1-2 → 1, 3-4 → 2, 5 → 3, 6 → 4 (reconstructed).
int random_ap(State& s) {
  static constexpr int kAp[7] = {0, 1, 1, 2, 2, 3, 4};
  return kAp[s.rng.roll(6)];
}

// Applies one effect of an event card; returns true when it needs Gordon's choice.
bool apply_effect(State& s, const Effect& e, core::EventSink& log) {
  switch (e.kind()) {
    case EFFECT_CM:
      change_cm(s, e.amount(), log);
      break;
    case EFFECT_RP:
      change_rp(s, e.amount(), log);
      break;
    case EFFECT_BANNER_STRENGTH:
      for (int b = 0; b < kBanners; ++b) {
        if (e.target() == "all" || e.target() == data().banner_ids[b]) change_strength(s, b, e.amount(), log);
      }
      break;
    case EFFECT_DISORGANISE: {
      int b = banner_by_id(e.target());
      s.disorganised[b] = true;
      say(log, "banner.disorganised", [&] { return data().banner_names[b] + " is disorganised"; });
      break;
    }
    case EFFECT_GUNBOAT_DAMAGED:
      for (int n = 0; n < e.amount(); ++n) {
        int g = find_gunboat(s, Loc::kAvailable);
        if (g < 0) break;
        s.gunboats[g].loc = Loc::kDamaged;
        say(log, "gunboat.damaged", [] { return std::string("A gunboat is damaged"); });
      }
      break;
    case EFFECT_LEADER_WOUNDED: {
      int die = s.rng.roll(6);
      int l = (die - 1) / 2;
      bool hit = s.leaders[l].loc == Loc::kAvailable;
      if (hit) {
        s.leaders[l].loc = Loc::kWounded;
        s.leaders[l].wounded_turn = s.turn;
      }
      say(log, "leader.wounded", [&] {
        return "Sniper fire, roll " + std::to_string(die) + ": " + data().leader_names[l] +
               (hit ? " is wounded" : " is not available: no effect");
      });
      break;
    }
    case EFFECT_LEADER_LEAVES: {
      int l = leader_by_id(e.target());
      if (s.leaders[l].loc != Loc::kDead) {
        s.leaders[l].loc = Loc::kDead;
        say(log, "leader.leaves", [&] { return data().leader_names[l] + " leaves the game"; });
      }
      break;
    }
    case EFFECT_RELIEF_EARLIER:
      s.relief_turn = static_cast<int8_t>(std::max<int>(s.turn, s.relief_turn - e.amount()));
      say(log, "relief.earlier",
          [&] { return "The Relief Force is now due at the end of turn " + std::to_string(s.relief_turn); });
      break;
    case EFFECT_ULTIMATUM:
      return true;
    default:
      break;
  }
  return false;
}

// 5.0: draw, check the conditions (5.1), apply, remove once-only cards (5.2), set the AP (5.3).
void event_phase(State& s, core::EventSink& log) {
  if (!s.event_cards) {  // 10.2
    s.ap = 3;
    return;
  }
  auto card = s.events.draw(s.rng, false);
  s.event_card = static_cast<int8_t>(*card);
  const EventCard& e = *data().events[*card];
  bool in_turns = e.from_turn() == 0 || (s.turn >= e.from_turn() && s.turn <= e.to_turn());
  bool after = e.requires_card() == 0 || (s.events_triggered >> e.requires_card() & 1u);
  bool triggered = in_turns && after;
  say(log, "event.card", [&] {
    return "Event card " + std::to_string(e.number()) + " \"" + e.title() + "\"" +
           (triggered ? ": " + e.text() : ": its conditions are not met, no event (5.1)");
  });
  // The card leaves the pile before its effects, so a game ended by them keeps all 20 cards.
  if (triggered && e.once()) {
    s.events.remove_from_play(*card);
  } else {
    s.events.discard(*card);
  }
  bool choice = false;
  if (triggered) {
    s.events_triggered |= 1u << e.number();
    for (const Effect& eff : e.effects()) {
      choice |= apply_effect(s, eff, log);
      if (s.finished()) return;
    }
  }
  s.ap = static_cast<int8_t>(e.ap() > 0 ? e.ap() : random_ap(s));
  say(log, "event.ap", [&] { return std::to_string(s.ap) + " Action Points this turn (5.3)"; });
  if (choice) s.stage = Stage::kUltimatum;
}

// 8.0, steps 1-7.
void reorganise(State& s, core::EventSink& log) {
  for (bool& d : s.disorganised) d = false;  // 1
  for (Troop& t : s.troops) {                // 2
    if (t.loc == Loc::kUsed || t.loc == Loc::kDeployed || t.loc == Loc::kEngaged) {
      t.loc = Loc::kAvailable;
      t.area = -1;
    }
  }
  for (Gun& g : s.guns) {
    if (g.loc == Loc::kUsed || g.loc == Loc::kDeployed || g.loc == Loc::kEngaged) {
      g.loc = Loc::kAvailable;
      g.area = -1;
    }
  }
  for (Gunboat& g : s.gunboats) {
    if (g.loc == Loc::kDeployed || g.loc == Loc::kEngaged) {
      g.loc = Loc::kAvailable;
      g.area = -1;
    }
  }
  for (LeaderState& l : s.leaders) {  // 3, 4: wounded leaders miss the next turn
    if (l.loc == Loc::kDeployed || l.loc == Loc::kEngaged) {
      l.loc = Loc::kAvailable;
      l.area = -1;
    }
    if (l.loc == Loc::kWounded && l.wounded_turn < s.turn) l.loc = Loc::kAvailable;
  }
  s.banner_deck.reshuffle(s.rng);  // 5
  say(log, "reorganisation",
      [&] { return "Reorganisation: upkeep costs 1 RP (8.0 step 6), RP " + std::to_string(s.rp - 1); });
  change_rp(s, -1, log);  // 6
  if (s.finished()) return;
  if (s.turn >= s.relief_turn) {  // 7, 9.1
    finish(s, EndReason::kVictory, log);
    return;
  }
  ++s.turn;
  s.fort_spent = 0;
  s.actions_done = 0;
  s.last_action = -1;
  s.event_card = 0;
  s.banner_card = 0;
  s.defended_paths = 0;
  start_turn(s, log);
}

}  // namespace

bool check_collapse(State& s, core::EventSink& log) {
  if (s.finished()) return true;
  if (s.cm < 1) {
    finish(s, EndReason::kNoMorale, log);
  } else if (s.rp < 1) {
    finish(s, EndReason::kNoResources, log);
  }
  return s.finished();
}

void change_cm(State& s, int delta, core::EventSink& log) {
  s.cm = static_cast<int8_t>(std::clamp(s.cm + delta, 0, data().proto.cm_max()));
  say(log, "track.cm", [&] {
    std::string d = std::to_string(delta);
    if (delta >= 0) d.insert(d.begin(), '+');
    return "City Morale " + d + " → " + std::to_string(s.cm);
  });
  check_collapse(s, log);
}

void change_rp(State& s, int delta, core::EventSink& log) {
  s.rp = static_cast<int8_t>(std::clamp(s.rp + delta, 0, data().proto.rp_max()));
  check_collapse(s, log);
}

void pay_rp(State& s, int n, core::EventSink& log) {
  if (s.turn == 1) {
    s.free_rp = static_cast<int8_t>(s.free_rp - n);  // 4.2: the free RP pay for turn 1
    return;
  }
  change_rp(s, -n, log);
}

void change_strength(State& s, int b, int delta, core::EventSink& log) {
  s.banner_str[b] =
      static_cast<int8_t>(std::clamp(s.banner_str[b] + delta, 0, data().proto.banner_max_strength()));
  say(log, "banner.strength", [&] {
    return data().banner_names[b] + " strength " + std::to_string(s.banner_str[b]) +
           (s.banner_str[b] == 0 ? " (disorganised, 11.4)" : "");
  });
}

// The banner takes the next area of its path: the upgrade marker goes (7.2), a key area costs
// 1 CM (11.9), and the Palace ends the game (9.2).
void banner_advance(State& s, int b, core::EventSink& log) {
  int to = s.banner_pos[b] - 1;
  int area = area_index(b, to);
  s.banner_pos[b] = static_cast<int8_t>(to);
  s.fort_marker[area] = false;
  say(log, "banner.move", [&] { return data().banner_names[b] + " enters " + data().areas[area].name; });
  if (area == kPalace) {
    finish(s, EndReason::kPalaceTaken, log);
    return;
  }
  if (data().areas[area].key_area) change_cm(s, -1, log);
}

// A banner falls back one area, never beyond area 6 (7.2); a key area regained gives back its
// CM point (11.9).
void banner_retreat(State& s, int b, core::EventSink& log) {
  if (s.banner_pos[b] >= 6) {
    say(log, "banner.retreat",
        [&] { return data().banner_names[b] + " is in area 6 and holds its ground (7.2)"; });
    return;
  }
  int left = area_index(b, s.banner_pos[b]);
  ++s.banner_pos[b];
  say(log, "banner.retreat",
      [&] { return data().banner_names[b] + " falls back from " + data().areas[left].name; });
  if (data().areas[left].key_area) change_cm(s, +1, log);
}

void start_turn(State& s, core::EventSink& log) {
  say(log, "turn",
      [&] { return "Turn " + std::to_string(s.turn) + " (" + data().proto.months(s.turn - 1) + ")"; });
  s.stage = Stage::kChooseAction;
  if (s.turn == 1) {  // 4.2
    s.ap = 3;
    s.free_rp = 8;
    return;
  }
  s.free_rp = 0;
  event_phase(s, log);
}

void resolve_ultimatum(State& s, bool pay, core::EventSink& log) {
  s.stage = Stage::kChooseAction;
  if (pay) {
    change_rp(s, -2, log);
  } else {
    change_cm(s, -2, log);
  }
}

void action_done(State& s, core::EventSink& log) {
  if (s.finished()) return;
  s.stage = Stage::kChooseAction;
  if (s.ap <= 0) end_action_phase(s, log);
}

void end_action_phase(State& s, core::EventSink& log) {
  s.ap = 0;
  s.free_rp = 0;      // 4.2: unused free RP are lost
  if (s.turn == 1) {  // 4.2: no banner activation on turn 1
    reorganise(s, log);
    return;
  }
  auto card = s.banner_deck.draw(s.rng, true);
  s.banner_card = static_cast<int8_t>(*card);
  s.banner_deck.discard(*card);
  s.activation_index = 0;
  say(log, "banner.card", [&] {
    std::string t = "Banner activation card " + std::to_string(*card) + ":";
    const BannerCardInfo& c = data().banner_cards[*card];
    for (int i = 0; i < c.count; ++i) t += " " + data().banner_names[c.banners[i]];
    return t;
  });
  continue_activation(s, log);
}

// 7.1: each banner of the card in turn moves through empty areas until troops stop it.
void continue_activation(State& s, core::EventSink& log) {
  const BannerCardInfo& card = data().banner_cards[s.banner_card];
  while (s.activation_index < card.count) {
    int b = card.banners[s.activation_index];
    if (s.is_disorganised(b)) {
      say(log, "banner.idle",
          [&] { return data().banner_names[b] + " is disorganised and does nothing (7.1)"; });
      ++s.activation_index;
      continue;
    }
    for (;;) {
      int area = area_index(b, s.banner_pos[b] - 1);
      if (has_troops(s, area)) {
        start_defence(s, b, area, log);
        return;
      }
      banner_advance(s, b, log);
      if (s.finished()) return;
    }
  }
  reorganise(s, log);
}

}  // namespace frontier::lion
