// What a worker carries from one decision of a bot seat to the next (rules/ai/turn.h, docs/ai.md
// "A turn's budget" and "No shuttling"): the turn's search budget, which goes on while the seat is
// asked again at the seq right after its own last move (nobody else moved), and the trail of the
// stack it is moving. Kept per (match, seat) in the worker that decided; a decision handed to
// another worker (or after a restart) only starts a fresh turn's budget and trail there.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>

#include "ai/level.h"
#include "ai/turn.h"

namespace frontier::bot_worker {

class SeatTurns {
 public:
  // The limits of the decision of `seat` in `match` at `seq`, at `level`, in `root`: a position
  // rebuilt from the seat's view (budget and trail read only public facts of it).
  ai::SearchLimits next(const core::Game& game, const core::GameState& root, uint64_t match, core::Seat seat,
                        uint32_t seq, ai::Level level);
  // That decision took `action` after `iterations` of search.
  void decided(const core::Game& game, const core::GameState& root, const core::Action& action,
               int iterations);

 private:
  struct SeatTurn {
    uint32_t next_seq = 0;
    ai::TurnBudget budget;
    ai::MoveTrail trail;
  };
  using Key = std::pair<uint64_t, core::Seat>;
  // Forgotten all at once past this many seats: a seat then only starts a fresh turn.
  static constexpr size_t kMaxSeats = 4096;
  std::map<Key, SeatTurn> turns_;
  // The decision under way (next() then decided(); a worker decides one at a time).
  std::optional<std::pair<Key, SeatTurn>> pending_;
};

}  // namespace frontier::bot_worker
