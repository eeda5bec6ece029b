#include "ai/turn.h"

#include <algorithm>

namespace frontier::ai {

TurnLimits turn_limits_for(Level level, int searches) {
  // A thirty-second of a full decision for a set-up placement, and (by default) eight full
  // decisions a turn: at normal level
  // Crossroads' British set-up turn of 196 decisions spends 2,352 iterations where it spent
  // 78,400, and most turns (a median of 8 decisions) are searched in full (docs/ai.md).
  int full = limits_for(level).iterations;
  TurnLimits out;
  out.light = std::max(4, full / 32);
  out.few = std::max(4, full / 8);
  out.per_turn = full * searches;
  return out;
}

SearchLimits TurnBudget::next(const core::Game& game, const core::GameState& state, core::Seat seat) {
  SearchLimits out = limits_for(level_);
  frontier::GameStatus status;
  game.status(state, status);
  if (status.turn() != game_turn_) spent_ = 0, game_turn_ = status.turn();
  TurnLimits limits = turn_limits_for(level_, game.bot_turn_searches());
  std::vector<core::Action> choices;
  bot_choices(game, state, seat, choices);
  int count = static_cast<int>(choices.size());
  if (count <= 1) {
    out.iterations = 0;  // played without a search (ai::search), said here too for the caller
    return out;
  }
  int want = out.iterations;
  if (game.bot_light_step(state, seat))
    want = limits.light;
  else if (count <= 3)
    want = std::min(want, limits.few * count);
  int left = limits.per_turn - spent_;
  if (left <= 0) {
    core::Action policy;
    left = game.policy_action(state, seat, policy) ? 0 : limits.light;
  }
  out.iterations = std::min(want, left);
  return out;
}

void MoveTrail::avoid(const core::Game& game, const core::GameState& state, core::Seat seat,
                      std::vector<core::Action>& out) const {
  if (left_.empty()) return;
  std::vector<core::Action> legal;
  game.legal_actions(state, seat, legal);
  for (const core::Action& a : legal) {
    auto step = game.bot_step(state, seat, a);
    if (step && step->from == at_ && std::find(left_.begin(), left_.end(), step->to) != left_.end())
      out.push_back(a);
  }
}

void MoveTrail::played(const core::Game& game, const core::GameState& state, core::Seat seat,
                       const core::Action& action) {
  auto step = game.bot_step(state, seat, action);
  if (!step) {
    left_.clear();
    at_ = -1;
    return;
  }
  if (step->from != at_) left_.clear();  // another stack, or a move the trail did not see begin
  if (step->to != step->from) left_.push_back(step->from);
  at_ = step->to;
}

}  // namespace frontier::ai
