// Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse
// 2012) over any core::Game. Each iteration redraws the facts hidden from the searching seat
// (Game::resample_hidden, and new dice), walks the tree by UCB where its actions are legal in
// that redrawn state, adds one node, plays on (the game's policy or at random) and scores the
// end, or the game's estimate where the playout was cut short (Game::estimate_since, which may
// measure it from the redrawn root). A move in the tree that brings back a position already on
// its path is set aside, so a bot never goes round in circles. Actions the game marks
// Game::bot_skips are left out wherever another remains.
//
// A bot never peeks: the true state reaches the search only through resample_hidden (whose
// result depends on the seat's view and the generator alone), legal_actions and awaiting of the
// searching seat. Same view, same seed: same action.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/game.h"

namespace frontier::ai {

struct SearchLimits {
  // 0: no search, the game's policy (Game::policy_action) where it has one and its choice is
  // allowed, else the first allowed action.
  int iterations = 400;
  // A playout stops after this many actions past the tree and is scored by Game::estimate_since
  // (an even chance where the game has none).
  int rollout_actions = 200;
  // Per mille of playout actions taken from Game::policy_action where the game has a policy;
  // -1: the game's own choice (Game::playout_policy_per_mille).
  int policy_per_mille = -1;
  double exploration = 0.7;  // the UCB constant, for rewards in [0, 1]
  // Root actions the searching seat does not take unless nothing else remains (a step back into a
  // space the moving stack left in this move: ai/turn.h, MoveTrail). Left out of the search.
  std::vector<core::Action> root_avoid;
  // Checked between iterations (a deadline): stops early. Without it the search is a pure
  // function of its inputs.
  std::function<bool()> stop;
  // Where each iteration's position comes from instead of resample_hidden(root): a full state
  // the searching seat cannot tell from the root, drawn from the generator it is given. The
  // search from a view (ai/from_view.h) rebuilds it from the seat's view alone.
  std::function<std::unique_ptr<core::GameState>(core::Rng&)> redraw;
};

struct SearchResult {
  core::Action action;
  int iterations = 0;   // run before the budget or the deadline ended the search
  int nodes = 0;        // in the tree
  uint32_t visits = 0;  // of the chosen action
};

// The actions a bot chooses among: `seat`'s legal actions in `state` without those the game says a
// bot never takes (Game::bot_skips), unless that would leave none.
void bot_choices(const core::Game& game, const core::GameState& state, core::Seat seat,
                 std::vector<core::Action>& out);

// The action `seat` should take now. `seat` must hold a prompt in `state` with at least one
// legal action. `seed` decides every random choice of the search.
SearchResult search(const core::Game& game, const core::GameState& state, core::Seat seat, uint64_t seed,
                    const SearchLimits& limits);

}  // namespace frontier::ai
