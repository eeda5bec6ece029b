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
