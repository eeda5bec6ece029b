// Playing the computer from the terminal (issue 14): `frontier new GAME --vs-bot LEVEL` starts a
// match at once against a bot, which moves whenever its side is prompted.
#include <chrono>
#include <thread>

#include "cli_env.h"

namespace frontier::testing {
namespace {

using VsBot = CliTest;

TEST_F(VsBot, ARaceAgainstTheComputerToTheEnd) {
  CliUser u = registered("solo");
  CliResult r = u.run({"new", "race", "--side", "North", "--vs-bot", "normal"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("The computer (normal) plays the other side"), std::string::npos) << r.out;
  uint64_t id = std::stoull(r.out.substr(r.out.find("Created match ") + 14));
  r = u.run({"play", std::to_string(id), "--policy", "random", "--seed", "5", "--json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"event\":\"finished\""), std::string::npos)
      << r.out.substr(r.out.size() > 2000 ? r.out.size() - 2000 : 0);
}

TEST_F(VsBot, ThirtyMovesOfKhartoumAgainstTheComputer) {
  CliUser u = registered("pasha");
  CliResult r = u.run({"new", "khartoum", "--side", "Mahdist", "--vs-bot", "easy", "--json"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  uint64_t id = json_number(r.out, "match_id");
  ASSERT_NE(id, 0u);
  // Thirty answers "1" (the first choice of each prompt), then quit; the bot answers in between.
  std::string input;
  for (int i = 0; i < 30; ++i) input += "1\n";
  input += "quit\n";
  r = u.run({"play", std::to_string(id)}, input);
  EXPECT_EQ(r.status, 0) << r.err;
  r = u.run({"log", std::to_string(id)});
  ASSERT_EQ(r.status, 0) << r.err;
  // Both sides acted: the Empire (the computer) sets up first (25.1), the Mahdist follows.
  EXPECT_NE(r.out.find("Empire"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Mahdist"), std::string::npos) << r.out;
  r = u.run({"list"});
  EXPECT_NE(r.out.find("bot-easy"), std::string::npos) << r.out;
}

// Rated or casual (issue 49): `--casual` and `--rated` on `frontier new`, the choice printed and
// listed, and only the rated game in `frontier ratings`.
TEST_F(VsBot, CasualAndRatedGamesFromTheTerminal) {
  CliUser u = registered("ranked");
  CliResult r = u.run({"new", "race", "--vs-bot", "easy", "--casual"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Casual: the result leaves ratings as they are."), std::string::npos) << r.out;
  std::string casual = std::to_string(std::stoull(r.out.substr(r.out.find("Created match ") + 14)));
  ASSERT_EQ(u.run({"resign", casual}).status, 0);
  r = u.run({"new", "race", "--vs-bot", "easy"});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Rated: the result moves both players' ratings"), std::string::npos) << r.out;
  std::string rated = std::to_string(std::stoull(r.out.substr(r.out.find("Created match ") + 14)));
  ASSERT_EQ(u.run({"resign", rated}).status, 0);
  r = u.run({"list"});
  ASSERT_EQ(r.status, 0) << r.err;
  auto line_of = [&](const std::string& id) {
    auto at = r.out.find("#" + id + " ");
    return at == std::string::npos ? std::string() : r.out.substr(at, r.out.find('\n', at) - at);
  };
  EXPECT_NE(line_of(casual).find("  casual"), std::string::npos) << r.out;
  EXPECT_NE(line_of(rated).find("  rated"), std::string::npos) << r.out;
  // One rated game each for the person and the computer (the rating follows the end by a moment).
  for (int i = 0; i < 50; ++i) {
    r = u.run({"ratings", "race", "--all", "--json"});
    if (r.out.find(u.name()) != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_NE(r.out.find(u.name()), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bot-easy"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"games\":2"), std::string::npos) << "the casual game does not count: " << r.out;
  // Both switches at once, or a rated solitaire game, are refused and create nothing.
  r = u.run({"new", "race", "--rated", "--casual"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("either --rated or --casual"), std::string::npos) << r.err;
  r = u.run({"new", "lion", "--rated"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot be rated"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace frontier::testing
