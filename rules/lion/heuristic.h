// A simple built-in policy for Gordon, better than random play: it is the baseline against
// which the balance of the reconstructed data is judged (docs/games/lion.md), and frontier-sim
// uses it with `play --game lion --policy heuristic`.
#pragma once

#include "core/game.h"

namespace frontier::lion {

// The action the heuristic takes in `state` (a Lion state with a prompt). Deterministic: the
// same state always gives the same choice. Rules of thumb, in short:
//  - turn 1: fortify the four key areas in front of the banners, build three gunboats, raise
//    both militia;
//  - later turns: keep the last AP for defensive positions (6.7); with spare AP raise morale
//    when CM is low, trade morale for resources when RP is low, repair gunboats, and raid the
//    weakest nearby banner with the best raiders;
//  - defence: hold the area just in front of each banner that can move this turn (or the
//    Palace when a banner stands next to it), strongest banners first, sharing out troops,
//    leaders, guns and gunboats; always spend the optional RP while RP > 6;
//  - losses fall on the least useful units first (militia, Bachi-bouzouks, light guns).
core::Action choose_heuristic_action(const core::GameState& state);

}  // namespace frontier::lion
