// Bots never peek (issue 14): a bot's decision is a function of what its seat may see. For every
// decision of many random games of every shipped game and scenario, the same bot with the same
// seed chooses the same action from the true state and from one whose hidden facts were redrawn
// (Game::resample_hidden), and redrawing itself depends on the view alone.
// FRONTIER_AI_PEEK_GAMES sets the games per scenario (default 6; the note on issue 14 gives a
// run of hundreds).
#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>
#include <string>

#include "ai/ismcts.h"
#include "core/engine.h"
#include "games.h"

namespace frontier::ai {
namespace {

int games_per_scenario() {
  const char* v = std::getenv("FRONTIER_AI_PEEK_GAMES");
  return v && std::atoi(v) > 0 ? std::atoi(v) : 6;
}

// Small on purpose: the property does not depend on the budget, and it is checked twice per step.
SearchLimits tiny() {
  SearchLimits limits;
  limits.iterations = 6;
  limits.rollout_actions = 24;
  return limits;
}

std::string snapshot_of(const core::Game& game, const core::GameState& s) {
  return core::snapshot(game, s);
}

void check_game(const core::Game& game, const std::string& scenario, uint64_t seed, int* decisions) {
  frontier::MatchSetup setup;
  setup.set_game(game.id());
  setup.set_scenario(scenario);
  setup.set_seed(seed);
  auto initial = game.initial(setup);
  ASSERT_TRUE(initial) << initial.status().message();
  auto state = std::move(initial.value());
  core::Rng chooser(seed, 0x50454bULL);
  std::vector<core::Action> legal;
  core::EventSink no_log;
  for (int step = 0; step < 20000 && game.awaiting(*state) != 0; ++step) {
    core::SeatMask waiting = game.awaiting(*state);
    core::Seat seat = std::countr_zero(waiting);
    // The same facts, hidden from `seat`, drawn another way.
    core::Rng other(seed * 7919 + static_cast<uint64_t>(step), 1);
    auto redrawn = game.resample_hidden(*state, seat, other);
    if (redrawn) {
      core::Rng a(static_cast<uint64_t>(step), 2), b(static_cast<uint64_t>(step), 2);
      auto from_true = game.resample_hidden(*state, seat, a);
      auto from_redrawn = game.resample_hidden(*redrawn, seat, b);
      ASSERT_EQ(snapshot_of(game, *from_true), snapshot_of(game, *from_redrawn))
          << game.id() << " " << scenario << " seed " << seed << " step " << step << ": redrawing for "
          << game.seat_name(seat) << " depends on facts hidden from it";
      uint64_t bot_seed = seed ^ (static_cast<uint64_t>(step) << 20);
      auto on_true = search(game, *state, seat, bot_seed, tiny());
      auto on_redrawn = search(game, *redrawn, seat, bot_seed, tiny());
      std::vector<core::Action> l1, l2;
      game.legal_actions(*state, seat, l1);
      game.legal_actions(*redrawn, seat, l2);
      ASSERT_EQ(l1, l2) << game.id() << " " << scenario << " seed " << seed << " step " << step
                        << ": the legal actions of " << game.seat_name(seat)
                        << " depend on facts hidden from it (" << game.prompt(*state, seat).text << ")";
      ASSERT_EQ(on_true.action, on_redrawn.action)
          << game.id() << " " << scenario << " seed " << seed << " step " << step << ": the bot for "
          << game.seat_name(seat) << " chose " << game.describe(*state, seat, on_true.action)
          << " from the true state but " << game.describe(*redrawn, seat, on_redrawn.action)
          << " from a redrawn one";
      ++*decisions;
    }
    game.legal_actions(*state, seat, legal);
    ASSERT_FALSE(legal.empty());
    game.apply_legal(*state, seat, legal[chooser.below(static_cast<uint32_t>(legal.size()))], no_log);
  }
}

TEST(NeverPeeks, EveryShippedGameAndScenario) {
  int checked_games = 0;
  for (const core::Game* game : builtin_games().games()) {
    for (const auto& scenario : game->info().scenarios()) {
      int decisions = 0;
      for (int g = 0; g < games_per_scenario(); ++g) {
        check_game(*game, scenario.id(), 1000 + static_cast<uint64_t>(g), &decisions);
        if (HasFatalFailure()) return;
        ++checked_games;
      }
      std::printf("%s %s: %d decisions checked\n", game->id().c_str(), scenario.id().c_str(), decisions);
      // A game that hides nothing from a seat has nothing to check; every shipped game hides something.
      EXPECT_GT(decisions, 0) << game->id() << " " << scenario.id();
    }
  }
  EXPECT_GT(checked_games, 0);
}

}  // namespace
}  // namespace frontier::ai
