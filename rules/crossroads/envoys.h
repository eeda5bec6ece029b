// Bots' envoys (not a rule; docs/ai.md, "Envoys"): what a bot leaves out (Game::bot_skips) so
// that its agents who may win a treaty (political value 2 or more, 15.1(2)) travel to the capital
// they do best to make for, one to a region, negotiate there with all the pounds they may commit,
// and have the supply points their journeys need (12.2). A search chooses every other move.
//
// Why a rule of thumb and not the search: a treaty is two or three operations phases' march
// away, each phase after the first paid for with a supply point in the expenditure phase before
// (12.2, 17.1), and a playout cut a turn short sees the costs at once and the treaty only later.
// Scenario 2's Russian bot never moved its three negotiators from their city in six turns; with
// the khanates in Russian hands from the start the same bots drew half their games.
#pragma once

#include "core/game.h"
#include "crossroads/state.h"

namespace frontier::crossroads {

// From what `seat` may see: its own agents, the regions' control, occupation and the map.
bool bot_skips_for_envoys(const State& s, int seat, const core::Action& a);

}  // namespace frontier::crossroads
