// Playing the computer from the terminal (issue 14): `frontier new GAME --vs-bot LEVEL` starts a
// match at once against a bot, which moves whenever its side is prompted.
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

}  // namespace
}  // namespace frontier::testing
