// What only the PostgreSQL store has: migrations taken under a lock by servers that start
// together, a schema newer than the server refused, commits that fail when the database is
// gone (so nothing is acknowledged: the match whose commit failed stops) and a connection made
// again once it is back.
#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <filesystem>
#include <memory>
#include <thread>

#include "postgres_server.h"
#include "storage/open_store.h"
#include "storage/postgres_store.h"
#include "store_reads.h"

namespace frontier::testing {
namespace {

size_t migration_count() {
  size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(FRONTIER_SOURCE_DIR) /
                                                               "migrations" / "postgres"))
    if (entry.path().extension() == ".sql") ++n;
  return n;
}

// The first column of the first row, or "ERROR".
std::string query(const PostgresServer& pg, const std::string& db, const std::string& sql) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(pg.url(db).c_str()), &PQfinish);
  std::unique_ptr<PGresult, decltype(&PQclear)> res(PQexec(conn.get(), sql.c_str()), &PQclear);
  if (PQresultStatus(res.get()) != PGRES_TUPLES_OK || PQntuples(res.get()) == 0) return "ERROR";
  return PQgetvalue(res.get(), 0, 0);
}

TEST(PostgresStore, ServersStartingTogetherMigrateOnce) {
  auto& pg = shared_postgres();
  ASSERT_TRUE(pg.create_database("together"));
  constexpr int kNodes = 4;
  std::vector<std::thread> nodes;
  std::vector<std::string> errors(kNodes);
  for (int i = 0; i < kNodes; ++i) {
    nodes.emplace_back([&, i] {
      auto store = storage::open_postgres(pg.url("together"), storage::Durability::kFull);
      if (!store) errors[i] = store.status().message();
    });
  }
  for (auto& t : nodes) t.join();
  for (const auto& e : errors) EXPECT_EQ(e, "");
  EXPECT_EQ(query(pg, "together", "SELECT count(*) FROM schema_version"), std::to_string(migration_count()));
  EXPECT_EQ(query(pg, "together", "SELECT max(version) FROM schema_version"),
            std::to_string(migration_count()));
  EXPECT_EQ(query(pg, "together", "SELECT count(*) FROM users"), "0");
}

TEST(PostgresStore, ASchemaNewerThanTheServerIsRefused) {
  auto& pg = shared_postgres();
  ASSERT_TRUE(pg.create_database("newer"));
  ASSERT_TRUE(storage::open_postgres(pg.url("newer"), storage::Durability::kFull));
  ASSERT_TRUE(
      pg.execute("newer", "INSERT INTO schema_version(version, name) VALUES (999, '0999_future.sql')"));
  auto store = storage::open_postgres(pg.url("newer"), storage::Durability::kFull);
  ASSERT_FALSE(store);
  EXPECT_NE(store.status().message().find("newer than this server"), std::string::npos)
      << store.status().message();
}

TEST(PostgresStore, AnUnreachableDatabaseIsAnErrorAtStart) {
  auto store =
      storage::open_store("postgresql://frontier@/nothing?host=/nonexistent-folder&connect_timeout=2",
                          storage::Durability::kFull);
  ASSERT_FALSE(store);
  EXPECT_NE(store.status().message().find("Cannot connect to PostgreSQL"), std::string::npos);
}

TEST(PostgresStore, UrlsChooseTheBackendAndPasswordsAreNotPrinted) {
  EXPECT_TRUE(storage::is_postgres_url("postgresql://u@h/db"));
  EXPECT_TRUE(storage::is_postgres_url("postgres://u@h/db"));
  EXPECT_FALSE(storage::is_postgres_url("var/frontier.db"));
  EXPECT_FALSE(storage::is_postgres_url("postgresql.db"));
  EXPECT_EQ(storage::printable_db("postgresql://frontier:s3cret@db.example:5433/frontier"),
            "postgresql://frontier:***@db.example:5433/frontier");
  EXPECT_EQ(storage::printable_db("postgresql://frontier@/frontier?host=/run/pg&password=s3cret&port=5"),
            "postgresql://frontier@/frontier?host=/run/pg&password=***&port=5");
  EXPECT_EQ(storage::printable_db("var/frontier.db"), "var/frontier.db");
}

// The connection is cut inside a transaction (as a database restart or a network failure
// would): the commit that cannot be confirmed fails, so nothing is acknowledged (the match whose
// commit it was stops: docs/architecture.md, "When PostgreSQL goes away"); the next transaction
// connects again by itself.
TEST(PostgresStore, ACommitOnALostConnectionFailsAndTheStoreReconnects) {
  auto& pg = shared_postgres();
  ASSERT_TRUE(pg.create_database("lost"));
  auto opened = storage::open_postgres(pg.url("lost"), storage::Durability::kFull);
  ASSERT_TRUE(opened) << opened.status().message();
  auto& store = *opened.value();
  ASSERT_TRUE(store.begin());
  ASSERT_TRUE(store.create_user("kept", "h", 0));
  ASSERT_TRUE(store.commit());

  ASSERT_TRUE(store.begin());
  ASSERT_TRUE(store.create_user("lost", "h", 0));
  // Ends the store's session and waits (up to 5 s) until it is gone.
  ASSERT_EQ(query(pg, "lost",
                  "SELECT bool_and(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity "
                  "WHERE application_name = 'frontierd' AND datname = 'lost'"),
            "t");
  auto st = store.commit();
  EXPECT_FALSE(st) << "no acknowledgement without a confirmed commit";
  store.rollback();

  ASSERT_TRUE(store.begin()) << "connected again";
  EXPECT_TRUE(must_read(store.find_user_by_name("kept")));
  EXPECT_FALSE(must_read(store.find_user_by_name("lost")));
  ASSERT_TRUE(store.create_user("later", "h", 0));
  ASSERT_TRUE(store.commit());
  EXPECT_TRUE(must_read(store.find_user_by_name("later")));
  // The new session was set up again (application_name is set with synchronous_commit).
  EXPECT_EQ(
      query(
          pg, "lost",
          "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'frontierd' AND datname = 'lost'"),
      "1");

  // Cut between two batches: the next batch connects again before it starts, and succeeds.
  ASSERT_EQ(query(pg, "lost",
                  "SELECT bool_and(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity "
                  "WHERE application_name = 'frontierd' AND datname = 'lost'"),
            "t");
  ASSERT_TRUE(store.begin()) << "a loss between batches fails no batch";
  ASSERT_TRUE(store.create_user("after_cut", "h", 0));
  ASSERT_TRUE(store.commit());
  EXPECT_TRUE(must_read(store.find_user_by_name("after_cut")));
}

// The writer's writes are sent ahead without waiting (libpq pipeline mode) and reach the server
// with the next statement waited for. They still run in order in one transaction; a failure
// among them fails the batch by its COMMIT and keeps nothing, the writes before it included; the
// next batch runs on the same connection; and writes sent ahead when the connection is lost fail
// the commit, so nothing unconfirmed is acknowledged.
TEST(PostgresStore, WritesSentAheadCommitInOrderAndOneFailureFailsTheirWholeBatch) {
  auto& pg = shared_postgres();
  ASSERT_TRUE(pg.create_database("ahead"));
  auto opened = storage::open_postgres(pg.url("ahead"), storage::Durability::kFull);
  ASSERT_TRUE(opened) << opened.status().message();
  auto& store = *opened.value();
  ASSERT_TRUE(store.begin());
  auto user = store.create_user("amina", "h", 0);
  ASSERT_TRUE(user) << user.status().message();
  ASSERT_TRUE(store.commit());
  auto holder = [&](const std::string& hash) { return must_read(store.user_for_token(hash, 0)).value_or(0); };

  // More writes than are ever sent ahead at once: all kept. A delete sent after an insert sees
  // it, and a read after them sees both.
  ASSERT_TRUE(store.begin());
  std::vector<std::string> hashes;
  for (int i = 0; i < 300; ++i) hashes.push_back(std::to_string(i));
  for (int i = 0; i < 300; ++i) ASSERT_TRUE(store.put_token(hashes[i], *user, i));
  ASSERT_TRUE(store.put_token("gone", *user, 0));
  ASSERT_TRUE(store.delete_token("gone"));
  EXPECT_EQ(must_read(store.tokens_of_user(*user)).size(), 300u);
  ASSERT_TRUE(store.put_token("last", *user, 0));
  ASSERT_TRUE(store.commit());
  EXPECT_EQ(query(pg, "ahead", "SELECT count(*) FROM tokens"), "301");
  EXPECT_EQ(holder("gone"), 0u);

  // A failing write between two others (no such user): the commit fails and keeps none of them.
  ASSERT_TRUE(store.begin());
  ASSERT_TRUE(store.put_token("before", *user, 0));
  (void)store.put_token("orphan", *user + 100, 0);
  (void)store.put_token("after", *user, 0);
  auto st = store.commit();
  EXPECT_FALSE(st) << "a batch with a failed write is never committed";
  EXPECT_NE(st.message().find("tokens"), std::string::npos) << "names the failed statement: " << st.message();
  store.rollback();
  EXPECT_EQ(holder("before"), 0u);
  EXPECT_EQ(holder("after"), 0u);

  ASSERT_TRUE(store.begin()) << "the same connection goes on";
  ASSERT_TRUE(store.put_token("next", *user, 0));
  ASSERT_TRUE(store.commit());
  EXPECT_EQ(holder("next"), *user);

  // Cut with writes sent ahead and not yet answered: the commit fails; the next batch reconnects.
  ASSERT_TRUE(store.begin());
  ASSERT_TRUE(store.put_token("cut", *user, 0));
  ASSERT_EQ(query(pg, "ahead",
                  "SELECT bool_and(pg_terminate_backend(pid, 5000)) FROM pg_stat_activity "
                  "WHERE application_name = 'frontierd' AND datname = 'ahead'"),
            "t");
  EXPECT_FALSE(store.commit()) << "no acknowledgement without a confirmed commit";
  store.rollback();
  ASSERT_TRUE(store.begin()) << "connected again";
  ASSERT_TRUE(store.put_token("again", *user, 0));
  ASSERT_TRUE(store.commit());
  EXPECT_EQ(holder("cut"), 0u);
  EXPECT_EQ(holder("again"), *user);
}

// Without the database nothing begins, so nothing can be acknowledged.
TEST(PostgresStore, NoTransactionBeginsWithoutTheDatabase) {
  PostgresServer pg;  // its own server: this test stops it
  std::string error;
  ASSERT_TRUE(pg.start(&error)) << error;
  ASSERT_TRUE(pg.create_database("gone", &error)) << error;
  auto opened = storage::open_postgres(pg.url("gone"), storage::Durability::kFull);
  ASSERT_TRUE(opened) << opened.status().message();
  // Not kill_hard(): a backend outliving its killed postmaster may still begin and commit (durably:
  // its WAL is flushed) until it notices; an immediate shutdown ends it first.
  pg.crash();
  auto& store = *opened.value();
  bool began = store.begin().is_ok();
  // A begin that reached the server before its session ended cannot commit.
  if (began) {
    (void)store.create_user("never", "h", 0);
    EXPECT_FALSE(store.commit());
  }
  EXPECT_FALSE(store.begin()) << "no database, no transaction";
}

}  // namespace
}  // namespace frontier::testing
