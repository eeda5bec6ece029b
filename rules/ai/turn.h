// What a bot carries from one decision to the next of its turn (docs/ai.md, "A turn's budget" and
// "No shuttling"). A turn is every decision of one seat until another seat is prompted; the
// caller (the server's bot driver, the bench) keeps one TurnBudget and one MoveTrail per bot
// seat of a game and tells them what was decided.
//
// The budget is counted in iterations, not time, so a decision stays reproducible from its seed
// and from what the turn spent before it.
#pragma once

#include <cstdint>
#include <vector>

#include "ai/ismcts.h"
#include "ai/level.h"
#include "core/game.h"

namespace frontier::ai {

// How a level's search is shared over a turn:
//  - a single choice (after the game's bot_skips) is played with no search at all (ai::search);
//  - a light step (Game::bot_light_step: a set-up placement) gets `light` iterations;
//  - a choice among 2–3 (near-forced) gets `few` iterations per choice;
//  - any other decision gets the level's full `iterations`;
//  - and a turn spends at most `per_turn` iterations in all: once they are spent, every further
//    decision of the turn is the game's policy (Game::policy_action, a search of no iterations:
//    ai::search), or a search of `light` iterations where the game has none.
struct TurnLimits {
  int light = 12;
  int few = 50;
  int per_turn = 3200;
};
// The level's, for a game whose turn holds `searches` full ones (Game::bot_turn_searches).
TurnLimits turn_limits_for(Level level, int searches = 8);

class TurnBudget {
 public:
  explicit TurnBudget(Level level) : level_(level) {}

  // The limits of `seat`'s next decision in `state` (which must prompt it): the level's, with
  // `iterations` set by the rule above. A new game turn (GameStatus::turn) begins a new turn too:
  // a solitaire game (the Lion) never prompts another seat.
  SearchLimits next(const core::Game& game, const core::GameState& state, core::Seat seat);
  // The decision was searched with `iterations` (SearchResult::iterations).
  void spent(int iterations) { spent_ += iterations; }
  // Another seat was prompted: the next decision begins a new turn.
  void new_turn() { spent_ = 0, game_turn_ = -1; }
  int spent() const { return spent_; }

 private:
  Level level_;
  int spent_ = 0;
  int64_t game_turn_ = -1;  // GameStatus::turn of the turn's first decision
};

// The spaces the stack a bot is moving step by step has left in this move (Game::bot_step), so
// the bot never routes it back into one: Khartoum's normal bot once marched a stack Wadi Halfa →
// Dongola → Wadi Halfa → Dongola → Wadi Halfa in one move. A filter on the bot's choice, not a
// rule: the step stays legal for a person.
class MoveTrail {
 public:
  // Legal root actions of `seat` in `state` that step back into a space left in this move, added
  // to `out` (for SearchLimits::root_avoid).
  void avoid(const core::Game& game, const core::GameState& state, core::Seat seat,
             std::vector<core::Action>& out) const;
  // `seat` played `action` in `state` (before applying it). A step continues the move when it
  // leaves where the last one entered; any other action of the seat ends the move.
  void played(const core::Game& game, const core::GameState& state, core::Seat seat,
              const core::Action& action);

 private:
  std::vector<int> left_;  // spaces left in this move, in order
  int at_ = -1;            // where the last step entered; -1 between moves
};

}  // namespace frontier::ai
