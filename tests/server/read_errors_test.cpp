// Honest reads end to end (issue 45): a database that cannot be read answers the client with a
// typed error (UNAVAILABLE: try again), never as if what it asked for did not exist. A real
// frontierd on an SQLite file whose events table is dropped between two starts: the match row is
// there, its history cannot be read.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include "harness.h"

namespace frontier::testing {
namespace {

bool execute(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  bool ok = sqlite3_open(path.c_str(), &db) == SQLITE_OK &&
            sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
  sqlite3_close(db);
  return ok;
}

TEST(ReadErrorsTest, AMatchWhoseHistoryCannotBeReadIsAnErrorNotAnUnknownMatch) {
  ServerProcess server;
  if (server.db() != server.db_path()) GTEST_SKIP() << "breaks an SQLite file under the server";
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player a, b;
  uint64_t id = start_two_player_match(a, b, server.port(), "race", "readerr", &error);
  ASSERT_NE(id, 0u) << error;
  ASSERT_EQ(server.stop_gracefully(), 0);

  ASSERT_TRUE(execute(server.db_path(), "DROP TABLE events"));
  ASSERT_TRUE(server.start(&error)) << error;
  ASSERT_TRUE(connect(*a.c, server.port(), a.token));
  auto joined = a.c->request(join_msg(id));
  ASSERT_TRUE(joined && joined->has_error()) << (joined ? joined->DebugString() : joined.status().message());
  EXPECT_EQ(joined->error().code(), wire::UNAVAILABLE) << "the match exists: its history could not be read";

  // A match that really does not exist is still UNKNOWN_MATCH: the matches table can be read.
  auto missing = a.c->request(join_msg(id + 1000));
  ASSERT_TRUE(missing && missing->has_error());
  EXPECT_EQ(missing->error().code(), wire::UNKNOWN_MATCH);
}

}  // namespace
}  // namespace frontier::testing
