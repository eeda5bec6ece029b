// Whole matches through the real `frontier` binary: two users register, one creates a match,
// the other joins, and both play it to the end with --policy random; the same for each real
// game in this build (skipped with a message while a game has not landed), through a dropped
// connection, and with a spectator, chat, log and replay.
#include <set>
#include <sstream>
#include <thread>

#include "cli_env.h"
#include "tcp_proxy.h"

namespace frontier::testing {
namespace {

using Matches = CliTest;

std::string last_line(const std::string& out) {
  std::string s = out;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s.substr(s.rfind('\n') == std::string::npos ? 0 : s.rfind('\n') + 1);
}

// The first scenario id of `game` in `frontier games --json`, or "" (and false) when absent.
bool find_game(const std::string& games_json, const std::string& game, std::string* scenario) {
  auto at = games_json.find("\"id\":\"" + game + "\"");
  if (at == std::string::npos) return false;
  auto sc = games_json.find("\"scenarios\":[", at);
  auto next_game = games_json.find("\"title\":", at + 10);
  if (sc != std::string::npos && (next_game == std::string::npos || sc < next_game + 2000))
    *scenario = json_string(games_json.substr(sc), "id");
  return true;
}

uint64_t create(const CliUser& u, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"new"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back("--json");
  CliResult r = u.run(args);
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  return json_number(r.out, "match_id");
}

void expect_finished(const CliResult& r, const std::string& who) {
  EXPECT_EQ(r.status, 0) << who << "\n"
                         << r.out.substr(r.out.size() > 3000 ? r.out.size() - 3000 : 0) << r.err;
  EXPECT_NE(last_line(r.out).find("\"event\":\"finished\""), std::string::npos)
      << who << ": " << last_line(r.out);
}

struct BothPlayed {
  std::string hash;  // the final hash both clients saw
  CliResult a, b;
};

// Both users play match `id` with the random policy.
BothPlayed play_both(const CliUser& a, const CliUser& b, uint64_t id, std::chrono::seconds timeout,
                     const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {"play", std::to_string(id), "--policy", "random", "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  auto args_a = args, args_b = args;
  args_a.insert(args_a.end(), {"--seed", "11"});
  args_b.insert(args_b.end(), {"--seed", "22"});
  pid_t pa = a.start(args_a, "play" + std::to_string(id));
  pid_t pb = b.start(args_b, "play" + std::to_string(id));
  CliResult ra = a.finish(pa, "play" + std::to_string(id), timeout);
  CliResult rb = b.finish(pb, "play" + std::to_string(id), timeout);
  expect_finished(ra, a.name());
  expect_finished(rb, b.name());
  std::string hash = json_string(last_line(ra.out), "final_hash");
  EXPECT_FALSE(hash.empty());
  EXPECT_EQ(hash, json_string(last_line(rb.out), "final_hash"));
  return {hash, ra, rb};
}

TEST_F(Matches, TwoUsersPlayTheFixtureGameToTheEnd) {
  CliUser a = registered("north");
  CliUser b = registered("south");
  uint64_t id = create(a, {"race", "--side", "North"});
  ASSERT_NE(id, 0u);
  CliResult r = b.run({"open"});
  EXPECT_NE(r.out.find("#" + std::to_string(id) + "  Race (test fixture)"), std::string::npos) << r.out;
  r = b.run({"join", std::to_string(id), "--json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(json_string(r.out, "side"), "South");
  r = a.run({"list"});
  EXPECT_NE(r.out.find("#" + std::to_string(id)), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("running"), std::string::npos) << r.out;

  // A spectator follows the match from its start to its end.
  CliUser c = anonymous("spectator");  // watching needs no account
  pid_t watcher = c.start({"watch", std::to_string(id), "--json"}, "watch");
  play_both(a, b, id, std::chrono::seconds(60));
  CliResult w = c.finish(watcher, "watch", std::chrono::seconds(20));
  expect_finished(w, "spectator");

  r = a.run({"list"});
  EXPECT_NE(r.out.find("finished"), std::string::npos) << r.out;
  r = b.run({"chat", std::to_string(id), "good", "game"});
  EXPECT_EQ(r.status, 0) << r.err;
  r = c.run({"log", std::to_string(id)});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("[1] "), std::string::npos) << r.out;
  // The spectator's log holds no hidden hand: race cards in hand are never named to observers.
  r = c.run({"replay", std::to_string(id), "--all"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("seq 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("match the commitment"), std::string::npos) << r.out;
  // Stepping: next, next, previous, quit (this binary lacks the fixture's rules: the log is stepped).
  r = c.run({"replay", std::to_string(id)}, "n\nn\np\nq\n");
  EXPECT_EQ(r.status, 0) << r.err;
  auto one = r.out.find("seq 1\n"), two = r.out.find("seq 2\n", one), three = r.out.find("seq 3\n", two);
  EXPECT_TRUE(one != std::string::npos && two != std::string::npos && three != std::string::npos) << r.out;
  EXPECT_NE(r.out.find("seq 2\n", three), std::string::npos) << "back one step:\n" << r.out;
  EXPECT_EQ(r.out.find("seq 4\n"), std::string::npos) << "quit stops:\n" << r.out;
  // The server re-runs the dice; this binary lacks the fixture's rules, so no local re-run.
  r = c.run({"verify", std::to_string(id)});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("ok   seed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no local re-run"), std::string::npos) << r.out;
  // Resigning a finished match is refused with the server's reason.
  r = a.run({"resign", std::to_string(id)});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("MATCH_NOT_RUNNING"), std::string::npos) << r.err;
}

TEST_F(Matches, PlayResumesAfterTheConnectionDropsWithoutRepeatingAnAction) {
  CliUser a = registered("flaky");
  CliUser b = registered("steady");
  uint64_t id = create(a, {"race"});
  ASSERT_EQ(b.run({"join", std::to_string(id)}).status, 0);
  TcpProxy proxy(server_->port());
  CliUser a_via(server_->dir(), a.name(), proxy.port());
  CliUser b_via(server_->dir(), b.name(), proxy.port());
  std::thread cutter([&] {
    for (int i = 0; i < 3; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      proxy.drop_all();
    }
  });
  CliResult ra = play_both(a_via, b_via, id, std::chrono::seconds(90), {"--delay", "60"}).a;
  cutter.join();
  EXPECT_NE(ra.out.find("\"reconnected at seq"), std::string::npos) << "the connection was never cut:\n"
                                                                    << ra.out;
  EXPECT_GT(proxy.connections(), 2);
  // The server holds one action per acknowledged choice: no "action" event repeats a seq.
  std::set<uint64_t> seqs;
  std::istringstream lines(ra.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("\"event\":\"action\"") == std::string::npos) continue;
    EXPECT_TRUE(seqs.insert(json_number(line, "seq")).second) << line;
  }
}

TEST_F(Matches, AnActionWhoseAcknowledgementWasLostIsResentAndAnsweredAsADuplicate) {
  CliUser a = registered("unlucky");
  CliUser b = registered("patient");
  uint64_t id = create(a, {"race"});
  ASSERT_EQ(b.run({"join", std::to_string(id)}).status, 0);
  TcpProxy proxy(server_->port());
  CliUser a_via(server_->dir(), a.name(), proxy.port());
  std::thread cutter([&] {
    // Past the simultaneous bids, while the race is on (a few updates have reached a: progress,
    // not a time, so a slow build does not cut the first connection): a's next submit reaches
    // the server and is applied, but the acknowledgement never comes back.
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (proxy.delivered() < 4000 && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    proxy.lose_next_reply();
  });
  BothPlayed played = play_both(a_via, b, id, std::chrono::seconds(90), {"--delay", "60"});
  cutter.join();
  ASSERT_TRUE(proxy.reply_lost()) << "the match ended before the cut";
  EXPECT_NE(played.a.out.find("\"duplicate\":true"), std::string::npos) << played.a.out;
  EXPECT_NE(played.a.out.find("\"reconnected at seq"), std::string::npos) << played.a.out;
}

// A real game of this build, played to the end by two users (or one, for a solitaire game),
// then replayed locally from the revealed seed with the final hash checked.
void play_real_game(CliTest& t, CliUser a, CliUser* b, const std::string& game) {
  CliResult games = a.run({"games", "--json"});
  std::string scenario;
  if (!find_game(games.out, game, &scenario)) GTEST_SKIP() << game << " is not in this build yet";
  std::vector<std::string> args = {game};
  if (!scenario.empty()) args.insert(args.end(), {"--scenario", scenario});
  uint64_t id = create(a, args);
  ASSERT_NE(id, 0u);
  std::string hash;
  if (b != nullptr) {
    ASSERT_EQ(b->run({"join", std::to_string(id)}).status, 0);
    hash = play_both(a, *b, id, std::chrono::seconds(100)).hash;
  } else {
    CliResult r = a.run({"play", std::to_string(id), "--policy", "random", "--seed", "5", "--json"}, {},
                        std::chrono::seconds(100));
    expect_finished(r, a.name());
    hash = json_string(last_line(r.out), "final_hash");
  }
  CliResult r = a.run({"replay", std::to_string(id), "--at", "0", "--json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"commitment_verified\":true"), std::string::npos) << r.out.substr(0, 500);
  EXPECT_NE(r.out.find("\"verified\":true"), std::string::npos) << r.out.substr(0, 500);
  EXPECT_EQ(json_string(r.out, "final_hash"), hash);
  r = a.run({"verify", std::to_string(id), "--json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"server_hash_ok\":true"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"local_ok\":true"), std::string::npos) << r.out;
  EXPECT_EQ(json_string(r.out, "final_hash"), hash);
  (void)t;
}

TEST_F(Matches, KhartoumPlayedToTheEnd) {
  CliUser b = registered("kh_b");
  play_real_game(*this, registered("kh_a"), &b, "khartoum");
}

TEST_F(Matches, CrossroadsScenarioOnePlayedToTheEnd) {
  CliUser b = registered("ax_b");
  play_real_game(*this, registered("ax_a"), &b, "crossroads");
}

// A solitaire game starts at once: `new` must not tell the player to wait for an opponent.
TEST_F(Matches, NewSolitaireMatchSaysItHasStarted) {
  CliUser u = registered("alone");
  CliResult r = u.run({"new", "lion"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("A solitaire game: it has started."), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("An opponent joins"), std::string::npos) << r.out;
  r = u.run({"new", "race"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("An opponent joins with `frontier join"), std::string::npos) << r.out;
}

TEST_F(Matches, LionPlayedAloneToTheEnd) {
  play_real_game(*this, registered("lion"), nullptr, "lion");
}

// Dispatches (tests/games/dispatches) is compiled into the test server only: this client has no
// code for it and decodes its views from the schema in the server's catalogue (issue 16).
TEST_F(Matches, AGameThisClientHasNoCodeForIsShownAndPlayedThroughTheGenericBoard) {
  CliUser a = registered("courier");
  CliUser b = registered("rider");
  uint64_t id = create(a, {"dispatches", "--side", "North"});
  ASSERT_NE(id, 0u);
  ASSERT_EQ(b.run({"join", std::to_string(id)}).status, 0);
  CliResult r = a.run({"play", std::to_string(id)}, "quit\n");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* fort : {"Fort Ali", "Fort Baker", "Fort Cole"})
    EXPECT_NE(r.out.find(fort), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hand: "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("cannot read"), std::string::npos) << r.out;
  BothPlayed played = play_both(a, b, id, std::chrono::seconds(60));
  // Every update printed its view as the game's fields, not as an undecodable payload.
  EXPECT_NE(played.a.out.find("\"@type\":\"type.googleapis.com/frontier.dispatches.DispatchesView\""),
            std::string::npos)
      << played.a.out.substr(0, 2000);
  EXPECT_NE(played.b.out.find("\"held_by\":"), std::string::npos) << last_line(played.b.out);
}

}  // namespace
}  // namespace frontier::testing
