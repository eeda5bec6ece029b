// The Lion of Khartoum: the rules functions shared by the files of rules/lion (internal).
// flow.cpp runs the turn (4.0, 5.0, 7.1, 8.0, 9.0), combat.cpp resolves raids, sorties and
// defence on the outcome and casualty tables (6.5, 6.6, 7.2, 11.11), legal.cpp lists and applies
// Gordon's choices (6.0), text.cpp words them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "lion.pb.h"
#include "lion/state.h"

namespace frontier::lion {

// ---- units (inline helpers over the counter arrays)
inline bool has_troops(const State& s, int area) {
  for (const Troop& t : s.troops) {
    if (t.loc == Loc::kDeployed && t.area == area) return true;
  }
  return false;
}
inline int find_troop(const State& s, Loc loc, int type, int steps, int area = -1) {
  for (int i = 0; i < kTroops; ++i) {
    const Troop& t = s.troops[i];
    if (t.loc == loc && t.type == type && t.steps == steps && (area < 0 || t.area == area)) return i;
  }
  return -1;
}
inline int find_gun(const State& s, Loc loc, int type, int area = -1) {
  for (int i = 0; i < kGuns; ++i) {
    if (s.guns[i].loc == loc && s.guns[i].type == type && (area < 0 || s.guns[i].area == area)) return i;
  }
  return -1;
}
inline int find_gunboat(const State& s, Loc loc) {
  for (int i = 0; i < kGunboats; ++i) {
    if (s.gunboats[i].loc == loc) return i;
  }
  return -1;
}
inline int count_gunboats(const State& s, Loc loc, int area = -1) {
  int n = 0;
  for (const Gunboat& g : s.gunboats) n += g.loc == loc && (area < 0 || g.area == area);
  return n;
}
inline const Factors& troop_factors(int type, int steps) {
  return steps >= 2 ? data().troop_full[type] : data().troop_reduced[type];
}
inline bool is_regular(int type) {
  return type != kMilitia;
}
// 6.6: two-step regulars, and one-step Egyptians or Sudanese.
inline bool may_sortie(int type, int steps) {
  return is_regular(type) && !troop_factors(type, steps).no_sortie && (steps == 2 || type != kBachi);
}
// Gunboats still in play (6.4: at most three).
inline int gunboats_in_play(const State& s) {
  return kGunboats - count_gunboats(s, Loc::kUnbuilt) - count_gunboats(s, Loc::kDestroyed);
}
inline bool can_pay_rp(const State& s, int n) {
  return s.turn == 1 ? s.free_rp >= n : s.rp >= n;
}

// ---- flow.cpp
void start_turn(State& s, core::EventSink& log);
void action_done(State& s, core::EventSink& log);
void end_action_phase(State& s, core::EventSink& log);
void continue_activation(State& s, core::EventSink& log);
void pay_rp(State& s, int n, core::EventSink& log);
void change_cm(State& s, int delta, core::EventSink& log);
void change_rp(State& s, int delta, core::EventSink& log);
void change_strength(State& s, int banner, int delta, core::EventSink& log);
void banner_advance(State& s, int banner, core::EventSink& log);
void banner_retreat(State& s, int banner, core::EventSink& log);
void resolve_ultimatum(State& s, bool pay, core::EventSink& log);
bool check_collapse(State& s, core::EventSink& log);

// ---- combat.cpp
// The terms of the roll a raid, sortie or defence makes (6.5 step 3, 6.6, 7.2 steps 1-4).
struct RollTerms {
  int units = 0;          // the engaged stack's factors
  int tracks = 0;         // the CM and RP tracks (AOT)
  int banner = 0;         // minus the banner's strength (a raid: half of it, rounded up)
  int fortification = 0;  // defence: the area's level
  int rp = 0;             // defence: +1 for the optional RP
  int drm() const { return units + tracks + banner + fortification + rp; }
};
RollTerms roll_terms(const State& s, Context c, int banner, int area, bool spend_rp);
// What one counter adds to the roll of a raid, sortie or defence.
int combat_factor(const Factors& f, Context c);
void launch_raid(State& s, core::EventSink& log);
void launch_sortie(State& s, core::EventSink& log);
void start_defence(State& s, int banner, int area, core::EventSink& log);
void resolve_defence(State& s, bool spend_rp, core::EventSink& log);
void continue_casualties(State& s, core::EventSink& log);
void lose_step(State& s, int type, int steps, core::EventSink& log);
void lose_gun(State& s, int type, core::EventSink& log);

// ---- legal.cpp
void list_legal(const State& s, std::vector<core::Action>& out);
void apply_action(State& s, const core::Action& a, core::EventSink& log);

// ---- text.cpp
std::string describe_action(const State& s, const core::Action& a);
core::PromptInfo prompt_info(const State& s);
std::string why_illegal(const State& s, const core::Action& a);
std::string unit_name(int type, int steps);
std::string action_type_name(int type);
std::string stage_name(Stage stage);
// The stage in words ("Choosing actions"), the phase a player reads.
std::string stage_words(Stage stage);
std::string result_text(const State& s);

// ---- view.cpp, snapshot.cpp, edit.cpp
void fill_view(const State& s, LionView& out);
void write_state(const State& s, core::ByteWriter& out);
bool read_state(State& s, core::ByteReader& in);
core::Status edit_state(State& s, std::string_view command);
std::string state_invariants(const State& s);

// ---- table.cpp: the view's machine form of the table and a position rebuilt from it
void fill_table(const State& s, LionTable& out);
core::Result<std::unique_ptr<core::GameState>> state_from_view(const LionView& view, core::Rng& rng);

}  // namespace frontier::lion
