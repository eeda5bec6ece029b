// The search itself: reproducible from its seed, stoppable, and much stronger than chance on the
// fixture race (a secret bid, dice, a hidden hand), where the right play is easy to reason about.
#include <gtest/gtest.h>

#include <bit>

#include "ai/ismcts.h"
#include "ai/level.h"
#include "core/engine.h"
#include "race_game.h"

namespace frontier::ai {
namespace {

const core::Game& race() {
  return *fixture::fixture_registry().find("race");
}

std::unique_ptr<core::GameState> start(uint64_t seed) {
  frontier::MatchSetup setup;
  setup.set_game("race");
  setup.set_scenario("standard");
  setup.set_seed(seed);
  return std::move(race().initial(setup).value());
}

// Plays one race: `bot_seat` searches with `limits`, the other seat plays at random. The winner.
int play(uint64_t seed, core::Seat bot_seat, const SearchLimits& limits) {
  const core::Game& game = race();
  auto state = start(seed);
  core::Rng chooser(seed, 3);
  std::vector<core::Action> legal;
  core::EventSink no_log;
  for (int step = 0; game.awaiting(*state) != 0; ++step) {
    core::Seat seat = std::countr_zero(game.awaiting(*state));
    core::Action action;
    if (seat == bot_seat) {
      action = search(game, *state, seat, seed * 131 + static_cast<uint64_t>(step), limits).action;
    } else {
      game.legal_actions(*state, seat, legal);
      action = legal[chooser.below(static_cast<uint32_t>(legal.size()))];
    }
    game.apply_legal(*state, seat, action, no_log);
  }
  frontier::GameStatus status;
  game.status(*state, status);
  return status.winner();
}

TEST(Search, SameSeedSameChoiceAndTheChoiceIsLegal) {
  auto state = start(5);
  auto a = search(race(), *state, 0, 42, limits_for(Level::kEasy));
  auto b = search(race(), *state, 0, 42, limits_for(Level::kEasy));
  EXPECT_EQ(a.action, b.action);
  EXPECT_EQ(a.iterations, limits_for(Level::kEasy).iterations);
  EXPECT_GT(a.nodes, 1);
  std::vector<core::Action> legal;
  race().legal_actions(*state, 0, legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), a.action), legal.end());
}

TEST(Search, ADeadlineStopsItEarly) {
  auto state = start(5);
  SearchLimits limits = limits_for(Level::kHard);
  int asked = 0;
  limits.stop = [&] { return ++asked > 10; };
  auto r = search(race(), *state, 0, 1, limits);
  EXPECT_EQ(r.iterations, 10);
}

TEST(Search, BeatsChanceOnEitherSide) {
  // Deterministic (every seed fixed): a regression shows as a lower count, never as flakiness.
  constexpr int kGames = 30;
  for (core::Seat seat : {0, 1}) {
    int wins = 0;
    for (int g = 0; g < kGames; ++g)
      wins += play(100 + static_cast<uint64_t>(g), seat, limits_for(Level::kNormal)) == seat;
    EXPECT_GE(wins, kGames * 3 / 4) << race().seat_name(seat) << " won " << wins << " of " << kGames;
  }
}

TEST(Levels, ParseAndOrderByEffort) {
  EXPECT_EQ(parse_level("hard"), Level::kHard);
  EXPECT_FALSE(parse_level("grandmaster"));
  EXPECT_STREQ(level_name(Level::kEasy), "easy");
  EXPECT_LT(limits_for(Level::kEasy).iterations, limits_for(Level::kNormal).iterations);
  EXPECT_LT(limits_for(Level::kNormal).iterations, limits_for(Level::kHard).iterations);
}

}  // namespace
}  // namespace frontier::ai
