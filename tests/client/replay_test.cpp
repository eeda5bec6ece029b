// Local replay: a finished game re-run from its record reaches the same state hash at the end,
// however the viewer steps back and forth.
#include <gtest/gtest.h>

#include "app/replay.h"
#include "core/record.h"
#include "race_game.h"

namespace frontier::cli {
namespace {

TEST(LocalReplay, StepsBackAndForthAndEndsOnTheRecordedHash) {
  auto game = fixture::make_race_game();
  GameRecord record;
  record.mutable_setup()->set_game("race");
  record.mutable_setup()->set_scenario("standard");
  record.mutable_setup()->set_seed(99);
  auto initial = game->initial(record.setup());
  ASSERT_TRUE(initial.is_ok()) << initial.status().message();
  auto state = std::move(initial.value());
  for (int guard = 0; guard < 500 && game->awaiting(*state) != 0; ++guard) {
    for (core::Seat s = 0; s < 2; ++s) {
      if (!(game->awaiting(*state) & core::seat_bit(s))) continue;
      std::vector<core::Action> legal;
      game->legal_actions(*state, s, legal);
      core::Action a = legal.back();
      core::record_action(record, s, a, game->describe(*state, s, a));
      ASSERT_TRUE(core::apply(*game, *state, s, a).status.is_ok());
    }
  }
  ASSERT_EQ(game->awaiting(*state), 0u) << "the race finishes";
  record.set_final_hash(core::state_hash(*game, *state));

  auto replay = LocalReplay::start(*game, record);
  ASSERT_TRUE(replay.is_ok());
  ASSERT_TRUE(replay->seek(replay->size()).is_ok());
  EXPECT_EQ(replay->state_hash(), record.final_hash());
  EXPECT_EQ(replay->update(5).status(), wire::FINISHED);
  ASSERT_TRUE(replay->seek(1).is_ok());
  EXPECT_EQ(replay->position(), 1u);
  EXPECT_EQ(replay->last_label(), record.actions(0).label());
  EXPECT_EQ(replay->update(5).status(), wire::RUNNING);
  ASSERT_TRUE(replay->seek(replay->size()).is_ok());
  EXPECT_EQ(replay->state_hash(), record.final_hash());

  // A record whose action was never legal is refused, naming the action.
  GameRecord bad = record;
  bad.mutable_actions(0)->mutable_action()->set_kind(77);
  auto broken = LocalReplay::start(*game, bad);
  ASSERT_TRUE(broken.is_ok());
  auto st = broken->seek(1);
  EXPECT_FALSE(st.is_ok());
  EXPECT_NE(st.message().find("Action 1"), std::string::npos) << st.message();
}

}  // namespace
}  // namespace frontier::cli
