// Internal interface between the rule files of the Hand of Destiny system: board queries
// (board.cpp), the sequence of play, cards and recruiting (turn.cpp), movement (march.cpp) and
// battle (battle.cpp). Each area lists its legal actions and applies them; game.cpp dispatches.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "hand_of_destiny/state.h"
#include "khartoum.pb.h"

namespace frontier::hand_of_destiny {

// Action kinds are the generated khartoum::ActionKind (proto/khartoum.proto documents a/b/c), so
// the rules, the clients and the wire share one list.
using Actions = std::vector<core::Action>;
inline core::Action act(khartoum::ActionKind k, int a = 0) {
  return core::Action{static_cast<uint16_t>(k), static_cast<int16_t>(a), 0, 0};
}

// ---- board.cpp: positions and derived facts ----
int count_in(const State& s, int space, int side);
bool has_side(const State& s, int space, int side);
bool contested(const State& s, int space);
void set_loc(State& s, int u, int loc);     // keeps the stacking stamp (the mover goes on top)
int terrain_of(const State& s, int space);  // 29.11: Khartoum changes with the Nile
bool is_town(const State& s, int space);
bool shelters(const State& s, int space, int side);  // fortress for this side (14.0)
int top_unit(const State& s, int space, int side);   // 29.14
bool route_usable(const State& s, uint64_t units, const Link& link, bool retreat);
bool desert_capable(const UnitInfo& u, int side);                        // 29.8
bool in_supply(const State& s, int u, bool for_battle, bool defending);  // 29.17
int empire_vp(const State& s);                                           // 27.0
int empire_vp_at(const State& s, int space);  // 27.0: what the space adds to empire_vp
bool mahdist_sudden_death(const State& s);    // 27.0
bool unit_on_map(const State& s, int u);
uint64_t units_at(const State& s, int space, int side);
int popcount64(uint64_t m);
void eliminate_unit(State& s, int u, core::EventSink& log);  // to box, eliminated box or dead
std::string space_name(const State& s, int space);
std::string unit_name(const State& s, int u);
std::string list_units(const State& s, uint64_t units);

// ---- turn.cpp: set-up, sequence of play, cards, recruiting ----
void start_setup(State& s);
void legal_turn(const State& s, core::Seat seat, Actions& out);
void apply_turn(State& s, const core::Action& a, core::EventSink& log);
void begin_player_turn(State& s, core::EventSink& log);
void after_card_event(State& s, core::EventSink& log);  // card 18 done: recruiting follows
void end_player_turn(State& s, core::EventSink& log);
bool placement_ok(const State& s, int u, int space);
void finish_game_by_vp(State& s, core::EventSink& log);

// ---- march.cpp: movement (11.0, 29.8-29.12) and card 18 ----
void start_march(State& s, core::EventSink& log);
int allowance(const State& s, int u);
void legal_march(const State& s, Actions& out);
void apply_march(State& s, const core::Action& a, core::EventSink& log);
// Choices a bot leaves out wherever another remains (core::Game::bot_skips): forming a group,
// each unit is taken or left once and one stays in; a picked group is not cancelled, before or
// after it sets out; a stack's top (29.14) is only changed for a weaker unit. Without them a bot's decisions,
// each searched on its own, took a unit in and out of a group again and again.
bool bot_skips_march(const State& s, const core::Action& a);
bool egyptian_march_possible(const State& s);
void legal_egyptian_march(const State& s, Actions& out);
void apply_egyptian_march(State& s, const core::Action& a, core::EventSink& log);

// ---- battle.cpp: 13.0-20.0 ----
void start_battle_phase(State& s, core::EventSink& log);
void legal_battle(const State& s, core::Seat seat, Actions& out);
void apply_battle(State& s, const core::Action& a, core::EventSink& log);
// A bot never holds back a pursuer it added (19.0; the same circling as bot_skips_march).
bool bot_skips_battle(const State& s, const core::Action& a);
uint64_t retreat_destinations(const State& s, uint64_t group, int from);  // bit per space

// ---- view.cpp and table.cpp: what a seat sees (29.14), in machine form, and its inverse ----
bool visible(const State& s, int u, core::Seat viewer);  // the unit's identity and state
bool card_visible(const State& s, core::Seat viewer);    // the card in effect (29.1)
bool indices_in_range(const State& s);                   // every index field names a real thing
// Where a hidden Mahdist unit stands (29.14): its location, flags and stacking stamp, without its
// moves left, which belong to the unit (the card and its type set them, 11.0) and so say which
// unit it is; ordered by those facts alone, never by unit.
UnitState hidden_slot(const UnitState& u);
bool slot_order(const UnitState& a, const UnitState& b);
void fill_table(const State& s, core::Seat viewer, khartoum::KhartoumTable& t);
// Everything but the dice and the draw piles' order from `v` into `s` (whose scenario and options
// are set): hidden units take the hidden states in data order and hidden Hold cards the first
// unseen ones, for resample_hidden to redraw. Checks ranges and the decks' cards, not the rest.
core::Status state_from_view(const khartoum::KhartoumView& v, State& s);
// The advanced-rule options of a match's terms (2.0).
core::Status set_options(const frontier::MatchSetup& setup, State& s);

// ---- steps.cpp: the facts of each Step, in one table ----
// Which part of the rules lists and applies the actions of a step: the Egyptian march of card 18
// (29.1), the March Phase (11.0), a battle (13.0-20.0) or the rest of the turn sequence.
enum class StepModule : uint8_t { kEgyptianMarch, kMarch, kBattle, kTurn };
StepModule module_of(Step step);
// Who holds the prompt now (-1 none).
int prompt_seat(const State& s);
const char* step_name(Step step);   // the prompt kind
const char* step_words(Step step);  // the step in words ("March"), the phase a player reads
std::string prompt_text(const State& s);

}  // namespace frontier::hand_of_destiny
