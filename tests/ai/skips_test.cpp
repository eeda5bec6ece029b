// Game::bot_skips: a search never takes an action its game says bots skip, unless nothing else
// is legal. Shown on the fixture race, with the action the search would otherwise take skipped.
#include <gtest/gtest.h>

#include <bit>
#include <functional>

#include "ai/ismcts.h"
#include "ai/level.h"
#include "core/engine.h"
#include "race_game.h"

namespace frontier::ai {
namespace {

const core::Game& race() {
  return *fixture::fixture_registry().find("race");
}

// The race, except that bots skip whatever `skip` names.
class SkippingRace final : public core::Game {
 public:
  explicit SkippingRace(std::function<bool(const core::Action&)> skip) : skip_(std::move(skip)) {}
  bool bot_skips(const core::GameState&, core::Seat, const core::Action& a) const override {
    return skip_(a);
  }

  const frontier::GameInfo& info() const override { return race().info(); }
  core::Result<std::unique_ptr<core::GameState>> initial(const frontier::MatchSetup& setup) const override {
    return race().initial(setup);
  }
  core::SeatMask awaiting(const core::GameState& s) const override { return race().awaiting(s); }
  core::PromptInfo prompt(const core::GameState& s, core::Seat seat) const override {
    return race().prompt(s, seat);
  }
  void legal_actions(const core::GameState& s, core::Seat seat,
                     std::vector<core::Action>& out) const override {
    race().legal_actions(s, seat, out);
  }
  void apply_legal(core::GameState& s, core::Seat seat, const core::Action& a,
                   core::EventSink& ev) const override {
    race().apply_legal(s, seat, a, ev);
  }
  std::string describe(const core::GameState& s, core::Seat seat, const core::Action& a) const override {
    return race().describe(s, seat, a);
  }
  void view(const core::GameState& s, core::Seat viewer, frontier::GameView& out) const override {
    race().view(s, viewer, out);
  }
  const google::protobuf::Descriptor& view_type() const override { return race().view_type(); }
  void status(const core::GameState& s, frontier::GameStatus& out) const override { race().status(s, out); }
  void snapshot(const core::GameState& s, core::ByteWriter& out) const override { race().snapshot(s, out); }
  core::Result<std::unique_ptr<core::GameState>> restore(std::string_view bytes) const override {
    return race().restore(bytes);
  }
  core::Rng& rng(core::GameState& s) const override { return race().rng(s); }
  std::unique_ptr<core::GameState> resample_hidden(const core::GameState& s, core::Seat viewer,
                                                   core::Rng& r) const override {
    return race().resample_hidden(s, viewer, r);
  }
  bool policy_action(const core::GameState& s, core::Seat seat, core::Action& out) const override {
    return race().policy_action(s, seat, out);
  }
  std::optional<int> estimate(const core::GameState& s, core::Seat seat) const override {
    return race().estimate(s, seat);
  }

 private:
  std::function<bool(const core::Action&)> skip_;
};

TEST(Search, NeverTakesAnActionBotsSkipWhileAnotherIsLegal) {
  frontier::MatchSetup setup;
  setup.set_game("race");
  setup.set_scenario("standard");
  setup.set_seed(7);
  auto state = std::move(race().initial(setup).value());
  core::Rng chooser(7, 1);
  core::EventSink no_log;
  std::vector<core::Action> legal;
  int checked = 0;
  for (int step = 0; race().awaiting(*state) != 0; ++step) {
    core::Seat seat = std::countr_zero(race().awaiting(*state));
    race().legal_actions(*state, seat, legal);
    if (legal.size() > 1) {
      core::Action preferred = search(race(), *state, seat, 11, limits_for(Level::kEasy)).action;
      SkippingRace skipping([&](const core::Action& a) { return a == preferred; });
      core::Action chosen = search(skipping, *state, seat, 11, limits_for(Level::kEasy)).action;
      EXPECT_NE(chosen, preferred) << "step " << step;
      EXPECT_NE(std::find(legal.begin(), legal.end(), chosen), legal.end()) << "step " << step;
      ++checked;
    }
    race().apply_legal(*state, seat, legal[chooser.below(static_cast<uint32_t>(legal.size()))], no_log);
  }
  EXPECT_GT(checked, 10);
}

TEST(Search, TakesASkippedActionWhenNothingElseIsLegal) {
  frontier::MatchSetup setup;
  setup.set_game("race");
  setup.set_scenario("standard");
  setup.set_seed(3);
  auto state = std::move(race().initial(setup).value());
  core::Seat seat = std::countr_zero(race().awaiting(*state));
  std::vector<core::Action> legal;
  race().legal_actions(*state, seat, legal);
  SkippingRace skips_all([](const core::Action&) { return true; });
  core::Action chosen = search(skips_all, *state, seat, 5, limits_for(Level::kEasy)).action;
  EXPECT_NE(std::find(legal.begin(), legal.end(), chosen), legal.end());
}

}  // namespace
}  // namespace frontier::ai
