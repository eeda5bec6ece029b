// Fuzz target: each shipped game's restore() on arbitrary snapshot bytes, then its rules from
// whatever position was accepted. Snapshots come back from the store after a restart; a corrupt
// or hostile one must be refused (a typed error), never crash. From an accepted position every
// seat's legal actions are listed, each is applied to a copy, and one (chosen by the input) is
// played, for a few steps.
// Input: [game][choice seed] then the snapshot bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "rules_fuzz.h"

namespace frontier::fuzz {

std::vector<std::string> target_seeds() {
  return snapshot_seeds();
}

}  // namespace frontier::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace frontier;
  if (size < 2) return 0;
  const core::Game& game = fuzz::game_for(data[0]);
  auto restored = game.restore(std::string_view(reinterpret_cast<const char*>(data + 2), size - 2));
  if (!restored.is_ok()) return 0;
  auto& state = *restored.value();
  std::mt19937 rng(data[1]);
  std::vector<core::Action> legal;
  constexpr size_t kTriedPerSeat = 24;  // listed actions applied to copies, spread over the list
  for (int step = 0; step < 6; ++step) {
    fuzz::exercise_position(game, state);
    core::SeatMask awaiting = game.awaiting(state);
    std::vector<core::Seat> seats;
    for (core::Seat s = 0; s < game.seat_count(); ++s) {
      if (awaiting & core::seat_bit(s)) seats.push_back(s);
    }
    if (seats.empty()) return 0;  // over (or awaiting only seats the game does not have)
    for (core::Seat s : seats) {
      game.legal_actions(state, s, legal);
      size_t stride = legal.size() / kTriedPerSeat + 1;
      for (size_t k = 0; k < legal.size(); k += stride) {
        auto copy = state.clone();
        std::vector<core::LogEvent> events;
        if (!core::apply(game, *copy, s, legal[k], &events).status.is_ok())
          std::abort();  // listed yet refused
      }
    }
    core::Seat seat = seats[rng() % seats.size()];
    game.legal_actions(state, seat, legal);
    if (legal.empty()) return 0;
    if (!core::apply(game, state, seat, legal[rng() % legal.size()]).status.is_ok()) std::abort();
  }
  return 0;
}
