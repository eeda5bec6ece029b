// Seeded random playouts: the property test and the benchmark of every game. Game i of a run
// uses seed + i for the match and a separate policy generator, so choosing moves never
// disturbs the match's own dice.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "record.pb.h"

namespace frontier::sim {

// kHeuristic: the game's built-in policy (Game::policy_action), random where it has none.
enum class Policy { kRandom, kFirst, kHeuristic };

struct PlayoutOptions {
  uint64_t seed = 1;
  int games = 1;
  Policy policy = Policy::kRandom;
  // Per-step checks (slow): engine-validated apply, invariants, snapshot round trip, and that
  // each seat's view is unchanged when the facts hidden from it are redrawn (no leaks).
  bool check = false;
  // Replay each finished game from its record and compare final hashes.
  bool check_replay = false;
  uint64_t max_actions_per_game = 1'000'000;
  // Keep the record of the first game (for `play --record`).
  bool keep_first_record = false;
};

struct PlayoutReport {
  int games = 0;
  int finished = 0;
  uint64_t actions = 0;
  double seconds = 0;
  std::map<std::string, int> results;  // by result text
  std::map<std::string, int> winners;  // by winning side, "draw" or "none"
  std::vector<std::string> failures;
  uint64_t signature = 0;  // hash over every final state hash: changes only if behaviour does
  frontier::GameRecord first_record;
};

PlayoutReport run_playouts(const core::Game& game, const frontier::MatchSetup& setup,
                           const PlayoutOptions& options);

}  // namespace frontier::sim
