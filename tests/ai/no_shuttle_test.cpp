// No shuttling (ai/turn.h, MoveTrail): a bot never steps a stack back into a space it left earlier
// in the same move, though the rules allow it (Khartoum 11.0, Crossroads 13.1). Shown on real
// positions reached by seeded random play: a stack has just stepped and could step straight back.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <optional>

#include "ai/ismcts.h"
#include "ai/level.h"
#include "ai/turn.h"
#include "core/engine.h"
#include "games.h"

namespace frontier::ai {
namespace {

struct Shuttle {
  std::unique_ptr<core::GameState> before;  // the seat is about to step
  core::Action step, back;                  // the step, and the step back from where it leads
};

// The first position of a seeded random game where the seat to move steps a stack and, after it,
// may step it straight back.
std::optional<Shuttle> find_shuttle(const core::Game& game, const std::string& scenario, uint64_t seed) {
  frontier::MatchSetup setup;
  setup.set_game(game.id());
  setup.set_scenario(scenario);
  setup.set_seed(seed);
  auto state = std::move(game.initial(setup).value());
  core::Rng rng(seed, 23);
  std::vector<core::Action> legal, next;
  core::EventSink quiet;
  for (int i = 0; i < 20000 && game.awaiting(*state); ++i) {
    core::Seat seat = std::countr_zero(game.awaiting(*state));
    game.legal_actions(*state, seat, legal);
    for (const core::Action& a : legal) {
      auto step = game.bot_step(*state, seat, a);
      if (!step || step->from == step->to) continue;
      auto after = state->clone();
      game.apply_legal(*after, seat, a, quiet);
      if (std::countr_zero(game.awaiting(*after)) != seat) continue;
      game.legal_actions(*after, seat, next);
      for (const core::Action& b : next) {
        auto back = game.bot_step(*after, seat, b);
        if (back && back->from == step->to && back->to == step->from) return Shuttle{state->clone(), a, b};
      }
    }
    game.apply_legal(*state, seat, legal[rng.below(static_cast<uint32_t>(legal.size()))], quiet);
  }
  return std::nullopt;
}

void expect_no_step_back(const std::string& game_id, const std::string& scenario) {
  const core::Game& game = *builtin_games().find(game_id);
  int found = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    auto shuttle = find_shuttle(game, scenario, seed);
    if (!shuttle) continue;
    ++found;
    core::Seat seat = std::countr_zero(game.awaiting(*shuttle->before));
    MoveTrail trail;
    trail.played(game, *shuttle->before, seat, shuttle->step);
    auto after = shuttle->before->clone();
    core::EventSink quiet;
    game.apply_legal(*after, seat, shuttle->step, quiet);
    SearchLimits limits = limits_for(Level::kEasy);
    trail.avoid(game, *after, seat, limits.root_avoid);
    ASSERT_EQ(limits.root_avoid.size(), 1u) << "seed " << seed;
    EXPECT_EQ(limits.root_avoid.front(), shuttle->back);
    // Whatever the search's seed, it never takes the step back (when anything else is open).
    std::vector<core::Action> others;
    bot_choices(game, *after, seat, others);
    if (others.size() < 2) continue;
    for (uint64_t s = 0; s < 6; ++s) EXPECT_NE(search(game, *after, seat, s, limits).action, shuttle->back);
  }
  EXPECT_GT(found, 0) << "no seed gave a stack that could step back";
}

TEST(NoShuttle, KhartoumGroupsNeverMarchBackIntoASpaceTheyLeft) {
  expect_no_step_back("khartoum", "campaign");
}

TEST(NoShuttle, CrossroadsForcesNeverStepBackIntoASquareTheyLeft) {
  expect_no_step_back("crossroads", "scenario1");
}

}  // namespace
}  // namespace frontier::ai
