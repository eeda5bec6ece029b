// Defects of the second outside probe (issue 48) that one client could use against others,
// each reproduced against real frontierd processes over real sockets: two servers on one
// database, names posing as computer opponents, sessions outliving their token, unbounded chat
// and offers, matches created without end, and monitoring shut out by a socket flood.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "harness.h"
#include "storage/store.h"
#include "store_reads.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;

// Moves a --manual-clock server's time on (any logged-in connection may ask).
void advance(client::ProtocolClient& c, int64_t seconds) {
  wire::ClientMessage m;
  m.mutable_advance_clock()->set_seconds(seconds);
  auto r = c.request(m);
  ASSERT_TRUE(r && r->has_clock()) << (r ? r->DebugString() : r.status().message());
}

// Reads until the server closes the connection; its close code (0 if it stayed open).
int close_code_after(client::ProtocolClient& c, std::chrono::milliseconds quiet = 3s) {
  while (c.next(quiet)) {
  }
  return c.is_open() ? 0 : c.close_code().value_or(0);
}

wire::ClientMessage list_sessions() {
  wire::ClientMessage m;
  m.mutable_list_sessions();
  return m;
}

wire::ClientMessage end_session(const std::string& id) {
  wire::ClientMessage m;
  m.mutable_end_session()->set_session_id(id);
  return m;
}

// N12: the second frontierd on a database refuses to start, says why, and leaves the first
// serving; once the first has stopped, the database can be served again.
TEST(HardeningRound2Test, SecondServerOnTheSameDatabaseRefusesToStart) {
  ServerProcess first;
  std::string error;
  ASSERT_TRUE(first.start(&error)) << error;
  ServerProcess second({"--db", first.db_path()});
  EXPECT_FALSE(second.start(&error)) << "a second server came up on " << first.db_path();
  EXPECT_NE(second.log().find("is already served by another frontierd (pid " + std::to_string(first.pid())),
            std::string::npos)
      << second.log();
  EXPECT_EQ(http(first.port(), "GET", "/healthz").body, "ok\n");
  Player p;
  ASSERT_TRUE(register_player(p, first.port(), "single"));

  EXPECT_EQ(first.stop_gracefully(), 0);
  ASSERT_TRUE(second.start(&error)) << error;
  client::ProtocolClient again;
  ASSERT_TRUE(connect(again, second.port(), p.token)) << "the account made on the first server is there";
}

// N9: names that read as a computer opponent's are refused at registration, whatever their
// case, look-alike digits or separators; names that merely begin like one are not.
TEST(HardeningRound2Test, NamesPosingAsComputerOpponentsCannotRegister) {
  ServerProcess server;
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  client::ProtocolClient c;
  ASSERT_TRUE(connect(c, server.port()));
  for (const char* name : {"bot_easy", "b0t-easy", "-bot-easy", "BOT-easy", "bot-easy", "B0T_H4RD",
                           "bot--hard", "__b0t__n0rma1", "botnormal7", "Bot-Easy-Official"}) {
    auto r = c.register_user(name, "correct horse battery");
    ASSERT_TRUE(r);
    ASSERT_TRUE(r->has_error()) << name << " registered";
    EXPECT_EQ(r->error().code(), wire::INVALID_ARGUMENT) << name;
    EXPECT_NE(r->error().message().find("computer opponent"), std::string::npos) << r->error().message();
  }
  for (const char* name : {"botanist", "bottle_easy", "easy_bot_fan"}) {
    client::ProtocolClient other;
    ASSERT_TRUE(connect(other, server.port()));
    auto r = other.register_user(name, "correct horse battery");
    ASSERT_TRUE(r && r->has_auth()) << name << ": " << (r ? r->DebugString() : r.status().message());
  }
}

// N8: a connection logged in before its token expired cannot act after it: the server checks
// the token when the connection acts, and the connection is anonymous from then on.
TEST(HardeningRound2Test, ExpiredSessionCannotActOnAnOpenConnection) {
  ServerProcess server({"--manual-clock", "--session-days", "2"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p, keeper;
  ASSERT_TRUE(register_player(p, server.port(), "lingering"));
  ASSERT_TRUE(register_player(keeper, server.port(), "keeper"));
  auto before = p.c->request(create_match_msg("race", ""));
  ASSERT_TRUE(before && before->has_created());

  advance(*keeper.c, 3 * 86400);
  auto after = p.c->request(create_match_msg("race", ""));
  ASSERT_TRUE(after);
  ASSERT_TRUE(after->has_error()) << "accepted after the token expired: " << after->DebugString();
  EXPECT_EQ(after->error().code(), wire::BAD_TOKEN);
  auto again = p.c->request(create_match_msg("race", ""));
  ASSERT_TRUE(again && again->has_error());
  EXPECT_EQ(again->error().code(), wire::NOT_LOGGED_IN);
  // Logging in again on the same connection opens a new session.
  auto login = p.c->login(p.name, "correct horse battery");
  ASSERT_TRUE(login && login->has_auth());
  auto fresh = p.c->request(create_match_msg("race", ""));
  EXPECT_TRUE(fresh && fresh->has_created());
}

// N8: an account holds at most --max-sessions sessions (a login beyond ends the oldest, and its
// connections close as at logout); the user lists them and ends any one.
TEST(HardeningRound2Test, SessionsAreCappedListedAndEnded) {
  ServerProcess server({"--manual-clock", "--max-sessions", "3"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p, keeper;
  ASSERT_TRUE(register_player(p, server.port(), "many-devices"));
  ASSERT_TRUE(register_player(keeper, server.port(), "timekeeper"));
  std::vector<std::unique_ptr<client::ProtocolClient>> devices;
  std::vector<std::string> tokens;
  for (int i = 0; i < 3; ++i) {
    advance(*keeper.c, 1);  // logins a second apart: "oldest" is then well defined
    devices.push_back(std::make_unique<client::ProtocolClient>());
    ASSERT_TRUE(connect(*devices.back(), server.port()));
    auto r = devices.back()->login(p.name, "correct horse battery");
    ASSERT_TRUE(r && r->has_auth());
    tokens.push_back(r->auth().token());
  }
  EXPECT_EQ(close_code_after(*p.c), 4001) << "the oldest session (the registration) was not ended";
  client::ProtocolClient stale;
  ASSERT_TRUE(stale.connect("127.0.0.1", server.port()));
  auto hello = stale.hello(p.token);
  ASSERT_TRUE(hello && hello->has_error());
  EXPECT_EQ(hello->error().code(), wire::BAD_TOKEN);

  auto listed = devices[2]->request(list_sessions());
  ASSERT_TRUE(listed && listed->has_sessions()) << (listed ? listed->DebugString() : "no reply");
  ASSERT_EQ(listed->sessions().sessions_size(), 3);
  const auto& newest = listed->sessions().sessions(0);
  EXPECT_TRUE(newest.current());
  EXPECT_FALSE(listed->sessions().sessions(1).current());
  EXPECT_EQ(newest.expires_at() - newest.created_at(), 30 * 86400);
  EXPECT_GE(newest.created_at(), listed->sessions().sessions(2).created_at());
  EXPECT_EQ(newest.session_id().size(), 16u);
  for (const auto& t : tokens) EXPECT_EQ(newest.session_id().find(t.substr(0, 8)), std::string::npos);

  // The newest device ends the oldest remaining session (devices[0]).
  auto ended = devices[2]->request(end_session(listed->sessions().sessions(2).session_id()));
  ASSERT_TRUE(ended && ended->ok()) << (ended ? ended->DebugString() : "no reply");
  EXPECT_EQ(close_code_after(*devices[0]), 4001);
  client::ProtocolClient later;
  ASSERT_TRUE(later.connect("127.0.0.1", server.port()));
  hello = later.hello(tokens[0]);
  ASSERT_TRUE(hello && hello->has_error());
  EXPECT_EQ(hello->error().code(), wire::BAD_TOKEN);
  EXPECT_TRUE(devices[1]->request(list_sessions())->has_sessions()) << "another session was ended too";

  // Nobody ends a session that is not theirs (or none at all).
  auto unknown = keeper.c->request(end_session(listed->sessions().sessions(1).session_id()));
  ASSERT_TRUE(unknown && unknown->has_error());
  EXPECT_EQ(unknown->error().code(), wire::INVALID_ARGUMENT);
  auto listed_again = devices[1]->request(list_sessions());
  ASSERT_TRUE(listed_again && listed_again->has_sessions());
  EXPECT_EQ(listed_again->sessions().sessions_size(), 2);
}

// N8: expired tokens are deleted, the account's own at its next login and everybody's in the
// hourly sweep, so logins leave no rows behind for ever.
TEST(HardeningRound2Test, ExpiredTokensArePruned) {
  ServerProcess server({"--manual-clock", "--session-days", "2"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p, other;
  ASSERT_TRUE(register_player(p, server.port(), "flooder"));
  ASSERT_TRUE(register_player(other, server.port(), "bystander"));
  for (int i = 0; i < 5; ++i) {
    client::ProtocolClient c;
    ASSERT_TRUE(connect(c, server.port()));
    ASSERT_TRUE(c.login(p.name, "correct horse battery")->has_auth());
  }
  auto token_rows = [&](uint64_t user) {
    auto store = storage::open_sqlite(server.db_path(), storage::Durability::kNormal);
    return store ? must_read(store.value()->tokens_of_user(user)).size() : size_t{999};
  };
  EXPECT_EQ(token_rows(p.user_id), 6u);
  advance(*p.c, 3 * 86400);
  client::ProtocolClient c;
  ASSERT_TRUE(connect(c, server.port()));
  ASSERT_TRUE(c.login(p.name, "correct horse battery")->has_auth());
  EXPECT_EQ(token_rows(p.user_id), 1u) << "expired sessions were kept";
  EXPECT_EQ(token_rows(other.user_id), 0u) << "the sweep left another account's expired session";
}

wire::ClientMessage chat_msg(uint64_t match_id, const std::string& text) {
  wire::ClientMessage m;
  m.mutable_send_chat()->set_match_id(match_id);
  m.mutable_send_chat()->set_text(text);
  return m;
}

// Reads replies until one answers each of `ids`; how many answered with `code` (-1: ok).
int count_replies(client::ProtocolClient& c, const std::vector<uint64_t>& ids, int code) {
  int n = 0;
  for (size_t answered = 0; answered < ids.size();) {
    auto m = c.next(10s);
    if (!m) break;
    if (std::find(ids.begin(), ids.end(), m->request_id()) == ids.end()) continue;
    ++answered;
    if (code < 0 ? !m->has_error() : m->has_error() && m->error().code() == code) ++n;
  }
  return n;
}

// N7: chat lines are limited per account, all its connections together (not per connection),
// and a match stores at most --max-chat-lines of them.
TEST(HardeningRound2Test, ChatIsLimitedPerAccountAndPerMatch) {
  ServerProcess server({"--chat-rate", "1", "--max-chat-lines", "15"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player a, b;
  uint64_t id = start_two_player_match(a, b, server.port(), "race", "chatty", &error);
  ASSERT_NE(id, 0u) << error;
  // Four connections of one account, 5 lines each at once: the account's burst is 10 lines.
  std::vector<std::unique_ptr<client::ProtocolClient>> tabs;
  std::vector<std::vector<uint64_t>> sent(4);
  for (int t = 0; t < 4; ++t) {
    tabs.push_back(std::make_unique<client::ProtocolClient>());
    ASSERT_TRUE(connect(*tabs.back(), server.port(), a.token));
  }
  for (int i = 0; i < 5; ++i) {
    for (int t = 0; t < 4; ++t) sent[t].push_back(tabs[t]->send(chat_msg(id, "line")).value());
  }
  int stored = 0;
  for (int t = 0; t < 4; ++t) stored += count_replies(*tabs[t], sent[t], -1);
  // 10, or a line or two more if the sends took over a second on a loaded machine; 20 when each
  // connection had an allowance of its own.
  EXPECT_GE(stored, 10);
  EXPECT_LE(stored, 13) << "each connection had its own allowance";
  // The other player still chats (their own allowance), until the match's chat is full.
  std::vector<uint64_t> more;
  for (int i = 0; i < 10; ++i) more.push_back(b.c->send(chat_msg(id, "reply")).value());
  int b_stored = count_replies(*b.c, more, -1);
  EXPECT_EQ(stored + b_stored, 15) << "the match's chat went past --max-chat-lines";
  std::this_thread::sleep_for(1100ms);  // an allowance came back: the refusal is the match's cap
  auto full = b.c->request(chat_msg(id, "one more"));
  ASSERT_TRUE(full && full->has_error());
  EXPECT_EQ(full->error().code(), wire::LIMIT_REACHED);
}

// N6: a seat that offers a takeback and withdraws it again and again is refused after a few
// offers, so the opponent is not flooded with notifications.
TEST(HardeningRound2Test, TakebackOffersAreRateLimitedPerSeat) {
  ServerProcess server;
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player north, south;
  uint64_t id = start_two_player_match(north, south, server.port(), "race", "offers", &error);
  ASSERT_NE(id, 0u) << error;
  auto bid = north.c->request(submit_msg(id, north.last.seq(), race_bid(0), "n-bid"));
  ASSERT_TRUE(bid && bid->has_submitted()) << (bid ? bid->DebugString() : "no reply");
  wire::ClientMessage offer;
  offer.mutable_offer_takeback()->set_match_id(id);
  wire::ClientMessage withdraw;
  withdraw.mutable_answer_takeback()->set_match_id(id);
  withdraw.mutable_answer_takeback()->set_accept(false);
  int offered = 0;
  wire::ServerMessage refusal;
  for (int i = 0; i < 10; ++i) {
    auto r = north.c->request(offer);
    ASSERT_TRUE(r);
    if (r->has_error()) {
      refusal = *r;
      break;
    }
    ++offered;
    ASSERT_TRUE(north.c->request(withdraw)->ok());
  }
  EXPECT_EQ(offered, 3) << "takeback offers are not limited";
  EXPECT_EQ(refusal.error().code(), wire::RATE_LIMITED);
  // The opponent's own offers have their own allowance.
  auto s_bid = south.c->request(submit_msg(id, bid->submitted().seq(), race_bid(0), "s-bid"));
  ASSERT_TRUE(s_bid && s_bid->has_submitted()) << (s_bid ? s_bid->DebugString() : "no reply");
  auto theirs = south.c->request(offer);
  EXPECT_TRUE(theirs && theirs->ok()) << (theirs ? theirs->DebugString() : "no reply");
}

// N4: matches that start at once (solitaire, against the computer) count: an account holding
// --max-running-matches unfinished matches creates no more, and no account creates more than
// --matches-per-hour.
TEST(HardeningRound2Test, RunningAndHourlyMatchCreationIsCapped) {
  ServerProcess server({"--max-running-matches", "4", "--matches-per-hour", "6", "--bot-workers", "0"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "hoarder"));
  auto vs_bot = create_match_msg("race", "");
  vs_bot.mutable_create_match()->set_vs_bot("easy");
  std::vector<uint64_t> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(p.c->send(vs_bot).value());
  for (int i = 0; i < 3; ++i) ids.push_back(p.c->send(create_match_msg("race", "")).value());
  std::vector<wire::ServerMessage> replies;
  while (replies.size() < ids.size()) {
    auto m = p.c->next(10s);
    ASSERT_TRUE(m) << "missing replies";
    if (std::find(ids.begin(), ids.end(), m->request_id()) != ids.end()) replies.push_back(*m);
  }
  int created = 0;
  for (const auto& r : replies) {
    if (r.has_created()) ++created;
    if (r.has_error()) {
      EXPECT_EQ(r.error().code(), wire::LIMIT_REACHED);
      EXPECT_NE(r.error().message().find("4 unfinished matches"), std::string::npos) << r.error().message();
    }
  }
  EXPECT_EQ(created, 4) << "unfinished matches per account are not capped";

  // The hourly allowance (6) counts creations whatever becomes of the matches: another account
  // creates and resigns, so it never holds 4 unfinished, until the allowance is used up.
  Player q;
  ASSERT_TRUE(register_player(q, server.port(), "serial"));
  int made = 0;
  wire::ServerMessage last;
  for (int i = 0; i < 8; ++i) {
    auto r = q.c->request(vs_bot);
    ASSERT_TRUE(r);
    last = *r;
    if (!r->has_created()) break;
    ++made;
    wire::ClientMessage resign;
    resign.mutable_resign()->set_match_id(r->created().match_id());
    auto done = q.c->request(resign);
    ASSERT_TRUE(done && !done->has_error()) << (done ? done->DebugString() : "no reply");
  }
  EXPECT_EQ(made, 6) << "matches created per hour are not capped";
  ASSERT_TRUE(last.has_error());
  EXPECT_EQ(last.error().code(), wire::LIMIT_REACHED);
  EXPECT_NE(last.error().message().find("in the last hour"), std::string::npos) << last.error().message();
}

// N11: with --admin-listen, /healthz and /metrics answer on their own listener while the main
// one is flooded to its socket limit (whose own /healthz then goes unanswered).
TEST(HardeningRound2Test, AdminListenerAnswersWhileTheMainOneIsFull) {
  ServerProcess server({"--admin-listen", "127.0.0.1:0"});
  server.set_descriptor_limit(256);
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  std::string log = server.log();
  const std::string marker = "admin (/healthz, /metrics only) on 127.0.0.1:";
  auto at = log.find(marker);
  ASSERT_NE(at, std::string::npos) << log;
  auto admin_port = static_cast<uint16_t>(std::stoi(log.substr(at + marker.size())));
  ASSERT_NE(admin_port, server.port());
  EXPECT_EQ(http(admin_port, "GET", "/healthz").body, "ok\n");
  EXPECT_EQ(http(admin_port, "GET", "/").status, 404) << "the admin listener serves monitoring only";

  std::vector<int> silent;
  for (int i = 0; i < 300; ++i) {
    int fd = loopback_socket(server.port());
    if (fd >= 0) silent.push_back(fd);
  }
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(http(server.port(), "GET", "/healthz").status, 0) << "the main listener was not full";
  auto health = http(admin_port, "GET", "/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_EQ(health.body, "ok\n");
  auto metrics = http(admin_port, "GET", "/metrics");
  EXPECT_EQ(metrics.status, 200);
  EXPECT_NE(metrics.body.find("frontier_sockets"), std::string::npos);
  for (int fd : silent) ::close(fd);
}

}  // namespace
}  // namespace frontier::testing
