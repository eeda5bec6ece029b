// Connection limits against the real server: the connection cap, the idle timeout with
// ping/pong (a client that answers pings stays, one that does not read is dropped), and the
// graceful stop (a close frame with 1001 after in-flight work is acknowledged).
#include <gtest/gtest.h>

#include <thread>

#include "harness.h"

namespace frontier::testing {
namespace {

TEST(LimitsTest, ConnectionCapRefusesWithAClearErrorAndCloseCode) {
  // No computer worker: its connection would take one of the three.
  ServerProcess server({"--max-connections", "3", "--bot-workers", "0"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  std::vector<std::unique_ptr<client::ProtocolClient>> open;
  for (int i = 0; i < 3; ++i) {
    open.push_back(std::make_unique<client::ProtocolClient>());
    ASSERT_TRUE(connect(*open.back(), server.port()));
  }
  client::ProtocolClient extra;
  ASSERT_TRUE(extra.connect("127.0.0.1", server.port()));
  auto refused = extra.next(std::chrono::seconds(5));
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), wire::TOO_MANY_CONNECTIONS);
  EXPECT_FALSE(extra.next(std::chrono::seconds(5)));
  EXPECT_EQ(extra.close_code().value_or(0), 1013);
  // The others are unaffected, and a freed slot can be used again.
  wire::ClientMessage games;
  games.mutable_list_games();
  ASSERT_TRUE(open[0]->request(games)->has_games());
  open[2]->close();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  client::ProtocolClient again;
  ASSERT_TRUE(connect(again, server.port()));
}

TEST(LimitsTest, IdleTimeoutKeepsClientsThatAnswerPingsAndDropsOthers) {
  ServerProcess server({"--idle-timeout", "2"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  client::ProtocolClient lively, silent;
  ASSERT_TRUE(connect(lively, server.port()));
  ASSERT_TRUE(connect(silent, server.port()));
  // `lively` keeps reading (and so answers the server's pings) for 3.5 s; nothing else arrives.
  EXPECT_FALSE(lively.next(std::chrono::milliseconds(3500)));
  EXPECT_TRUE(lively.is_open());
  wire::ClientMessage games;
  games.mutable_list_games();
  ASSERT_TRUE(lively.request(games)->has_games());
  // `silent` has not read anything for as long: the server has given up on it.
  auto r = silent.next(std::chrono::seconds(2));
  EXPECT_FALSE(r);
  EXPECT_FALSE(silent.is_open());
}

TEST(LimitsTest, SigtermAcknowledgesInFlightWorkThenClosesWith1001) {
  ServerProcess server;
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_two_player_match(north, south, server.port(), "race", "term");
  ASSERT_NE(id, 0u);
  frontier::Action bid;
  bid.set_kind(1);
  bid.set_a(1);
  ASSERT_TRUE(north.c->send(submit_msg(id, 0, bid, "last")));
  std::thread stopper([&] { EXPECT_EQ(server.stop_gracefully(), 0); });
  auto ack =
      north.c->wait_for([](const wire::ServerMessage& m) { return m.has_submitted() || m.has_error(); });
  ASSERT_TRUE(ack);
  // Either it was committed and acknowledged before the stop, or refused as the server stopped.
  if (ack->has_error()) {
    EXPECT_EQ(ack->error().code(), wire::SHUTTING_DOWN);
  }
  while (north.c->next(std::chrono::seconds(5))) {
  }
  stopper.join();
  EXPECT_EQ(north.c->close_code().value_or(0), 1001);
  // The acknowledged action is there after a restart.
  if (ack->has_submitted()) {
    ASSERT_TRUE(server.start(&error)) << error;
    ASSERT_TRUE(reconnect(north, server.port(), id, 0));
    EXPECT_EQ(north.last.seq(), 1u);
  }
}

}  // namespace
}  // namespace frontier::testing
