// Several frontierd nodes on one PostgreSQL (docs/architecture.md, "Several nodes"): what players
// on different nodes say and are told reaches them live, and what must happen once per site
// happens once. Chat lines and takeback offers made at one node reach the opponent at another;
// a notification reaches the user's connections on every node, once; a seat clock whose node
// died fires at a surviving node that holds a follower copy, once; a computer opponent thinks
// only where its match is run; tournaments are changed by the leader alone, wherever asked.
#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <chrono>
#include <memory>
#include <thread>

#include "harness.h"
#include "play_support.h"
#include "postgres_server.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;

constexpr int64_t kStart = 1800000000;

// One number from the database (-1 on failure).
long long count_of(const std::string& url, const std::string& sql) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(url.c_str()), &PQfinish);
  std::unique_ptr<PGresult, decltype(&PQclear)> res(PQexec(conn.get(), sql.c_str()), &PQclear);
  if (PQresultStatus(res.get()) != PGRES_TUPLES_OK || PQntuples(res.get()) == 0) return -1;
  return std::atoll(PQgetvalue(res.get(), 0, 0));
}

// Two nodes on one fresh database, leases of a second; `a` starts first and leads.
struct TwoNodes {
  std::string url;
  std::unique_ptr<ServerProcess> a;
  std::unique_ptr<ServerProcess> b;
  bool start(std::vector<std::string> a_flags, std::vector<std::string> b_flags, std::string* error) {
    url = fresh_shared_database("social");
    if (url.empty()) return false;
    for (auto* flags : {&a_flags, &b_flags})  // given flags come after, and win
      flags->insert(flags->begin(), {"--lease-ms", "1000", "--lease-renew-ms", "300"});
    a = std::make_unique<ServerProcess>(a_flags);
    b = std::make_unique<ServerProcess>(b_flags);
    a->set_db(url);
    b->set_db(url);
    if (!a->start(error)) return false;
    for (int i = 0; i < 100 && a->metric("frontier_leader") != 1.0; ++i) std::this_thread::sleep_for(50ms);
    return b->start(error);
  }
};

wire::ClientMessage chat_msg(uint64_t id, const std::string& text) {
  wire::ClientMessage m;
  m.mutable_send_chat()->set_match_id(id);
  m.mutable_send_chat()->set_text(text);
  return m;
}

// The chat line `text` pushed to `p` (false when none comes).
bool hears(Player& p, const std::string& text) {
  auto m = p.c->wait_for(
      [&](const wire::ServerMessage& x) { return x.has_chat() && x.chat().text() == text; }, 5s);
  return m.is_ok();
}

// North runs the match at node A, South plays it at node B (a follower copy there).
uint64_t split_match(TwoNodes& nodes, Player& north, Player& south, const std::string& stem) {
  if (!register_player(north, nodes.a->port(), stem + "n") ||
      !register_player(south, nodes.b->port(), stem + "s"))
    return 0;
  auto created = north.c->request(create_match_msg("race", ""));
  if (!created || !created->has_created()) return 0;
  uint64_t id = created->created().match_id();
  auto joined = south.c->request(join_msg(id));
  if (!joined || !joined->has_update()) return 0;
  south.last = joined->update();
  auto running = [](const wire::MatchUpdate& u) { return u.status() == wire::RUNNING; };
  if (!await_update(north, running) || !await_update(south, running)) return 0;
  return id;
}

TEST(ClusterSocial, ChatLinesAndTakebackOffersReachTheOpponentOnTheOtherNode) {
  TwoNodes nodes;
  std::string error;
  ASSERT_TRUE(nodes.start({}, {}, &error)) << error;
  Player north, south;
  uint64_t id = split_match(nodes, north, south, "talk");
  ASSERT_NE(id, 0u);

  // A line said at the match's own node reaches the follower's player live; one said at the
  // follower (forwarded) reaches both, once each.
  auto said = north.c->request(chat_msg(id, "good luck"));
  ASSERT_TRUE(said && !said->has_error());
  EXPECT_TRUE(hears(south, "good luck")) << "the line reached B";
  said = south.c->request(chat_msg(id, "thanks"));
  ASSERT_TRUE(said && !said->has_error()) << (said ? said->DebugString() : said.status().message());
  EXPECT_TRUE(hears(north, "thanks"));
  EXPECT_TRUE(hears(south, "thanks")) << "the sayer sees its line as at the owner";
  EXPECT_FALSE(south.c->wait_for([](const wire::ServerMessage& x) { return x.has_chat(); }, 500ms).is_ok())
      << "each line once";

  // North bids and offers to take it back at A: South sees the offer at B, and its refusal
  // there (forwarded) takes the offer away on both nodes.
  auto bid = north.c->request(submit_msg(id, north.last.seq(), race_bid(3), "north-1"));
  ASSERT_TRUE(bid && bid->has_submitted()) << (bid ? bid->DebugString() : bid.status().message());
  absorb(north, bid);
  ASSERT_TRUE(await_seq(south, 1));
  wire::ClientMessage offer;
  offer.mutable_offer_takeback()->set_match_id(id);
  auto offered = north.c->request(offer);
  ASSERT_TRUE(offered && !offered->has_error()) << (offered ? offered->DebugString() : "");
  ASSERT_TRUE(await_update(south, [](const wire::MatchUpdate& u) { return u.takeback_offered_by() == 0; }))
      << "B shows North's offer";
  EXPECT_EQ(south.last.takeback_to_seq(), 0u);
  wire::ClientMessage refuse;
  refuse.mutable_answer_takeback()->set_match_id(id);
  refuse.mutable_answer_takeback()->set_accept(false);
  auto refused = south.c->request(refuse);
  ASSERT_TRUE(refused && !refused->has_error()) << (refused ? refused->DebugString() : "");
  EXPECT_TRUE(await_update(north, [](const wire::MatchUpdate& u) { return u.takeback_offered_by() == -1; }));
  EXPECT_TRUE(await_update(south, [](const wire::MatchUpdate& u) { return u.takeback_offered_by() == -1; }));

  // The history is whole wherever one reconnects.
  for (uint16_t port : {nodes.a->port(), nodes.b->port()}) {
    client::ProtocolClient again;
    ASSERT_TRUE(connect(again, port, south.token));
    wire::ClientMessage fetch;
    fetch.mutable_fetch_chat()->set_match_id(id);
    auto log = again.request(fetch);
    ASSERT_TRUE(log && log->has_chat_log());
    ASSERT_EQ(log->chat_log().lines_size(), 2);
    EXPECT_EQ(log->chat_log().lines(0).text(), "good luck");
    EXPECT_EQ(log->chat_log().lines(1).text(), "thanks");
  }
}

// South's lobby is open at node B; the match is run at A. The move that makes it South's turn
// is told to South's connection at B, once.
TEST(ClusterSocial, ANotificationReachesTheUsersConnectionsOnEveryNodeOnce) {
  TwoNodes nodes;
  std::string error;
  ASSERT_TRUE(nodes.start({}, {}, &error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, nodes.a->port(), {}, "note");
  ASSERT_NE(id, 0u);
  client::ProtocolClient lobby_b;
  ASSERT_TRUE(connect(lobby_b, nodes.b->port(), south.token));
  uint32_t seq = north.last.seq();
  ASSERT_TRUE(act(north, id, seq, race_bid(3)));
  ASSERT_TRUE(act(south, id, seq, race_bid(0)));  // North to move
  ASSERT_TRUE(leave(south, id));
  ASSERT_TRUE(act(north, id, seq, race_roll()));  // South's turn
  auto turn = lobby_b.wait_for(
      [](const wire::ServerMessage& m) {
        return m.has_notification() && m.notification().kind() == wire::Notification::YOUR_TURN;
      },
      5s);
  ASSERT_TRUE(turn.is_ok()) << "South's connection at B was told";
  EXPECT_EQ(turn->notification().match_id(), id);
  EXPECT_FALSE(
      lobby_b.wait_for([](const wire::ServerMessage& m) { return m.has_notification(); }, 800ms).is_ok())
      << "once";
  auto at_a = south.c->wait_for(
      [](const wire::ServerMessage& m) {
        return m.has_notification() && m.notification().kind() == wire::Notification::YOUR_TURN;
      },
      5s);
  EXPECT_TRUE(at_a.is_ok()) << "and the connection at A, as on one node";
  EXPECT_FALSE(
      south.c->wait_for([](const wire::ServerMessage& m) { return m.has_notification(); }, 300ms).is_ok())
      << "once there too";
}

// The node running a timed match dies while South's clock runs; South still watches at node B,
// which holds a follower copy. When B's clock passes the deadline (B leads by then), B takes the
// match over and South loses on time, once.
TEST(ClusterSocial, AClockWhoseNodeDiedFiresOnceAtTheNodeHoldingAFollowerCopy) {
  std::vector<std::string> flags = {"--manual-clock=" + std::to_string(kStart)};
  TwoNodes nodes;
  std::string error;
  ASSERT_TRUE(nodes.start(flags, flags, &error)) << error;
  Player north, south, watcher;
  wire::TimeControl tc;
  tc.set_kind(wire::TimeControl::FISCHER);
  tc.set_initial_seconds(3600);
  uint64_t id = start_race(north, south, nodes.a->port(), tc, "late");
  ASSERT_NE(id, 0u);
  uint32_t seq = north.last.seq();
  ASSERT_TRUE(act(north, id, seq, race_bid(3)));
  ASSERT_TRUE(act(south, id, seq, race_bid(0)));
  ASSERT_TRUE(act(north, id, seq, race_roll()));  // South's clock runs: out at kStart + 3600
  Player south_b;
  south_b.token = south.token;
  ASSERT_TRUE(connect(*south_b.c, nodes.b->port(), south.token));
  auto joined = south_b.c->request(join_msg(id));
  ASSERT_TRUE(joined && joined->has_update()) << (joined ? joined->DebugString() : "");
  south_b.last = joined->update();
  ASSERT_EQ(south_b.last.seq(), seq);
  ASSERT_TRUE(register_player(watcher, nodes.b->port(), "latewatch"));

  nodes.a->kill_hard();
  for (int i = 0; i < 100 && nodes.b->metric("frontier_leader") != 1.0; ++i)
    std::this_thread::sleep_for(50ms);
  ASSERT_EQ(nodes.b->metric("frontier_leader"), 1.0) << nodes.b->log();
  std::this_thread::sleep_for(1200ms);  // A's lease runs out
  ASSERT_EQ(advance(watcher, 3600), kStart + 3600);
  ASSERT_TRUE(await_update(south_b, [](const wire::MatchUpdate& u) { return u.status() == wire::FINISHED; }))
      << nodes.b->log();
  EXPECT_EQ(south_b.last.end_reason(), wire::END_BY_TIMEOUT);
  EXPECT_EQ(south_b.last.seq(), seq + 1) << "one timeout, nothing else";
  ASSERT_EQ(advance(watcher, 3600), kStart + 7200);
  std::this_thread::sleep_for(1200ms);
  EXPECT_EQ(count_of(nodes.url, "SELECT count(*) FROM events WHERE match_id = " + std::to_string(id)),
            static_cast<long long>(seq + 1));
  EXPECT_EQ(count_of(nodes.url, "SELECT max(seq) FROM events WHERE match_id = " + std::to_string(id)),
            static_cast<long long>(seq + 1));
}

// A computer opponent thinks only where its match is run. Node A runs a match against a bot
// with no computer worker connected (--bot-workers 0); node B, started after, resumes the matches where
// a bot is to move: it finds this one run by A and leaves the bot's turn to A.
TEST(ClusterSocial, AComputerOpponentThinksOnlyAtTheNodeRunningItsMatch) {
  TwoNodes nodes;
  std::string error;
  ASSERT_TRUE(nodes.start({"--bot-workers", "0"}, {"--bot-think-ms", "100"}, &error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, nodes.a->port(), "botfan"));
  wire::ClientMessage vs;
  vs.mutable_create_match()->set_game("race");
  vs.mutable_create_match()->set_side("North");
  vs.mutable_create_match()->set_vs_bot("normal");
  auto created = p.c->request(vs);
  ASSERT_TRUE(created && created->has_created()) << (created ? created->DebugString() : "");
  uint64_t id = created->created().match_id();
  // B restarts so that it resumes the match (run by A) on start-up.
  nodes.b->kill_hard();
  ASSERT_TRUE(nodes.b->start(&error)) << error;
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(nodes.b->log().find("reached the follower copy"), std::string::npos) << nodes.b->log();
  EXPECT_EQ(count_of(nodes.url, "SELECT count(*) FROM events WHERE match_id = " + std::to_string(id)), 0)
      << "the bot's turn is A's, which has no worker to think";
  EXPECT_EQ(nodes.b->metric("frontier_leases_held"), 0.0);
}

wire::TournamentInfo tournament_of(client::ProtocolClient& c, uint64_t id) {
  wire::ClientMessage m;
  m.mutable_get_tournament()->set_tournament_id(id);
  auto r = c.request(m);
  return r && r->has_tournament() ? r->tournament() : wire::TournamentInfo{};
}

// Tournaments are changed by the leader alone: joins asked at another node reach its event at
// once, and the result of a board played on a node that does not lead is recorded by the
// leader, once; every node reads the event as the leader left it.
TEST(ClusterSocial, TournamentChangesAtAnyNodeReachTheLeaderAndTheEventAdvancesOnce) {
  TwoNodes nodes;
  std::string error;
  ASSERT_TRUE(nodes.start({"--lease-renew-ms", "0"}, {}, &error)) << error;
  Player organiser, first, second;
  ASSERT_TRUE(register_player(organiser, nodes.a->port(), "torg"));
  ASSERT_TRUE(register_player(first, nodes.b->port(), "tone"));
  ASSERT_TRUE(register_player(second, nodes.b->port(), "ttwo"));
  wire::ClientMessage create;
  create.mutable_create_tournament()->set_game("race");
  create.mutable_create_tournament()->set_rounds(1);
  auto created = organiser.c->request(create);
  ASSERT_TRUE(created && created->has_tournament()) << (created ? created->DebugString() : "");
  uint64_t id = created->tournament().tournament_id();
  for (Player* p : {&first, &second}) {  // at B, which does not lead
    wire::ClientMessage join;
    join.mutable_join_tournament()->set_tournament_id(id);
    auto joined = p->c->request(join);
    ASSERT_TRUE(joined && joined->has_tournament()) << (joined ? joined->DebugString() : "");
  }
  EXPECT_EQ(tournament_of(*organiser.c, id).players_size(), 2) << "the leader's event has both joins";
  wire::ClientMessage start;
  start.mutable_start_tournament()->set_tournament_id(id);
  auto started = organiser.c->request(start);
  ASSERT_TRUE(started && started->has_tournament()) << (started ? started->DebugString() : "");
  wire::TournamentInfo t;
  for (int i = 0; i < 100 && (t.boards_size() == 0 || t.boards(0).match_ids_size() == 0); ++i) {
    std::this_thread::sleep_for(50ms);
    t = tournament_of(*first.c, id);  // read at B
  }
  ASSERT_EQ(t.boards_size(), 1) << nodes.a->log();
  ASSERT_EQ(t.boards(0).match_ids_size(), 1);
  uint64_t match = t.boards(0).match_ids(0);

  // A, the leader, never renews its leases (as if it could not reach them for a while): past
  // the lease, the resignation asked at B takes the board's match over there, and ends it at B,
  // which does not lead. A, the leader, records the result, once.
  std::this_thread::sleep_for(1300ms);
  Player loser;
  loser.token = first.token;
  ASSERT_TRUE(connect(*loser.c, nodes.b->port(), first.token));
  auto joined = loser.c->request(join_msg(match));
  ASSERT_TRUE(joined && joined->has_update()) << (joined ? joined->DebugString() : "");
  wire::ClientMessage resign;
  resign.mutable_resign()->set_match_id(match);
  auto resigned = loser.c->request(resign);
  ASSERT_TRUE(resigned && !resigned->has_error()) << (resigned ? resigned->DebugString() : "");
  EXPECT_EQ(nodes.b->metric("frontier_leases_held"), 1.0) << "B ran the match to its end";
  auto decided = [](const wire::TournamentInfo& x) {
    return x.boards_size() == 1 && (x.boards(0).result() == "1-0" || x.boards(0).result() == "0-1");
  };
  for (int i = 0; i < 100 && !decided(t); ++i) {
    std::this_thread::sleep_for(50ms);
    t = tournament_of(*loser.c, id);  // read at B
  }
  ASSERT_TRUE(decided(t)) << t.DebugString();
  ASSERT_GE(t.standings_size(), 1);
  EXPECT_EQ(t.standings(0).user_id(), second.user_id) << "the result as the leader recorded it";
  std::this_thread::sleep_for(1200ms);  // another tick of the leader's clock; the logs are written
  EXPECT_NE(nodes.a->log().find("match " + std::to_string(match) + " recorded"), std::string::npos);
  EXPECT_EQ(nodes.b->log().find("recorded"), std::string::npos) << "B, which does not lead, records nothing";
  t = tournament_of(*second.c, id);
  ASSERT_EQ(t.boards_size(), 1) << "one board, paired once";
  EXPECT_EQ(t.boards(0).match_ids_size(), 1);
  EXPECT_EQ(count_of(nodes.url,
                     "SELECT count(*) FROM tournament_matches WHERE tournament_id = " + std::to_string(id)),
            1);
}

}  // namespace
}  // namespace frontier::testing
