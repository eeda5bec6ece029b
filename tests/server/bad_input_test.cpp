// Every bad input gets its typed error (or, for an oversized frame, a clean close with 1009),
// changes nothing in the match, and leaves this connection and every other one working.
#include <gtest/gtest.h>
#include <set>

#include <thread>

#include "harness.h"

namespace frontier::testing {
namespace {

class BadInputTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server_ = new ServerProcess({"--max-frame", "4096", "--rate", "50"});
    std::string error;
    ASSERT_TRUE(server_->start(&error)) << error;
  }
  static void TearDownTestSuite() {
    delete server_;
    server_ = nullptr;
  }

  void SetUp() override {
    match_ = start_two_player_match(north_, south_, server_->port(), "race", "bad");
    ASSERT_NE(match_, 0u);
    ASSERT_TRUE(register_player(stranger_, server_->port(), "stranger"));
    wire::ClientMessage watch;
    watch.mutable_watch_match()->set_match_id(match_);
    auto w = stranger_.c->request(watch);
    ASSERT_TRUE(w && w->has_update());
    before_ = w->update();
  }

  // Nothing changed: a fresh watcher sees the same seq and view, and every client still answers.
  void expect_unchanged_and_alive() {
    for (Player* p : {&north_, &south_, &stranger_}) {
      if (!p->c->is_open()) continue;
      wire::ClientMessage games;
      games.mutable_list_games();
      auto r = p->c->request(games);
      ASSERT_TRUE(r && r->has_games()) << p->name << " stopped answering";
    }
    client::ProtocolClient fresh;
    ASSERT_TRUE(connect(fresh, server_->port()));
    wire::ClientMessage watch;
    watch.mutable_watch_match()->set_match_id(match_);
    auto w = fresh.request(watch);
    ASSERT_TRUE(w && w->has_update());
    EXPECT_EQ(w->update().seq(), before_.seq());
    EXPECT_EQ(w->update().view().SerializeAsString(), before_.view().SerializeAsString());
  }

  static wire::ErrorCode error_of(const core::Result<wire::ServerMessage>& r) {
    return r && r->has_error() ? r->error().code() : wire::ERROR_UNSPECIFIED;
  }

  static ServerProcess* server_;
  Player north_, south_, stranger_;
  uint64_t match_ = 0;
  wire::MatchUpdate before_;
};
ServerProcess* BadInputTest::server_ = nullptr;

TEST_F(BadInputTest, FrameThatIsNotProtobuf) {
  ASSERT_TRUE(north_.c->send_raw(std::string("\xff\xff\xff\xff garbage", 12)));
  auto r = north_.c->next();
  EXPECT_EQ(error_of(r), wire::BAD_FRAME);
  ASSERT_TRUE(north_.c->send_raw("a text frame", false));
  EXPECT_EQ(error_of(north_.c->next()), wire::BAD_FRAME);
  expect_unchanged_and_alive();
}

TEST_F(BadInputTest, UnknownMessage) {
  // Field 99 (varint 1): valid protobuf, but no request this server knows.
  ASSERT_TRUE(north_.c->send_raw(std::string("\x08\x05\x98\x06\x01", 5)));
  auto r = north_.c->next();
  EXPECT_EQ(error_of(r), wire::UNKNOWN_MESSAGE);
  EXPECT_EQ(r->request_id(), 5u);
  expect_unchanged_and_alive();
}

TEST_F(BadInputTest, OversizedFrameClosesOnlyThatConnection) {
  // The server refuses the frame from its header and closes with 1009 at once; the client may
  // still be writing the payload, so its write can fail and the close frame can be lost in the
  // TCP reset. What must hold: this connection ends, it did not read a reply, others go on.
  (void)north_.c->send_raw(std::string(10000, 'x'));
  auto r = north_.c->next(std::chrono::seconds(5));
  EXPECT_FALSE(r);
  EXPECT_FALSE(north_.c->is_open());
  if (north_.c->close_code()) {
    EXPECT_EQ(*north_.c->close_code(), 1009);
  }
  expect_unchanged_and_alive();
}

TEST_F(BadInputTest, WrongSeatAndSpectators) {
  auto r = stranger_.c->request(submit_msg(match_, 0, race_bid(1), "x"));
  EXPECT_EQ(error_of(r), wire::NOT_YOUR_SEAT);
  auto m = submit_msg(match_, 0, race_bid(1), "y");
  m.mutable_submit_action()->set_seat(0);  // North's seat, claimed by South
  EXPECT_EQ(error_of(south_.c->request(m)), wire::NOT_YOUR_SEAT);
  expect_unchanged_and_alive();
}

TEST_F(BadInputTest, StaleSeqIllegalActionNotYourTurn) {
  auto stale = north_.c->request(submit_msg(match_, 7, race_bid(1), "s"));
  EXPECT_EQ(error_of(stale), wire::STALE_SEQ);
  EXPECT_EQ(stale->error().current().seq(), 0u);
  auto illegal = north_.c->request(submit_msg(match_, 0, race_bid(9), "i"));
  EXPECT_EQ(error_of(illegal), wire::ILLEGAL_ACTION);
  EXPECT_NE(illegal->error().message().find("fixture rule 1"), std::string::npos)
      << illegal->error().message();
  frontier::Action out_of_range;
  out_of_range.set_kind(1);
  out_of_range.set_a(1 << 20);
  EXPECT_EQ(error_of(north_.c->request(submit_msg(match_, 0, out_of_range, "o"))), wire::INVALID_ARGUMENT);
  expect_unchanged_and_alive();
  // North bids; a second bid by North is not North's turn any more.
  ASSERT_TRUE(north_.c->request(submit_msg(match_, 0, race_bid(1), "ok"))->has_submitted());
  auto twice = north_.c->request(submit_msg(match_, 1, race_bid(2), "twice"));
  EXPECT_EQ(error_of(twice), wire::NOT_YOUR_TURN);
}

TEST_F(BadInputTest, UnknownMatchAndGame) {
  EXPECT_EQ(error_of(north_.c->request(submit_msg(987654, 0, race_bid(1), "u"))), wire::UNKNOWN_MATCH);
  wire::ClientMessage watch;
  watch.mutable_watch_match()->set_match_id(0);
  EXPECT_EQ(error_of(north_.c->request(watch)), wire::UNKNOWN_MATCH);
  EXPECT_EQ(error_of(north_.c->request(create_match_msg("chess", ""))), wire::UNKNOWN_GAME);
  EXPECT_EQ(error_of(north_.c->request(create_match_msg("race", "East"))), wire::INVALID_ARGUMENT);
  expect_unchanged_and_alive();
}

TEST_F(BadInputTest, HelloVersionTokenAndLogin) {
  client::ProtocolClient c;
  ASSERT_TRUE(c.connect("127.0.0.1", server_->port()));
  wire::ClientMessage games;
  games.mutable_list_games();
  EXPECT_EQ(error_of(c.request(games)), wire::HELLO_REQUIRED);
  EXPECT_EQ(error_of(c.hello({}, 99)), wire::BAD_VERSION);
  EXPECT_EQ(error_of(c.hello(std::string(64, 'a'))), wire::BAD_TOKEN);
  ASSERT_TRUE(c.hello()->has_hello());  // anonymous
  EXPECT_EQ(error_of(c.request(submit_msg(match_, 0, race_bid(1), "anon"))), wire::NOT_LOGGED_IN);
  EXPECT_EQ(error_of(c.register_user(north_.name, "another password")), wire::NAME_TAKEN);
  EXPECT_EQ(error_of(c.register_user("x", "short")), wire::INVALID_ARGUMENT);
  EXPECT_EQ(error_of(c.login(north_.name, "wrong password")), wire::BAD_CREDENTIALS);
  // A logged-out token opens nothing any more.
  Player leaver;
  ASSERT_TRUE(register_player(leaver, server_->port(), "leaver"));
  wire::ClientMessage logout;
  logout.mutable_logout();
  ASSERT_TRUE(leaver.c->request(logout)->ok());
  client::ProtocolClient again;
  ASSERT_TRUE(again.connect("127.0.0.1", server_->port()));
  EXPECT_EQ(error_of(again.hello(leaver.token)), wire::BAD_TOKEN);
  expect_unchanged_and_alive();
}

TEST_F(BadInputTest, LoginThrottling) {
  client::ProtocolClient c;
  ASSERT_TRUE(connect(c, server_->port()));
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(error_of(c.login(south_.name, "guess " + std::to_string(i))), wire::BAD_CREDENTIALS);
  // Even the right password waits now.
  EXPECT_EQ(error_of(c.login(south_.name, "correct horse battery")), wire::LOGIN_THROTTLED);
  expect_unchanged_and_alive();
}

TEST_F(BadInputTest, RateLimit) {
  // 50 messages/s with bursts of 100: 250 at once must meet the limit.
  wire::ClientMessage games;
  games.mutable_list_games();
  std::set<uint64_t> sent, echoed;
  for (int i = 0; i < 250; ++i) {
    auto id = stranger_.c->send(games);
    ASSERT_TRUE(id);
    sent.insert(id.value());
  }
  int limited = 0, answered = 0;
  for (int i = 0; i < 250; ++i) {
    auto r = stranger_.c->next();
    ASSERT_TRUE(r);
    // Every reply, refusals included, names the request it answers, each exactly once.
    EXPECT_TRUE(sent.count(r->request_id())) << r->request_id();
    EXPECT_TRUE(echoed.insert(r->request_id()).second) << r->request_id();
    if (r->has_error()) {
      EXPECT_EQ(r->error().code(), wire::RATE_LIMITED);
      ++limited;
    } else {
      ++answered;
    }
  }
  EXPECT_GT(limited, 0);
  EXPECT_GT(answered, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // the bucket refills
  expect_unchanged_and_alive();
}

}  // namespace
}  // namespace frontier::testing
