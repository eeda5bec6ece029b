// Simultaneous secret choices against the real frontierd-fixture: in the race game both seats
// bid at once, so one bid always lands after the other has moved the seq on. A submit from a
// prompt the seat still holds unchanged is accepted (no needless STALE_SEQ); one from a prompt
// that has since changed, or from a seat that already chose, is refused as before; and the
// stored record (commit order) replays to the same match.
#include <gtest/gtest.h>

#include "core/record.h"
#include "fixture_games.h"
#include "harness.h"

namespace frontier::testing {
namespace {

class SimultaneousTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(server_.start(&error)) << error;
    match_ = start_two_player_match(north_, south_, server_.port(), "race", "simul");
    ASSERT_NE(match_, 0u);
    ASSERT_EQ(north_.last.seq(), 0u);
    ASSERT_EQ(south_.last.seq(), 0u);
  }

  static wire::ErrorCode error_of(const core::Result<wire::ServerMessage>& r) {
    return r && r->has_error() ? r->error().code() : wire::ERROR_UNSPECIFIED;
  }

  ServerProcess server_;
  Player north_, south_;
  uint64_t match_ = 0;
};

TEST_F(SimultaneousTest, ABidOvertakenByTheOtherBidIsAcceptedAndTheRecordKeepsCommitOrder) {
  auto first = north_.c->request(submit_msg(match_, 0, race_bid(3), "n-bid"));
  ASSERT_TRUE(first && first->has_submitted()) << (first ? first->DebugString() : "");
  EXPECT_EQ(first->submitted().seq(), 1u);
  absorb(north_, first);
  // South chose from the seq-0 update, as a player who clicked before North's bid arrived.
  auto second = south_.c->request(submit_msg(match_, 0, race_bid(1), "s-bid"));
  ASSERT_TRUE(second && second->has_submitted()) << (second ? second->DebugString() : "");
  EXPECT_EQ(second->submitted().seq(), 2u);
  EXPECT_FALSE(second->submitted().duplicate());
  absorb(south_, second);
  ASSERT_TRUE(await_seq(north_, 2));
  ASSERT_TRUE(await_seq(south_, 2));
  // Both bids stand as sent: North's 3 beats South's 1, so North moves first.
  bool revealed = false;
  for (const auto& l : north_.last.log()) {
    if (l.kind() != "bids.revealed") continue;
    revealed = true;
    EXPECT_EQ(l.text(), "Bids: North 3, South 1; North moves first");
  }
  EXPECT_TRUE(revealed);
  ASSERT_EQ(north_.last.prompts_size(), 1);
  EXPECT_EQ(south_.last.prompts_size(), 0);
  // The retry of the accepted stale submit is answered, not applied again.
  auto again = south_.c->request(submit_msg(match_, 0, race_bid(1), "s-bid"));
  ASSERT_TRUE(again && again->has_submitted());
  EXPECT_TRUE(again->submitted().duplicate());
  EXPECT_EQ(again->submitted().seq(), 2u);

  // The stored record is the commit order and replays to the live match, after a restart too.
  wire::ClientMessage watch;
  watch.mutable_watch_match()->set_match_id(match_);
  ASSERT_EQ(server_.stop_gracefully(), 0);
  std::string error;
  ASSERT_TRUE(server_.start(&error)) << error;
  client::ProtocolClient fresh;
  ASSERT_TRUE(connect(fresh, server_.port()));
  auto reloaded = fresh.request(watch);
  ASSERT_TRUE(reloaded && reloaded->has_update());
  EXPECT_EQ(reloaded->update().seq(), 2u);
  ASSERT_TRUE(reconnect(north_, server_.port(), match_, 2));
  ASSERT_TRUE(reconnect(south_, server_.port(), match_, 2));
  wire::ClientMessage resign;
  resign.mutable_resign()->set_match_id(match_);
  auto resigned = south_.c->request(resign);
  ASSERT_TRUE(resigned && resigned->ok()) << (resigned ? resigned->DebugString() : "");
  ASSERT_TRUE(await_seq(north_, 3));
  ASSERT_EQ(north_.last.status(), wire::FINISHED);
  wire::ClientMessage fetch;
  fetch.mutable_fetch_replay()->set_match_id(match_);
  auto replay = north_.c->request(fetch);
  ASSERT_TRUE(replay && replay->has_replay()) << (replay ? replay->DebugString() : "");
  const frontier::GameRecord& record = replay->replay().record();
  ASSERT_EQ(record.actions_size(), 2);
  EXPECT_EQ(record.actions(0).seat(), 0);
  EXPECT_EQ(record.actions(0).action().a(), 3);
  EXPECT_EQ(record.actions(1).seat(), 1);
  EXPECT_EQ(record.actions(1).action().a(), 1);
  frontier::GameRecord checked = record;
  checked.set_final_hash(north_.last.final_hash());
  auto rerun = core::replay(server_test_games(), checked);
  ASSERT_TRUE(rerun) << rerun.status().message();
  EXPECT_EQ(core::state_hash(*rerun->game, *rerun->state), north_.last.final_hash());
}

TEST_F(SimultaneousTest, AStaleSubmitFromAChangedOrAnsweredPromptIsStillRefused) {
  auto first = north_.c->request(submit_msg(match_, 0, race_bid(0), "n-bid"));
  ASSERT_TRUE(first && first->has_submitted());
  absorb(north_, first);
  // North already chose: a second bid from the same update is a double move.
  auto twice = north_.c->request(submit_msg(match_, 0, race_bid(2), "n-bid-2"));
  EXPECT_EQ(error_of(twice), wire::STALE_SEQ);
  EXPECT_EQ(twice->error().current().seq(), 1u);
  // South's unchanged prompt: a stale submit is judged on its merits (bid 9 is not a choice).
  auto illegal = south_.c->request(submit_msg(match_, 0, race_bid(9), "s-bad"));
  EXPECT_EQ(error_of(illegal), wire::ILLEGAL_ACTION);
  auto second = south_.c->request(submit_msg(match_, 0, race_bid(2), "s-bid"));
  ASSERT_TRUE(second && second->has_submitted()) << (second ? second->DebugString() : "");
  absorb(south_, second);
  ASSERT_TRUE(await_seq(north_, 2));
  ASSERT_TRUE(await_seq(south_, 2));
  // South bid higher and moves first: its move prompt began at seq 2, so its bid-time seq is stale.
  ASSERT_EQ(south_.last.prompts_size(), 1);
  EXPECT_EQ(south_.last.prompts(0).kind(), "move");
  auto from_bid_prompt = south_.c->request(submit_msg(match_, 1, race_roll(), "s-roll-stale"));
  EXPECT_EQ(error_of(from_bid_prompt), wire::STALE_SEQ);
  auto rolled = south_.c->request(submit_msg(match_, 2, race_roll(), "s-roll"));
  ASSERT_TRUE(rolled && rolled->has_submitted());
  absorb(south_, rolled);
  ASSERT_TRUE(await_seq(north_, 3));
  // North's move prompt began with South's roll: an action chosen before it is refused.
  ASSERT_EQ(north_.last.prompts_size(), 1);
  auto early = north_.c->request(submit_msg(match_, 2, race_roll(), "n-roll-stale"));
  EXPECT_EQ(error_of(early), wire::STALE_SEQ);
  EXPECT_EQ(early->error().current().seq(), 3u);
}

TEST_F(SimultaneousTest, AnUndoBetweenTheBidsMakesTheOlderSeqStale) {
  auto first = north_.c->request(submit_msg(match_, 0, race_bid(1), "n-bid"));
  ASSERT_TRUE(first && first->has_submitted());
  absorb(north_, first);
  wire::ClientMessage undo;
  undo.mutable_undo()->set_match_id(match_);
  undo.mutable_undo()->set_expected_seq(1);
  auto undone = north_.c->request(undo);
  ASSERT_TRUE(undone && undone->ok()) << (undone ? undone->DebugString() : "");
  // Only actions by another seat carry a prompt over; anything else starts every prompt again.
  auto stale = south_.c->request(submit_msg(match_, 0, race_bid(1), "s-bid"));
  EXPECT_EQ(error_of(stale), wire::STALE_SEQ);
  EXPECT_EQ(stale->error().current().seq(), 2u);
  auto fresh = south_.c->request(submit_msg(match_, 2, race_bid(1), "s-bid-2"));
  ASSERT_TRUE(fresh && fresh->has_submitted());
  EXPECT_EQ(fresh->submitted().seq(), 3u);
}

}  // namespace
}  // namespace frontier::testing
