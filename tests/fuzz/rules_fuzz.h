// Shared parts of the rules fuzz targets (action_fuzz.cpp, snapshot_fuzz.cpp): the shipped games
// taken from the registry (so a new game is fuzzed without editing a list), the positions the
// targets start from, and the checks every reached position must pass.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/engine.h"
#include "games.h"

namespace frontier::fuzz {

// Every game of builtin_games(), in registration order; byte 0 of an input picks one.
const std::vector<const core::Game*>& shipped_games();
const core::Game& game_for(uint8_t pick);

// A fresh starting position of `game`'s scenario number `pick` (modulo the count), seed 1.
std::unique_ptr<core::GameState> start_position(const core::Game& game, uint8_t pick);

// Up to `steps` legal actions chosen by `rng`, the way a random playout moves.
void random_walk(const core::Game& game, core::GameState& state, int steps, std::mt19937& rng);

// What a server does with a position after each step: every seat's prompt with its labelled
// choices, every seat's and an observer's view, the status and the snapshot; each must
// complete, and the snapshot must restore to a state with the same snapshot.
void exercise_position(const core::Game& game, const core::GameState& state);

// Seeds for the corpora, from short random playouts of every shipped game (rules_fuzz_seeds.cpp).
std::vector<std::string> action_seeds();
std::vector<std::string> snapshot_seeds();
// The seeds of the target linked in (each target defines it), for rules_fuzz_driver.cpp.
std::vector<std::string> target_seeds();

}  // namespace frontier::fuzz
