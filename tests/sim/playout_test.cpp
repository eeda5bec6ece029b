// Random playouts of the fixture with every per-step check on: finishing, invariants,
// snapshot round trips, no leaks under resampling, and replay to the same hash.
#include <gtest/gtest.h>

#include "core/view.h"
#include "race_game.h"
#include "sim/playout.h"

using namespace frontier::sim;

TEST(Playout, FixtureGamesFinishWithAllChecksOn) {
  const auto& game = *frontier::fixture::fixture_registry().find("race");
  frontier::MatchSetup setup;
  setup.set_game("race");
  setup.set_scenario("standard");
  PlayoutOptions opt;
  opt.seed = 1;
  opt.games = 300;
  opt.check = true;
  opt.check_replay = true;
  PlayoutReport r = run_playouts(game, setup, opt);
  EXPECT_TRUE(r.failures.empty()) << r.failures.front();
  EXPECT_EQ(r.finished, 300);
  EXPECT_GT(r.actions, 300u * 5);
  EXPECT_GT(r.winners["North"], 0);
  EXPECT_GT(r.winners["South"], 0);
}

TEST(Playout, SignatureDependsOnlyOnSeeds) {
  const auto& game = *frontier::fixture::fixture_registry().find("race");
  frontier::MatchSetup setup;
  setup.set_game("race");
  setup.set_scenario("standard");
  PlayoutOptions opt;
  opt.games = 20;
  uint64_t a = run_playouts(game, setup, opt).signature;
  opt.check = true;  // checks must not disturb the match's own generator
  uint64_t b = run_playouts(game, setup, opt).signature;
  opt.seed = 2;
  uint64_t c = run_playouts(game, setup, opt).signature;
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

// A game whose view leaks: the leak check must notice (the property test can fail).
TEST(Playout, HeuristicPolicyFallsBackToRandomWithoutOne) {
  // Game::policy_action is optional: a game without a built-in policy plays randomly, with the
  // same choices as --policy random.
  const auto& game = *frontier::fixture::fixture_registry().find("race");
  frontier::MatchSetup setup;
  setup.set_game("race");
  setup.set_scenario("standard");
  PlayoutOptions opt;
  opt.games = 20;
  uint64_t random = run_playouts(game, setup, opt).signature;
  opt.policy = Policy::kHeuristic;
  EXPECT_EQ(run_playouts(game, setup, opt).signature, random);
}

TEST(Playout, LeakCheckCatchesAViewThatShowsHiddenFacts) {
  class LeakyRace : public frontier::core::Game {
   public:
    LeakyRace() : inner_(frontier::fixture::make_race_game()) {}
    const frontier::GameInfo& info() const override { return inner_->info(); }
    frontier::core::Result<std::unique_ptr<frontier::core::GameState>> initial(
        const frontier::MatchSetup& s) const override {
      return inner_->initial(s);
    }
    frontier::core::SeatMask awaiting(const frontier::core::GameState& s) const override {
      return inner_->awaiting(s);
    }
    frontier::core::PromptInfo prompt(const frontier::core::GameState& s,
                                      frontier::core::Seat seat) const override {
      return inner_->prompt(s, seat);
    }
    void legal_actions(const frontier::core::GameState& s, frontier::core::Seat seat,
                       std::vector<frontier::core::Action>& out) const override {
      inner_->legal_actions(s, seat, out);
    }
    void apply_legal(frontier::core::GameState& s, frontier::core::Seat seat, const frontier::core::Action& a,
                     frontier::core::EventSink& e) const override {
      inner_->apply_legal(s, seat, a, e);
    }
    std::string describe(const frontier::core::GameState& s, frontier::core::Seat seat,
                         const frontier::core::Action& a) const override {
      return inner_->describe(s, seat, a);
    }
    // Shows everyone the full observer-less view of seat 0 and 1: hands included.
    void view(const frontier::core::GameState& s, frontier::core::Seat,
              frontier::GameView& out) const override {
      frontier::GameView a, b;
      inner_->view(s, 0, a);
      inner_->view(s, 1, b);
      auto both = frontier::core::unpack_view<frontier::KeyValueView>(a);
      both.MergeFrom(frontier::core::unpack_view<frontier::KeyValueView>(b));
      out.mutable_payload()->PackFrom(both);
    }
    const google::protobuf::Descriptor& view_type() const override { return inner_->view_type(); }
    void status(const frontier::core::GameState& s, frontier::GameStatus& out) const override {
      inner_->status(s, out);
    }
    void snapshot(const frontier::core::GameState& s, frontier::core::ByteWriter& w) const override {
      inner_->snapshot(s, w);
    }
    frontier::core::Result<std::unique_ptr<frontier::core::GameState>> restore(
        std::string_view b) const override {
      return inner_->restore(b);
    }
    frontier::core::Rng& rng(frontier::core::GameState& s) const override { return inner_->rng(s); }
    std::unique_ptr<frontier::core::GameState> resample_hidden(const frontier::core::GameState& s,
                                                               frontier::core::Seat v,
                                                               frontier::core::Rng& r) const override {
      return inner_->resample_hidden(s, v, r);
    }

   private:
    std::unique_ptr<frontier::core::Game> inner_;
  } leaky;
  frontier::MatchSetup setup;
  setup.set_game("race");
  setup.set_scenario("standard");
  PlayoutOptions opt;
  opt.games = 5;
  opt.check = true;
  PlayoutReport r = run_playouts(leaky, setup, opt);
  ASSERT_FALSE(r.failures.empty());
  EXPECT_NE(r.failures.front().find("leak"), std::string::npos) << r.failures.front();
}
