// Moving up: a site played on SQLite is copied into PostgreSQL by `frontierd --copy-db`, which
// verifies that every match replays to the same final state hash; frontierd then serves the
// same players (their sessions too) and the same matches from PostgreSQL.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <regex>

#include "app/copy_db_command.h"
#include "fixture_games.h"
#include "harness.h"
#include "postgres_server.h"
#include "storage/postgres_store.h"
#include "store_reads.h"

namespace frontier::testing {
namespace {

// Runs `frontierd-fixture --copy-db FROM TO`; its exit status and everything it printed.
std::pair<int, std::string> copy_db(const std::string& from, const std::string& to) {
  std::string cmd = fixture_server_path() + " --copy-db '" + from + "' '" + to + "' 2>&1";
  FILE* out = popen(cmd.c_str(), "r");
  std::string text;
  char buf[512];
  while (out && fgets(buf, sizeof buf, out)) text += buf;
  int status = out ? pclose(out) : -1;
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

TEST(CopyDb, AnSqliteSiteMovesToPostgresqlWithEveryMatchReplayingAlike) {
  ServerProcess sqlite_server({"--snapshot-every", "3"});
  std::string error;
  ASSERT_TRUE(sqlite_server.start(&error)) << error;
  uint16_t port = sqlite_server.port();
  std::mt19937 rng(45);
  // One match played to its end, one left half-way (with snapshots), one with chat only.
  Player a, b, c, d, e, f;
  uint64_t finished = start_two_player_match(a, b, port, "race", "done");
  ASSERT_NE(finished, 0u);
  for (int guard = 0; guard < 500 && a.last.status() == wire::RUNNING; ++guard)
    ASSERT_NE(play_random_step({&a, &b}, rng, "d").seq, 0u);
  ASSERT_EQ(a.last.status(), wire::FINISHED);
  uint64_t halfway = start_two_player_match(c, d, port, "race", "half");
  ASSERT_NE(halfway, 0u);
  for (int i = 0; i < 7 && c.last.status() == wire::RUNNING; ++i)
    ASSERT_NE(play_random_step({&c, &d}, rng, "h").seq, 0u);
  uint64_t chatty = start_two_player_match(e, f, port, "race", "chat");
  ASSERT_NE(chatty, 0u);
  wire::ClientMessage chat;
  chat.mutable_send_chat()->set_match_id(chatty);
  chat.mutable_send_chat()->set_text("bonjour \xc3\xa0 tous");
  auto said = e.c->request(chat);
  ASSERT_TRUE(said) << said.status().message();
  uint32_t halfway_seq = c.last.seq();
  ASSERT_EQ(sqlite_server.stop_gracefully(), 0);

  auto& pg = shared_postgres();
  ASSERT_TRUE(pg.create_database("moved", &error)) << error;
  auto [status, out] = copy_db(sqlite_server.db_path(), pg.url("moved"));
  ASSERT_EQ(status, 0) << out;
  EXPECT_NE(out.find("3 matches compared, 3 replayed to the same final state hash from both, 0 differences"),
            std::string::npos)
      << out;
  for (const char* table : {"users", "tokens", "matches", "match_seats", "events", "snapshots", "chat"})
    EXPECT_TRUE(std::regex_search(out, std::regex(std::string(table) + " +[1-9][0-9]* rows copied")))
        << table << " copied no rows:\n"
        << out;

  // A second copy into the same database is refused and changes nothing.
  auto [again, again_out] = copy_db(sqlite_server.db_path(), pg.url("moved"));
  EXPECT_EQ(again, 1) << again_out;
  EXPECT_NE(again_out.find("not empty"), std::string::npos) << again_out;

  // frontierd on PostgreSQL: the same sessions, the same matches, play goes on.
  ServerProcess pg_server({"--db", pg.url("moved")});
  ASSERT_TRUE(pg_server.start(&error)) << error;
  ASSERT_TRUE(reconnect(c, pg_server.port(), halfway, 0)) << "the session token was copied";
  ASSERT_TRUE(reconnect(d, pg_server.port(), halfway, 0));
  EXPECT_EQ(c.last.seq(), halfway_seq);
  for (int guard = 0; guard < 500 && c.last.status() == wire::RUNNING; ++guard)
    ASSERT_NE(play_random_step({&c, &d}, rng, "after").seq, 0u);
  EXPECT_EQ(c.last.status(), wire::FINISHED);
  ASSERT_TRUE(reconnect(e, pg_server.port(), chatty, 0));
  wire::ClientMessage fetch;
  fetch.mutable_fetch_chat()->set_match_id(chatty);
  auto lines = e.c->request(fetch);
  ASSERT_TRUE(lines && lines->has_chat_log()) << (lines ? lines->DebugString() : lines.status().message());
  ASSERT_EQ(lines->chat_log().lines_size(), 1);
  EXPECT_EQ(lines->chat_log().lines(0).text(), "bonjour \xc3\xa0 tous");
  // A new account gets an id after the copied ones.
  Player newcomer;
  ASSERT_TRUE(register_player(newcomer, pg_server.port(), "new"));
  EXPECT_GT(newcomer.user_id, f.user_id);
}

// E-mail addresses, queued mails (sent ones keep their dedupe key) and waiting turn mails move
// too, and a mail queued on PostgreSQL afterwards gets an id after the copied ones.
TEST(CopyDb, EmailSettingsAndQueuedMailsMoveToo) {
  ServerProcess sqlite_server;
  std::string error;
  ASSERT_TRUE(sqlite_server.start(&error)) << error;
  Player a;
  ASSERT_TRUE(register_player(a, sqlite_server.port(), "mail"));
  ASSERT_EQ(sqlite_server.stop_gracefully(), 0);
  storage::EmailRow address;
  address.user_id = a.user_id;
  address.address = "caf\xc3\xa9@example.org";
  address.verified = true;
  address.choices = storage::kEmailDigest | storage::kEmailYourTurn;
  address.turn_delay = 600;
  address.unsubscribe = "unsub-secret";
  address.digest_due = 5000;
  const std::string message("Subject: x\r\n\r\nbody\0", 19);
  {
    auto from = storage::open_sqlite(sqlite_server.db_path(), storage::Durability::kFull);
    ASSERT_TRUE(from) << from.status().message();
    auto& s = *from.value();
    ASSERT_TRUE(s.begin());
    ASSERT_TRUE(s.put_email(address));
    ASSERT_TRUE(s.add_email({0, a.user_id, "sent:1", "x@example.org", "old", 0, 100, 100}).value());
    ASSERT_TRUE(s.add_email({0, a.user_id, "queued:1", "x@example.org", message, 2, 4000, 100}).value());
    ASSERT_TRUE(s.add_turn_email({a.user_id, 9, 3, 4500, "Your turn"}));
    ASSERT_TRUE(s.commit());
    auto due = must_read(s.emails_due(100, 1));
    ASSERT_EQ(due.size(), 1u);
    ASSERT_TRUE(s.begin());
    ASSERT_TRUE(s.email_sent(due[0].id, 200, 0));
    ASSERT_TRUE(s.commit());
  }
  auto& pg = shared_postgres();
  ASSERT_TRUE(pg.create_database("mail", &error)) << error;
  auto [status, out] = copy_db(sqlite_server.db_path(), pg.url("mail"));
  ASSERT_EQ(status, 0) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex("user_email +1 rows copied"))) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex("email_outbox +2 rows copied"))) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex("turn_emails +1 rows copied"))) << out;

  auto to = storage::open_postgres(pg.url("mail"), storage::Durability::kFull);
  ASSERT_TRUE(to) << to.status().message();
  auto& s = *to.value();
  auto copied = must_read(s.email_by_unsubscribe("unsub-secret"));
  ASSERT_TRUE(copied);
  EXPECT_EQ(copied->user_id, a.user_id);
  EXPECT_EQ(copied->address, address.address);
  EXPECT_TRUE(copied->verified);
  EXPECT_EQ(copied->choices, address.choices);
  EXPECT_EQ(copied->turn_delay, 600);
  EXPECT_EQ(copied->digest_due, 5000);
  auto due = must_read(s.emails_due(10000, 10));
  ASSERT_EQ(due.size(), 1u) << "the sent mail stays sent";
  EXPECT_EQ(due[0].dedupe, "queued:1");
  EXPECT_EQ(due[0].message, message);
  EXPECT_EQ(due[0].attempts, 2);
  auto turns = must_read(s.turn_emails_due(10000, 10));
  ASSERT_EQ(turns.size(), 1u);
  EXPECT_EQ(turns[0].text, "Your turn");
  EXPECT_EQ(must_read(s.email_next_at()), 4000);
  ASSERT_TRUE(s.begin());
  auto again = s.add_email({0, a.user_id, "sent:1", "x@example.org", "old", 0, 100, 100});
  ASSERT_TRUE(again);
  EXPECT_FALSE(again.value()) << "the sent mail's dedupe key came along";
  ASSERT_TRUE(s.add_email({0, a.user_id, "new:1", "x@example.org", "new", 0, 100, 300}).value());
  ASSERT_TRUE(s.commit());
  due = must_read(s.emails_due(10000, 10));
  ASSERT_EQ(due.size(), 2u);
  EXPECT_EQ(due[0].dedupe, "new:1");
  EXPECT_GT(due[0].id, due[1].id) << "new ids go on after the copied ones";
}

// The verification is not a formality: a changed event in the copy is found.
TEST(CopyDb, TheVerificationFindsAChangedEvent) {
  ServerProcess sqlite_server;
  std::string error;
  ASSERT_TRUE(sqlite_server.start(&error)) << error;
  Player a, b;
  std::mt19937 rng(3);
  uint64_t id = start_two_player_match(a, b, sqlite_server.port(), "race", "tamper");
  ASSERT_NE(id, 0u);
  for (int i = 0; i < 4; ++i) ASSERT_NE(play_random_step({&a, &b}, rng, "t").seq, 0u);
  ASSERT_EQ(sqlite_server.stop_gracefully(), 0);
  auto& pg = shared_postgres();
  ASSERT_TRUE(pg.create_database("tampered", &error)) << error;
  auto [status, out] = copy_db(sqlite_server.db_path(), pg.url("tampered"));
  ASSERT_EQ(status, 0) << out;
  // A changed client action id: the game still replays alike, yet the copy is not faithful.
  ASSERT_TRUE(pg.execute(
      "tampered",
      "UPDATE events SET client_action_id = 'forged' WHERE match_id = " + std::to_string(id) + " AND seq = 2",
      &error))
      << error;
  auto from = storage::open_sqlite(sqlite_server.db_path(), storage::Durability::kFull);
  auto to = storage::open_postgres(pg.url("tampered"), storage::Durability::kFull);
  ASSERT_TRUE(from && to);
  auto check = server::verify_copy(*from.value(), *to.value(), {id}, server_test_games());
  EXPECT_EQ(check.matches, 1u);
  ASSERT_EQ(check.problems.size(), 1u);
  EXPECT_NE(check.problems[0].find("the events differ"), std::string::npos) << check.problems[0];
}

}  // namespace
}  // namespace frontier::testing
