// Records replay to the same hash, and a tampered record is caught.
#include <gtest/gtest.h>

#include "core/record.h"
#include "race_game.h"

using namespace frontier::core;

TEST(Record, ReplayReachesTheRecordedHashAndRejectsTampering) {
  const Registry& reg = frontier::fixture::fixture_registry();
  const Game& game = *reg.find("race");
  frontier::GameRecord rec;
  rec.mutable_setup()->set_game("race");
  rec.mutable_setup()->set_scenario("standard");
  rec.mutable_setup()->set_seed(99);
  auto state = std::move(game.initial(rec.setup())).value();
  Rng policy(1, 2);
  std::vector<Action> legal;
  while (SeatMask m = game.awaiting(*state)) {
    Seat seat = (m & 1) ? 0 : 1;
    game.legal_actions(*state, seat, legal);
    Action a = legal[policy.below(static_cast<uint32_t>(legal.size()))];
    record_action(rec, seat, a, game.describe(*state, seat, a));
    ASSERT_TRUE(apply(game, *state, seat, a).status);
  }
  rec.set_final_hash(state_hash(game, *state));
  auto r = replay(reg, rec);
  ASSERT_TRUE(r) << r.status().message();
  EXPECT_EQ(state_hash(game, *r->state), rec.final_hash());

  frontier::GameRecord wrong_seed = rec;
  wrong_seed.mutable_setup()->set_seed(100);
  EXPECT_FALSE(replay(reg, wrong_seed));  // either an action is refused or the hash differs

  frontier::GameRecord unknown = rec;
  unknown.mutable_setup()->set_game("chess");
  EXPECT_EQ(replay(reg, unknown).status().code(), StatusCode::kNotFound);
}
