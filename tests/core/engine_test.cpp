// The engine's gate, exercised through the fixture game: seat checks, legality, unchanged state
// on refusal, simultaneous prompts, per-seat log filtering and option validation.
#include <gtest/gtest.h>

#include "core/engine.h"
#include "race_game.h"

using namespace frontier::core;

namespace {

struct Fixture : ::testing::Test {
  const Game& game = *frontier::fixture::fixture_registry().find("race");
  std::unique_ptr<GameState> state;
  void SetUp() override {
    frontier::MatchSetup setup;
    setup.set_game("race");
    setup.set_scenario("standard");
    setup.set_seed(17);
    state = std::move(game.initial(setup)).value();
  }
};

}  // namespace

TEST_F(Fixture, BothSeatsHoldThePromptDuringTheSecretBid) {
  EXPECT_EQ(game.awaiting(*state), seat_bit(0) | seat_bit(1));
  EXPECT_EQ(game.prompt(*state, 0).kind, "bid");
  EXPECT_EQ(prompt_with_choices(game, *state, 1).choices_size(), 4);
}

TEST_F(Fixture, IllegalActionLeavesTheHashUnchangedAndSaysWhy) {
  std::string before = state_hash(game, *state);
  ApplyResult r = apply(game, *state, 0, Action{1, 7});  // bid 7: bids are 0-3
  EXPECT_EQ(r.status.code(), StatusCode::kIllegalAction);
  EXPECT_NE(r.status.message().find("fixture rule 1"), std::string::npos) << r.status.message();
  EXPECT_EQ(state_hash(game, *state), before);
}

TEST_F(Fixture, ASeatWithoutAPromptIsRefusedAsNotYourTurn) {
  ASSERT_TRUE(apply(game, *state, 0, Action{1, 2}).status);
  std::string before = state_hash(game, *state);
  ApplyResult again = apply(game, *state, 0, Action{1, 1});
  EXPECT_EQ(again.status.code(), StatusCode::kNotYourTurn);
  EXPECT_EQ(apply(game, *state, kObserver, Action{1, 1}).status.code(), StatusCode::kNotYourTurn);
  EXPECT_EQ(apply(game, *state, 5, Action{1, 1}).status.code(), StatusCode::kNotYourTurn);
  EXPECT_EQ(state_hash(game, *state), before);
}

TEST_F(Fixture, PrivateLogLinesAreRedactedForOthersAndObservers) {
  std::vector<LogEvent> events;
  ASSERT_TRUE(apply(game, *state, 0, Action{1, 3}, &events).status);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(*line_for(events[0], 0), "North bids 3");
  EXPECT_EQ(*line_for(events[0], 1), "North has bid");
  EXPECT_EQ(*line_for(events[0], kObserver), "North has bid");
}

TEST_F(Fixture, ChanceMakesAnActionIrreversible) {
  ASSERT_FALSE(apply(game, *state, 0, Action{1, 0}).irreversible);
  ASSERT_TRUE(apply(game, *state, 1, Action{1, 0}).status);
  ApplyResult roll = apply(game, *state, 0, Action{2});
  ASSERT_TRUE(roll.status);
  EXPECT_TRUE(roll.irreversible);
}

TEST_F(Fixture, SnapshotRestoreGivesTheSameHash) {
  ASSERT_TRUE(apply(game, *state, 0, Action{1, 2}).status);
  auto back = game.restore(snapshot(game, *state));
  ASSERT_TRUE(back);
  EXPECT_EQ(state_hash(game, **back), state_hash(game, *state));
  EXPECT_FALSE(game.restore("garbage"));
}

TEST_F(Fixture, FindByLabelAndProtoConversions) {
  auto a = find_by_label(game, *state, 1, "Bid 2");
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->a, 2);
  EXPECT_FALSE(find_by_label(game, *state, 1, "Bid 9"));
  auto back = from_proto(to_proto(*a));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, *a);
  frontier::Action huge;
  huge.set_a(1 << 20);
  EXPECT_FALSE(from_proto(huge));
}

TEST_F(Fixture, SetupValidationNamesTheProblem) {
  frontier::MatchSetup s;
  s.set_game("race");
  s.set_scenario("nope");
  EXPECT_NE(validate_setup(game, s).message().find("nope"), std::string::npos);
  s.set_scenario("standard");
  auto* o = s.add_options();
  o->set_id("goal_bonus");
  o->set_value("maybe");
  EXPECT_FALSE(validate_setup(game, s));
  o->set_value("on");
  EXPECT_TRUE(validate_setup(game, s));
  EXPECT_EQ(option_value(game, s, "goal_bonus"), "on");
}

// The long course the load generator uses to time 100-move matches, like boardgame.io's peer game.
TEST_F(Fixture, TheLongCourseRunsAboutAHundredActionsAndSurvivesSnapshots) {
  frontier::MatchSetup setup;
  setup.set_game("race");
  setup.set_scenario("standard");
  setup.set_seed(5);
  auto* o = setup.add_options();
  o->set_id("course");
  o->set_value("200");
  ASSERT_TRUE(validate_setup(game, setup));
  auto s = std::move(game.initial(setup)).value();
  Rng pick(3);
  std::vector<Action> legal;
  std::vector<LogEvent> log;
  int actions = 0;
  while (game.awaiting(*s) != 0) {
    Seat seat = (game.awaiting(*s) & 1u) ? 0 : 1;
    game.legal_actions(*s, seat, legal);
    ASSERT_TRUE(
        apply(game, *s, seat, legal[pick.below(static_cast<uint32_t>(legal.size()))], &log).status.is_ok());
    ++actions;
    auto back = game.restore(snapshot(game, *s));
    ASSERT_TRUE(back);
    ASSERT_EQ(state_hash(game, **back), state_hash(game, *s));
  }
  EXPECT_GT(actions, 60);
  EXPECT_NE(log.back().text.find("200"), std::string::npos) << log.back().text;  // won at square 200
}
