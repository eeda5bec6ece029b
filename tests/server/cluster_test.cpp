// Several frontierd nodes on one PostgreSQL database (docs/operations.md, "Running several
// nodes"): one node at a time is the leader and runs the duties that must happen once per site;
// when it dies (SIGKILL) another takes over within a few seconds and the duty still happens once.
// The nodes use the manual clock, each its own: a node fires a clock only when it leads and its
// clock has passed the deadline, so each check is exact.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "harness.h"
#include "play_support.h"
#include "postgres_server.h"
#include "webhook_receiver.h"

namespace frontier::testing {
namespace {

constexpr int64_t kStart = 1800000000;

std::vector<std::string> node_flags() {
  return {"--manual-clock=" + std::to_string(kStart), "--public-url", "http://example.test"};
}

// Waits until `node`'s /metrics says frontier_leader is `value`.
bool await_leader(const ServerProcess& node, double value, std::chrono::milliseconds limit) {
  auto until = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < until) {
    if (node.metric("frontier_leader") == value) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// Two nodes on one database; `a` starts first and leads, `b` follows.
struct TwoNodes {
  ServerProcess a{node_flags()};
  ServerProcess b{node_flags()};
  bool start(std::string* error) {
    std::string url = fresh_shared_database("cluster");
    if (url.empty()) return false;
    a.set_db(url);
    b.set_db(url);
    return a.start(error) && await_leader(a, 1, std::chrono::seconds(5)) && b.start(error);
  }
};

bool set_webhook(Player& p, const std::string& url) {
  wire::ClientMessage set;
  set.mutable_update_profile()->set_webhook_url(url);
  auto r = p.c->request(set);
  return r && r->has_profile();
}

wire::MatchUpdate watch(Player& p, uint64_t id) {
  wire::ClientMessage m;
  m.mutable_watch_match()->set_match_id(id);
  auto r = p.c->request(m);
  return r && r->has_update() ? r->update() : wire::MatchUpdate{};
}

TEST(ClusterTest, OneLeaderDeliversEachWebhookOnceAndAnotherTakesOverAfterSigkill) {
  WebhookReceiver receiver;
  TwoNodes nodes;
  std::string error;
  ASSERT_TRUE(nodes.start(&error)) << error;

  // Both players are on the follower, which stores the "your turn" in the outbox; the leader
  // reads it from there and delivers it, once.
  Player north, south;
  uint64_t id = start_race(north, south, nodes.b.port(), {}, "hook");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(set_webhook(south, receiver.url()));
  uint32_t seq = north.last.seq();
  ASSERT_TRUE(act(north, id, seq, race_bid(3)));
  ASSERT_TRUE(act(south, id, seq, race_bid(0)));  // North to move
  ASSERT_TRUE(leave(south, id));
  ASSERT_TRUE(act(north, id, seq, race_roll()));  // South's turn: one webhook
  ASSERT_TRUE(receiver.await_requests(1, std::chrono::seconds(5)));
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // another look at the outbox
  EXPECT_EQ(receiver.bodies().size(), 1u);
  EXPECT_NE(nodes.a.log().find("webhook for user " + std::to_string(south.user_id) + " delivered"),
            std::string::npos);
  EXPECT_EQ(nodes.b.log().find("delivered"), std::string::npos) << "the follower sends nothing";
  // The follower keeps trying for the lock (every second) and never gets it while A lives.
  EXPECT_EQ(nodes.b.metric("frontier_leader"), 0);
  EXPECT_EQ(nodes.a.metric("frontier_leader"), 1);

  // The leader dies: the follower takes the lock once PostgreSQL has ended the dead session.
  auto killed = std::chrono::steady_clock::now();
  nodes.a.kill_hard();
  ASSERT_TRUE(await_leader(nodes.b, 1, std::chrono::seconds(5))) << nodes.b.log();
  std::printf("the follower led %lld ms after the SIGKILL\n",
              static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                         std::chrono::steady_clock::now() - killed)
                                         .count()));
  ASSERT_TRUE(act(south, id, seq, race_roll()));
  ASSERT_TRUE(act(north, id, seq, race_roll()));  // South's turn again: the second webhook
  ASSERT_TRUE(receiver.await_requests(2, std::chrono::seconds(5)));
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  ASSERT_EQ(receiver.bodies().size(), 2u);
  EXPECT_NE(receiver.bodies()[1], receiver.bodies()[0]);
  for (const auto& body : receiver.bodies())
    EXPECT_NE(body.find("\"kind\":\"your_turn\""), std::string::npos) << body;
}

TEST(ClusterTest, ATimeoutFiresOnceOnTheMatchsNodeWhoeverLeads) {
  TwoNodes nodes;
  std::string error;
  ASSERT_TRUE(nodes.start(&error)) << error;
  Player north, south, watcher;
  wire::TimeControl tc;
  tc.set_kind(wire::TimeControl::FISCHER);
  tc.set_initial_seconds(3600);
  uint64_t id = start_race(north, south, nodes.b.port(), tc, "tick");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(register_player(watcher, nodes.b.port(), "tickwatch"));
  uint32_t seq = north.last.seq();
  ASSERT_TRUE(act(north, id, seq, race_bid(3)));
  ASSERT_TRUE(act(south, id, seq, race_bid(0)));
  ASSERT_TRUE(act(north, id, seq, race_roll()));  // South's clock runs: out at kStart + 3600

  // Node B runs the match (it holds the lease) but does not lead: its clock passing the deadline
  // still fires the timeout, there, once; the lease, not the leader, decides who writes a match.
  ASSERT_EQ(advance(watcher, 3600), kStart + 3600);
  wire::MatchUpdate u;
  for (int i = 0; i < 100; ++i) {
    u = watch(watcher, id);
    if (u.status() == wire::FINISHED) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(u.status(), wire::FINISHED) << nodes.b.log();
  EXPECT_EQ(u.end_reason(), wire::END_BY_TIMEOUT);
  EXPECT_EQ(u.game_status().result(), "South loses on time");
  EXPECT_EQ(u.seq(), seq + 1) << "one timeout, nothing else";

  // The leader dies; B leads, reads every due time again, and fires nothing twice.
  nodes.a.kill_hard();
  ASSERT_TRUE(await_leader(nodes.b, 1, std::chrono::seconds(5))) << nodes.b.log();
  ASSERT_EQ(advance(watcher, 3600), kStart + 7200);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  EXPECT_EQ(watch(watcher, id).seq(), seq + 1);
}

// User names are unique by a constraint of the database, not by one node's memory: two nodes
// registering the same name at the same moment give it to one account.
TEST(ClusterTest, TwoNodesRegisteringOneNameAtOnceMakeOneAccount) {
  TwoNodes nodes;
  std::string error;
  ASSERT_TRUE(nodes.start(&error)) << error;
  for (int round = 0; round < 5; ++round) {
    std::string name = "samename" + std::to_string(round);
    client::ProtocolClient ca, cb;
    ASSERT_TRUE(connect(ca, nodes.a.port()));
    ASSERT_TRUE(connect(cb, nodes.b.port()));
    core::Result<wire::ServerMessage> ra = core::Status::not_found("no answer");
    core::Result<wire::ServerMessage> rb = core::Status::not_found("no answer");
    std::thread ta([&] { ra = ca.register_user(name, "correct horse battery"); });
    std::thread tb([&] { rb = cb.register_user(name, "correct horse battery"); });
    ta.join();
    tb.join();
    ASSERT_TRUE(ra && rb);
    int made = (ra->has_auth() ? 1 : 0) + (rb->has_auth() ? 1 : 0);
    EXPECT_EQ(made, 1) << "round " << round;
    const auto& refused = ra->has_auth() ? *rb : *ra;
    ASSERT_TRUE(refused.has_error());
    EXPECT_EQ(refused.error().code(), wire::NAME_TAKEN);
  }
}

// Wrong passwords at `name`, taking turns over `ports` (one connection to each, all from
// `address`), until every node throttles; how many passwords the site checked.
int guesses_checked(const std::vector<uint16_t>& ports, const std::string& address, const std::string& name) {
  std::vector<std::unique_ptr<client::ProtocolClient>> clients;
  for (uint16_t port : ports) {
    auto c = std::make_unique<client::ProtocolClient>();
    c->local_address = address;
    if (!connect(*c, port)) return -1;
    clients.push_back(std::move(c));
  }
  int checked = 0;
  std::vector<bool> throttled(ports.size(), false);
  for (int i = 0; i < 40 && std::count(throttled.begin(), throttled.end(), false) > 0; ++i) {
    size_t n = static_cast<size_t>(i) % ports.size();
    if (throttled[n]) continue;
    wire::ClientMessage m;
    m.mutable_login()->set_name(name);
    m.mutable_login()->set_password("wrong guess " + std::to_string(i));
    auto r = clients[n]->request(m);
    if (!r || !r->has_error()) return -1;
    if (r->error().code() == wire::LOGIN_THROTTLED) throttled[n] = true;
    if (r->error().code() == wire::BAD_CREDENTIALS) ++checked;
  }
  return checked;
}

// A password guesser spread over two nodes gets the tries one node allows, no more: per name
// and address (5 a minute), and per name from many addresses (set to 6 here).
TEST(ClusterTest, GuessesSpreadOverTwoNodesGetNoMoreTriesThanOnOne) {
  std::vector<std::string> flags = {"--login-failures-per-name", "6"};
  ServerProcess single(flags);
  single.set_db(fresh_shared_database("cluster"));
  std::string error;
  ASSERT_TRUE(single.start(&error)) << error;
  Player victim;
  ASSERT_TRUE(register_player(victim, single.port(), "victim", &error)) << error;
  int one = guesses_checked({single.port()}, "127.0.0.1", victim.name);
  EXPECT_EQ(one, 5);
  single.kill_hard();

  ServerProcess a(flags), b(flags);
  std::string url = fresh_shared_database("cluster");
  a.set_db(url);
  b.set_db(url);
  ASSERT_TRUE(a.start(&error)) << error;
  ASSERT_TRUE(b.start(&error)) << error;
  Player target;
  ASSERT_TRUE(register_player(target, a.port(), "target", &error)) << error;
  EXPECT_EQ(guesses_checked({a.port(), b.port()}, "127.0.0.1", target.name), one);
  // From other addresses, each under its own limit: the name's limit holds site-wide.
  int spread = 0;
  for (int i = 2; i < 8; ++i)
    spread += guesses_checked({a.port(), b.port()}, "127.0.0." + std::to_string(i), target.name);
  EXPECT_EQ(spread, 1) << "6 failures per name in all: 5 from 127.0.0.1, then one";
}

wire::TournamentInfo tournament(Player& p, uint64_t id) {
  wire::ClientMessage m;
  m.mutable_get_tournament()->set_tournament_id(id);
  auto r = p.c->request(m);
  return r && r->has_tournament() ? r->tournament() : wire::TournamentInfo{};
}

// A tournament made on the leader with a start time; the leader dies before it; the next leader
// reads the event from the database, starts it at its time and pairs its one board once.
TEST(ClusterTest, TheNextLeaderStartsATournamentMadeOnTheOldOneOnce) {
  TwoNodes nodes;
  std::string error;
  ASSERT_TRUE(nodes.start(&error)) << error;
  Player organiser, first, second, watcher;
  ASSERT_TRUE(register_player(organiser, nodes.a.port(), "corg"));
  ASSERT_TRUE(register_player(first, nodes.a.port(), "cplay"));
  ASSERT_TRUE(register_player(second, nodes.a.port(), "cplay"));
  ASSERT_TRUE(register_player(watcher, nodes.b.port(), "cwatch"));
  wire::ClientMessage create;
  auto* req = create.mutable_create_tournament();
  req->set_game("race");
  req->set_rounds(1);
  req->set_start_at(kStart + 100);
  auto created = organiser.c->request(create);
  ASSERT_TRUE(created && created->has_tournament())
      << (created && created->has_error() ? created->error().message() : "");
  uint64_t id = created->tournament().tournament_id();
  for (Player* p : {&first, &second}) {
    wire::ClientMessage join;
    join.mutable_join_tournament()->set_tournament_id(id);
    auto joined = p->c->request(join);
    ASSERT_TRUE(joined && joined->has_tournament());
  }
  // A tournament change is answered only after its commit: the leader is killed the moment the
  // second join is answered, and both joins are there for the next leader's pairing.
  nodes.a.kill_hard();
  ASSERT_TRUE(await_leader(nodes.b, 1, std::chrono::seconds(5))) << nodes.b.log();
  ASSERT_EQ(advance(watcher, 100), kStart + 100);  // B's clock reaches the start time
  wire::TournamentInfo t;
  for (int i = 0; i < 100 && (t.boards_size() == 0 || t.boards(0).match_ids_size() == 0); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    t = tournament(watcher, id);
  }
  ASSERT_EQ(t.boards_size(), 1) << nodes.b.log();
  ASSERT_EQ(t.boards(0).match_ids_size(), 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));  // another tick of its clock
  t = tournament(watcher, id);
  ASSERT_EQ(t.boards_size(), 1);
  EXPECT_EQ(t.boards(0).match_ids_size(), 1) << "paired once";
}

// One account's chat lines through connections on two nodes share one allowance: with
// --chat-rate 1 (bursts of 10), 10 lines in all, not 10 per node.
TEST(ClusterTest, ChatLinesOfOneAccountOnTwoNodesShareOneAllowance) {
  std::vector<std::string> flags = {"--chat-rate", "1"};
  ServerProcess a(flags), b(flags);
  std::string url = fresh_shared_database("cluster");
  a.set_db(url);
  b.set_db(url);
  std::string error;
  ASSERT_TRUE(a.start(&error)) << error;
  ASSERT_TRUE(b.start(&error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, a.port(), {}, "talk");
  ASSERT_NE(id, 0u);
  client::ProtocolClient there;
  ASSERT_TRUE(connect(there, b.port(), north.token));
  int said = 0, refused = 0;
  for (int i = 0; i < 30; ++i) {
    wire::ClientMessage m;
    m.mutable_send_chat()->set_match_id(id);
    m.mutable_send_chat()->set_text("line " + std::to_string(i));
    auto r = (i % 2 == 0 ? *north.c : there).request(m);
    ASSERT_TRUE(r);
    if (r->has_error() && r->error().code() == wire::RATE_LIMITED) {
      ++refused;
    } else {
      ASSERT_FALSE(r->has_error()) << r->error().message();
      ++said;
    }
  }
  EXPECT_EQ(said, 10);
  EXPECT_EQ(refused, 20);
}

}  // namespace
}  // namespace frontier::testing
