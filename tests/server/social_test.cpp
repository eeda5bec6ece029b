// Play-by-web, social side, against the real frontierd-fixture process: invite codes of private
// matches, abort, takeback with consent (and its replay after a crash), rematch with sides
// swapped, the order of "my matches", stepping back through views (with a leak check against
// what live subscribers were sent) and the server's dice verification.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <thread>

#include "harness.h"

namespace frontier::testing {
namespace {

using Reply = core::Result<wire::ServerMessage>;

std::string describe(const Reply& r) {
  return r ? r->DebugString() : r.status().message();
}

wire::ErrorCode error_of(const Reply& r) {
  return r && r->has_error() ? r->error().code() : wire::ERROR_UNSPECIFIED;
}

wire::ClientMessage offer_takeback(uint64_t id) {
  wire::ClientMessage m;
  m.mutable_offer_takeback()->set_match_id(id);
  return m;
}

wire::ClientMessage answer_takeback(uint64_t id, bool accept) {
  wire::ClientMessage m;
  m.mutable_answer_takeback()->set_match_id(id);
  m.mutable_answer_takeback()->set_accept(accept);
  return m;
}

wire::ClientMessage abort_match(uint64_t id) {
  wire::ClientMessage m;
  m.mutable_abort_match()->set_match_id(id);
  return m;
}

wire::ClientMessage rematch(uint64_t id) {
  wire::ClientMessage m;
  m.mutable_rematch()->set_match_id(id);
  return m;
}

wire::ClientMessage resign(uint64_t id) {
  wire::ClientMessage m;
  m.mutable_resign()->set_match_id(id);
  return m;
}

wire::ClientMessage watch(uint64_t id, const std::string& code = {}) {
  wire::ClientMessage m;
  m.mutable_watch_match()->set_match_id(id);
  m.mutable_watch_match()->set_invite_code(code);
  return m;
}

wire::ClientMessage view_at(uint64_t id, uint32_t seq, std::optional<int> seat = std::nullopt) {
  wire::ClientMessage m;
  m.mutable_fetch_view_at()->set_match_id(id);
  m.mutable_fetch_view_at()->set_seq(seq);
  if (seat) m.mutable_fetch_view_at()->set_seat(*seat);
  return m;
}

wire::ClientMessage list_mine() {
  wire::ClientMessage m;
  m.mutable_list_matches()->set_filter(wire::ListMatches::MINE);
  return m;
}

wire::ClientMessage by_id(uint64_t id, wire::ClientMessage m) {
  if (m.has_mark_seen()) m.mutable_mark_seen()->set_match_id(id);
  if (m.has_unsubscribe()) m.mutable_unsubscribe()->set_match_id(id);
  if (m.has_verify_match()) m.mutable_verify_match()->set_match_id(id);
  return m;
}

wire::ClientMessage mark_seen(uint64_t id) {
  wire::ClientMessage m;
  m.mutable_mark_seen();
  return by_id(id, m);
}

wire::ClientMessage unsubscribe(uint64_t id) {
  wire::ClientMessage m;
  m.mutable_unsubscribe();
  return by_id(id, m);
}

wire::ClientMessage verify(uint64_t id) {
  wire::ClientMessage m;
  m.mutable_verify_match();
  return by_id(id, m);
}

// Submits `action` for `p` at its current seq and waits until both players hold the result.
uint32_t play(Player& p, Player& other, const frontier::Action& action, const std::string& client_id) {
  auto r = p.c->request(submit_msg(p.last.match_id(), p.last.seq(), action, client_id));
  EXPECT_TRUE(r && r->has_submitted()) << describe(r);
  if (!r || !r->has_submitted()) return 0;
  absorb(p, r);
  uint32_t seq = r->submitted().seq();
  EXPECT_TRUE(await_seq(p, seq));
  EXPECT_TRUE(await_seq(other, seq));
  return seq;
}

// Waits for the next update of `p` that satisfies `pred`.
class SocialTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(server_.start(&error)) << error;
  }
  // Snapshots after every other event, so takebacks meet snapshots they must discard.
  ServerProcess server_{{"--snapshot-every", "2"}};
};

TEST_F(SocialTest, PrivateMatchesNeedTheirInviteCode) {
  Player host, guest, fan;
  ASSERT_TRUE(register_player(host, server_.port(), "inv_host"));
  ASSERT_TRUE(register_player(guest, server_.port(), "inv_guest"));
  ASSERT_TRUE(register_player(fan, server_.port(), "inv_fan"));
  auto created = host.c->request(create_match_msg("race", "", wire::PRIVATE));
  ASSERT_TRUE(created && created->has_created()) << describe(created);
  uint64_t id = created->created().match_id();
  std::string code = created->created().invite_code();
  EXPECT_EQ(code.size(), 16u);
  auto first = host.c->wait_for([](const wire::ServerMessage& m) { return m.has_update(); });
  ASSERT_TRUE(first);
  EXPECT_EQ(first->update().invite_code(), code) << "seated players can share the code again";

  // Without the code (or with a wrong one) nothing is said of the match and nothing changes.
  auto no_code = guest.c->request(join_msg(id));
  EXPECT_EQ(error_of(no_code), wire::BAD_INVITE) << describe(no_code);
  wire::ClientMessage wrong = join_msg(id);
  wrong.mutable_join_match()->set_invite_code("0000000000000000");
  EXPECT_EQ(error_of(guest.c->request(wrong)), wire::BAD_INVITE);
  EXPECT_EQ(error_of(fan.c->request(watch(id))), wire::BAD_INVITE);
  EXPECT_EQ(error_of(fan.c->request(view_at(id, 0))), wire::BAD_INVITE);
  wire::ClientMessage log;
  log.mutable_fetch_log()->set_match_id(id);
  EXPECT_EQ(error_of(fan.c->request(log)), wire::BAD_INVITE);
  wire::ClientMessage chat;
  chat.mutable_send_chat()->set_match_id(id);
  chat.mutable_send_chat()->set_text("hello?");
  EXPECT_EQ(error_of(fan.c->request(chat)), wire::BAD_INVITE);
  auto listed = host.c->request(list_mine());
  ASSERT_TRUE(listed && listed->has_matches());
  ASSERT_EQ(listed->matches().matches(0).seats(1).user_id(), 0u) << "the seat is still free";

  wire::ClientMessage right = join_msg(id);
  right.mutable_join_match()->set_invite_code(code);
  auto joined = guest.c->request(right);
  ASSERT_TRUE(joined && joined->has_update()) << describe(joined);
  EXPECT_EQ(joined->update().status(), wire::RUNNING);
  EXPECT_EQ(joined->update().invite_code(), code);

  // A spectator with the code may watch; then reading the match's past works too.
  auto watching = fan.c->request(watch(id, code));
  ASSERT_TRUE(watching && watching->has_update()) << describe(watching);
  EXPECT_TRUE(watching->update().invite_code().empty()) << "spectators are not handed the code";
  auto past = fan.c->request(view_at(id, 0));
  ASSERT_TRUE(past && past->has_view_at()) << describe(past);
  EXPECT_EQ(past->view_at().seat(), -1);
  auto read = fan.c->request(log);
  EXPECT_TRUE(read && read->has_log()) << describe(read);
}

TEST_F(SocialTest, AbortOnlyBeforeEverySideHasMoved) {
  Player north, south, fan;
  uint64_t id = start_two_player_match(north, south, server_.port(), "race", "abort");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(register_player(fan, server_.port(), "abort_fan"));
  EXPECT_TRUE(north.last.abort_available());
  play(north, south, race_bid(1), "n-bid");
  EXPECT_TRUE(south.last.abort_available()) << "South has not moved yet";
  EXPECT_EQ(error_of(fan.c->request(abort_match(id))), wire::NOT_YOUR_SEAT);

  auto aborted = south.c->request(abort_match(id));
  ASSERT_TRUE(aborted && aborted->ok()) << describe(aborted);
  ASSERT_TRUE(await_update(north, [](const auto& u) { return u.status() == wire::FINISHED; }));
  EXPECT_EQ(north.last.end_reason(), wire::END_BY_ABORT);
  EXPECT_EQ(north.last.game_status().result(), "aborted");
  EXPECT_EQ(north.last.game_status().winner(), -1);
  EXPECT_FALSE(north.last.abort_available());
  EXPECT_TRUE(north.last.has_revealed_seed());
  EXPECT_EQ(error_of(north.c->request(abort_match(id))), wire::MATCH_NOT_RUNNING);
  auto mine = north.c->request(list_mine());
  ASSERT_TRUE(mine && mine->has_matches());
  EXPECT_EQ(mine->matches().matches(0).result(), "aborted");

  // Once both have moved it is too late, and the refusal changes nothing.
  Player a, b;
  uint64_t late = start_two_player_match(a, b, server_.port(), "race", "late");
  ASSERT_NE(late, 0u);
  play(a, b, race_bid(0), "a-bid");
  uint32_t seq = play(b, a, race_bid(2), "b-bid");
  EXPECT_FALSE(a.last.abort_available());
  auto refused = a.c->request(abort_match(late));
  EXPECT_EQ(error_of(refused), wire::ABORT_NOT_ALLOWED) << describe(refused);
  ASSERT_TRUE(reconnect(a, server_.port(), late, seq));
  EXPECT_EQ(a.last.seq(), seq);
  EXPECT_EQ(a.last.status(), wire::RUNNING);
}

TEST_F(SocialTest, TakebackWithConsentCutsTheMatchBackAndSurvivesACrash) {
  Player north, south, fan;
  uint64_t id = start_two_player_match(north, south, server_.port(), "race", "tb");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(register_player(fan, server_.port(), "tb_fan"));
  EXPECT_FALSE(north.last.takeback_available()) << "nothing to take back yet";
  EXPECT_EQ(error_of(north.c->request(offer_takeback(id))), wire::UNDO_NOT_ALLOWED) << "nothing to take back";
  EXPECT_EQ(error_of(south.c->request(answer_takeback(id, true))), wire::NO_TAKEBACK_PENDING);
  play(north, south, race_bid(0), "n-bid");
  EXPECT_TRUE(north.last.takeback_available()) << "North's bid stands";
  EXPECT_FALSE(south.last.takeback_available()) << "South has not moved";
  uint32_t bids_done = play(south, north, race_bid(0), "s-bid");
  EXPECT_TRUE(south.last.takeback_available()) << "South's bid stands";
  std::string north_view_after_bids = north.last.view().SerializeAsString();
  std::string south_view_after_bids = south.last.view().SerializeAsString();
  // Ties go to North: North rolls, then South.
  ASSERT_GT(north.last.prompts_size(), 0);
  uint32_t north_roll = play(north, south, race_roll(), "n-roll");
  uint32_t south_roll = play(south, north, race_roll(), "s-roll");
  ASSERT_EQ(south_roll, north_roll + 1);

  // North asks to take back its roll: South's later roll goes too (target = before North's).
  EXPECT_EQ(error_of(fan.c->request(offer_takeback(id))), wire::NOT_YOUR_SEAT);
  auto offered = north.c->request(offer_takeback(id));
  ASSERT_TRUE(offered && offered->ok()) << describe(offered);
  ASSERT_TRUE(await_update(south, [](const auto& u) { return u.takeback_offered_by() == 0; }));
  EXPECT_EQ(south.last.takeback_to_seq(), bids_done);
  EXPECT_EQ(south.last.seq(), south_roll) << "an offer changes nothing yet";
  // Refused: the offer is gone.
  auto refused = south.c->request(answer_takeback(id, false));
  ASSERT_TRUE(refused && refused->ok()) << describe(refused);
  ASSERT_TRUE(await_update(north, [](const auto& u) { return u.takeback_offered_by() == -1; }));
  EXPECT_EQ(error_of(south.c->request(answer_takeback(id, true))), wire::NO_TAKEBACK_PENDING);

  // Offered again and accepted: the match returns to just after the bids.
  ASSERT_TRUE(north.c->request(offer_takeback(id))->ok());
  ASSERT_TRUE(await_update(south, [](const auto& u) { return u.takeback_offered_by() == 0; }));
  auto accepted = south.c->request(answer_takeback(id, true));
  ASSERT_TRUE(accepted && accepted->ok()) << describe(accepted);
  uint32_t after = south_roll + 1;
  ASSERT_TRUE(await_seq(north, after));
  ASSERT_TRUE(await_seq(south, after));
  EXPECT_EQ(north.last.view().SerializeAsString(), north_view_after_bids);
  EXPECT_EQ(south.last.view().SerializeAsString(), south_view_after_bids);
  EXPECT_EQ(north.last.takeback_offered_by(), -1);
  ASSERT_GT(north.last.prompts_size(), 0) << "North is to roll again";
  bool line = false;
  for (const auto& l : south.last.log())
    line |= l.text() == "North took back moves (accepted by South)" && l.seq() == after;
  EXPECT_TRUE(line) << south.last.DebugString();

  // The log is cut back: nothing of the two rolls remains.
  wire::ClientMessage fetch;
  fetch.mutable_fetch_log()->set_match_id(id);
  auto log = south.c->request(fetch);
  ASSERT_TRUE(log && log->has_log());
  for (const auto& e : log->log().entries()) {
    EXPECT_TRUE(e.seq() <= bids_done || e.seq() == after) << e.DebugString();
  }

  // The cut action's client id is free again: resubmitting applies it afresh.
  auto again = north.c->request(submit_msg(id, after, race_roll(), "n-roll"));
  ASSERT_TRUE(again && again->has_submitted()) << describe(again);
  EXPECT_FALSE(again->submitted().duplicate());
  absorb(north, again);
  uint32_t now_seq = again->submitted().seq();
  ASSERT_TRUE(await_seq(south, now_seq));
  std::string view = south.last.view().SerializeAsString();

  // A crash and a restart replay to the same point (the snapshots after the target are gone).
  server_.kill_hard();
  std::string error;
  ASSERT_TRUE(server_.start(&error)) << error;
  ASSERT_TRUE(reconnect(south, server_.port(), id, 0));
  EXPECT_EQ(south.last.seq(), now_seq);
  EXPECT_EQ(south.last.view().SerializeAsString(), view);
  int rolls = 0;
  for (const auto& l : south.last.log()) rolls += l.seq() > bids_done && l.seq() < after;
  EXPECT_EQ(rolls, 0) << "the log after a reload is cut back too";
  ASSERT_TRUE(reconnect(north, server_.port(), id, now_seq));

  // Play on to the end; the record re-runs to the announced hash.
  std::mt19937 rng(11);
  std::vector<Player*> both = {&north, &south};
  for (int guard = 0; guard < 500 && north.last.status() == wire::RUNNING; ++guard)
    ASSERT_NE(play_random_step(both, rng, "tb").seq, 0u);
  ASSERT_EQ(north.last.status(), wire::FINISHED);
  auto verified = north.c->request(verify(id));
  ASSERT_TRUE(verified && verified->has_verify()) << describe(verified);
  EXPECT_TRUE(verified->verify().hash_ok());
  EXPECT_EQ(verified->verify().stored_final_hash(), north.last.final_hash());
}

TEST_F(SocialTest, TakebacksAreRefusedInSolitaire) {
  Player gordon;
  ASSERT_TRUE(register_player(gordon, server_.port(), "solo"));
  auto created = gordon.c->request(create_match_msg("lion", ""));
  ASSERT_TRUE(created && created->has_created()) << describe(created);
  auto r = gordon.c->request(offer_takeback(created->created().match_id()));
  EXPECT_EQ(error_of(r), wire::UNDO_NOT_ALLOWED) << describe(r);
  EXPECT_NE(r->error().message().find("Undo"), std::string::npos);
}

TEST_F(SocialTest, RematchSwapsSidesOnceBothAsk) {
  Player north, south, fan;
  uint64_t id = start_two_player_match(north, south, server_.port(), "race", "rm");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(register_player(fan, server_.port(), "rm_fan"));
  EXPECT_EQ(error_of(north.c->request(rematch(id))), wire::MATCH_NOT_FINISHED);
  ASSERT_TRUE(south.c->request(resign(id))->ok());
  ASSERT_TRUE(await_update(north, [](const auto& u) { return u.status() == wire::FINISHED; }));
  EXPECT_EQ(north.last.end_reason(), wire::END_BY_RESIGNATION);
  EXPECT_EQ(error_of(fan.c->request(rematch(id))), wire::NOT_YOUR_SEAT);

  auto asked = north.c->request(rematch(id));
  ASSERT_TRUE(asked && asked->has_rematch()) << describe(asked);
  EXPECT_EQ(asked->rematch().new_match_id(), 0u);
  ASSERT_TRUE(await_update(south, [](const auto& u) { return u.rematch_asked_by_size() == 1; }));
  EXPECT_EQ(south.last.rematch_asked_by(0), 0);
  auto accepted = south.c->request(rematch(id));
  ASSERT_TRUE(accepted && accepted->has_rematch()) << describe(accepted);
  uint64_t next = accepted->rematch().new_match_id();
  ASSERT_NE(next, 0u);
  ASSERT_TRUE(await_update(north, [](const auto& u) { return u.rematch_match_id() != 0; }));
  EXPECT_EQ(north.last.rematch_match_id(), next);
  auto again = north.c->request(rematch(id));
  ASSERT_TRUE(again && again->has_rematch());
  EXPECT_EQ(again->rematch().new_match_id(), next) << "asking again names the same rematch";

  // Sides swapped, seats taken, running at once.
  auto joined = south.c->request(join_msg(next));
  ASSERT_TRUE(joined && joined->has_update()) << describe(joined);
  const auto& u = joined->update();
  EXPECT_EQ(u.status(), wire::RUNNING);
  EXPECT_EQ(u.your_seat(), 0);
  EXPECT_EQ(u.seats(0).user_id(), south.user_id);
  EXPECT_EQ(u.seats(1).user_id(), north.user_id);
  EXPECT_NE(u.seed_commitment(), north.last.seed_commitment()) << "a fresh seed";

  // Solitaire: one request is everyone.
  Player gordon;
  ASSERT_TRUE(register_player(gordon, server_.port(), "rm_solo"));
  auto solo = gordon.c->request(create_match_msg("lion", ""));
  ASSERT_TRUE(solo && solo->has_created());
  ASSERT_TRUE(gordon.c->request(resign(solo->created().match_id()))->ok());
  auto solo_again = gordon.c->request(rematch(solo->created().match_id()));
  ASSERT_TRUE(solo_again && solo_again->has_rematch()) << describe(solo_again);
  EXPECT_NE(solo_again->rematch().new_match_id(), 0u);
}

TEST_F(SocialTest, MyMatchesPutYourTurnThenUnreadChatThenUnseenResults) {
  Player me;
  ASSERT_TRUE(register_player(me, server_.port(), "mine"));
  auto start_with = [&](Player& other, const std::string& stem) {
    EXPECT_TRUE(register_player(other, server_.port(), stem));
    auto created = other.c->request(create_match_msg("race", ""));
    EXPECT_TRUE(created && created->has_created());
    uint64_t id = created->created().match_id();
    auto joined = me.c->request(join_msg(id));
    EXPECT_TRUE(joined && joined->has_update());
    me.last = joined->update();
    EXPECT_TRUE(await_update(other, [](const auto& u) { return u.status() == wire::RUNNING; }));
    return id;
  };
  // finished: the opponent resigns while I look elsewhere.
  Player o1, o2, o3, o4;
  uint64_t finished = start_with(o1, "mine_o1");
  ASSERT_TRUE(me.c->request(unsubscribe(finished))->ok());
  ASSERT_TRUE(o1.c->request(resign(finished))->ok());
  // rest: I have bid, the opponent has not; nothing unread.
  uint64_t rest = start_with(o2, "mine_o2");
  ASSERT_NE(play(me, o2, race_bid(1), "me-bid-rest"), 0u);
  // unread: as rest, plus a chat line sent while I look elsewhere.
  uint64_t unread = start_with(o3, "mine_o3");
  ASSERT_NE(play(me, o3, race_bid(1), "me-bid-unread"), 0u);
  ASSERT_TRUE(me.c->request(unsubscribe(unread))->ok());
  wire::ClientMessage chat;
  chat.mutable_send_chat()->set_match_id(unread);
  chat.mutable_send_chat()->set_text("your move soon?");
  ASSERT_TRUE(o3.c->request(chat)->ok());
  // my turn: nobody has bid yet.
  uint64_t turn = start_with(o4, "mine_o4");

  auto list = me.c->request(list_mine());
  ASSERT_TRUE(list && list->has_matches()) << describe(list);
  const auto& ms = list->matches().matches();
  ASSERT_EQ(ms.size(), 4);
  EXPECT_EQ(ms[0].match_id(), turn);
  EXPECT_TRUE(ms[0].your_turn());
  EXPECT_GT(ms[0].turn_since(), 0);
  EXPECT_EQ(ms[1].match_id(), unread);
  EXPECT_EQ(ms[1].unread_chat(), 1u);
  EXPECT_EQ(ms[2].match_id(), finished);
  EXPECT_TRUE(ms[2].unseen_result());
  EXPECT_NE(ms[2].result().find("resigns"), std::string::npos);
  EXPECT_EQ(ms[3].match_id(), rest);
  EXPECT_FALSE(ms[3].your_turn());
  ASSERT_EQ(ms[3].active_sides_size(), 1);
  EXPECT_EQ(ms[3].active_sides(0), "North") << "the opponent created it as North";
  for (const auto& m : ms) EXPECT_GT(m.last_activity(), 0);

  // Seen: the unread chat and the unseen result drop back among the rest.
  ASSERT_TRUE(me.c->request(mark_seen(unread))->ok());
  ASSERT_TRUE(me.c->request(mark_seen(finished))->ok());
  list = me.c->request(list_mine());
  ASSERT_TRUE(list && list->has_matches());
  EXPECT_EQ(list->matches().matches(0).match_id(), turn);
  for (const auto& m : list->matches().matches()) {
    EXPECT_EQ(m.unread_chat(), 0u);
    EXPECT_FALSE(m.unseen_result());
  }
}

// The writer marks what looking users have seen only when a reader can tell (a chat line, the
// end of the match), not after every action: this checks those two still count as seen.
TEST_F(SocialTest, WhatALookingPlayerIsShownCountsAsSeen) {
  Player me, other;
  ASSERT_TRUE(register_player(me, server_.port(), "look_me"));
  ASSERT_TRUE(register_player(other, server_.port(), "look_other"));
  auto created = other.c->request(create_match_msg("race", ""));
  ASSERT_TRUE(created && created->has_created());
  uint64_t id = created->created().match_id();
  auto joined = me.c->request(join_msg(id));
  ASSERT_TRUE(joined && joined->has_update());
  me.last = joined->update();
  ASSERT_TRUE(await_update(other, [](const auto& u) { return u.status() == wire::RUNNING; }));
  ASSERT_NE(play(me, other, race_bid(1), "look-bid"), 0u);

  // A chat line arrives while I look at the match: I have read it.
  wire::ClientMessage chat;
  chat.mutable_send_chat()->set_match_id(id);
  chat.mutable_send_chat()->set_text("still there?");
  ASSERT_TRUE(other.c->request(chat)->ok());
  auto list = me.c->request(list_mine());
  ASSERT_TRUE(list && list->has_matches()) << describe(list);
  ASSERT_EQ(list->matches().matches_size(), 1);
  EXPECT_EQ(list->matches().matches(0).unread_chat(), 0u);

  // The match ends while I look: I have seen the result.
  ASSERT_TRUE(other.c->request(resign(id))->ok());
  list = me.c->request(list_mine());
  ASSERT_TRUE(list && list->has_matches()) << describe(list);
  ASSERT_EQ(list->matches().matches_size(), 1);
  EXPECT_EQ(list->matches().matches(0).status(), wire::FINISHED);
  EXPECT_FALSE(list->matches().matches(0).unseen_result());
}

TEST_F(SocialTest, ViewsAtPastSeqsAreWhatLiveSubscribersSawAndTheDiceVerify) {
  Player north, south, fan;
  uint64_t id = start_two_player_match(north, south, server_.port(), "race", "va");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(register_player(fan, server_.port(), "va_fan"));
  ASSERT_TRUE(fan.c->request(watch(id))->has_update());
  // What each seat was sent live, per seq: the view and the log lines of that seq.
  std::map<std::pair<int, uint32_t>, std::pair<std::string, std::vector<std::string>>> live;
  auto keep = [&](const Player& p) {
    std::vector<std::string> lines;
    for (const auto& l : p.last.log())
      if (l.seq() == p.last.seq()) lines.push_back(l.text());
    live[{p.last.your_seat(), p.last.seq()}] = {p.last.view().SerializeAsString(), lines};
  };
  keep(north);
  keep(south);
  std::mt19937 rng(21);
  std::vector<Player*> both = {&north, &south};
  for (int i = 0; i < 6; ++i) {
    ASSERT_NE(play_random_step(both, rng, "va").seq, 0u);
    keep(north);
    keep(south);
  }
  // While running: your own seat only; spectators see the observer's view.
  uint32_t mid = north.last.seq();
  auto own = north.c->request(view_at(id, 3));
  ASSERT_TRUE(own && own->has_view_at()) << describe(own);
  EXPECT_EQ(own->view_at().view().SerializeAsString(), (live[{0, 3}].first));
  EXPECT_EQ(own->view_at().last_seq(), mid);
  EXPECT_EQ(error_of(north.c->request(view_at(id, 3, 1))), wire::NOT_YOUR_SEAT);
  EXPECT_EQ(error_of(fan.c->request(view_at(id, 3, 0))), wire::NOT_YOUR_SEAT);
  EXPECT_EQ(error_of(north.c->request(view_at(id, mid + 5))), wire::INVALID_ARGUMENT);
  EXPECT_EQ(error_of(north.c->request(view_at(id, 1, 7))), wire::INVALID_ARGUMENT);
  auto spectator = fan.c->request(view_at(id, 2));
  ASSERT_TRUE(spectator && spectator->has_view_at());
  EXPECT_EQ(spectator->view_at().seat(), -1);
  EXPECT_EQ(error_of(north.c->request(verify(id))), wire::MATCH_NOT_FINISHED);

  for (int guard = 0; guard < 500 && north.last.status() == wire::RUNNING; ++guard) {
    ASSERT_NE(play_random_step(both, rng, "va").seq, 0u);
    keep(north);
    keep(south);
  }
  ASSERT_EQ(north.last.status(), wire::FINISHED);
  // Leak check: every seat's past view equals what that seat was sent live at that seq (the
  // final one is the revealed end for everybody, so it is compared as sent too).
  for (const auto& [key, sent] : live) {
    auto [seat, seq] = key;
    auto r = fan.c->request(view_at(id, seq, seat));
    ASSERT_TRUE(r && r->has_view_at()) << describe(r);
    EXPECT_EQ(r->view_at().view().SerializeAsString(), sent.first) << "seat " << seat << " seq " << seq;
    std::vector<std::string> lines;
    for (const auto& l : r->view_at().log()) lines.push_back(l.text());
    EXPECT_EQ(lines, sent.second) << "seat " << seat << " seq " << seq;
  }

  auto verified = fan.c->request(verify(id));
  ASSERT_TRUE(verified && verified->has_verify()) << describe(verified);
  const auto& v = verified->verify();
  EXPECT_TRUE(v.commitment_ok());
  EXPECT_TRUE(v.hash_ok());
  EXPECT_EQ(v.seed_commitment(), north.last.seed_commitment());
  EXPECT_EQ(v.revealed_seed(), north.last.revealed_seed());
  EXPECT_EQ(v.replayed_final_hash(), north.last.final_hash());
  EXPECT_GT(v.actions(), 0u);
}

TEST_F(SocialTest, UnknownMatchesAndAnonymousChangesAreRefused) {
  client::ProtocolClient anonymous;
  ASSERT_TRUE(connect(anonymous, server_.port()));
  Player p;
  ASSERT_TRUE(register_player(p, server_.port(), "refuse"));
  const uint64_t nowhere = 987654;
  for (const auto& m :
       {offer_takeback(nowhere), answer_takeback(nowhere, true), abort_match(nowhere), rematch(nowhere),
        mark_seen(nowhere), unsubscribe(nowhere), view_at(nowhere, 0), verify(nowhere)}) {
    auto r = p.c->request(m);
    EXPECT_EQ(error_of(r), wire::UNKNOWN_MATCH) << m.DebugString() << describe(r);
  }
  // Changes need a login; reading a public match's past does not.
  Player north, south;
  uint64_t id = start_two_player_match(north, south, server_.port(), "race", "anon");
  ASSERT_NE(id, 0u);
  for (const auto& m :
       {offer_takeback(id), answer_takeback(id, true), abort_match(id), rematch(id), mark_seen(id)}) {
    EXPECT_EQ(error_of(anonymous.request(m)), wire::NOT_LOGGED_IN) << m.DebugString();
  }
  auto seen = anonymous.request(view_at(id, 0));
  ASSERT_TRUE(seen && seen->has_view_at()) << describe(seen);
  EXPECT_EQ(seen->view_at().seat(), -1);
  // Unsubscribing stops the pushes: a chat line reaches South's other tab, not the one that left.
  Player tab;
  tab.token = south.token;
  ASSERT_TRUE(reconnect(tab, server_.port(), id, 0));
  ASSERT_TRUE(tab.c->request(unsubscribe(id))->ok());
  wire::ClientMessage chat;
  chat.mutable_send_chat()->set_match_id(id);
  chat.mutable_send_chat()->set_text("still there?");
  ASSERT_TRUE(north.c->request(chat)->ok());
  ASSERT_TRUE(south.c->wait_for([](const wire::ServerMessage& m) { return m.has_chat(); }));
  EXPECT_FALSE(tab.c->wait_for([](const wire::ServerMessage& m) { return m.has_chat(); },
                               std::chrono::milliseconds(300)));
}

TEST_F(SocialTest, TournamentMatchesRefuseAbortAndTakeback) {
  Player organiser, a, b;
  ASSERT_TRUE(register_player(organiser, server_.port(), "tn_org"));
  ASSERT_TRUE(register_player(a, server_.port(), "tn_a"));
  ASSERT_TRUE(register_player(b, server_.port(), "tn_b"));
  wire::ClientMessage create;
  create.mutable_create_tournament()->set_name("Social cup");
  create.mutable_create_tournament()->set_game("race");
  create.mutable_create_tournament()->set_format(wire::ROUND_ROBIN);
  auto created = organiser.c->request(create);
  ASSERT_TRUE(created && created->has_tournament()) << describe(created);
  uint64_t tid = created->tournament().tournament_id();
  for (Player* p : {&a, &b}) {
    wire::ClientMessage join;
    join.mutable_join_tournament()->set_tournament_id(tid);
    ASSERT_TRUE(p->c->request(join)->has_tournament());
  }
  wire::ClientMessage start;
  start.mutable_start_tournament()->set_tournament_id(tid);
  ASSERT_TRUE(organiser.c->request(start)->has_tournament());
  // The host creates the board's match asynchronously: it shows up in "my matches".
  uint64_t id = 0;
  for (int i = 0; i < 200 && id == 0; ++i) {
    auto list = a.c->request(list_mine());
    ASSERT_TRUE(list && list->has_matches());
    if (list->matches().matches_size() > 0) {
      EXPECT_EQ(list->matches().matches(0).tournament_id(), tid);
      id = list->matches().matches(0).match_id();
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  ASSERT_NE(id, 0u);
  for (Player* p : {&a, &b}) {
    auto joined = p->c->request(join_msg(id));
    ASSERT_TRUE(joined && joined->has_update()) << describe(joined);
    p->last = joined->update();
    EXPECT_EQ(p->last.tournament_id(), tid);
    EXPECT_FALSE(p->last.abort_available());
  }
  EXPECT_EQ(error_of(a.c->request(abort_match(id))), wire::ABORT_NOT_ALLOWED);
  Player& first = a.last.your_seat() == 0 ? a : b;
  Player& second = a.last.your_seat() == 0 ? b : a;
  play(first, second, race_bid(1), "tn-bid");
  EXPECT_FALSE(first.last.takeback_available()) << "tournaments allow no takebacks";
  auto refused = first.c->request(offer_takeback(id));
  EXPECT_EQ(error_of(refused), wire::UNDO_NOT_ALLOWED) << describe(refused);
  EXPECT_EQ(first.last.status(), wire::RUNNING);
}

}  // namespace
}  // namespace frontier::testing
