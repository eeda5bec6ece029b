// The parts both rules fuzz targets share (rules_fuzz.h).
#include "rules_fuzz.h"

#include <cstdlib>
#include <map>

#include "game.pb.h"
#include "view.pb.h"

namespace frontier::fuzz {

const std::vector<const core::Game*>& shipped_games() {
  static const std::vector<const core::Game*> games = [] {
    const auto& registry = builtin_games();
    if (!registry.problems().empty() || registry.games().empty()) std::abort();
    return registry.games();
  }();
  return games;
}

const core::Game& game_for(uint8_t pick) {
  const auto& games = shipped_games();
  return *games[pick % games.size()];
}

std::unique_ptr<core::GameState> start_position(const core::Game& game, uint8_t pick) {
  // initial() loads and checks a scenario (Crossroads' is large): done once per scenario.
  static std::map<std::pair<const core::Game*, int>, std::unique_ptr<core::GameState>> cache;
  int count = game.info().scenarios_size();
  int index = count > 0 ? pick % count : 0;
  auto& slot = cache[{&game, index}];
  if (!slot) {
    frontier::MatchSetup setup;
    setup.set_game(game.id());
    if (count > 0) setup.set_scenario(game.info().scenarios(index).id());
    setup.set_seed(1);
    auto state = game.initial(setup);
    if (!state.is_ok()) std::abort();  // a shipped scenario must start with its default options
    slot = std::move(state.value());
  }
  return slot->clone();
}

void random_walk(const core::Game& game, core::GameState& state, int steps, std::mt19937& rng) {
  std::vector<core::Action> legal;
  for (int i = 0; i < steps; ++i) {
    core::SeatMask awaiting = game.awaiting(state);
    if (awaiting == 0) return;
    std::vector<core::Seat> seats;
    for (core::Seat s = 0; s < game.seat_count(); ++s) {
      if (awaiting & core::seat_bit(s)) seats.push_back(s);
    }
    if (seats.empty()) std::abort();  // awaiting names a seat the game does not have
    core::Seat seat = seats[rng() % seats.size()];
    game.legal_actions(state, seat, legal);
    if (legal.empty()) std::abort();  // a seat holding a prompt must have a choice
    if (!core::apply(game, state, seat, legal[rng() % legal.size()]).status.is_ok()) std::abort();
  }
}

void exercise_position(const core::Game& game, const core::GameState& state) {
  for (core::Seat s = 0; s < game.seat_count(); ++s) {
    frontier::Prompt prompt;
    core::fill_prompt(game, state, s, prompt);
    frontier::GameView view;
    game.view(state, s, view);
  }
  frontier::GameView observer;
  game.view(state, core::kObserver, observer);
  frontier::GameStatus status;
  game.status(state, status);
  // snapshot and restore are exact inverses (game.h): a position's bytes restore, and the
  // restored position gives the same bytes again.
  std::string bytes = core::snapshot(game, state);
  auto again = game.restore(bytes);
  if (!again.is_ok() || core::snapshot(game, *again.value()) != bytes) std::abort();
}

}  // namespace frontier::fuzz
