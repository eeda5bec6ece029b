// Round robin by the Berger tables of FIDE C.05 Annex 1.
#include "tournament_rules/berger.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

namespace frontier::tournament {
namespace {

std::string render(const std::vector<std::pair<int, int>>& boards) {
  std::string text;
  for (auto [a, b] : boards) {
    if (!text.empty()) text += ' ';
    text += std::to_string(a);
    text += '-';
    text += std::to_string(b);
  }
  return text;
}

// C.05 Annex 1, table for 3 or 4 players.
TEST(Berger, FourPlayers) {
  EXPECT_EQ(render(berger_round(4, 1)), "1-4 2-3");
  EXPECT_EQ(render(berger_round(4, 2)), "4-3 1-2");
  EXPECT_EQ(render(berger_round(4, 3)), "2-4 3-1");
}

// C.05 Annex 1, table for 5 or 6 players.
TEST(Berger, SixPlayers) {
  EXPECT_EQ(render(berger_round(6, 1)), "1-6 2-5 3-4");
  EXPECT_EQ(render(berger_round(6, 2)), "6-4 5-3 1-2");
  EXPECT_EQ(render(berger_round(6, 3)), "2-6 3-1 4-5");
  EXPECT_EQ(render(berger_round(6, 4)), "6-5 1-4 2-3");
  EXPECT_EQ(render(berger_round(6, 5)), "3-6 4-2 5-1");
}

// C.05: with an odd count the top number is a dummy; meeting it is the bye.
TEST(Berger, OddCountGivesTheTopNumberAsBye) {
  std::vector<Round> rounds = round_robin_schedule({11, 12, 13, 14, 15}, 1);
  ASSERT_EQ(rounds.size(), 5u);
  // Round 1 of the 6-table: 1-6 is the bye of player number 1.
  ASSERT_TRUE(rounds[0].bye.has_value());
  EXPECT_EQ(*rounds[0].bye, 11u);
  EXPECT_EQ(rounds[0].boards.size(), 2u);
  std::set<PlayerId> byes;
  for (const Round& r : rounds) byes.insert(*r.bye);
  EXPECT_EQ(byes.size(), 5u);  // everyone sits out exactly once
}

// Every pair meets exactly once per cycle; a double cycle reverses sides and nobody plays
// the same side three times running (FIDE's advice to swap the first cycle's last two rounds).
TEST(Berger, EveryPairMeetsOncePerCycleWithSidesReversed) {
  for (int count = 2; count <= 12; ++count) {
    std::vector<PlayerId> players;
    for (int i = 1; i <= count; ++i) players.push_back(static_cast<PlayerId>(i));
    std::vector<Round> rounds = round_robin_schedule(players, 2);
    int n = count % 2 == 0 ? count : count + 1;
    ASSERT_EQ(static_cast<int>(rounds.size()), 2 * (n - 1)) << count;
    std::map<std::pair<PlayerId, PlayerId>, int> as_a;  // ordered pair -> games
    std::map<PlayerId, std::string> sides;
    for (const Round& r : rounds) {
      for (const Board& b : r.boards) {
        ++as_a[{b.a, b.b}];
        sides[b.a] += 'A';
        sides[b.b] += 'B';
      }
    }
    for (PlayerId x : players) {
      for (PlayerId y : players) {
        if (x != y) {
          EXPECT_EQ((as_a[{x, y}]), 1) << count << ": " << x << " as A against " << y;
        }
      }
      if (count % 2 == 0) {
        EXPECT_EQ(sides[x].find("AAA"), std::string::npos) << count << " player " << x << " " << sides[x];
        EXPECT_EQ(sides[x].find("BBB"), std::string::npos) << count << " player " << x << " " << sides[x];
      }
    }
  }
}

}  // namespace
}  // namespace frontier::tournament
