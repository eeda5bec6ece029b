// Bots never peek (issues 14 and 47). A bot decides from its seat's view: the search's entry point
// (ai::search_from_view) takes the view the server sends that seat and the match's public terms,
// never a state, and each iteration rebuilds a position from the view (Game::determinize). So the
// property holds by construction; this test checks what it rests on, for every decision of many
// random games of every shipped game and scenario:
//  - a state whose hidden facts were redrawn (Game::resample_hidden, which leak tests use) shows
//    the seat the same view, and redrawing itself depends on the view alone;
//  - the bot's move chosen from the view is legal in the true position (the rebuilt positions
//    offer the seat the true choices), and the terms' seed, which foretells the dice, is not read.
// The worker process's side (it receives only its seat's frames) is tests/server/bot_workers_test.cpp.
// FRONTIER_AI_PEEK_GAMES sets the games per scenario (default 6; the note on issue 14 gives a
// run of hundreds).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <string>
#include <type_traits>

#include "ai/from_view.h"
#include "ai/ismcts.h"
#include "core/engine.h"
#include "games.h"

namespace frontier::ai {
namespace {

int games_per_scenario() {
  const char* v = std::getenv("FRONTIER_AI_PEEK_GAMES");
  return v && std::atoi(v) > 0 ? std::atoi(v) : 6;
}

constexpr int kSearchStride = 16;

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
      frontier::GameView shown, shown_redrawn;
      game.view(*state, seat, shown);
      game.view(*redrawn, seat, shown_redrawn);
      ASSERT_EQ(shown.SerializeAsString(), shown_redrawn.SerializeAsString())
          << game.id() << " " << scenario << " seed " << seed << " step " << step
          << ": a redrawn state shows " << game.seat_name(seat) << " another view";
      std::vector<core::Action> l1, l2;
      game.legal_actions(*state, seat, l1);
      game.legal_actions(*redrawn, seat, l2);
      ASSERT_EQ(l1, l2) << game.id() << " " << scenario << " seed " << seed << " step " << step
                        << ": the legal actions of " << game.seat_name(seat)
                        << " depend on facts hidden from it (" << game.prompt(*state, seat).text << ")";
      ++*decisions;
      // A search rebuilds a position from the view at every iteration, which costs more than a
      // step: every kSearchStride-th decision is searched.
      if (*decisions % kSearchStride == 0) {
        // The terms as a worker has them: no seed (it would foretell the dice), then a wrong one.
        frontier::MatchSetup terms = setup;
        terms.clear_seed();
        auto on_true = search_from_view(game, terms, shown, seat, bot_seed, tiny());
        terms.set_seed(seed + 12345);
        auto on_other_seed = search_from_view(game, terms, shown_redrawn, seat, bot_seed, tiny());
        ASSERT_TRUE(on_true) << on_true.status().message();
        ASSERT_TRUE(on_other_seed) << on_other_seed.status().message();
        ASSERT_NE(std::find(l1.begin(), l1.end(), on_true.value().action), l1.end())
            << game.id() << " " << scenario << " seed " << seed << " step " << step << ": the bot for "
            << game.seat_name(seat) << " chose a move the true position does not allow";
        ASSERT_EQ(on_true.value().action, on_other_seed.value().action)
            << game.id() << " " << scenario << " seed " << seed << " step " << step << ": the bot for "
            << game.seat_name(seat) << " chose " << game.describe(*state, seat, on_true.value().action)
            << " with one seed in the terms but " << game.describe(*state, seat, on_other_seed.value().action)
            << " with another";
      }
    }
    game.legal_actions(*state, seat, legal);
    ASSERT_FALSE(legal.empty());
    game.apply_legal(*state, seat, legal[chooser.below(static_cast<uint32_t>(legal.size()))], no_log);
  }
}

// The search a bot runs takes a seat's view, not a state: there is no way to hand it the truth.
static_assert(std::is_same_v<decltype(&search_from_view),
                             core::Result<SearchResult> (*)(const core::Game&, const frontier::MatchSetup&,
                                                            const frontier::GameView&, core::Seat, uint64_t,
                                                            SearchLimits)>);

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
