// A person at a terminal: `frontier play` under a pseudo-terminal, choosing by number and by
// name, mistyping, and seeing the board kept current while the opponent (a scripted client)
// moves, until the result.
#include <regex>

#include "cli_env.h"

namespace frontier::testing {
namespace {

using Interactive = CliTest;

TEST_F(Interactive, PlayerChoosesByNumberAndNameUntilTheEnd) {
  CliUser a = registered("human");
  CliUser b = registered("robot");
  CliResult r = a.run({"new", "race", "--side", "North", "--json"});
  uint64_t id = json_number(r.out, "match_id");
  ASSERT_NE(id, 0u) << r.out << r.err;
  ASSERT_EQ(b.run({"join", std::to_string(id)}).status, 0);
  pid_t robot = b.start({"play", std::to_string(id), "--policy", "first", "--delay", "10"}, "robot");

  PtySession pty(a, {"play", std::to_string(id)});
  long at = pty.wait_for("Your move: Bid 0-3 in secret", 0);
  ASSERT_GE(at, 0) << pty.screen();
  EXPECT_NE(pty.screen().find("Match " + std::to_string(id)), std::string::npos);
  EXPECT_NE(pty.raw().find("\x1b["), std::string::npos) << "a terminal gets colour";
  at = pty.wait_for("4) Bid 3\n> ", static_cast<size_t>(at));
  ASSERT_GE(at, 0);

  pty.type("zzz");
  at = pty.wait_for("No choice is called 'zzz'", static_cast<size_t>(at));
  ASSERT_GE(at, 0) << pty.screen().substr(pty.screen().size() - 500);
  pty.type("99");
  at = pty.wait_for("There is no choice 99: pick a number from 1 to 4", static_cast<size_t>(at));
  ASSERT_GE(at, 0);
  pty.type("bid");
  at = pty.wait_for("'bid' matches 4 choices", static_cast<size_t>(at));
  ASSERT_GE(at, 0);
  // The bid prompt is shown again after each mistake; now choose by number.
  at = pty.wait_for("> ", static_cast<size_t>(at));
  pty.type("3");  // Bid 2

  // Then every move: by name ("roll") when offered, else by number.
  int moves = 0;
  for (; moves < 80; ++moves) {
    auto [which, end] =
        pty.wait_for_any({"Your move: Roll or play a card", "Result:"}, static_cast<size_t>(at));
    ASSERT_GE(which, 0) << pty.screen().substr(pty.screen().size() - 800);
    if (which == 1) break;
    at = pty.wait_for("> ", static_cast<size_t>(end));
    ASSERT_GE(at, 0);
    pty.type(moves % 2 == 0 ? "roll" : "1");
  }
  EXPECT_GT(moves, 0);
  EXPECT_GE(pty.wait_for("Result:", 0, std::chrono::seconds(30)), 0)
      << pty.screen().substr(pty.screen().size() - 800);
  EXPECT_NE(pty.screen().find("North bids 2"), std::string::npos) << "the bid chosen by number is in the log";
  EXPECT_NE(pty.screen().find("rolls"), std::string::npos);
  EXPECT_EQ(pty.wait_exit(), 0);
  CliResult rb = b.finish(robot, "robot", std::chrono::seconds(30));
  EXPECT_EQ(rb.status, 0) << rb.err;
  EXPECT_EQ(rb.out.find("\x1b["), std::string::npos) << "no colour when stdout is not a terminal";
}

}  // namespace
}  // namespace frontier::testing

namespace frontier::testing {
namespace {

// The first number offered by the prompt shown last on `screen` ("1" when none is found).
std::string first_number_offered(const std::string& screen) {
  size_t prompt = screen.rfind("Your move:");
  if (prompt == std::string::npos) return "1";
  std::smatch m;
  std::string rest = screen.substr(prompt);
  static const std::regex kChoice(R"(\n +(\d+)\) )");
  return std::regex_search(rest, m, kChoice) ? m[1].str() : "1";
}

// A whole solitaire game of the Lion at the terminal, always answering with the first number
// shown (choice numbers stay put within a family of prompts, so it is not always 1).
TEST_F(Interactive, LionPlayedAtTheTerminalByNumber) {
  CliUser a = registered("gordon");
  CliResult r = a.run({"games", "--json"});
  if (r.out.find("\"id\":\"lion\"") == std::string::npos) GTEST_SKIP() << "lion is not in this build yet";
  r = a.run({"new", "lion", "--json"});
  uint64_t id = json_number(r.out, "match_id");
  ASSERT_NE(id, 0u) << r.out << r.err;
  PtySession pty(a, {"play", std::to_string(id)});
  long at = 0;
  int answered = 0;
  for (; answered < 400; ++answered) {
    auto [which, end] = pty.wait_for_any({"\n> ", "Result:"}, static_cast<size_t>(at));
    ASSERT_GE(which, 0) << pty.screen().substr(pty.screen().size() > 1500 ? pty.screen().size() - 1500 : 0);
    if (which == 1) break;
    at = end;
    pty.type(first_number_offered(pty.screen()));
  }
  EXPECT_GT(answered, 3);
  EXPECT_NE(pty.screen().find("Banner paths"), std::string::npos) << "the Lion's own board is drawn";
  EXPECT_NE(pty.screen().find("CM "), std::string::npos);
  EXPECT_EQ(pty.wait_exit(), 0);
}

}  // namespace
}  // namespace frontier::testing
