// The Expansionist: a simple heuristic player of Asia Crossroads (docs/games/crossroads.md, "The
// heuristic player"). It scores each legal action by what it does and takes the best: negotiate
// and fight for regions it does not hold, commit about half its treasury, spend on recruits,
// supply and markers, move every force as far as it can towards regions worth victory points,
// never leave units behind, never offer agreements or cancel a move. Bots use it in half of
// their playout moves (rules/ai); bench/ai plays against it as the baseline opponent.
#pragma once

#include <vector>

#include "core/game.h"
#include "crossroads/state.h"

namespace frontier::crossroads {

// Higher is better; only comparisons between the legal actions of one decision mean anything.
int heuristic_score(const State& s, int seat, const core::Action& a);

// The first best-scoring action of `legal` (false when it is empty).
bool heuristic_action(const State& s, int seat, const std::vector<core::Action>& legal, core::Action& out);

}  // namespace frontier::crossroads
