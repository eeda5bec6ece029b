// Dispatches' rules (game.cpp's header comment numbers none; the tests name the rule they check)
// and the packed view that lets clients without its code show it.
#include <gtest/gtest.h>

#include "core/engine.h"
#include "core/registry.h"
#include "core/view.h"
#include "dispatches.pb.h"
#include "dispatches/register.h"

namespace frontier::dispatches {
namespace {

const core::Game& game() {
  static const core::Registry registry = [] {
    core::Registry r;
    register_games(r);
    return r;
  }();
  return *registry.find("dispatches");
}

std::unique_ptr<core::GameState> start(uint64_t seed) {
  frontier::MatchSetup setup;
  setup.set_game("dispatches");
  setup.set_scenario("standard");
  setup.set_seed(seed);
  auto s = game().initial(setup);
  EXPECT_TRUE(s.is_ok()) << s.status().to_string();
  return std::move(*s);
}

DispatchesView view_of(const core::GameState& s, core::Seat viewer) {
  frontier::GameView v;
  game().view(s, viewer, v);
  return core::unpack_view<DispatchesView>(v);
}

core::Seat to_move(const core::GameState& s) {
  frontier::GameStatus st;
  game().status(s, st);
  return st.active_seats_size() == 1 ? st.active_seats(0) : core::kObserver;
}

// Sends the first legal dispatch of whoever is to move (their lowest value, to Fort Ali).
void send_first_choice(core::GameState& s) {
  core::Seat seat = to_move(s);
  std::vector<core::Action> legal;
  game().legal_actions(s, seat, legal);
  ASSERT_FALSE(legal.empty());
  ASSERT_TRUE(core::apply(game(), s, seat, legal.front()).status);
}

TEST(Dispatches, EachSideHoldsFourOfTheEightAndChoosesAValueAndAFort) {
  auto s = start(7);
  auto north = view_of(*s, 0);
  auto south = view_of(*s, 1);
  ASSERT_EQ(north.hand_size(), 4);
  ASSERT_EQ(south.hand_size(), 4);
  std::vector<int> all(north.hand().begin(), north.hand().end());
  all.insert(all.end(), south.hand().begin(), south.hand().end());
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
  std::vector<core::Action> legal;
  game().legal_actions(*s, to_move(*s), legal);
  EXPECT_EQ(legal.size(), 12u);  // four values, three forts
  frontier::Prompt p = core::prompt_with_choices(game(), *s, to_move(*s));
  ASSERT_EQ(p.choices_size(), 12);
  EXPECT_EQ(p.choices(0).refs_size(), 1);
  EXPECT_EQ(p.choices(0).refs(0).type(), "place");
  EXPECT_EQ(p.choices(0).refs(0).id(), "fort-a");
}

TEST(Dispatches, ADispatchStaysSealedToTheOtherSideUntilAllAreOpened) {
  auto s = start(11);
  core::Seat sender = to_move(*s);
  send_first_choice(*s);
  auto own = view_of(*s, sender);
  auto other = view_of(*s, 1 - sender);
  auto observer = view_of(*s, core::kObserver);
  const auto& own_values = sender == 0 ? own.forts(0).north() : own.forts(0).south();
  EXPECT_EQ(own_values.size(), 1);
  const auto& other_values = sender == 0 ? other.forts(0).north() : other.forts(0).south();
  EXPECT_TRUE(other_values.empty());
  EXPECT_EQ(sender == 0 ? other.forts(0).north_sealed() : other.forts(0).south_sealed(), 1);
  EXPECT_EQ(sender == 0 ? observer.forts(0).north_sealed() : observer.forts(0).south_sealed(), 1);
  EXPECT_TRUE(observer.hand().empty());
}

TEST(Dispatches, TheSideSendingFirstAlternatesAndTheGameEndsAfterFourRounds) {
  auto s = start(3);
  core::Seat first = to_move(*s);
  send_first_choice(*s);
  EXPECT_EQ(to_move(*s), 1 - first);
  send_first_choice(*s);
  EXPECT_EQ(view_of(*s, 0).round(), 2);
  EXPECT_EQ(to_move(*s), 1 - first);  // the other side opens round 2
  for (int i = 0; i < 6; ++i) send_first_choice(*s);
  frontier::GameStatus st;
  game().status(*s, st);
  EXPECT_TRUE(st.finished());
  auto end = view_of(*s, core::kObserver);
  int shown = 0;
  for (const auto& fort : end.forts()) {
    shown += fort.north_size() + fort.south_size();
    EXPECT_EQ(fort.north_sealed() + fort.south_sealed(), 0);
    EXPECT_FALSE(fort.held_by().empty());
  }
  EXPECT_EQ(shown, 8);
  EXPECT_EQ(end.result(), st.result());
}

TEST(Dispatches, AFortGoesToTheLargerTotalAndTheMostFortsWin) {
  // Everything to Fort Ali: the side whose four add up to more holds it, nobody holds the others.
  auto s = start(5);
  auto north_hand = view_of(*s, 0).hand();
  int north = 0;
  for (int v : north_hand) north += v;
  for (int i = 0; i < 8; ++i) send_first_choice(*s);
  auto end = view_of(*s, 0);
  const char* expected = north > 36 - north ? "North" : "South";
  EXPECT_EQ(end.forts(0).held_by(), expected);
  EXPECT_EQ(end.forts(1).held_by(), "nobody");
  EXPECT_EQ(end.result(), std::string(expected) + " wins 1 fort to 0");
}

TEST(Dispatches, AValueNotInHandIsRefusedAndChangesNothing) {
  auto s = start(9);
  core::Seat seat = to_move(*s);
  int missing = view_of(*s, 1 - seat).hand(0);  // a value the other side holds
  std::string before = core::state_hash(game(), *s);
  auto refused = core::apply(game(), *s, seat, {1, static_cast<int16_t>(missing), 0});
  EXPECT_EQ(refused.status.code(), core::StatusCode::kIllegalAction);
  EXPECT_NE(refused.status.message().find("Send a dispatch you still hold"), std::string::npos);
  auto wrong_seat = core::apply(game(), *s, 1 - seat, {1, static_cast<int16_t>(missing), 0});
  EXPECT_EQ(wrong_seat.status.code(), core::StatusCode::kNotYourTurn);
  EXPECT_EQ(core::state_hash(game(), *s), before);
}

TEST(Dispatches, RedrawingHiddenValuesKeepsEachSeatsViewAndTheSnapshotRoundTrips) {
  auto s = start(13);
  for (int step = 0; step < 8; ++step) {
    for (core::Seat viewer : {0, 1, core::kObserver}) {
      core::Rng rng(static_cast<uint64_t>(step * 3 + viewer + 1));
      auto redrawn = game().resample_hidden(*s, viewer, rng);
      EXPECT_EQ(view_of(*redrawn, viewer).SerializeAsString(), view_of(*s, viewer).SerializeAsString());
      EXPECT_EQ(game().check_invariants(*redrawn), "");
    }
    auto restored = game().restore(core::snapshot(game(), *s));
    ASSERT_TRUE(restored.is_ok());
    EXPECT_EQ(core::state_hash(game(), **restored), core::state_hash(game(), *s));
    send_first_choice(*s);
  }
}

TEST(Dispatches, TheViewIsPackedWithItsTypeAndTheCatalogueCarriesItsSchema) {
  auto s = start(1);
  frontier::GameView v;
  game().view(*s, 0, v);
  EXPECT_EQ(core::view_type_name(v), "frontier.dispatches.DispatchesView");
  frontier::GameInfo entry;
  core::describe_view(game().view_type(), entry);
  EXPECT_EQ(entry.view_type(), "frontier.dispatches.DispatchesView");
  EXPECT_FALSE(entry.view_schema().empty());
}

}  // namespace
}  // namespace frontier::dispatches
