// Whole fixture matches against the real frontierd-fixture process over WebSockets: two
// clients, a reconnect in the middle, a resubmitted client_action_id, a stale seq, undo, chat,
// lists, graceful restart, and the verifiable-dice check at the end.
#include <gtest/gtest.h>

#include "auth/auth.h"
#include "core/record.h"
#include "fixture_games.h"
#include "harness.h"

namespace frontier::testing {
namespace {

class MatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(server_.start(&error)) << error;
  }
  ServerProcess server_;
};

TEST_F(MatchTest, PlaysAWholeMatchWithReconnectResubmitAndVerifiableDice) {
  Player north, south;
  uint64_t id = start_two_player_match(north, south, server_.port(), "race", "whole");
  ASSERT_NE(id, 0u);
  // The seed is committed from the first view and not revealed.
  EXPECT_EQ(north.last.seed_commitment().size(), 64u);
  EXPECT_EQ(north.last.seed_commitment(), south.last.seed_commitment());
  EXPECT_FALSE(north.last.has_revealed_seed());
  EXPECT_TRUE(north.last.final_hash().empty());
  ASSERT_EQ(north.last.prompts_size(), 1);
  EXPECT_EQ(north.last.prompts(0).kind(), "bid");

  std::mt19937 rng(7);
  std::vector<Player*> both = {&north, &south};
  for (int i = 0; i < 4; ++i) ASSERT_NE(play_random_step(both, rng, "w").seq, 0u);

  // South drops off; North moves on if it is North's turn; South comes back and asks for the
  // log lines it missed.
  uint32_t south_saw = south.last.seq();
  south.c->close();
  if (north.last.prompts_size() > 0) {
    const auto& choice = north.last.prompts(0).choices(0);
    auto r = north.c->request(submit_msg(id, north.last.seq(), choice.action(), "while-away"));
    ASSERT_TRUE(r && r->has_submitted()) << (r ? r->DebugString() : r.status().message());
    EXPECT_TRUE(r->submitted().has_update()) << "the acknowledgement carries the submitter's update";
    absorb(north, r);
    ASSERT_TRUE(await_seq(north, r->submitted().seq()));
  }
  ASSERT_TRUE(reconnect(south, server_.port(), id, south_saw));
  EXPECT_EQ(south.last.seq(), north.last.seq());
  for (const auto& line : south.last.log()) EXPECT_GT(line.seq(), south_saw);
  if (north.last.seq() > south_saw) {
    EXPECT_GT(south.last.log_size(), 0);
  }

  // A resubmission of an applied client_action_id is answered, not applied twice.
  Player* mover = north.last.prompts_size() > 0 ? &north : &south;
  uint32_t before = mover->last.seq();
  const frontier::Action action = mover->last.prompts(0).choices(0).action();
  auto first = mover->c->request(submit_msg(id, before, action, "retry-me"));
  ASSERT_TRUE(first && first->has_submitted());
  EXPECT_FALSE(first->submitted().duplicate());
  absorb(*mover, first);
  auto again = mover->c->request(submit_msg(id, before, action, "retry-me"));
  ASSERT_TRUE(again && again->has_submitted());
  EXPECT_TRUE(again->submitted().duplicate());
  EXPECT_EQ(again->submitted().seq(), first->submitted().seq());
  for (Player* p : both) ASSERT_TRUE(await_seq(*p, first->submitted().seq()));
  // ...also after a reconnect.
  ASSERT_TRUE(reconnect(*mover, server_.port(), id, mover->last.seq()));
  auto after_reconnect = mover->c->request(submit_msg(id, before, action, "retry-me"));
  ASSERT_TRUE(after_reconnect && after_reconnect->has_submitted());
  EXPECT_TRUE(after_reconnect->submitted().duplicate());
  EXPECT_EQ(mover->last.seq(), first->submitted().seq());

  // A stale expected_seq is refused with the current view.
  Player* next = north.last.prompts_size() > 0 ? &north : &south;
  if (next->last.status() == wire::RUNNING) {
    auto stale = next->c->request(
        submit_msg(id, next->last.seq() - 1, next->last.prompts(0).choices(0).action(), "stale"));
    ASSERT_TRUE(stale && stale->has_error());
    EXPECT_EQ(stale->error().code(), wire::STALE_SEQ);
    EXPECT_EQ(stale->error().current().seq(), next->last.seq());
    EXPECT_TRUE(stale->error().current().has_view());
  }

  // Play to the end.
  for (int guard = 0; guard < 500 && north.last.status() == wire::RUNNING; ++guard) {
    ASSERT_NE(play_random_step(both, rng, "w").seq, 0u);
  }
  ASSERT_EQ(north.last.status(), wire::FINISHED);
  ASSERT_TRUE(north.last.has_revealed_seed());
  EXPECT_EQ(north.last.revealed_seed(), south.last.revealed_seed());
  EXPECT_TRUE(north.last.game_status().finished());

  // Verifiable dice: the commitment matches the revealed seed, and re-running the match from
  // the seed and its actions reaches the announced final hash.
  EXPECT_EQ(auth::sha256_hex("frontier-seed-v1:" + std::to_string(north.last.revealed_seed()) + ":" +
                             north.last.seed_nonce()),
            north.last.seed_commitment());
  wire::ClientMessage fetch;
  fetch.mutable_fetch_replay()->set_match_id(id);
  auto replay = south.c->request(fetch);
  ASSERT_TRUE(replay && replay->has_replay()) << (replay ? replay->DebugString() : "");
  frontier::GameRecord record = replay->replay().record();
  EXPECT_EQ(record.setup().seed(), north.last.revealed_seed());
  record.set_final_hash(north.last.final_hash());
  auto rerun = core::replay(server_test_games(), record);
  ASSERT_TRUE(rerun) << rerun.status().message();
  EXPECT_EQ(core::state_hash(*rerun->game, *rerun->state), north.last.final_hash());
}

TEST_F(MatchTest, UndoTakesBackOnlyWhatRevealedNothing) {
  Player north, south;
  uint64_t id = start_two_player_match(north, south, server_.port(), "race", "undo");
  ASSERT_NE(id, 0u);
  // A secret bid draws no dice: North may take it back (and only North).
  frontier::Action bid2;
  bid2.set_kind(1);
  bid2.set_a(2);
  auto r = north.c->request(submit_msg(id, 0, bid2, "bid"));
  ASSERT_TRUE(r && r->has_submitted());
  absorb(north, r);
  ASSERT_TRUE(await_seq(north, 1));
  ASSERT_TRUE(await_seq(south, 1));
  EXPECT_TRUE(north.last.undo_available());
  EXPECT_FALSE(south.last.undo_available());
  wire::ClientMessage undo;
  undo.mutable_undo()->set_match_id(id);
  undo.mutable_undo()->set_expected_seq(1);
  auto refused = south.c->request(undo);
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), wire::UNDO_NOT_ALLOWED);
  auto ok = north.c->request(undo);
  ASSERT_TRUE(ok && ok->ok()) << (ok ? ok->DebugString() : "");
  ASSERT_TRUE(await_seq(north, 2));
  ASSERT_EQ(north.last.prompts_size(), 1);
  EXPECT_EQ(north.last.prompts(0).kind(), "bid");  // the bid is open again
  bool saw_undo_line = false;
  for (const auto& l : north.last.log()) saw_undo_line |= l.kind() == "undo";
  EXPECT_TRUE(saw_undo_line);

  // Both bid; then whoever moves rolls a die: a roll can never be taken back.
  bid2.set_a(0);
  auto b1 = north.c->request(submit_msg(id, 2, bid2, "b1"));
  ASSERT_TRUE(b1 && b1->has_submitted());
  absorb(north, b1);
  auto b2 = south.c->request(submit_msg(id, 3, bid2, "b2"));
  ASSERT_TRUE(b2 && b2->has_submitted());
  absorb(south, b2);
  ASSERT_TRUE(await_seq(north, 4));
  ASSERT_TRUE(await_seq(south, 4));
  Player& mover = north.last.prompts_size() > 0 ? north : south;
  frontier::Action roll;
  roll.set_kind(2);
  auto rolled = mover.c->request(submit_msg(id, 4, roll, "roll"));
  ASSERT_TRUE(rolled && rolled->has_submitted());
  absorb(mover, rolled);
  ASSERT_TRUE(await_seq(mover, 5));
  EXPECT_FALSE(mover.last.undo_available());
  undo.mutable_undo()->set_expected_seq(5);
  auto no = mover.c->request(undo);
  ASSERT_TRUE(no && no->has_error());
  EXPECT_EQ(no->error().code(), wire::UNDO_NOT_ALLOWED);
  EXPECT_NE(no->error().message().find("cannot be taken back"), std::string::npos);
}

TEST_F(MatchTest, ChatListsWatchAndResign) {
  Player north, south, fan;
  uint64_t id = start_two_player_match(north, south, server_.port(), "race", "chat");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(register_player(fan, server_.port(), "fan"));
  wire::ClientMessage watch;
  watch.mutable_watch_match()->set_match_id(id);
  auto w = fan.c->request(watch);
  ASSERT_TRUE(w && w->has_update());
  EXPECT_EQ(w->update().your_seat(), -1);
  EXPECT_EQ(w->update().prompts_size(), 0);

  wire::ClientMessage chat;
  chat.mutable_send_chat()->set_match_id(id);
  chat.mutable_send_chat()->set_text("good luck");
  auto sent = north.c->request(chat);
  ASSERT_TRUE(sent && sent->ok());
  for (Player* p : {&south, &fan}) {
    auto line = p->c->wait_for([](const wire::ServerMessage& m) { return m.has_chat(); });
    ASSERT_TRUE(line);
    EXPECT_EQ(line->chat().text(), "good luck");
    EXPECT_EQ(line->chat().user_name(), north.name);
    EXPECT_EQ(line->chat().seat(), 0);
  }

  // "My matches" says whose turn it is (both bid at once at the start).
  wire::ClientMessage mine;
  mine.mutable_list_matches()->set_filter(wire::ListMatches::MINE);
  auto list = south.c->request(mine);
  ASSERT_TRUE(list && list->has_matches());
  ASSERT_EQ(list->matches().matches_size(), 1);
  EXPECT_EQ(list->matches().matches(0).match_id(), id);
  EXPECT_TRUE(list->matches().matches(0).your_turn());
  ASSERT_EQ(list->matches().matches(0).your_seats_size(), 1);
  EXPECT_EQ(list->matches().matches(0).your_seats(0), 1);

  // An open public match is listed until it fills.
  Player host;
  ASSERT_TRUE(register_player(host, server_.port(), "host"));
  auto created = host.c->request(create_match_msg("race", "South"));
  ASSERT_TRUE(created && created->has_created());
  EXPECT_EQ(created->created().seat(), 1);
  wire::ClientMessage open;
  open.mutable_list_matches()->set_filter(wire::ListMatches::OPEN);
  auto open_list = fan.c->request(open);
  ASSERT_TRUE(open_list && open_list->has_matches());
  bool listed = false;
  for (const auto& m : open_list->matches().matches())
    listed |= m.match_id() == created->created().match_id();
  EXPECT_TRUE(listed);
  auto hidden = host.c->request(create_match_msg("race", "", wire::PRIVATE));
  ASSERT_TRUE(hidden && hidden->has_created());
  open_list = fan.c->request(open);
  for (const auto& m : open_list->matches().matches()) EXPECT_NE(m.match_id(), hidden->created().match_id());

  // Resigning ends the match and reveals the seed.
  wire::ClientMessage resign;
  resign.mutable_resign()->set_match_id(id);
  auto done = south.c->request(resign);
  ASSERT_TRUE(done && done->ok());
  auto end = fan.c->wait_for(
      [](const wire::ServerMessage& m) { return m.has_update() && m.update().status() == wire::FINISHED; });
  ASSERT_TRUE(end);
  EXPECT_TRUE(end->update().has_revealed_seed());
  EXPECT_EQ(end->update().game_status().winner(), 0);
  EXPECT_NE(end->update().game_status().result().find("South resigns"), std::string::npos);
}

TEST_F(MatchTest, GracefulRestartResumesTheMatchAndTheSession) {
  Player north, south;
  uint64_t id = start_two_player_match(north, south, server_.port(), "race", "restart");
  ASSERT_NE(id, 0u);
  std::mt19937 rng(3);
  std::vector<Player*> both = {&north, &south};
  for (int i = 0; i < 5; ++i) ASSERT_NE(play_random_step(both, rng, "r").seq, 0u);
  std::string view_before = north.last.view().SerializeAsString();
  uint32_t seq = north.last.seq();
  EXPECT_EQ(server_.stop_gracefully(), 0);
  std::string error;
  ASSERT_TRUE(server_.start(&error)) << error;
  ASSERT_TRUE(reconnect(north, server_.port(), id, seq));
  ASSERT_TRUE(reconnect(south, server_.port(), id, seq));
  EXPECT_EQ(north.last.seq(), seq);
  EXPECT_EQ(north.last.view().SerializeAsString(), view_before);
  for (int guard = 0; guard < 500 && north.last.status() == wire::RUNNING; ++guard) {
    ASSERT_NE(play_random_step(both, rng, "r2").seq, 0u);
  }
  EXPECT_EQ(north.last.status(), wire::FINISHED);
}

TEST(MatchEviction, FinishedMatchesLeaveMemoryAndAreServedFromStorage) {
  ServerProcess server({"--finished-ttl", "0"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_two_player_match(north, south, server.port(), "race", "evict");
  ASSERT_NE(id, 0u);
  std::mt19937 rng(5);
  std::vector<Player*> both = {&north, &south};
  for (int guard = 0; guard < 500 && north.last.status() == wire::RUNNING; ++guard) {
    ASSERT_NE(play_random_step(both, rng, "e").seq, 0u);
  }
  ASSERT_EQ(north.last.status(), wire::FINISHED);
  // The next requests find the match gone from memory and load it again: same end, same hash.
  wire::ClientMessage watch;
  watch.mutable_watch_match()->set_match_id(id);
  Player fan;
  ASSERT_TRUE(register_player(fan, server.port(), "evictfan"));
  auto w = fan.c->request(watch);
  ASSERT_TRUE(w && w->has_update());
  EXPECT_EQ(w->update().status(), wire::FINISHED);
  EXPECT_EQ(w->update().seq(), north.last.seq());
  EXPECT_EQ(w->update().final_hash(), north.last.final_hash());
  wire::ClientMessage fetch;
  fetch.mutable_fetch_replay()->set_match_id(id);
  auto replay = fan.c->request(fetch);
  ASSERT_TRUE(replay && replay->has_replay());
  EXPECT_EQ(replay->replay().record().final_hash(), north.last.final_hash());
}

}  // namespace
}  // namespace frontier::testing
