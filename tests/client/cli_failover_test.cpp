// The terminal client on a site of several nodes (docs/operations.md, "Running several nodes"):
// two players run `frontier play` through a real HAProxy in front of two frontierd nodes on a
// real PostgreSQL. Mid-match the node running it is killed (SIGKILL), later PostgreSQL is stopped
// for a while; the clients reconnect by themselves (a dropped socket, MATCH_MOVED, UNAVAILABLE),
// rejoin from their seq and play the match to its end, with nothing applied twice.
#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <chrono>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "cli_runner.h"
#include "haproxy.h"
#include "harness.h"
#include "postgres_server.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;

// One value of one query (text), or "" when it fails.
std::string scalar(const std::string& url, const std::string& sql) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(url.c_str()), &PQfinish);
  std::unique_ptr<PGresult, decltype(&PQclear)> res(PQexec(conn.get(), sql.c_str()), &PQclear);
  if (PQresultStatus(res.get()) != PGRES_TUPLES_OK || PQntuples(res.get()) == 0) return "";
  return PQgetvalue(res.get(), 0, 0);
}

// Waits until match `id` has at least `n` events stored.
bool await_events(const std::string& url, uint64_t id, int n, std::chrono::seconds patience) {
  auto until = std::chrono::steady_clock::now() + patience;
  std::string sql = "SELECT count(*) FROM events WHERE match_id = " + std::to_string(id);
  while (std::chrono::steady_clock::now() < until) {
    std::string v = scalar(url, sql);
    if (!v.empty() && std::stoi(v) >= n) return true;
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

std::string last_line(const std::string& out) {
  std::string s = out;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s.substr(s.rfind('\n') == std::string::npos ? 0 : s.rfind('\n') + 1);
}

TEST(CliFailover, PlayGoesOnByItselfThroughAKilledNodeAndAStoppedDatabase) {
  std::string url = fresh_shared_database("cli_failover");
  std::vector<std::unique_ptr<ServerProcess>> nodes;
  for (const char* id : {"cli-a", "cli-b"}) {
    nodes.push_back(std::make_unique<ServerProcess>(
        std::vector<std::string>{"--node-id", id, "--lease-ms", "1000", "--lease-renew-ms", "300"}));
    nodes.back()->set_db(url);
    std::string error;
    ASSERT_TRUE(nodes.back()->start(&error)) << error;
  }
  HaProxy proxy;
  std::string error;
  ASSERT_TRUE(proxy.start({nodes[0]->port(), nodes[1]->port()}, "roundrobin", &error)) << error;
  ASSERT_TRUE(proxy.await_up(2)) << proxy.log();

  CliUser north(nodes[0]->dir(), unique_name("clifn"), proxy.port());
  CliUser south(nodes[0]->dir(), unique_name("clifs"), proxy.port());
  for (const CliUser* u : {&north, &south}) {
    CliResult r = u->run({"register", u->name()});
    ASSERT_EQ(r.status, 0) << r.out << r.err;
  }
  CliResult created = north.run({"new", "race", "--option", "course=200", "--json"});  // ~100 actions
  ASSERT_EQ(created.status, 0) << created.out << created.err;
  uint64_t id = json_number(created.out, "match_id");
  ASSERT_NE(id, 0u);
  CliResult joined = south.run({"join", std::to_string(id)});
  ASSERT_EQ(joined.status, 0) << joined.out << joined.err;

  std::vector<std::string> args = {"play",  std::to_string(id), "--policy", "random", "--delay", "40",
                                   "--json"};
  auto args_n = args, args_s = args;
  args_n.insert(args_n.end(), {"--seed", "11"});
  args_s.insert(args_s.end(), {"--seed", "22"});
  pid_t pn = north.start(args_n, "play");
  pid_t ps = south.start(args_s, "play");

  // The node running the match dies mid-match.
  ASSERT_TRUE(await_events(url, id, 10, 30s));
  std::string owner = scalar(url, "SELECT node FROM match_leases WHERE match_id = " + std::to_string(id));
  ASSERT_TRUE(owner == "cli-a" || owner == "cli-b") << owner;
  nodes[owner == "cli-a" ? 0 : 1]->kill_hard();
  std::string events_then = scalar(url, "SELECT count(*) FROM events WHERE match_id = " + std::to_string(id));
  ASSERT_TRUE(await_events(url, id, std::stoi(events_then) + 5, 30s))
      << "the match goes on at the other node";
  // Then the database stops for two seconds (longer than the lease).
  shared_postgres().stop();
  std::this_thread::sleep_for(2s);
  ASSERT_TRUE(shared_postgres().start(&error)) << error;

  CliResult rn = north.finish(pn, "play", 120s);
  CliResult rs = south.finish(ps, "play", 120s);
  for (const CliResult* r : {&rn, &rs}) {
    EXPECT_EQ(r->status, 0) << r->out.substr(r->out.size() > 4000 ? r->out.size() - 4000 : 0) << r->err;
    EXPECT_NE(last_line(r->out).find("\"event\":\"finished\""), std::string::npos) << last_line(r->out);
  }
  EXPECT_EQ(json_string(last_line(rn.out), "final_hash"), json_string(last_line(rs.out), "final_hash"));
  std::string both = rn.out + rs.out;
  EXPECT_NE(both.find("\"reconnected at seq"), std::string::npos) << both;
  // Each acknowledged seq once per client, and the stored chain whole with no action twice.
  for (const CliResult* r : {&rn, &rs}) {
    std::set<uint64_t> seqs;
    std::istringstream lines(r->out);
    for (std::string line; std::getline(lines, line);) {
      if (line.find("\"event\":\"action\"") == std::string::npos ||
          line.find("\"duplicate\":true") != std::string::npos)
        continue;
      EXPECT_TRUE(seqs.insert(json_number(line, "seq")).second) << line;
    }
  }
  std::string m = std::to_string(id);
  EXPECT_EQ(scalar(url, "SELECT count(*) = max(seq) AND min(seq) = 1 FROM events WHERE match_id = " + m),
            "t");
  EXPECT_EQ(scalar(url,
                   "SELECT count(client_action_id) = count(DISTINCT client_action_id) FROM events WHERE "
                   "match_id = " +
                       m),
            "t");
}

}  // namespace
}  // namespace frontier::testing
