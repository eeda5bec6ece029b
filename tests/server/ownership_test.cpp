// Several frontierd nodes on one real PostgreSQL (docs/architecture.md, "Several nodes"): at
// most one node writes a match. A node whose lease was taken, because it was cut off from
// renewing or paused (SIGSTOP) past it, commits nothing more to the match: its commit is
// refused by the fence, it unloads the match and tells its clients MATCH_MOVED, and they go on
// at the node that took over. The stored history has no fork, nothing acknowledged is lost and
// nothing is applied twice.
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <random>
#include <thread>

#include "harness.h"
#include "postgres_server.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;

// The match's stored events as "seq:client_action_id,..." in seq order.
std::string stored_events(const std::string& database, uint64_t match_id) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(shared_postgres().url(database).c_str()),
                                                    &PQfinish);
  std::string sql =
      "SELECT COALESCE(string_agg(seq::text || ':' || convert_from(client_action_id, 'UTF8'), ',' ORDER BY "
      "seq), "
      "'') FROM events WHERE match_id = " +
      std::to_string(match_id);
  std::unique_ptr<PGresult, decltype(&PQclear)> res(PQexec(conn.get(), sql.c_str()), &PQclear);
  if (PQresultStatus(res.get()) != PGRES_TUPLES_OK || PQntuples(res.get()) == 0) return "ERROR";
  return PQgetvalue(res.get(), 0, 0);
}

// Two nodes on one fresh database; each flag list is added to the node's own.
struct Cluster {
  std::string database;
  std::unique_ptr<ServerProcess> a;
  std::unique_ptr<ServerProcess> b;
};

Cluster start_cluster(const std::string& database, std::vector<std::string> a_flags,
                      std::vector<std::string> b_flags) {
  Cluster c;
  c.database = database;
  EXPECT_TRUE(shared_postgres().create_database(database));
  std::string url = shared_postgres().url(database);
  a_flags.insert(a_flags.begin(), {"--db", url, "--node-id", "node-a"});
  b_flags.insert(b_flags.begin(), {"--db", url, "--node-id", "node-b"});
  c.a = std::make_unique<ServerProcess>(a_flags);
  c.b = std::make_unique<ServerProcess>(b_flags);
  std::string error;
  EXPECT_TRUE(c.a->start(&error)) << error;
  EXPECT_TRUE(c.b->start(&error)) << error;
  return c;
}

// The same user as `p` on a new connection to `port`, joined to the match once that node may
// serve it (MATCH_MOVED until the old holder's lease runs out).
bool join_when_served(Player& p, uint16_t port, uint64_t match_id, std::chrono::milliseconds patience) {
  auto deadline = std::chrono::steady_clock::now() + patience;
  p.c = std::make_unique<client::ProtocolClient>();
  if (!connect(*p.c, port, p.token)) return false;
  while (std::chrono::steady_clock::now() < deadline) {
    auto r = p.c->request(join_msg(match_id, {}, p.last.seq()));
    if (r && r->has_update()) {
      p.last = r->update();
      return true;
    }
    if (!r || !r->has_error() || r->error().code() != wire::MATCH_MOVED) return false;
    std::this_thread::sleep_for(200ms);
  }
  return false;
}

// The same user as `p`, not connected yet (a second device, or the client after a reconnect).
Player same_user(const Player& p) {
  Player q;
  q.name = p.name;
  q.token = p.token;
  q.user_id = p.user_id;
  q.last = p.last;
  return q;
}

// Waits for a MATCH_MOVED on `p`'s connection (a reply or a push).
bool told_moved(Player& p) {
  auto m = p.c->wait_for([](const wire::ServerMessage& x) { return x.has_error(); }, 10s);
  return m && m->error().code() == wire::MATCH_MOVED;
}

const frontier::Action& first_choice(const Player& p) {
  return p.last.prompts(0).choices(0).action();
}

// Node A never renews (as if cut off from the database): once its lease ran out, node B takes
// the match on the first request for it. A still holds the match in memory, and its next
// commit is refused by the fence, deterministically. The player goes on at A, which now keeps a
// follower copy and forwards the player's changes to B.
TEST(Ownership, ACommitAfterTheLeaseWasTakenIsRefusedAndTheClientGoesOnAtTheNewOwner) {
  auto c = start_cluster("cluster_fence", {"--lease-ms", "1000", "--lease-renew-ms", "0"},
                         {"--lease-ms", "1000", "--lease-renew-ms", "300"});
  Player north, south;
  uint64_t id = start_two_player_match(north, south, c.a->port(), "race", "fence");
  ASSERT_NE(id, 0u);
  ASSERT_EQ(north.last.prompts_size(), 1);  // the bid: both seats prompted at once
  ASSERT_EQ(south.last.prompts_size(), 1);
  EXPECT_EQ(c.a->metric("frontier_leases_held"), 1.0);

  std::this_thread::sleep_for(1300ms);  // A's lease runs out
  Player north_b = same_user(north);
  ASSERT_TRUE(join_when_served(north_b, c.b->port(), id, 5s));
  auto bid = north_b.c->request(submit_msg(id, north_b.last.seq(), first_choice(north_b), "north-1"));
  ASSERT_TRUE(bid && bid->has_submitted()) << (bid ? bid->DebugString() : bid.status().message());
  EXPECT_EQ(bid->submitted().seq(), 1u);

  // South, still at A, bids on what A holds in memory: A's fence refuses the commit.
  auto refused = south.c->request(submit_msg(id, south.last.seq(), first_choice(south), "south-1"));
  ASSERT_TRUE(refused && refused->has_error())
      << (refused ? refused->DebugString() : refused.status().message());
  EXPECT_EQ(refused->error().code(), wire::MATCH_MOVED) << refused->error().message();
  EXPECT_EQ(c.a->metric("frontier_lease_commits_refused_total"), 1.0);
  EXPECT_EQ(stored_events(c.database, id), "1:north-1");
  // A goes on serving everything else: only that match left it.
  auto other = north.c->request(create_match_msg("race", ""));
  ASSERT_TRUE(other && other->has_created()) << (other ? other->DebugString() : other.status().message());
  EXPECT_EQ(c.a->metric("frontier_leases_held"), 1.0) << "the new match's lease, not the lost one";
  // At A the match is now B's: A serves South from a follower copy and sends South's
  // resubmission (the same client_action_id) to B, where it is applied once.
  Player south_again = same_user(south);
  ASSERT_TRUE(join_when_served(south_again, c.a->port(), id, 2s));
  EXPECT_EQ(south_again.last.seq(), 1u) << "the follower copy holds B's commit";
  auto resubmitted = south_again.c->request(submit_msg(id, 0, first_choice(south), "south-1"));
  ASSERT_TRUE(resubmitted && resubmitted->has_submitted())
      << (resubmitted ? resubmitted->DebugString() : resubmitted.status().message());
  EXPECT_FALSE(resubmitted->submitted().duplicate());
  EXPECT_EQ(resubmitted->submitted().seq(), 2u);
  auto twice = south_again.c->request(submit_msg(id, 0, first_choice(south), "south-1"));
  ASSERT_TRUE(twice && twice->has_submitted());
  EXPECT_TRUE(twice->submitted().duplicate());
  EXPECT_EQ(stored_events(c.database, id), "1:north-1,2:south-1");
}

// The SIGSTOP case: A is paused past its lease with a submit waiting in its socket; B takes the
// match over (South's next change there finds the lease free) and commits; when A runs again it commits
// nothing to the match (its renewal or its fence finds the lease gone), unloads it and tells its client.
TEST(Ownership, APausedNodeCommitsNothingToAMatchAnotherNodeTookOver) {
  auto c = start_cluster("cluster_pause", {"--lease-ms", "1000", "--lease-renew-ms", "300"},
                         {"--lease-ms", "1000", "--lease-renew-ms", "300"});
  Player north, south;
  uint64_t id = start_two_player_match(north, south, c.a->port(), "race", "pause");
  ASSERT_NE(id, 0u);
  auto acked = north.c->request(submit_msg(id, north.last.seq(), first_choice(north), "north-1"));
  ASSERT_TRUE(acked && acked->has_submitted());
  absorb(north, acked);
  ASSERT_TRUE(await_seq(south, 1));
  ASSERT_EQ(south.last.prompts_size(), 1);

  ASSERT_EQ(::kill(c.a->pid(), SIGSTOP), 0);
  // South's bid reaches A's socket while A is paused: A reads it only when it runs again.
  ASSERT_TRUE(south.c->send(submit_msg(id, 1, first_choice(south), "south-at-a")));
  Player south_b = same_user(south);
  bool served = join_when_served(south_b, c.b->port(), id, 5s);
  if (!served) ::kill(c.a->pid(), SIGCONT);
  ASSERT_TRUE(served) << "B serves the match (a follower copy while A's lease lasts)";
  EXPECT_EQ(south_b.last.seq(), 1u) << "the acknowledged bid is there";
  // Past A's lease, a change asked at B takes the match over there.
  std::this_thread::sleep_for(1300ms);
  const auto& choices = south_b.last.prompts(0).choices();
  auto b_bid = south_b.c->request(submit_msg(id, 1, choices[choices.size() - 1].action(), "south-at-b"));
  ::kill(c.a->pid(), SIGCONT);
  ASSERT_TRUE(b_bid && b_bid->has_submitted()) << (b_bid ? b_bid->DebugString() : b_bid.status().message());
  EXPECT_EQ(b_bid->submitted().seq(), 2u);

  // A runs again: the submit it finds is refused (MATCH_MOVED), whichever comes first, its
  // renewal or the fenced commit.
  EXPECT_TRUE(told_moved(south));
  auto deadline = std::chrono::steady_clock::now() + 5s;
  while (c.a->metric("frontier_leases_held") != 0.0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(100ms);
  EXPECT_EQ(c.a->metric("frontier_leases_held"), 0.0);
  EXPECT_GE(*c.a->metric("frontier_leases_lost_total") + *c.a->metric("frontier_lease_commits_refused_total"),
            1.0);
  EXPECT_EQ(stored_events(c.database, id), "1:north-1,2:south-at-b") << "no fork, nothing twice";
  EXPECT_TRUE(c.a->running());
  EXPECT_EQ(http(c.a->port(), "GET", "/healthz").status, 200) << "only the match left A";
}

wire::ClientMessage watch_msg(uint64_t match_id) {
  wire::ClientMessage m;
  m.mutable_watch_match()->set_match_id(match_id);
  return m;
}

// North registers at node A and creates a race match there (A runs it); South registers at
// node B and takes the free seat (the join runs at A, South is subscribed at B, a follower copy).
// The match id, or 0 with the failure recorded.
uint64_t split_match(Cluster& c, Player& north, Player& south, const std::string& stem) {
  if (!register_player(north, c.a->port(), stem + "n") || !register_player(south, c.b->port(), stem + "s")) {
    ADD_FAILURE() << "cannot register the players";
    return 0;
  }
  auto created = north.c->request(create_match_msg("race", ""));
  if (!created || !created->has_created()) {
    ADD_FAILURE() << "cannot create the match";
    return 0;
  }
  uint64_t id = created->created().match_id();
  auto joined = south.c->request(join_msg(id));
  if (!joined || !joined->has_update()) {
    ADD_FAILURE() << "join at B: " << (joined ? joined->DebugString() : joined.status().message());
    return 0;
  }
  south.last = joined->update();
  return id;
}

// Any node serves any player: North plays at node A (which runs the match), South at node B (a
// follower copy, its changes forwarded to A), each sees the other's moves; spectators on both
// nodes get the observer's view only, the same at the same seq whichever node serves them.
TEST(Ownership, PlayersOnTwoNodesSeeEachOthersMovesAndSpectatorsSeeTheObserversView) {
  auto c = start_cluster("cluster_follow", {"--lease-ms", "1000", "--lease-renew-ms", "300"},
                         {"--lease-ms", "1000", "--lease-renew-ms", "300"});
  Player north, south;
  uint64_t id = split_match(c, north, south, "follow");
  ASSERT_NE(id, 0u);
  EXPECT_EQ(south.last.your_seat(), 1);
  ASSERT_TRUE(await_update(north, [](const wire::MatchUpdate& u) { return u.status() == wire::RUNNING; }));
  ASSERT_TRUE(await_update(south, [](const wire::MatchUpdate& u) { return u.status() == wire::RUNNING; }));
  EXPECT_EQ(c.a->metric("frontier_leases_held"), 1.0);
  EXPECT_EQ(c.b->metric("frontier_leases_held"), 0.0) << "B keeps a follower copy, no lease";

  Player watcher_a, watcher_b;
  ASSERT_TRUE(register_player(watcher_a, c.a->port(), "watcha"));
  ASSERT_TRUE(register_player(watcher_b, c.b->port(), "watchb"));
  for (Player* w : {&watcher_a, &watcher_b}) {
    auto r = w->c->request(watch_msg(id));
    ASSERT_TRUE(r && r->has_update()) << (r ? r->DebugString() : r.status().message());
    w->last = r->update();
  }

  std::mt19937 rng(11);
  std::vector<Player*> all = {&north, &south, &watcher_a, &watcher_b};
  uint32_t seq = 0;
  for (int i = 0; i < 8 && north.last.status() == wire::RUNNING; ++i) {
    std::string why;
    Step step = play_random_step(all, rng, "x", &why);
    ASSERT_NE(step.seq, 0u) << why;
    EXPECT_EQ(step.seq, seq + 1);
    seq = step.seq;
    // The observer's view, whichever node builds it; never a player's.
    ASSERT_EQ(watcher_a.last.seq(), watcher_b.last.seq());
    EXPECT_EQ(watcher_a.last.view().SerializeAsString(), watcher_b.last.view().SerializeAsString());
    EXPECT_EQ(watcher_b.last.your_seat(), -1);
    EXPECT_EQ(watcher_b.last.prompts_size(), 0);
    EXPECT_EQ(north.last.seq(), south.last.seq());
  }
  ASSERT_GE(seq, 4u);
  std::string expected;
  for (uint32_t s = 1; s <= seq; ++s) {
    if (s > 1) expected += ',';
    expected += std::to_string(s);
    expected += ":x";
  }
  std::string stored = stored_events(c.database, id);
  std::string numbers;  // the client ids differ per step; the seq chain is what counts
  for (size_t i = 0; i < stored.size(); ++i) {
    if (stored[i] == ':') {
      numbers += ":x";
      while (i + 1 < stored.size() && stored[i + 1] != ',') ++i;
    } else {
      numbers += stored[i];
    }
  }
  EXPECT_EQ(numbers, expected) << "one unbroken seq chain, written by A alone";
  EXPECT_EQ(c.b->metric("frontier_lease_commits_refused_total"), 0.0);
}

// A follower copy reads a commit it is told of on a connection of its own: with the follower
// node's writer stuck (its batch waits for a lock on `users`, as it would behind a slow group
// commit), the player on that node is still shown the opponent's move. Before, that read queued
// behind the node's own batch, so every cross-node update waited for the follower node's commits
// (docs/performance.md, "Several nodes on PostgreSQL").
TEST(Ownership, AFollowerCopyCatchesUpWhileItsNodesWriterIsBusy) {
  auto c = start_cluster("cluster_reader", {}, {});
  Player north, south;
  uint64_t id = split_match(c, north, south, "read");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(await_update(north, [](const wire::MatchUpdate& u) { return u.status() == wire::RUNNING; }));
  ASSERT_TRUE(await_update(south, [](const wire::MatchUpdate& u) { return u.status() == wire::RUNNING; }));

  // B's writer is stuck: a registration at B waits for the lock this connection holds.
  std::unique_ptr<PGconn, decltype(&PQfinish)> lock(PQconnectdb(shared_postgres().url(c.database).c_str()),
                                                    &PQfinish);
  auto exec = [&](const char* sql) {
    std::unique_ptr<PGresult, decltype(&PQclear)> r(PQexec(lock.get(), sql), &PQclear);
    return PQresultStatus(r.get()) == PGRES_COMMAND_OK;
  };
  ASSERT_TRUE(exec("BEGIN"));
  ASSERT_TRUE(exec("LOCK TABLE users IN EXCLUSIVE MODE"));
  std::atomic<bool> registered{false};
  std::thread late([&] {
    Player p;
    registered = register_player(p, c.b->port(), "readlate");
  });
  std::this_thread::sleep_for(1s);  // the registration's job reaches B's writer and waits there
  EXPECT_FALSE(registered.load()) << "B's writer is stuck behind the lock";

  uint32_t before = south.last.seq();
  auto bid = north.c->request(submit_msg(id, north.last.seq(), race_bid(1), "n1"));
  ASSERT_TRUE(bid && bid->has_submitted()) << (bid ? bid->DebugString() : bid.status().message());
  bool seen = await_seq(south, before + 1);  // up to 10 s
  EXPECT_FALSE(registered.load()) << "still stuck while South was shown North's bid";
  ASSERT_TRUE(exec("COMMIT"));
  late.join();
  EXPECT_TRUE(seen) << "South, at B, saw North's bid only after B's writer went on";
  EXPECT_TRUE(registered.load());
}

// The node running a match dies (SIGKILL) between two moves: South's next move, asked at node B
// (a follower copy), waits until A's lease ran out, then B takes the match over and applies it;
// nothing acknowledged is lost and North goes on at B.
TEST(Ownership, WhenTheRunningNodeDiesAnotherTakesTheMatchOverOnTheNextChange) {
  auto c = start_cluster("cluster_kill", {"--lease-ms", "1000", "--lease-renew-ms", "300"},
                         {"--lease-ms", "1000", "--lease-renew-ms", "300"});
  Player north, south;
  ASSERT_TRUE(register_player(north, c.a->port(), "killn"));
  ASSERT_TRUE(register_player(south, c.b->port(), "kills"));
  auto created = north.c->request(create_match_msg("race", ""));
  ASSERT_TRUE(created && created->has_created());
  uint64_t id = created->created().match_id();
  auto joined = south.c->request(join_msg(id));
  ASSERT_TRUE(joined && joined->has_update());
  south.last = joined->update();
  ASSERT_TRUE(await_update(north, [](const wire::MatchUpdate& u) { return u.status() == wire::RUNNING; }));
  auto acked = north.c->request(submit_msg(id, north.last.seq(), first_choice(north), "north-1"));
  ASSERT_TRUE(acked && acked->has_submitted());
  ASSERT_TRUE(await_seq(south, 1));

  c.a->kill_hard();
  auto bid = south.c->request(submit_msg(id, 1, first_choice(south), "south-1"), 10s);
  ASSERT_TRUE(bid && bid->has_submitted()) << (bid ? bid->DebugString() : bid.status().message());
  EXPECT_EQ(bid->submitted().seq(), 2u);
  EXPECT_EQ(c.b->metric("frontier_matches_taken_over_total"), 1.0);
  EXPECT_EQ(c.b->metric("frontier_leases_held"), 1.0);
  Player north_b = same_user(north);
  ASSERT_TRUE(join_when_served(north_b, c.b->port(), id, 2s));
  EXPECT_EQ(north_b.last.seq(), 2u);
  EXPECT_EQ(stored_events(c.database, id), "1:north-1,2:south-1");
}

}  // namespace
}  // namespace frontier::testing
