// The greedy player, Hand of Destiny's documented heuristic: march whole stacks towards enemy
// units and towns and never hold back. The game's policy_action (bot playouts) takes its first
// best action; benchmark opponents break ties at random (bench/ai, bench/khartoum).
#pragma once

#include "core/game.h"
#include "hand_of_destiny/state.h"

namespace frontier::hand_of_destiny {

// How much the greedy player likes `action` for `seat`: higher is better, 0 is indifferent.
int greedy_score(const State& s, int seat, const core::Action& action);

}  // namespace frontier::hand_of_destiny
