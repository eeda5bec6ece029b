// Two frontierd nodes on one PostgreSQL behind a real HAProxy (tests/support/haproxy.h), as
// docker/compose.yaml runs three: players connect through the proxy, the node serving them is
// killed (SIGKILL), and they reconnect through the same proxy address, land on the other node,
// resume from the seq they saw and play on. Nothing acknowledged is lost.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "haproxy.h"
#include "harness.h"
#include "play_support.h"
#include "postgres_server.h"

namespace frontier::testing {
namespace {

// The race's turns after the bids: whoever is prompted rolls.
bool roll(Player& p, Player& other, uint64_t id, uint32_t& seq) {
  if (!act(p, id, seq, race_roll())) return false;
  p.last.set_seq(seq);
  other.last.set_seq(seq);
  return true;
}

TEST(ProxyTest, PlayersKeepPlayingThroughTheProxyWhenTheirNodeIsKilled) {
  std::string url = fresh_shared_database("proxied");
  ASSERT_FALSE(url.empty());
  ServerProcess a, b;
  a.set_db(url);
  b.set_db(url);
  std::string error;
  ASSERT_TRUE(a.start(&error)) << error;
  ASSERT_TRUE(b.start(&error)) << error;
  HaProxy proxy;
  // One client address stays on one node (both players come from 127.0.0.1), so this test does
  // not lean on updates crossing nodes.
  ASSERT_TRUE(proxy.start({a.port(), b.port()}, "source", &error)) << error;
  ASSERT_TRUE(proxy.await_up(2)) << proxy.log();
  EXPECT_EQ(http(proxy.port(), "GET", "/healthz").status, 200);

  Player north, south;
  uint64_t id = start_race(north, south, proxy.port(), {}, "proxied");
  ASSERT_NE(id, 0u);
  uint32_t seq = north.last.seq();
  ASSERT_TRUE(act(north, id, seq, race_bid(3)));
  ASSERT_TRUE(act(south, id, seq, race_bid(0)));  // North to move
  ASSERT_TRUE(roll(north, south, id, seq));
  ASSERT_TRUE(roll(south, north, id, seq));
  uint32_t acknowledged = seq;

  // The node that served them: where North registered.
  bool on_a = a.log().find("(" + north.name + ") registered") != std::string::npos;
  ServerProcess& serving = on_a ? a : b;
  ServerProcess& other = on_a ? b : a;
  ASSERT_NE(serving.log().find("(" + north.name + ") registered"), std::string::npos);
  auto killed = std::chrono::steady_clock::now();
  serving.kill_hard();

  // Each player reconnects through the proxy with its token and rejoins from what it saw.
  ASSERT_TRUE(reconnect(north, proxy.port(), id, acknowledged)) << proxy.log();
  ASSERT_TRUE(reconnect(south, proxy.port(), id, acknowledged)) << proxy.log();
  EXPECT_EQ(north.last.seq(), acknowledged) << "every acknowledged move is there";
  EXPECT_EQ(south.last.seq(), acknowledged);
  std::printf("both players were back on the other node %lld ms after the SIGKILL\n",
              static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                         std::chrono::steady_clock::now() - killed)
                                         .count()));
  ASSERT_TRUE(roll(north, south, id, seq)) << other.log();
  ASSERT_TRUE(roll(south, north, id, seq));
  EXPECT_EQ(seq, acknowledged + 2);
  ASSERT_TRUE(proxy.await_up(1));
  EXPECT_EQ(http(proxy.port(), "GET", "/healthz").status, 200);
  EXPECT_GE(other.metric("frontier_connections").value_or(0), 2);
}

}  // namespace
}  // namespace frontier::testing
