// Several frontierd nodes on one real PostgreSQL (docs/architecture.md, "Several nodes"): at
// most one node writes a match. A node whose lease was taken, because it was cut off from
// renewing or paused (SIGSTOP) past it, commits nothing more to the match: its commit is
// refused by the fence, it unloads the match and tells its clients MATCH_MOVED, and they go on
// at the node that took over. The stored history has no fork, nothing acknowledged is lost and
// nothing is applied twice.
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <signal.h>

#include <chrono>
#include <memory>
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
// commit is refused by the fence, deterministically.
TEST(Cluster, ACommitAfterTheLeaseWasTakenIsRefusedAndTheClientGoesOnAtTheNewOwner) {
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
  // At A the moved match is now B's.
  auto again = south.c->request(join_msg(id));
  ASSERT_TRUE(again && again->has_error());
  EXPECT_EQ(again->error().code(), wire::MATCH_MOVED);
  EXPECT_NE(again->error().message().find("node-b"), std::string::npos) << again->error().message();

  // South resubmits at B with the same client_action_id: applied once, there.
  Player south_b = same_user(south);
  ASSERT_TRUE(join_when_served(south_b, c.b->port(), id, 2s));
  auto resubmitted = south_b.c->request(submit_msg(id, 0, first_choice(south), "south-1"));
  ASSERT_TRUE(resubmitted && resubmitted->has_submitted())
      << (resubmitted ? resubmitted->DebugString() : resubmitted.status().message());
  EXPECT_FALSE(resubmitted->submitted().duplicate());
  EXPECT_EQ(resubmitted->submitted().seq(), 2u);
  auto twice = south_b.c->request(submit_msg(id, 0, first_choice(south), "south-1"));
  ASSERT_TRUE(twice && twice->has_submitted());
  EXPECT_TRUE(twice->submitted().duplicate());
  EXPECT_EQ(stored_events(c.database, id), "1:north-1,2:south-1");
}

// The SIGSTOP case: A is paused past its lease with a submit waiting in its socket; B takes the
// match over and commits; when A runs again it commits nothing to the match (its renewal or its
// fence finds the lease gone), unloads it and tells its client.
TEST(Cluster, APausedNodeCommitsNothingToAMatchAnotherNodeTookOver) {
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
  ASSERT_TRUE(served) << "B takes the match once A's lease ran out";
  EXPECT_EQ(south_b.last.seq(), 1u) << "the acknowledged bid is there";
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

}  // namespace
}  // namespace frontier::testing
