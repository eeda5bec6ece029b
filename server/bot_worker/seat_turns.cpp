#include "bot_worker/seat_turns.h"

namespace frontier::bot_worker {

ai::SearchLimits SeatTurns::next(const core::Game& game, const core::GameState& root, uint64_t match,
                                 core::Seat seat, uint32_t seq, ai::Level level) {
  Key key{match, seat};
  SeatTurn turn{seq + 1, ai::TurnBudget(level), {}};
  if (auto it = turns_.find(key); it != turns_.end()) {
    if (it->second.next_seq == seq) turn.budget = it->second.budget;  // the same turn goes on
    turn.trail = it->second.trail;
  }
  ai::SearchLimits limits = turn.budget.next(game, root, seat);
  turn.trail.avoid(game, root, seat, limits.root_avoid);
  pending_.emplace(key, std::move(turn));
  return limits;
}

void SeatTurns::decided(const core::Game& game, const core::GameState& root, const core::Action& action,
                        int iterations) {
  if (!pending_) return;
  auto& [key, turn] = *pending_;
  turn.budget.spent(iterations);
  turn.trail.played(game, root, key.second, action);
  if (turns_.size() >= kMaxSeats && !turns_.count(key)) turns_.clear();
  turns_.insert_or_assign(key, std::move(turn));
  pending_.reset();
}

}  // namespace frontier::bot_worker
