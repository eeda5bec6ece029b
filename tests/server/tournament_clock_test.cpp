// Tournament matches under the event's clock (issue 9 with the play-by-web clocks), on the manual
// clock: a loss on time is recorded as a played game, and at a round deadline an unfinished game
// is forfeited by the side that has used more of its time (docs/tournaments.md).
#include <gtest/gtest.h>

#include <thread>

#include "harness.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;
constexpr int64_t kStart = 1800000000;

struct Event {
  Player organiser;
  Player a, b;  // the board's A player holds North in the first game
  uint64_t id = 0;
  uint64_t match = 0;
};

wire::TournamentInfo info(Player& p, uint64_t id) {
  wire::ClientMessage m;
  m.mutable_get_tournament()->set_tournament_id(id);
  auto r = p.c->request(m);
  return r && r->has_tournament() ? r->tournament() : wire::TournamentInfo{};
}

// A one-round event of two players with `bank` seconds each; both are subscribed to its match.
void start_event(Event& e, uint16_t port, uint32_t bank, int64_t round_limit) {
  Player first, second;
  ASSERT_TRUE(register_player(e.organiser, port, "torg"));
  ASSERT_TRUE(register_player(first, port, "tclk"));
  ASSERT_TRUE(register_player(second, port, "tclk"));
  wire::ClientMessage create;
  auto* req = create.mutable_create_tournament();
  req->set_game("race");
  req->set_rounds(1);
  req->set_round_time_limit(round_limit);
  req->mutable_time_control()->set_kind(wire::TimeControl::FISCHER);
  req->mutable_time_control()->set_initial_seconds(bank);
  auto created = e.organiser.c->request(create);
  ASSERT_TRUE(created && created->has_tournament())
      << (created && created->has_error() ? created->error().message() : "");
  e.id = created->tournament().tournament_id();
  for (Player* p : {&first, &second}) {
    wire::ClientMessage join;
    join.mutable_join_tournament()->set_tournament_id(e.id);
    ASSERT_TRUE(p->c->request(join)->has_tournament());
  }
  wire::ClientMessage start;
  start.mutable_start_tournament()->set_tournament_id(e.id);
  ASSERT_TRUE(e.organiser.c->request(start)->has_tournament());
  wire::TournamentInfo t;
  for (int i = 0; i < 200 && (t.boards_size() == 0 || t.boards(0).match_ids_size() == 0); ++i) {
    std::this_thread::sleep_for(10ms);
    t = info(e.organiser, e.id);
  }
  ASSERT_EQ(t.boards_size(), 1);
  ASSERT_EQ(t.boards(0).match_ids_size(), 1);
  e.match = t.boards(0).match_ids(0);
  bool first_is_a = t.boards(0).a_user() == first.user_id;
  e.a = std::move(first_is_a ? first : second);
  e.b = std::move(first_is_a ? second : first);
  for (Player* p : {&e.a, &e.b}) {
    // Wait until the match's clocks run (its first commit started them).
    for (int i = 0; i < 200; ++i) {
      auto r = p->c->request(join_msg(e.match));
      ASSERT_TRUE(r && r->has_update());
      p->last = r->update();
      if (p->last.clocks_size() == 2 && p->last.clocks(0).running()) break;
      std::this_thread::sleep_for(10ms);
    }
    ASSERT_TRUE(p->last.clocks(0).running());
  }
}

int64_t advance(Player& p, uint64_t seconds) {
  wire::ClientMessage m;
  m.mutable_advance_clock()->set_seconds(seconds);
  auto r = p.c->request(m);
  return r && r->body_case() == wire::ServerMessage::kClock ? r->clock() : -1;
}

bool bid(Player& p, int amount) {
  auto r = p.c->request(
      submit_msg(p.last.match_id(), p.last.seq(), p.last.prompts(0).choices(amount).action(), {}));
  if (!r || !r->has_submitted()) return false;
  absorb(p, r);
  return true;
}

std::string board_result(Event& e) {
  wire::TournamentInfo t;
  for (int i = 0; i < 300; ++i) {
    t = info(e.organiser, e.id);
    if (t.phase() == "finished") break;
    std::this_thread::sleep_for(10ms);
  }
  return t.boards_size() == 1 ? t.boards(0).result() : "";
}

TEST(TournamentClock, ALossOnTimeIsAPlayedGame) {
  ServerProcess server({"--manual-clock=" + std::to_string(kStart)});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Event e;
  start_event(e, server.port(), 3600, 0);
  ASSERT_EQ(e.a.last.time_control().initial_seconds(), 3600u);
  ASSERT_TRUE(bid(e.a, 3));
  ASSERT_EQ(advance(e.a, 3600), kStart + 3600);  // B never bids
  EXPECT_EQ(board_result(e), "1-0");
}

TEST(TournamentClock, RoundDeadlineForfeitsTheSideThatUsedMoreTime) {
  ServerProcess server({"--manual-clock=" + std::to_string(kStart)});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Event e;
  start_event(e, server.port(), 86400, 3600);
  ASSERT_EQ(advance(e.a, 10), kStart + 10);
  ASSERT_TRUE(bid(e.a, 3));  // A used 10 s
  ASSERT_EQ(advance(e.a, 1990), kStart + 2000);
  ASSERT_TRUE(await_seq(e.b, e.a.last.seq()));
  ASSERT_TRUE(bid(e.b, 0));  // B used 2000 s; A (North) moves next
  // At the deadline A, whom the match waits for, has used 1610 s: B has used more and forfeits.
  ASSERT_EQ(advance(e.a, 1600), kStart + 3600);
  EXPECT_EQ(board_result(e), "+-");
}

}  // namespace
}  // namespace frontier::testing
