// Clocks, vacations, timeouts, reminders and webhooks on a real frontierd with the manual clock
// (--manual-clock): time moves only when a test sends AdvanceClock, so every check is exact and
// nothing sleeps for the clock. Uses the fixture Race (secret simultaneous bids, then turns:
// North bids 3 and South 0, so North moves first) and the Lion of Khartoum (solitaire).
#include <gtest/gtest.h>

#include <thread>

#include "harness.h"
#include "play_support.h"
#include "storage/store.h"
#include "store_reads.h"
#include "webhook_receiver.h"

namespace frontier::testing {
namespace {

constexpr int64_t kStart = 1800000000;
constexpr int64_t kDay = 86400;

std::vector<std::string> clock_flags() {
  return {"--manual-clock=" + std::to_string(kStart), "--public-url", "http://example.test"};
}

wire::TimeControl pace(uint32_t bank, uint32_t increment, uint32_t cap) {
  wire::TimeControl tc;
  tc.set_kind(wire::TimeControl::FISCHER);
  tc.set_initial_seconds(bank);
  tc.set_increment_seconds(increment);
  tc.set_cap_seconds(cap);
  return tc;
}

// Plays choice `index` of `p`'s prompt; every player catches up to the new seq.
bool play(Player& p, int index, std::vector<Player*> others) {
  const auto& choice = p.last.prompts(0).choices(index);
  auto r = p.c->request(submit_msg(p.last.match_id(), p.last.seq(), choice.action(), {}));
  if (!r || !r->has_submitted()) return false;
  absorb(p, r);
  for (Player* q : others) {
    if (!await_seq(*q, r->submitted().seq())) return false;
  }
  return true;
}

// North bids 3, South 0: North to move.
bool bid(Player& north, Player& south) {
  return play(north, 3, {&south}) && play(south, 0, {&north});
}

// The update the server would send `p` now (a rejoin resubscribes and answers with it).
wire::MatchUpdate current(Player& p, uint64_t id) {
  auto r = p.c->request(join_msg(id, {}, p.last.seq()));
  return r && r->has_update() ? r->update() : wire::MatchUpdate{};
}

core::Result<wire::ServerMessage> vacation(Player& p, uint32_t days) {
  wire::ClientMessage m;
  m.mutable_set_vacation()->set_days(days);
  return p.c->request(m);
}

// Reads the server's webhook outbox from its database (a second SQLite reader) until its one
// row has been tried `attempts` times.
bool outbox_attempts_reach(const ServerProcess& server, int attempts) {
  auto store = storage::open_sqlite(server.db_path(), storage::Durability::kNormal);
  if (!store) return false;
  for (int i = 0; i < 500; ++i) {
    auto rows = must_read(store.value()->outbox());
    if (rows.size() == 1 && rows[0].attempts >= attempts) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

bool await_finished(Player& p) {
  while (p.last.status() != wire::FINISHED) {
    auto m = p.c->wait_for([](const wire::ServerMessage& x) { return x.has_update(); });
    if (!m) return false;
    p.last = m->update();
  }
  return true;
}

// True when a notification is (or arrives within a short wait) among `c`'s messages. A request
// answered first orders everything the server queued for this connection before it.
bool has_notification(client::ProtocolClient& c) {
  wire::ClientMessage ping;
  ping.mutable_get_profile();
  (void)c.request(ping);
  return c
      .wait_for([](const wire::ServerMessage& x) { return x.has_notification(); },
                std::chrono::milliseconds(100))
      .is_ok();
}

TEST(ClockTest, RunsForPromptedSeatsWithIncrementAndCap) {
  ServerProcess server(clock_flags());
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), pace(3600, 600, 4000), "inc");
  ASSERT_NE(id, 0u);
  // Secret simultaneous bids: both clocks run.
  ASSERT_EQ(south.last.clocks_size(), 2);
  for (const auto& c : south.last.clocks()) {
    EXPECT_TRUE(c.running());
    EXPECT_EQ(c.remaining_seconds(), 3600);
    EXPECT_EQ(c.deadline(), kStart + 3600);
  }
  EXPECT_EQ(south.last.time_control().increment_seconds(), 600u);
  EXPECT_EQ(south.last.server_time(), kStart);

  ASSERT_EQ(advance(north, 100), kStart + 100);
  ASSERT_TRUE(play(north, 3, {&south}));
  // North's bid is in: its clock stops, charged 100 s, plus 600 s capped at 4000.
  EXPECT_FALSE(north.last.clocks(0).running());
  EXPECT_EQ(north.last.clocks(0).remaining_seconds(), 4000);
  EXPECT_TRUE(north.last.clocks(1).running());
  EXPECT_EQ(north.last.clocks(1).remaining_seconds(), 3500);

  ASSERT_EQ(advance(north, 200), kStart + 300);
  ASSERT_TRUE(play(south, 0, {&north}));
  // South paid 300 s and gained 600; North moves now, its clock running from 4000.
  EXPECT_FALSE(south.last.clocks(1).running());
  EXPECT_EQ(south.last.clocks(1).remaining_seconds(), 3900);
  EXPECT_TRUE(south.last.clocks(0).running());
  EXPECT_EQ(south.last.clocks(0).deadline(), kStart + 300 + 4000);

  ASSERT_EQ(advance(north, 1000), kStart + 1300);
  ASSERT_TRUE(play(north, 0, {&south}));
  EXPECT_EQ(south.last.clocks(0).remaining_seconds(), 3600);  // 4000 - 1000 + 600
  EXPECT_TRUE(south.last.clocks(1).running());

  // Lists show the clock too.
  wire::ClientMessage list;
  list.mutable_list_matches()->set_filter(wire::ListMatches::MINE);
  auto listed = south.c->request(list);
  ASSERT_TRUE(listed && listed->has_matches());
  ASSERT_EQ(listed->matches().matches_size(), 1);
  const auto& summary = listed->matches().matches(0);
  EXPECT_EQ(summary.time_control().initial_seconds(), 3600u);
  ASSERT_EQ(summary.clocks_size(), 2);
  EXPECT_TRUE(summary.clocks(1).running());
  EXPECT_EQ(summary.clocks(0).remaining_seconds(), 3600);
}

TEST(ClockTest, TimeoutIsALossForTheSideThatRanOut) {
  ServerProcess server(clock_flags());
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), pace(3600, 0, 0), "out");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(bid(north, south));
  ASSERT_EQ(advance(south, 3599), kStart + 3599);
  EXPECT_EQ(current(south, id).status(), wire::RUNNING);
  ASSERT_EQ(advance(south, 1), kStart + 3600);
  // The timeout was committed before AdvanceClock answered.
  wire::MatchUpdate u = current(south, id);
  EXPECT_EQ(u.status(), wire::FINISHED);
  EXPECT_EQ(u.end_reason(), wire::END_BY_TIMEOUT);
  EXPECT_TRUE(u.game_status().finished());
  EXPECT_EQ(u.game_status().winner(), 1);
  EXPECT_EQ(u.game_status().result(), "North loses on time");
  ASSERT_TRUE(await_finished(north));
  bool logged = false;
  for (const auto& e : north.last.log()) logged |= e.text() == "North loses on time";
  EXPECT_TRUE(logged);
  EXPECT_FALSE(north.last.clocks(0).running());
  // Nothing more may be played; the record replays with the timeout in it.
  auto late = north.c->request(submit_msg(id, north.last.seq(), frontier::Action{}, {}));
  ASSERT_TRUE(late && late->has_error());
  EXPECT_EQ(late->error().code(), wire::MATCH_NOT_RUNNING);
  wire::ClientMessage replay;
  replay.mutable_fetch_replay()->set_match_id(id);
  auto r = north.c->request(replay);
  ASSERT_TRUE(r && r->has_replay()) << (r && r->has_error() ? r->error().message() : "");
  EXPECT_EQ(r->replay().record().actions_size(), 2);
}

TEST(ClockTest, SolitaireTimeoutAbandonsTheMatch) {
  ServerProcess server(clock_flags());
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "lion"));
  auto msg = create_match_msg("lion", "");
  *msg.mutable_create_match()->mutable_time_control() = pace(7200, 0, 0);
  auto created = p.c->request(msg);
  ASSERT_TRUE(created && created->has_created())
      << (created && created->has_error() ? created->error().message() : "");
  uint64_t id = created->created().match_id();
  // Created running: the clock starts with the match.
  wire::MatchUpdate u;
  for (;;) {
    auto m = p.c->wait_for([](const wire::ServerMessage& x) { return x.has_update(); });
    ASSERT_TRUE(m);
    u = m->update();
    if (u.clocks_size() == 1 && u.clocks(0).running()) break;
  }
  EXPECT_EQ(u.clocks(0).deadline(), kStart + 7200);
  ASSERT_EQ(advance(p, 7200), kStart + 7200);
  p.last = u;
  ASSERT_TRUE(await_finished(p));  // pushed once the timeout is committed
  u = p.last;
  EXPECT_EQ(u.match_id(), id);
  EXPECT_EQ(u.status(), wire::FINISHED);
  EXPECT_EQ(u.end_reason(), wire::END_BY_TIMEOUT);
  EXPECT_TRUE(u.game_status().finished());
  EXPECT_LT(u.game_status().winner(), 0);  // abandoned: nobody wins
  EXPECT_NE(u.game_status().result().find("loses on time"), std::string::npos);
}

TEST(ClockTest, VacationPausesTheClockAndItResumes) {
  ServerProcess server(clock_flags());
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), pace(3 * kDay, 0, 0), "vac");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(bid(north, south));
  auto started = vacation(north, 2);
  ASSERT_TRUE(started && started->has_profile())
      << (started && started->has_error() ? started->error().message() : "");
  EXPECT_EQ(started->profile().vacation_until(), kStart + 2 * kDay);
  EXPECT_EQ(started->profile().vacation_days_left(), 28u);
  auto again = vacation(north, 1);
  ASSERT_TRUE(again && again->has_error());
  EXPECT_EQ(again->error().code(), wire::VACATION_REFUSED);

  wire::MatchUpdate u = current(south, id);
  EXPECT_TRUE(u.clocks(0).on_vacation());
  EXPECT_FALSE(u.clocks(0).running());
  EXPECT_EQ(u.clocks(0).deadline(), kStart + 5 * kDay);  // three days of clock after the vacation
  ASSERT_EQ(advance(south, kDay), kStart + kDay);
  EXPECT_EQ(current(south, id).clocks(0).remaining_seconds(), 3 * kDay);
  ASSERT_EQ(advance(south, kDay), kStart + 2 * kDay);
  u = current(south, id);
  EXPECT_FALSE(u.clocks(0).on_vacation());
  EXPECT_TRUE(u.clocks(0).running());
  EXPECT_EQ(u.clocks(0).remaining_seconds(), 3 * kDay);
  ASSERT_EQ(advance(south, 3 * kDay - 1), kStart + 5 * kDay - 1);
  EXPECT_EQ(current(south, id).status(), wire::RUNNING);
  ASSERT_EQ(advance(south, 1), kStart + 5 * kDay);
  u = current(south, id);
  EXPECT_EQ(u.status(), wire::FINISHED);
  EXPECT_EQ(u.end_reason(), wire::END_BY_TIMEOUT);
}

TEST(ClockTest, VacationEndedEarlyReturnsUnusedDays) {
  ServerProcess server(clock_flags());
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), pace(3 * kDay, 0, 0), "early");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(bid(north, south));
  auto none = vacation(north, 0);
  ASSERT_TRUE(none && none->has_error());
  EXPECT_EQ(none->error().code(), wire::VACATION_REFUSED);
  auto too_many = vacation(north, 31);
  ASSERT_TRUE(too_many && too_many->has_error());
  EXPECT_EQ(too_many->error().code(), wire::VACATION_REFUSED);
  ASSERT_TRUE(vacation(north, 5)->has_profile());
  ASSERT_EQ(advance(north, kDay + kDay / 2), kStart + kDay + kDay / 2);
  auto ended = vacation(north, 0);
  ASSERT_TRUE(ended && ended->has_profile());
  EXPECT_EQ(ended->profile().vacation_until(), 0);
  EXPECT_EQ(ended->profile().vacation_days_left(), 28u);  // 1.5 days count as 2
  // The clock runs again from the end of the vacation: the deadline moved forward.
  wire::MatchUpdate u = current(south, id);
  EXPECT_TRUE(u.clocks(0).running());
  EXPECT_EQ(u.clocks(0).deadline(), kStart + kDay + kDay / 2 + 3 * kDay);
  ASSERT_EQ(advance(north, 3 * kDay), kStart + 4 * kDay + kDay / 2);
  EXPECT_EQ(current(south, id).end_reason(), wire::END_BY_TIMEOUT);
}

TEST(ClockTest, TimeLowReminderFiresOncePerTurn) {
  ServerProcess server(clock_flags());
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), pace(1000, 0, 0), "low");
  ASSERT_NE(id, 0u);
  ASSERT_TRUE(bid(north, south));
  // North leaves the match page but stays logged in, here and on a second connection.
  ASSERT_TRUE(leave(north, id));
  client::ProtocolClient elsewhere;
  ASSERT_TRUE(connect(elsewhere, server.port(), north.token));
  ASSERT_EQ(advance(south, 799), kStart + 799);
  EXPECT_FALSE(has_notification(elsewhere));
  ASSERT_EQ(advance(south, 1), kStart + 800);
  auto n = elsewhere.wait_for([](const wire::ServerMessage& x) { return x.has_notification(); });
  ASSERT_TRUE(n);
  EXPECT_EQ(n->notification().kind(), wire::Notification::TIME_LOW);
  EXPECT_EQ(n->notification().match_id(), id);
  EXPECT_EQ(n->notification().at(), kStart + 800);
  auto same = north.c->wait_for([](const wire::ServerMessage& x) { return x.has_notification(); });
  ASSERT_TRUE(same);  // every open connection of the user hears it
  EXPECT_EQ(same->notification().kind(), wire::Notification::TIME_LOW);
  // South is looking at the match: told nothing. North is not reminded twice in one turn.
  EXPECT_FALSE(south.c->wait_for([](const wire::ServerMessage& x) { return x.has_notification(); },
                                 std::chrono::milliseconds(100)));
  ASSERT_EQ(advance(south, 100), kStart + 900);
  EXPECT_FALSE(has_notification(elsewhere));
  EXPECT_FALSE(has_notification(*north.c));
}

// South has a webhook; nothing is sent while South watches the match; once South has left the
// page, North's move sends "your turn": first answered 500, retried 10 s later on the server clock.
TEST(ClockTest, WebhookDeliveryRetriesAndSkipsWatchers) {
  WebhookReceiver receiver;
  receiver.answer(500);
  ServerProcess server(clock_flags());
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), {}, "hook");
  ASSERT_NE(id, 0u);
  wire::ClientMessage bad;
  bad.mutable_update_profile()->set_webhook_url("ftp://example.test/");
  auto refused = south.c->request(bad);
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), wire::INVALID_ARGUMENT);
  wire::ClientMessage set;
  set.mutable_update_profile()->set_webhook_url(receiver.url());
  auto profile = south.c->request(set);
  ASSERT_TRUE(profile && profile->has_profile());
  EXPECT_EQ(profile->profile().webhook_url(), receiver.url());
  EXPECT_TRUE(profile->profile().notify_your_turn());

  ASSERT_TRUE(bid(north, south));
  ASSERT_TRUE(play(north, 0, {&south}));  // South's turn, South watching: no webhook
  ASSERT_TRUE(play(south, 0, {&north}));
  uint32_t seq = north.last.seq();
  ASSERT_TRUE(leave(south, id));
  ASSERT_TRUE(play(north, 0, {}));
  ASSERT_TRUE(receiver.await_requests(1));
  std::string body = receiver.bodies()[0];
  std::string ids = std::to_string(id);
  EXPECT_NE(body.find("\"kind\":\"your_turn\""), std::string::npos) << body;
  EXPECT_NE(body.find("\"match_id\":" + ids), std::string::npos) << body;
  EXPECT_NE(body.find("\"game\":\"race\""), std::string::npos) << body;
  EXPECT_NE(body.find("\"url\":\"http://example.test/#/match/" + ids + "\""), std::string::npos) << body;
  EXPECT_NE(body.find("(move " + std::to_string(seq + 2) + ")"), std::string::npos) << body;
  EXPECT_NE(body.find("\"at\":" + std::to_string(kStart)), std::string::npos) << body;
  // The retry is due 10 s after the failure is stored: wait for it before moving the clock.
  ASSERT_TRUE(outbox_attempts_reach(server, 1));
  receiver.answer(200);
  ASSERT_EQ(advance(north, 9), kStart + 9);
  EXPECT_FALSE(receiver.await_requests(2, std::chrono::milliseconds(300)));
  ASSERT_EQ(advance(north, 1), kStart + 10);
  ASSERT_TRUE(receiver.await_requests(2));
  EXPECT_EQ(receiver.bodies()[1], body);
  EXPECT_FALSE(receiver.await_requests(3, std::chrono::milliseconds(200)));
}

// Issue 48, N5: one account's webhook that never answers must not delay anyone else's. South's
// endpoint accepts and stays silent (each delivery holds until the sender's 5 s timeout); North's
// answers. Turns alternate, so every "your turn" for North is queued behind one for South; all
// three of North's must still arrive within 3 s (one sender delivering in order would take 15 s),
// and the silent endpoint holds no more than its two slots.
TEST(ClockTest, SilentWebhookDelaysNoOtherDestination) {
  WebhookReceiver receiver;
  SilentEndpoint silent;
  ServerProcess server(clock_flags());
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), {}, "fair");
  ASSERT_NE(id, 0u);
  auto hook = [](Player& p, const std::string& url) {
    wire::ClientMessage set;
    set.mutable_update_profile()->set_webhook_url(url);
    auto r = p.c->request(set);
    return r && r->has_profile();
  };
  ASSERT_TRUE(hook(north, receiver.url()));
  ASSERT_TRUE(hook(south, silent.url()));
  ASSERT_TRUE(bid(north, south));  // North to move
  ASSERT_TRUE(leave(north, id));
  ASSERT_TRUE(leave(south, id));
  uint32_t seq = north.last.seq();
  for (int round = 0; round < 3; ++round) {
    ASSERT_TRUE(act(north, id, seq, race_roll()));  // tells South (silent endpoint)
    ASSERT_TRUE(act(south, id, seq, race_roll()));  // tells North
  }
  ASSERT_TRUE(receiver.await_requests(3, std::chrono::seconds(3)))
      << receiver.bodies().size() << " of North's 3 webhooks arrived within 3 s";
  for (const auto& body : receiver.bodies())
    EXPECT_NE(body.find("\"kind\":\"your_turn\""), std::string::npos);
  for (int i = 0; i < 100 && silent.accepted() < 2; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_EQ(silent.accepted(), 2u) << "deliveries in flight to one destination are capped at 2";
}

// A running deadline and an undelivered webhook are in the database: after SIGKILL and a restart
// the webhook is retried and the deadline fires when the clock reaches it.
TEST(ClockTest, DeadlineAndPendingWebhookSurviveSigkill) {
  WebhookReceiver receiver;
  receiver.answer(500);
  ServerProcess server(clock_flags());
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_race(north, south, server.port(), pace(3600, 0, 0), "crash");
  ASSERT_NE(id, 0u);
  wire::ClientMessage set;
  set.mutable_update_profile()->set_webhook_url(receiver.url());
  ASSERT_TRUE(south.c->request(set)->has_profile());
  ASSERT_TRUE(bid(north, south));
  ASSERT_TRUE(leave(south, id));
  ASSERT_TRUE(play(north, 0, {}));  // South's turn: its clock runs out at kStart + 3600
  ASSERT_TRUE(receiver.await_requests(1));
  // The failed attempt is stored (attempts 1, next try at +10 s) before the crash.
  ASSERT_TRUE(outbox_attempts_reach(server, 1));

  server.kill_hard();
  receiver.answer(200);
  ASSERT_TRUE(server.start(&error)) << error;  // the manual clock starts at kStart again
  Player watcher;
  ASSERT_TRUE(register_player(watcher, server.port(), "watch"));
  EXPECT_FALSE(receiver.await_requests(2, std::chrono::milliseconds(200)));
  ASSERT_EQ(advance(watcher, 10), kStart + 10);
  ASSERT_TRUE(receiver.await_requests(2));
  EXPECT_EQ(receiver.bodies()[1], receiver.bodies()[0]);
  ASSERT_EQ(advance(watcher, 3589), kStart + 3599);
  wire::ClientMessage watch;
  watch.mutable_watch_match()->set_match_id(id);
  auto w = watcher.c->request(watch);
  ASSERT_TRUE(w && w->has_update());
  EXPECT_EQ(w->update().status(), wire::RUNNING);
  ASSERT_EQ(advance(watcher, 1), kStart + 3600);
  w = watcher.c->request(watch);
  ASSERT_TRUE(w && w->has_update());
  EXPECT_EQ(w->update().status(), wire::FINISHED);
  EXPECT_EQ(w->update().end_reason(), wire::END_BY_TIMEOUT);
  EXPECT_EQ(w->update().game_status().result(), "South loses on time");
  EXPECT_EQ(w->update().game_status().winner(), 0);
}

TEST(ClockTest, RefusesNonsenseClocksAndAdvanceOnARealClock) {
  ServerProcess server;
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "real"));
  auto msg = create_match_msg("race", "");
  *msg.mutable_create_match()->mutable_time_control() = pace(5, 0, 0);
  auto r = p.c->request(msg);
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), wire::INVALID_ARGUMENT);
  wire::ClientMessage list;
  list.mutable_list_games();
  auto games = p.c->request(list);
  ASSERT_TRUE(games && games->has_games());
  ASSERT_GE(games->games().clock_presets_size(), 2);
  EXPECT_EQ(games->games().clock_presets(0).name(), "fast");
  EXPECT_EQ(games->games().clock_presets(1).time_control().cap_seconds(), 10u * 86400);
  wire::ClientMessage adv;
  adv.mutable_advance_clock()->set_seconds(10);
  auto a = p.c->request(adv);
  ASSERT_TRUE(a && a->has_error());
  EXPECT_EQ(a->error().code(), wire::UNKNOWN_MESSAGE);
}

}  // namespace
}  // namespace frontier::testing
