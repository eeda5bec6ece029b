// Board queries and state changes shared by every rule file: who is where, terrain costs,
// forage, the Balance of Power index (4.0) and control changes (5.0).
#pragma once

#include <vector>

#include "crossroads/state.h"

namespace frontier::crossroads {

// Neighbouring squares (side-adjacent first, then diagonals when `diagonals`); off-map home
// bases are neighbours of their entry edges (19.1). Returns the count written to out[0..9].
int neighbours(const State& s, int loc, bool diagonals, int side, int out[10]);
bool side_adjacent(int a, int b);

// Movement cost in half points of entering `to` from `from` (13.1, 13.5, 19.13); -1 = prohibited.
// It depends on the map alone.
int enter_cost(const Data& d, int from, int to);
inline int enter_cost(const State& s, int from, int to) {
  return enter_cost(*s.d, from, to);
}

// Forage value in brigade equivalents (17.32, 20.31(2), 30.0, famine event).
int forage(const State& s, int sq);
// Defence multiples available to the defender in a square (14.74, 20.32).
int best_terrain_multiple(const State& s, int sq, int side, int options[3]);

// Whether the markers already in `sq` leave room for a `kind` civilization marker of `side`: one
// of each type per square (20.21), none beside an enemy marker (20.23), and no trading post
// beside a colony, which takes its place (20.31(1)). Set-up (26.0) and building (20.1) both ask.
bool marker_room(const State& s, int sq, int side, MarkerKind kind);

// Combat units per location and side, counted in one pass: the hot loops over squares use it
// instead of scanning the counter mix per square.
struct Occupancy {
  explicit Occupancy(const State& s);
  int at(int loc, int side) const { return n[static_cast<size_t>(loc) * 3 + side]; }
  std::array<uint8_t, static_cast<size_t>(kLocs) * 3> n;
};

int combat_units(const State& s, int loc, int side);  // count of combat units of `side`
int combat_strength(const State& s, int loc, int side);
bool any_combat_units(const State& s, int loc, int except_side);
int agents_at(const State& s, int loc, int side);
bool occupied_by(const State& s, int loc, int side);  // combat unit present (9.1(2), 6.0)
// The map squares occupied_by `side`, for the questions that ask of many squares at once.
SquareSet squares_occupied_by(const State& s, int side);
int8_t city_controller_neutral(const State& s, int sq);

// 4.0: shift the index `n` spaces toward `side`; no 0 space, limits +-18.
void shift_bop(State& s, int side, int n, core::EventSink& ev, const char* why);
// BoP degree for `side`: 0 not favoured, 1 mildly (1-5), 2 moderately (6-11), 3 strongly (12+).
int bop_degree(const State& s, int side);

// 5.0: give `region` to `side` (kNeutral for reversion) with the effects of 5.42/5.51/5.6.
// `invasion` triggers the defense levy (5.42(3)).
void set_control(State& s, int region, int side, bool invasion, core::EventSink& ev);

void start_levy(State& s, int region, int side, core::EventSink& ev);
void next_levy(State& s, core::EventSink& ev);
// Squares where the levy of the current region may be placed (5.42(3)).
void levy_squares(const State& s, std::vector<int>& out);

void eliminate_unit(State& s, int u, core::EventSink& ev);
void eliminate_agent(State& s, int a, core::EventSink& ev);
// Where an agent alone goes when it escapes (16.41): nearest square with friendly units.
int nearest_friendly_stack(const State& s, int from, int side);

std::string unit_label(const State& s, int u);

}  // namespace frontier::crossroads
