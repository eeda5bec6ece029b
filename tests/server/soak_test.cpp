// Soak (issue 13): for 60 s, 50 connections ask for the largest replies the server makes (the
// open-match list, the tournament list, the game list) and never read them, reconnecting
// whenever the server closes them. Meanwhile one ordinary pair of players keeps playing.
// The server's resident memory must stay under 300 MB and every move be acknowledged; with
// FRONTIER_SOAK_STRICT=1 (the benchmark run) the players' submit-to-ack p99 must also stay under
// 50 ms. FRONTIER_SOAK_SECONDS shortens or lengthens the run (default 60).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "harness.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// Under AddressSanitizer (`make asan`) the server runs some 3-5 times slower, and 50 readers' list
// replies alone would keep both cores busy, so a move's acknowledgement could wait past the
// client's 10 s timeout: that run checks memory safety under the same pattern with fewer readers.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kDefaultGreedy = 12;
#else
constexpr int kDefaultGreedy = 50;
#endif

int soak_seconds() {
  const char* v = std::getenv("FRONTIER_SOAK_SECONDS");
  return v && std::atoi(v) > 0 ? std::atoi(v) : 60;
}

// Fills the lobby: 200 open matches and 10 tournaments with the longest names allowed.
void fill_lobby(uint16_t port) {
  for (int u = 0; u < 10; ++u) {
    Player p;
    ASSERT_TRUE(register_player(p, port, "filler"));
    for (int i = 0; i < 20; ++i) {
      auto r = p.c->request(create_match_msg("race", ""));
      ASSERT_TRUE(r && r->has_created());
    }
    wire::ClientMessage t;
    t.mutable_create_tournament()->set_name(std::string(80, static_cast<char>('A' + u)));
    t.mutable_create_tournament()->set_game("race");
    auto r = p.c->request(t);
    ASSERT_TRUE(r && r->has_tournament());
  }
}

// One connection that asks for big replies and never reads; reconnects when closed.
void greedy_reader(uint16_t port, const std::atomic<Clock::time_point>& until, std::atomic<uint64_t>& asked) {
  std::vector<wire::ClientMessage> asks(3);
  asks[0].mutable_list_matches()->set_limit(1000);
  asks[1].mutable_list_tournaments()->set_limit(200);
  asks[2].mutable_list_games();
  while (Clock::now() < until.load()) {
    client::ProtocolClient c;
    if (!connect(c, port)) {
      std::this_thread::sleep_for(100ms);
      continue;
    }
    for (size_t i = 0; Clock::now() < until.load(); ++i) {
      if (!c.send(asks[i % asks.size()])) break;  // closed by the server
      asked++;
      // Under the per-connection message rate, so the server has to answer every request.
      std::this_thread::sleep_for(10ms);
    }
  }
}

TEST(SoakTest, UnreadRepliesKeepMemoryBoundedAndPlayersFast) {
  // Each connection may ask as fast as it likes; the server-wide budget of list requests is the
  // default, as an operator runs it.
  ServerProcess server({"--heavy-rate-total", "400"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  fill_lobby(server.port());
  Player north, south;
  ASSERT_NE(start_two_player_match(north, south, server.port(), "race", "soak", &error), 0u) << error;

  // The end of the run; brought forward if the players fail, so the readers stop with them.
  std::atomic<Clock::time_point> until{Clock::now() + std::chrono::seconds(soak_seconds())};
  std::atomic<uint64_t> asked{0};
  std::vector<std::thread> greedy;
  int greedy_count =
      std::getenv("FRONTIER_SOAK_GREEDY") ? std::atoi(std::getenv("FRONTIER_SOAK_GREEDY")) : kDefaultGreedy;
  for (int i = 0; i < greedy_count; ++i)
    greedy.emplace_back(greedy_reader, server.port(), std::cref(until), std::ref(asked));

  std::vector<double> ack_ms;
  size_t max_rss_kib = 0;
  std::mt19937 rng(7);
  auto next_sample = Clock::now();
  std::string failed;  // what went wrong for the players, if anything
  while (Clock::now() < until.load()) {
    if (Clock::now() >= next_sample) {
      max_rss_kib = std::max(max_rss_kib, server.rss_kib());
      next_sample += 500ms;
    }
    auto start = Clock::now();
    std::string why;
    Step step = play_random_step({&north, &south}, rng, "soak", &why);
    if (step.seq == 0) {
      if (north.last.status() != wire::FINISHED && south.last.status() != wire::FINISHED) {
        failed = "a move was not acknowledged to both players: " + why;
        break;
      }
      // The match is over: a new one.
      north = Player{};
      south = Player{};
      if (start_two_player_match(north, south, server.port(), "race", "soak", &failed) == 0) break;
      continue;
    }
    ack_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    if (std::getenv("FRONTIER_SOAK_TRACE")) std::printf("step %u %.1f ms\n", step.seq, ack_ms.back());
    std::this_thread::sleep_for(20ms);
  }
  until = Clock::now();
  for (auto& t : greedy) t.join();
  if (!failed.empty()) {
    std::string log = server.log();
    FAIL() << failed << "\nlast of the server log:\n"
           << log.substr(log.size() - std::min<size_t>(log.size(), 6000));
  }
  max_rss_kib = std::max(max_rss_kib, server.rss_kib());
  ASSERT_GT(ack_ms.size(), 50u);
  std::sort(ack_ms.begin(), ack_ms.end());
  double p99 = ack_ms[ack_ms.size() * 99 / 100];
  double closed = server.metric("frontier_slow_clients_closed_total").value_or(0);
  std::printf(
      "soak: %zu acks, p50 %.2f ms, p99 %.2f ms; max RSS %.1f MB; %llu big requests; %.0f slow "
      "clients closed\n",
      ack_ms.size(), ack_ms[ack_ms.size() / 2], p99, static_cast<double>(max_rss_kib) / 1024.0,
      static_cast<unsigned long long>(asked.load()), closed);
#if !defined(__SANITIZE_ADDRESS__)
  // The memory bound is the release server's: ASan keeps freed blocks in a 256 MB quarantine and
  // adds shadow memory, so under `make asan` the run checks memory safety and acknowledgements.
  EXPECT_LT(max_rss_kib, 300u * 1024u);
#endif
  // Latency is a measurement, not a pass mark of `make test` (it runs beside the browser tests
  // on a shared machine): every move above was acknowledged, and the p99 target is checked when
  // the soak is run as the benchmark of docs/performance.md (FRONTIER_SOAK_STRICT=1).
  if (std::getenv("FRONTIER_SOAK_STRICT")) {
    EXPECT_LT(p99, 50.0);
  }
}

}  // namespace
}  // namespace frontier::testing
