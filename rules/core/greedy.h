// A greedy player's choice (Game::greedy_action): the best-scoring action, each score plus a
// random 0..noise-1 drawn from the caller's generator as the tie-break (never the match's).
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.h"

namespace frontier::core {

template <typename Score>
Action best_with_noise(const std::vector<Action>& legal, Rng& rng, uint32_t noise, Score score) {
  Action out = legal.front();
  int best = -1000000;
  for (const Action& a : legal) {
    int value = score(a) + static_cast<int>(rng.below(noise));
    if (value > best) best = value, out = a;
  }
  return out;
}

}  // namespace frontier::core
