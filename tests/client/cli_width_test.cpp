// Issue 49, the terminal at parity: on an 80×24 terminal every command's output fits 80 columns
// (listings, help, replays, refusals), games and scenarios are named as players name them,
// `register` checks the password rules before asking twice, and ending a phase with something
// left undone asks first, in the rules' words, as the browser does.
#include <regex>

#include "cli_env.h"
#include "render/text_width.h"

namespace frontier::testing {
namespace {

constexpr int kColumns = 80, kRows = 24;

using Width = CliTest;

// Runs `frontier args...` under an 80×24 pseudo-terminal to its end; what it showed.
std::string shown(const CliUser& user, const std::vector<std::string>& args) {
  PtySession pty(user, args, kColumns, kRows);
  EXPECT_NE(pty.wait_exit(std::chrono::seconds(60)), -1) << "frontier " << args[0] << " did not end";
  return pty.screen();
}

void expect_fits(const std::string& screen, const std::string& what) {
  for (const auto& line : cli::split_lines(screen))
    EXPECT_LE(cli::display_width(line), static_cast<size_t>(kColumns)) << what << ": " << line;
}

TEST_F(Width, EveryCommandFitsEightyColumns) {
  CliUser a = registered("wide");
  CliUser b = registered("narrow");
  // A finished match to list, log, verify and replay.
  CliResult r = a.run({"new", "race", "--side", "North", "--json"});
  uint64_t id = json_number(r.out, "match_id");
  ASSERT_NE(id, 0u) << r.out << r.err;
  std::string match = std::to_string(id);
  ASSERT_EQ(b.run({"join", match}).status, 0);
  pid_t robot = b.start({"play", match, "--policy", "random", "--quiet"}, "robot");
  ASSERT_EQ(a.run({"play", match, "--policy", "random", "--quiet"}).status, 0);
  ASSERT_EQ(b.finish(robot, "robot", std::chrono::seconds(30)).status, 0);
  // And one waiting for a player, with a title and a scenario of a real game where there is one.
  a.run({"new", "crossroads", "--scenario", "scenario1"});

  std::vector<std::vector<std::string>> commands = {{"help"},
                                                    {"games"},
                                                    {"list"},
                                                    {"open"},
                                                    {"log", match},
                                                    {"verify", match},
                                                    {"replay", match, "--all"},
                                                    {"profile"},
                                                    {"tournament", "list"},
                                                    {"ratings", "race", "--all"},
                                                    // Refusals: the server's and the client's own.
                                                    {"join", "987654"},
                                                    {"play", "987654"},
                                                    {"new", "no-such-game"},
                                                    {"verify", "987654"},
                                                    {"register", "x"},
                                                    {"bogus"},
                                                    {"new"}};
  for (const char* name : {"server", "register", "new", "play", "replay", "verify", "tournament", "profile"})
    commands.push_back({name, "--help"});
  for (const auto& args : commands) {
    std::string what = "frontier";
    for (const auto& w : args) what += " " + w;
    expect_fits(shown(a, args), what);
  }
  // Names a player reads: the game's title and the scenario's name, not their ids.
  std::string list = shown(a, {"list"});
  EXPECT_NE(list.find("Asia Crossroads"), std::string::npos) << list;
  EXPECT_EQ(list.find("(scenario1)"), std::string::npos) << list;
}

TEST_F(Width, RegisterChecksThePasswordBeforeAskingTwice) {
  CliUser u = anonymous("newcomer");
  std::vector<std::string> env;
  for (const auto& e : u.env())
    if (e.rfind("FRONTIER_PASSWORD=", 0) != 0) env.push_back(e);
  PtySession pty(u, {"register", u.name()}, kColumns, kRows, env);
  long at = pty.wait_for("Password: ", 0);
  ASSERT_GE(at, 0) << pty.screen();
  pty.type("short");
  at = pty.wait_for("A password has 8 to 1024 characters", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  // Asked again for a password, not for the same one a second time.
  at = pty.wait_for("Password: ", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  EXPECT_EQ(pty.screen().find("Again:"), std::string::npos) << pty.screen();
  pty.type("long-enough-now");
  at = pty.wait_for("Again: ", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  pty.type("long-enough-now");
  EXPECT_GE(pty.wait_for("Registered and logged in as", static_cast<size_t>(at)), 0) << pty.screen();
  EXPECT_EQ(pty.wait_exit(), 0);
}

// The number of the choice labelled `label` in the last prompt on `screen`, or "".
std::string number_of(const std::string& screen, const std::string& label) {
  size_t prompt = screen.rfind("Your move:");
  if (prompt == std::string::npos) return "";
  std::smatch m;
  std::string rest = screen.substr(prompt);
  std::regex choice("(\\d+)\\) " + label);
  return std::regex_search(rest, m, choice) ? m[1].str() : "";
}

TEST_F(Width, EndingTheLionsActionPhaseEarlyAsksFirst) {
  CliUser a = registered("gordon");
  CliResult r = a.run({"games", "--json"});
  if (r.out.find("\"id\":\"lion\"") == std::string::npos) GTEST_SKIP() << "lion is not in this build";
  r = a.run({"new", "lion", "--json"});
  uint64_t id = json_number(r.out, "match_id");
  ASSERT_NE(id, 0u) << r.out << r.err;
  PtySession pty(a, {"play", std::to_string(id)}, kColumns, kRows);
  long at = pty.wait_for("End the action phase", 0);
  ASSERT_GE(at, 0) << pty.screen();
  at = pty.wait_for("\n> ", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  std::string end = number_of(pty.screen(), "End the action phase");
  ASSERT_NE(end, "") << pty.screen();
  EXPECT_NE(pty.screen().find("Choosing actions"), std::string::npos) << "the phase in words";
  EXPECT_EQ(pty.screen().find("choose_action"), std::string::npos);
  pty.type(end);
  // The Lion starts with action points to spend: the rules' question, as the browser asks it.
  at = pty.wait_for("End the action phase with ", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  at = pty.wait_for("unused (4.1)", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  at = pty.wait_for("(yes or no)", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  pty.type("no");
  at = pty.wait_for("Not sent: the phase goes on.", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  // Still the same prompt; this time yes ends the phase.
  at = pty.wait_for("\n> ", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  pty.type(end);
  at = pty.wait_for("(yes or no)", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  pty.type("yes");
  at = pty.wait_for("Your move:", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen();
  pty.type("quit");
  EXPECT_EQ(pty.wait_exit(), 0);
  expect_fits(pty.screen(), "frontier play (the Lion)");
}

}  // namespace
}  // namespace frontier::testing
