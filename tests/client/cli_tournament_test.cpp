// A tournament through the real `frontier` binary: an organiser creates a 4-player, 2-round
// Swiss, four users register, the organiser starts it, each pairing's match is played by both
// users with `frontier play --policy random`, round 2 is paired by the server on its own, and
// the standings and the Glicko-2 leaderboards come back as text and as JSON.
#include <map>
#include <regex>

#include "cli_env.h"

namespace frontier::testing {
namespace {

using Tournaments = CliTest;

struct Pairing {
  std::string a, b;
  uint64_t match = 0;
};

// "  round 1 board 1: ann (A) v cat (B): pending  [match 7]" lines of `tournament pair`.
std::vector<Pairing> pairings(const std::string& text) {
  std::vector<Pairing> out;
  std::regex line(R"(board \d+: (\S+) \(A\) v (\S+) \(B\): \S+  \[match (\d+)\])");
  for (std::sregex_iterator it(text.begin(), text.end(), line), end; it != end; ++it)
    out.push_back({(*it)[1], (*it)[2], std::stoull((*it)[3])});
  return out;
}

TEST_F(Tournaments, FourPlayerSwissPlayedByBots) {
  CliUser org = registered("org");
  std::map<std::string, CliUser> players;
  for (const char* stem : {"ann", "bob", "cat", "dan"}) {
    CliUser u = registered(stem);
    players.emplace(u.name(), u);
  }
  CliResult r = org.run(
      {"tournament", "create", "race", "--name", "Cup", "--rounds", "2", "--tiebreak", "buchholz", "--json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  uint64_t id = json_number(r.out, "tournament_id");
  ASSERT_NE(id, 0u) << r.out;
  std::string tid = std::to_string(id);
  for (auto& [name, u] : players) {
    r = u.run({"tournament", "register", tid});
    ASSERT_EQ(r.status, 0) << r.out << r.err;
  }
  r = players.begin()->second.run({"tournament", "start", tid});
  EXPECT_NE(r.status, 0);  // only the organiser starts it
  EXPECT_NE(r.err.find("organiser"), std::string::npos) << r.err;
  r = org.run({"tournament", "start", tid});
  ASSERT_EQ(r.status, 0) << r.out << r.err;

  for (int round = 1; round <= 2; ++round) {
    std::vector<Pairing> boards;
    for (int i = 0; i < 100 && boards.size() < 2; ++i) {
      r = org.run({"tournament", "pair", tid});
      boards = pairings(r.out);
      if (r.out.find("round " + std::to_string(round)) == std::string::npos) boards.clear();
      if (boards.size() < 2) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_EQ(boards.size(), 2u) << r.out;
    std::vector<std::pair<const CliUser*, pid_t>> running;
    for (const Pairing& p : boards) {
      for (const std::string& who : {p.a, p.b}) {
        const CliUser& u = players.at(who);
        running.emplace_back(&u, u.start({"play", std::to_string(p.match), "--policy", "random", "--quiet"},
                                         "play" + std::to_string(p.match)));
      }
    }
    for (size_t i = 0; i < running.size(); ++i) {
      CliResult done = running[i].first->finish(
          running[i].second, "play" + std::to_string(boards[i / 2].match), std::chrono::seconds(60));
      EXPECT_EQ(done.status, 0) << done.out << done.err;
    }
  }
  for (int i = 0; i < 100; ++i) {
    r = org.run({"tournament", "standings", tid, "--json"});
    if (r.out.find("\"phase\":\"finished\"") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_NE(r.out.find("\"phase\":\"finished\""), std::string::npos) << r.out;
  // Two rounds of two decided boards: 8 half-points among the four, the leader on 2 wins (4).
  std::regex points(R"("half_points":(\d+))");
  int total = 0, best = 0;
  for (std::sregex_iterator it(r.out.begin(), r.out.end(), points), end; it != end; ++it) {
    total += std::stoi((*it)[1]);
    best = std::max(best, std::stoi((*it)[1]));
  }
  EXPECT_EQ(total, 8) << r.out;
  EXPECT_EQ(best, 4) << r.out;
  r = org.run({"tournament", "standings", tid});
  EXPECT_NE(r.out.find("buchholz"), std::string::npos) << r.out;

  r = org.run({"ratings", "race", "--all", "--json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  std::regex games(R"("games":(\d+))");
  int rated = 0;
  for (std::sregex_iterator it(r.out.begin(), r.out.end(), games), end; it != end; ++it)
    rated += std::stoi((*it)[1]);
  EXPECT_GE(rated, 8) << r.out;  // at least this event's 4 games, for both players (other tests may add)
  // Each player's history: one change per rated game they played (two rounds, no byes).
  r = players.begin()->second.run({"ratings", "race", "--all", "--history"});
  ASSERT_EQ(r.status, 0) << r.err;
  size_t changes = 0;
  for (size_t at = r.out.find("  match "); at != std::string::npos; at = r.out.find("  match ", at + 1))
    ++changes;
  EXPECT_EQ(changes, 2u) << r.out;
  r = org.run({"ratings", "race", "--side", "South", "--all"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("race/B"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace frontier::testing
