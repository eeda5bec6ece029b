// A bot's turn (ai/turn.h): how its search is shared over the decisions of a turn, counted in
// iterations (never time), and the trail that keeps a stack from stepping back into a space it
// left in the same move. On real positions of Crossroads and Khartoum reached by seeded random play.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <functional>

#include "ai/ismcts.h"
#include "ai/level.h"
#include "ai/turn.h"
#include "core/engine.h"
#include "games.h"

namespace frontier::ai {
namespace {

using Found = std::function<bool(const core::Game&, const core::GameState&, core::Seat)>;

// Plays seeded random moves from the scenario's start until the seat to move (the lowest waiting)
// is in a position `found` accepts; nullptr when none comes within `steps`.
std::unique_ptr<core::GameState> reach(const core::Game& game, const std::string& scenario, uint64_t seed,
                                       const Found& found, int steps = 20000) {
  frontier::MatchSetup setup;
  setup.set_game(game.id());
  setup.set_scenario(scenario);
  setup.set_seed(seed);
  auto state = std::move(game.initial(setup).value());
  core::Rng rng(seed, 17);
  std::vector<core::Action> legal;
  core::EventSink quiet;
  for (int i = 0; i < steps; ++i) {
    core::SeatMask waiting = game.awaiting(*state);
    if (!waiting) return nullptr;
    core::Seat seat = std::countr_zero(waiting);
    if (found(game, *state, seat)) return state;
    game.legal_actions(*state, seat, legal);
    game.apply_legal(*state, seat, legal[rng.below(static_cast<uint32_t>(legal.size()))], quiet);
  }
  return nullptr;
}

core::Seat to_move(const core::Game& game, const core::GameState& state) {
  return std::countr_zero(game.awaiting(state));
}

size_t choices(const core::Game& game, const core::GameState& state, core::Seat seat) {
  std::vector<core::Action> out;
  bot_choices(game, state, seat, out);
  return out.size();
}

const core::Game& crossroads() {
  return *builtin_games().find("crossroads");
}

TEST(TurnBudget, ASingleChoiceIsPlayedWithoutASearch) {
  const core::Game& game = crossroads();
  auto state =
      reach(game, "scenario1", 1, [](const core::Game& g, const core::GameState& s, core::Seat seat) {
        return choices(g, s, seat) == 1;
      });
  ASSERT_NE(state, nullptr);
  TurnBudget budget(Level::kNormal);
  core::Seat seat = to_move(game, *state);
  SearchLimits limits = budget.next(game, *state, seat);
  EXPECT_EQ(limits.iterations, 0);
  EXPECT_EQ(search(game, *state, seat, 7, limits_for(Level::kNormal)).iterations, 0);
}

// 26.0: a set-up placement among many squares is a light step.
TEST(TurnBudget, ASetUpPlacementGetsTheSmallBudget) {
  const core::Game& game = crossroads();
  auto state =
      reach(game, "scenario1", 1, [](const core::Game& g, const core::GameState& s, core::Seat seat) {
        return g.bot_light_step(s, seat) && choices(g, s, seat) > 3;
      });
  ASSERT_NE(state, nullptr);
  TurnBudget budget(Level::kNormal);
  core::Seat seat = to_move(game, *state);
  SearchLimits limits = budget.next(game, *state, seat);
  EXPECT_EQ(limits.iterations, turn_limits_for(Level::kNormal).light);
  EXPECT_LT(limits.iterations, limits_for(Level::kNormal).iterations / 10);
  EXPECT_EQ(search(game, *state, seat, 7, limits).iterations, limits.iterations);
}

TEST(TurnBudget, AChoiceAmongTwoOrThreeGetsASmallBudgetPerChoice) {
  const core::Game& game = crossroads();
  auto state =
      reach(game, "scenario1", 2, [](const core::Game& g, const core::GameState& s, core::Seat seat) {
        size_t n = choices(g, s, seat);
        return !g.bot_light_step(s, seat) && n >= 2 && n <= 3;
      });
  ASSERT_NE(state, nullptr);
  core::Seat seat = to_move(game, *state);
  int n = static_cast<int>(choices(game, *state, seat));
  EXPECT_EQ(TurnBudget(Level::kNormal).next(game, *state, seat).iterations,
            turn_limits_for(Level::kNormal).few * n);
}

// A decision with many choices gets the level's full search until the turn's budget runs out;
// then the game's policy plays (no iterations), and a new turn has the whole budget again.
TEST(TurnBudget, ATurnSpendsItsBudgetThenPlaysTheGamesPolicy) {
  const core::Game& game = crossroads();
  auto state =
      reach(game, "scenario1", 3, [](const core::Game& g, const core::GameState& s, core::Seat seat) {
        return !g.bot_light_step(s, seat) && choices(g, s, seat) > 3;
      });
  ASSERT_NE(state, nullptr);
  core::Seat seat = to_move(game, *state);
  const int full = limits_for(Level::kNormal).iterations;
  const int per_turn = turn_limits_for(Level::kNormal).per_turn;
  TurnBudget budget(Level::kNormal);
  EXPECT_EQ(budget.next(game, *state, seat).iterations, full);
  budget.spent(per_turn - 100);
  EXPECT_EQ(budget.next(game, *state, seat).iterations, 100);  // what is left of the turn
  budget.spent(100);
  SearchLimits spent = budget.next(game, *state, seat);
  EXPECT_EQ(spent.iterations, 0);
  SearchResult played = search(game, *state, seat, 7, spent);
  EXPECT_EQ(played.iterations, 0);
  core::Action policy;
  ASSERT_TRUE(game.policy_action(*state, seat, policy));
  EXPECT_EQ(played.action, policy);
  budget.new_turn();
  EXPECT_EQ(budget.next(game, *state, seat).iterations, full);
}

// The Lion has one seat, so no other seat's prompt ends a turn: a new game turn does.
TEST(TurnBudget, ANewGameTurnBeginsANewTurn) {
  const core::Game& game = *builtin_games().find("lion");
  auto turn_of = [](const core::Game& g, const core::GameState& s) {
    frontier::GameStatus status;
    g.status(s, status);
    return status.turn();
  };
  auto many = [](const core::Game& g, const core::GameState& s, core::Seat seat) {
    return !g.bot_light_step(s, seat) && choices(g, s, seat) > 3;
  };
  auto first = reach(game, "standard", 1, many);
  ASSERT_NE(first, nullptr);
  uint32_t turn = turn_of(game, *first);
  auto later =
      reach(game, "standard", 1, [&](const core::Game& g, const core::GameState& s, core::Seat seat) {
        return turn_of(g, s) != turn && many(g, s, seat);
      });
  ASSERT_NE(later, nullptr);
  const int full = limits_for(Level::kNormal).iterations;
  TurnBudget budget(Level::kNormal);
  EXPECT_EQ(budget.next(game, *first, 0).iterations, full);
  budget.spent(turn_limits_for(Level::kNormal, game.bot_turn_searches()).per_turn);
  EXPECT_EQ(budget.next(game, *first, 0).iterations, 0);
  EXPECT_EQ(budget.next(game, *later, 0).iterations, full);
}

}  // namespace
}  // namespace frontier::ai
