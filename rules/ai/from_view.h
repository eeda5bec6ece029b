// The search a computer opponent runs from what its seat receives (issue 47): the seat's view as
// the server sends it and the match's public terms, never a state. Every iteration rebuilds a
// full position from the view (Game::determinize, each hidden fact drawn anew), so the search
// cannot read a fact the view does not carry: the true state never reaches it. frontier-bot
// (server/bot_worker) decides this way, and so does frontier-ai-bench, in process.
#pragma once

#include <cstdint>
#include <memory>

#include "ai/ismcts.h"
#include "core/game.h"

namespace frontier::ai {

// The position a search from `view` starts at: the view rebuilt with one draw of its hidden facts,
// seeded by `seed` as search_from_view's root is (the same position). What a caller plans from it
// (ai/turn.h's budget and trail) reads only public facts, alike in every draw.
core::Result<std::unique_ptr<core::GameState>> root_from_view(const core::Game& game,
                                                              const frontier::MatchSetup& setup,
                                                              const frontier::GameView& view, core::Seat seat,
                                                              uint64_t seed);

// The action `seat` should take in the position `view` shows it. `setup` gives the game,
// scenario and options (its seed is not read). A view the game could not have sent to `seat`,
// or one where the seat has no choice to make, is an error. `limits.redraw` is replaced.
core::Result<SearchResult> search_from_view(const core::Game& game, const frontier::MatchSetup& setup,
                                            const frontier::GameView& view, core::Seat seat, uint64_t seed,
                                            SearchLimits limits);

}  // namespace frontier::ai
