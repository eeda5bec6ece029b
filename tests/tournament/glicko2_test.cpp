// Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system", 2013).
#include "tournament_rules/glicko2.h"

#include <gtest/gtest.h>

#include "tournament_rules/rating_book.h"

namespace frontier::tournament {
namespace {

// Glickman's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300, τ = 0.5.
TEST(Glicko2, GlickmanPublishedExample) {
  Glicko2Rating player{1500.0, 200.0, 0.06};
  std::vector<Glicko2Game> games = {
      {{1400.0, 30.0, 0.06}, 1.0},
      {{1550.0, 100.0, 0.06}, 0.0},
      {{1700.0, 300.0, 0.06}, 0.0},
  };
  Glicko2Rating after = glicko2_update(player, games, Glicko2Settings{0.5});
  EXPECT_NEAR(after.rating, 1464.05, 0.02);
  EXPECT_NEAR(after.deviation, 151.52, 0.02);
  EXPECT_NEAR(after.volatility, 0.05999, 1e-5);
}

// Step 6 alone for a player who did not compete: RD grows, rating stays.
TEST(Glicko2, IdlePlayerOnlyGainsDeviation) {
  Glicko2Rating player{1600.0, 80.0, 0.06};
  Glicko2Rating after = glicko2_update(player, {}, {});
  EXPECT_EQ(after.rating, 1600.0);
  EXPECT_GT(after.deviation, 80.0);
  EXPECT_EQ(after.volatility, 0.06);
}

// A larger τ lets volatility move more after a surprising result.
TEST(Glicko2, TauControlsVolatilityChange) {
  Glicko2Rating player{1500.0, 50.0, 0.06};
  std::vector<Glicko2Game> upset = {{{2200.0, 50.0, 0.06}, 1.0}};
  double low = glicko2_update(player, upset, Glicko2Settings{0.3}).volatility;
  double high = glicko2_update(player, upset, Glicko2Settings{1.2}).volatility;
  EXPECT_GT(high, low);
  EXPECT_GT(low, 0.06);
}

// New players start 1500/350/0.06 and are provisional until RD drops below the threshold;
// each match is one rating period updating both players from their pre-match ratings.
TEST(RatingBook, MatchUpdatesTitleAndSidePools) {
  RatingBook book(Glicko2Settings{0.5}, 110.0);
  MatchRatingChanges first = book.record_match("khartoum", 1, 1000, 7, 8, 1.0);
  EXPECT_EQ(first.title_a.before, (Glicko2Rating{1500.0, 350.0, 0.06}));
  EXPECT_GT(first.title_a.after.rating, 1500.0);
  EXPECT_LT(first.title_b.after.rating, 1500.0);
  EXPECT_NEAR(first.title_a.after.rating - 1500.0, 1500.0 - first.title_b.after.rating, 1e-9);  // symmetric
  const RatingPool& title = book.pools().at("khartoum");
  EXPECT_TRUE(title.provisional(7));
  EXPECT_EQ(book.pools().at("khartoum/A").games(7), 1);
  EXPECT_EQ(book.pools().at("khartoum/A").games(8), 0);  // 8 played side B only
  EXPECT_EQ(book.pools().at("khartoum/B").games(8), 1);

  for (uint64_t m = 2; m < 40; ++m)
    book.record_match("khartoum", m, 1000 + static_cast<int64_t>(m), 7, 8, 0.5);
  EXPECT_FALSE(book.pools().at("khartoum").provisional(7));
  EXPECT_EQ(book.pools().at("khartoum").history().size(), 78u);
  std::vector<LeaderboardRow> board = book.pools().at("khartoum").leaderboard(false);
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(board[0].player, 7u);
}

}  // namespace
}  // namespace frontier::tournament
