// The test PostgreSQL itself: it starts from nothing in a scratch folder, listens on no TCP
// port, syncs its WAL, keeps committed rows across a crash, and leaves nothing behind.
#include "postgres_server.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>

namespace frontier::testing {
namespace {

// The first column of the first row of `sql` on `database`, or "ERROR: ...".
std::string query(const PostgresServer& pg, const std::string& database, const std::string& sql) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(pg.url(database).c_str()), &PQfinish);
  if (PQstatus(conn.get()) != CONNECTION_OK) return std::string("ERROR: ") + PQerrorMessage(conn.get());
  std::unique_ptr<PGresult, decltype(&PQclear)> res(PQexec(conn.get(), sql.c_str()), &PQclear);
  if (PQresultStatus(res.get()) != PGRES_TUPLES_OK)
    return std::string("ERROR: ") + PQerrorMessage(conn.get());
  return PQntuples(res.get()) > 0 ? PQgetvalue(res.get(), 0, 0) : "";
}

// Each test starts its own server (initdb included), so there are few of them.
TEST(PostgresServer, StartsOnASocketOnlyWithFsyncAndFreshDatabases) {
  PostgresServer pg;
  std::string error;
  ASSERT_TRUE(pg.start(&error)) << error;
  EXPECT_EQ(query(pg, "postgres", "SHOW listen_addresses"), "");
  EXPECT_EQ(query(pg, "postgres", "SHOW fsync"), "on");
  EXPECT_EQ(query(pg, "postgres", "SHOW synchronous_commit"), "on");
  EXPECT_EQ(query(pg, "postgres", "SHOW unix_socket_directories"), pg.dir().string());
  // The data folder belongs to the account the server runs as: never root.
  struct stat st {};
  ASSERT_EQ(stat((pg.dir() / "data").c_str(), &st), 0);
  EXPECT_NE(st.st_uid, 0u);
  if (geteuid() != 0) {
    EXPECT_EQ(st.st_uid, geteuid());
  }

  ASSERT_TRUE(pg.create_database("one", &error)) << error;
  ASSERT_TRUE(pg.create_database("two", &error)) << error;
  EXPECT_FALSE(pg.create_database("one", &error)) << "a second database of the same name";
  EXPECT_FALSE(pg.create_database("no; DROP", &error));
  ASSERT_TRUE(pg.execute("one", "CREATE TABLE t(x int); INSERT INTO t VALUES (7)", &error)) << error;
  EXPECT_EQ(query(pg, "one", "SELECT x FROM t"), "7");
  EXPECT_EQ(query(pg, "two", "SELECT count(*) FROM pg_tables WHERE tablename = 't'"), "0");
}

TEST(PostgresServer, KeepsCommittedRowsThroughAKillAndLeavesNothingBehind) {
  std::filesystem::path dir;
  {
    PostgresServer pg;
    std::string error;
    ASSERT_TRUE(pg.start(&error)) << error;
    dir = pg.dir();
    ASSERT_TRUE(std::filesystem::exists(dir / ".s.PGSQL.5432"));
    ASSERT_TRUE(pg.create_database("kept", &error)) << error;
    ASSERT_TRUE(pg.execute("kept", "CREATE TABLE t(x int); INSERT INTO t VALUES (41), (42)", &error))
        << error;
    pg.kill_hard();
    EXPECT_FALSE(pg.running());
    EXPECT_NE(query(pg, "kept", "SELECT 1").find("ERROR"), std::string::npos) << "the server is down";
    ASSERT_TRUE(pg.start(&error)) << error;
    EXPECT_EQ(query(pg, "kept", "SELECT sum(x) FROM t"), "83");
  }
  EXPECT_FALSE(std::filesystem::exists(dir));
}

}  // namespace
}  // namespace frontier::testing
