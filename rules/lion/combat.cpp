// Resolution of raids (6.5), sorties (6.6) and defensive actions (7.2) on the outcome tables,
// then the casualty tables in the printed order: leaders, troops, guns, gunboats. Step losses
// go first to two-step units (11.11); where that leaves a choice, Gordon makes it (kLoseStep).
#include <string>

#include "lion/rules.h"

namespace frontier::lion {

namespace {

template <typename F>
void say(core::EventSink& log, const char* kind, F&& text) {
  if (log.enabled()) log.add(kind, text());
}

std::string signed_str(int v) {
  std::string out = std::to_string(v);
  if (v >= 0) out.insert(out.begin(), '+');
  return out;
}

const google::protobuf::RepeatedPtrField<OutcomeRow>& table_for(Context c) {
  const LionData& p = data().proto;
  return c == Context::kRaid ? p.raid_table() : c == Context::kSortie ? p.sortie_table() : p.defence_table();
}

const OutcomeRow& current_row(const State& s) {
  return table_for(s.combat.context)[s.combat.row];
}

// Sum of one factor over the engaged stack.
int stack_factor(const State& s, Context c) {
  int sum = 0;
  for (const Troop& t : s.troops) {
    if (t.loc == Loc::kEngaged) sum += combat_factor(troop_factors(t.type, t.steps), c);
  }
  for (const Gun& g : s.guns) {
    if (g.loc == Loc::kEngaged) sum += combat_factor(data().gun_factors[g.type], c);
  }
  for (int l = 0; l < kLeaders; ++l) {
    if (s.leaders[l].loc == Loc::kEngaged) sum += combat_factor(data().leader_factors[l], c);
  }
  for (const Gunboat& g : s.gunboats) {
    if (g.loc == Loc::kEngaged) sum += combat_factor(data().gunboat, c);
  }
  return sum;
}

// Applies the banner and track results of an outcome row, then starts the casualty rolls.
void apply_outcome(State& s, int row, core::EventSink& log) {
  s.combat.row = static_cast<int8_t>(row);
  const OutcomeRow& r = current_row(s);
  s.combat.drm = static_cast<int8_t>(r.casualty_drm());
  s.combat.table = 0;
  s.combat.steps_left = 0;
  s.combat.guns_left = 0;
  int b = s.combat.banner;
  if (r.rp() != 0) change_rp(s, r.rp(), log);
  if (r.cm() != 0) change_cm(s, r.cm(), log);
  if (s.finished()) return;
  if (r.banner_strength() != 0) change_strength(s, b, r.banner_strength(), log);
  if (r.disorganise()) {
    s.disorganised[b] = true;
    say(log, "banner.disorganised", [&] { return data().banner_names[b] + " is disorganised"; });
  }
  if (r.retreat()) banner_retreat(s, b, log);
  if (s.finished()) return;
  continue_casualties(s, log);
}

int engaged_troop_steps(const State& s) {
  int n = 0;
  for (const Troop& t : s.troops) n += t.loc == Loc::kEngaged ? t.steps : 0;
  return n;
}

int engaged_guns(const State& s) {
  int n = 0;
  for (const Gun& g : s.guns) n += g.loc == Loc::kEngaged;
  return n;
}

// The distinct (type, steps) the next step loss may fall on (11.11: two-step units first).
int step_options(const State& s, int* types, int* steps) {
  bool two = false;
  for (const Troop& t : s.troops) two |= t.loc == Loc::kEngaged && t.steps == 2;
  int n = 0;
  for (int type = 0; type < kTroopTypes; ++type) {
    for (int st = 2; st >= 1; --st) {
      if ((st == 2) != two) continue;
      if (find_troop(s, Loc::kEngaged, type, st) >= 0) {
        types[n] = type;
        steps[n] = st;
        ++n;
      }
    }
  }
  return n;
}

int gun_options(const State& s, int* types) {
  int n = 0;
  for (int type = 0; type < kGunTypes; ++type) {
    if (find_gun(s, Loc::kEngaged, type) >= 0) types[n++] = type;
  }
  return n;
}

void finish_combat(State& s, core::EventSink& log) {
  Combat& c = s.combat;
  bool defence = c.context == Context::kDefence;
  bool advance = defence && current_row(s).advance();
  // Survivors: raid and sortie stacks go to the Used boxes (6.5 step 5, 6.6); defenders stay in
  // their area unless the banner took it, when they fall back to the Used boxes.
  Loc stay = defence && !advance ? Loc::kDeployed : Loc::kUsed;
  int8_t area = stay == Loc::kDeployed ? c.area : int8_t{-1};
  for (Troop& t : s.troops) {
    if (t.loc == Loc::kEngaged) t.loc = stay, t.area = area;
  }
  for (Gun& g : s.guns) {
    if (g.loc == Loc::kEngaged) g.loc = stay, g.area = area;
  }
  Loc free_loc = stay == Loc::kDeployed ? Loc::kDeployed : Loc::kAvailable;
  for (LeaderState& l : s.leaders) {
    if (l.loc == Loc::kEngaged) l.loc = free_loc, l.area = area;
  }
  for (Gunboat& g : s.gunboats) {
    if (g.loc == Loc::kEngaged) g.loc = free_loc, g.area = area;
  }
  int banner = c.banner;
  c = Combat{};
  s.target = -1;
  if (!defence) {
    action_done(s, log);
    return;
  }
  if (advance) {
    banner_advance(s, banner, log);  // 7.2: it stops in the area it took
    if (s.finished()) return;
  }
  ++s.activation_index;
  continue_activation(s, log);
}

}  // namespace

int combat_factor(const Factors& f, Context c) {
  return c == Context::kRaid ? f.raid : c == Context::kSortie ? f.sortie : f.defence;
}

RollTerms roll_terms(const State& s, Context c, int banner, int area, bool spend_rp) {
  RollTerms t;
  t.units = stack_factor(s, c);
  t.tracks = cm_drm(s.cm) + rp_drm(s.rp);
  // 6.5 step 3: a raid counts half the banner's strength, rounded up.
  t.banner = -(c == Context::kRaid ? (s.banner_str[banner] + 1) / 2 : s.banner_str[banner]);
  if (c == Context::kDefence) {
    t.fortification = s.fort_level(area);
    t.rp = spend_rp ? 1 : 0;
  }
  return t;
}

void launch_raid(State& s, core::EventSink& log) {
  int b = s.target;
  RollTerms terms = roll_terms(s, Context::kRaid, b, -1, false);
  int units = terms.units, tracks = terms.tracks, half = -terms.banner, drm = terms.drm();
  int d1 = s.rng.roll(6), d2 = s.rng.roll(6);
  int row = outcome_row_index(data().proto.raid_table(), d1 + d2 + drm);
  s.combat.context = Context::kRaid;
  s.combat.banner = static_cast<int8_t>(b);
  say(log, "raid.roll", [&] {
    return "Raid on the " + data().banner_names[b] + ": units " + signed_str(units) + ", CM/RP " +
           signed_str(tracks) + ", half strength -" + std::to_string(half) + " = DRM " + signed_str(drm) +
           "; roll " + std::to_string(d1 + d2) + " → " + std::to_string(d1 + d2 + drm) + ": " +
           data().proto.raid_table(row).name() + " (AOT.2)";
  });
  apply_outcome(s, row, log);
}

void launch_sortie(State& s, core::EventSink& log) {
  int b = s.target;
  RollTerms terms = roll_terms(s, Context::kSortie, b, -1, false);
  int units = terms.units, tracks = terms.tracks, drm = terms.drm();
  int d1 = s.rng.roll(6), d2 = s.rng.roll(6);
  int row = outcome_row_index(data().proto.sortie_table(), d1 + d2 + drm);
  s.combat.context = Context::kSortie;
  s.combat.banner = static_cast<int8_t>(b);
  say(log, "sortie.roll", [&] {
    return "Sortie against the " + data().banner_names[b] + ": units " + signed_str(units) + ", CM/RP " +
           signed_str(tracks) + ", strength -" + std::to_string(s.banner_str[b]) + " = DRM " +
           signed_str(drm) + "; roll " + std::to_string(d1 + d2) + " → " + std::to_string(d1 + d2 + drm) +
           ": " + data().proto.sortie_table(row).name() + " (AOT.3)";
  });
  apply_outcome(s, row, log);
}

void start_defence(State& s, int banner, int area, core::EventSink& log) {
  s.combat = Combat{};
  s.combat.context = Context::kDefence;
  s.combat.banner = static_cast<int8_t>(banner);
  s.combat.area = static_cast<int8_t>(area);
  for (Troop& t : s.troops) {
    if (t.loc == Loc::kDeployed && t.area == area) t.loc = Loc::kEngaged;
  }
  for (Gun& g : s.guns) {
    if (g.loc == Loc::kDeployed && g.area == area) g.loc = Loc::kEngaged;
  }
  for (LeaderState& l : s.leaders) {
    if (l.loc == Loc::kDeployed && l.area == area) l.loc = Loc::kEngaged;
  }
  for (Gunboat& g : s.gunboats) {
    if (g.loc == Loc::kDeployed && g.area == area) g.loc = Loc::kEngaged;
  }
  s.stage = Stage::kSpendRp;
  say(log, "banner.attack",
      [&] { return data().banner_names[banner] + " attacks " + data().areas[area].name + " (7.1)"; });
}

// 7.2 steps 1-5.
void resolve_defence(State& s, bool spend_rp, core::EventSink& log) {
  int b = s.combat.banner;
  int area = s.combat.area;
  if (spend_rp) {
    s.combat.rp_spent = true;
    change_rp(s, -1, log);
    if (s.finished()) return;
  }
  RollTerms terms = roll_terms(s, Context::kDefence, b, area, spend_rp);
  int units = terms.units, fort = terms.fortification, tracks = terms.tracks, drm = terms.drm();
  int d1 = s.rng.roll(6), d2 = s.rng.roll(6);
  int row = outcome_row_index(data().proto.defence_table(), d1 + d2 + drm);
  say(log, "defence.roll", [&] {
    return "Defence of " + data().areas[area].name + ": units " + signed_str(units) + ", fortification " +
           signed_str(fort) + (spend_rp ? ", 1 RP +1" : "") + ", CM/RP " + signed_str(tracks) +
           ", strength -" + std::to_string(s.banner_str[b]) + " = DRM " + signed_str(drm) + "; roll " +
           std::to_string(d1 + d2) + " → " + std::to_string(d1 + d2 + drm) + ": " +
           data().proto.defence_table(row).name() + " (AOT.1)";
  });
  apply_outcome(s, row, log);
}

void continue_casualties(State& s, core::EventSink& log) {
  Combat& c = s.combat;
  const OutcomeRow& r = current_row(s);
  const LionData& p = data().proto;
  int types[8], steps[8];
  for (;;) {
    if (c.steps_left > 0) {
      if (engaged_troop_steps(s) == 0) {
        c.steps_left = 0;
        continue;
      }
      if (step_options(s, types, steps) > 1) {
        s.stage = Stage::kLoseStep;
        return;
      }
      lose_step(s, types[0], steps[0], log);
      continue;
    }
    if (c.guns_left > 0) {
      if (gun_options(s, types) > 1) {
        s.stage = Stage::kLoseGun;
        return;
      }
      lose_gun(s, types[0], log);
      continue;
    }
    switch (c.table++) {
      case 0:  // Leaders casualties table
        for (int l = 0; l < kLeaders; ++l) {
          if (!r.roll_leaders() || s.leaders[l].loc != Loc::kEngaged) continue;
          int die = s.rng.roll(6);
          int effect = casualty_effect(p.leader_casualties(), die + c.drm);
          if (effect == 1) {
            s.leaders[l].loc = Loc::kWounded;
            s.leaders[l].wounded_turn = s.turn;
          } else if (effect == 2) {
            s.leaders[l].loc = Loc::kDead;
          }
          say(log, "casualty.leader", [&] {
            return "Leaders casualties: roll " + std::to_string(die) + signed_str(c.drm) + " = " +
                   std::to_string(die + c.drm) + ": " + data().leader_names[l] +
                   (effect == 0   ? " unharmed"
                    : effect == 1 ? " wounded"
                                  : " killed");
          });
        }
        break;
      case 1:  // Troops casualties table
        if (r.roll_troops() && engaged_troop_steps(s) > 0) {
          int die = s.rng.roll(6);
          int lost = casualty_effect(p.troop_casualties(), die + c.drm);
          c.steps_left = static_cast<int8_t>(lost);
          say(log, "casualty.troops", [&] {
            return "Troops casualties: roll " + std::to_string(die) + signed_str(c.drm) + " = " +
                   std::to_string(die + c.drm) + ": " + std::to_string(lost) + " step(s) lost";
          });
        }
        break;
      case 2:  // Guns casualties table
        if (r.roll_guns() && engaged_guns(s) > 0) {
          int die = s.rng.roll(6);
          int lost = casualty_effect(p.gun_casualties(), die + c.drm);
          c.guns_left = static_cast<int8_t>(lost < engaged_guns(s) ? lost : engaged_guns(s));
          say(log, "casualty.guns", [&] {
            return "Guns casualties: roll " + std::to_string(die) + signed_str(c.drm) + " = " +
                   std::to_string(die + c.drm) + ": " + std::to_string(lost) + " gun(s) destroyed" +
                   (lost > c.guns_left ? " (only " + std::to_string(c.guns_left) + " engaged)" : "");
          });
        }
        break;
      case 3:  // Gunboats Damage Table, one roll per gunboat
        for (Gunboat& g : s.gunboats) {
          if (!r.roll_gunboats() || g.loc != Loc::kEngaged) continue;
          int die = s.rng.roll(6);
          int effect = casualty_effect(p.gunboat_damage(), die + c.drm);
          if (effect == 1) g.loc = Loc::kDamaged, g.area = -1;
          if (effect == 2) g.loc = Loc::kDestroyed, g.area = -1;  // 6.4: never rebuilt
          say(log, "casualty.gunboat", [&] {
            return "Gunboat damage: roll " + std::to_string(die) + signed_str(c.drm) + " = " +
                   std::to_string(die + c.drm) + ": " +
                   (effect == 0   ? "no damage"
                    : effect == 1 ? "damaged"
                                  : "destroyed");
          });
        }
        break;
      default:
        finish_combat(s, log);
        return;
    }
  }
}

void lose_step(State& s, int type, int steps, core::EventSink& log) {
  int i = find_troop(s, Loc::kEngaged, type, steps);
  Troop& t = s.troops[i];
  --t.steps;
  --s.combat.steps_left;
  say(log, "step.loss", [&] {
    return unit_name(type, steps) + (t.steps > 0 ? " is reduced to one step" : " is eliminated") + " (11.11)";
  });
  if (t.steps == 0) {
    // Militia may be raised again (6.3); other troops are gone for good.
    t.loc = type == kMilitia ? Loc::kUnraised : Loc::kEliminated;
    t.steps = static_cast<uint8_t>(type == kMilitia ? 1 : 0);
    t.area = -1;
  }
}

void lose_gun(State& s, int type, core::EventSink& log) {
  int i = find_gun(s, Loc::kEngaged, type);
  s.guns[i].loc = Loc::kEliminated;
  s.guns[i].area = -1;
  --s.combat.guns_left;
  say(log, "gun.loss", [&] { return data().gun_names[type] + " destroyed"; });
}

}  // namespace frontier::lion
