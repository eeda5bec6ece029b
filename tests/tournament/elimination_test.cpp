// Elimination brackets: seeding, byes to the top seeds, third place, double elimination
// with the grand final reset.
#include "tournament_rules/elimination.h"

#include <gtest/gtest.h>

#include <map>

#include "core/rng.h"
#include "tournament_rules/mini_match.h"

namespace frontier::tournament {
namespace {

std::vector<PlayerId> players(int n) {
  std::vector<PlayerId> ids;
  for (int i = 1; i <= n; ++i) ids.push_back(static_cast<PlayerId>(i));  // player i is seed i
  return ids;
}

std::pair<PlayerId, PlayerId> pair_of(const EliminationState& s, int match) {
  MatchView v = resolve_bracket(s)[static_cast<size_t>(match)];
  return {v.top.value_or(0), v.bottom.value_or(0)};
}

// Seeding: 1–8, 4–5, 2–7, 3–6 in an 8-bracket.
TEST(Elimination, EightBracketSeeding) {
  EXPECT_EQ(seed_positions(8), (std::vector<int>{1, 8, 4, 5, 2, 7, 3, 6}));
  EliminationState s = start_elimination(single_elimination(8, false), players(8));
  EXPECT_EQ(pair_of(s, 0), (std::pair<PlayerId, PlayerId>{1, 8}));
  EXPECT_EQ(pair_of(s, 1), (std::pair<PlayerId, PlayerId>{4, 5}));
  EXPECT_EQ(pair_of(s, 2), (std::pair<PlayerId, PlayerId>{2, 7}));
  EXPECT_EQ(pair_of(s, 3), (std::pair<PlayerId, PlayerId>{3, 6}));
  EXPECT_EQ(s.plan.matches.size(), 7u);
}

// Not a power of two: the byes fall to the top seeds.
TEST(Elimination, ByesGoToTopSeeds) {
  EliminationState s = start_elimination(single_elimination(6, false), players(6));
  std::vector<MatchView> v = resolve_bracket(s);
  EXPECT_EQ(v[0].status, MatchStatus::kWalkover);  // 1 v (8)
  EXPECT_EQ(*v[0].winner, 1u);
  EXPECT_EQ(v[2].status, MatchStatus::kWalkover);  // 2 v (7)
  EXPECT_EQ(*v[2].winner, 2u);
  EXPECT_EQ(playable_matches(s), (std::vector<int>{1, 3}));  // 4–5 and 3–6

  EliminationState five = start_elimination(single_elimination(5, false), players(5));
  std::vector<MatchView> w = resolve_bracket(five);
  int walkovers = 0;
  for (int m = 0; m < 4; ++m) {
    if (w[static_cast<size_t>(m)].status == MatchStatus::kWalkover) {
      ++walkovers;
      EXPECT_LE(*w[static_cast<size_t>(m)].winner, 3u);
    }
  }
  EXPECT_EQ(walkovers, 3);
  // 4–5, and already the semi-final 2–3 between two seeds who had byes.
  EXPECT_EQ(playable_matches(five), (std::vector<int>{1, 5}));
}

// The third-place match sets the semi-final losers against each other.
TEST(Elimination, ThirdPlaceMatch) {
  EliminationState s = start_elimination(single_elimination(8, true), players(8));
  ASSERT_EQ(s.plan.matches.size(), 8u);
  // Higher seed wins everything.
  for (std::vector<int> ready = playable_matches(s); !ready.empty(); ready = playable_matches(s)) {
    auto [top, bottom] = pair_of(s, ready.front());
    ASSERT_TRUE(record_bracket_result(s, ready.front(), std::min(top, bottom)).is_ok());
  }
  EXPECT_EQ(pair_of(s, 7), (std::pair<PlayerId, PlayerId>{4, 3}));
  EXPECT_EQ(*resolve_bracket(s)[7].winner, 3u);
  EXPECT_EQ(bracket_champion(s), 1u);
}

TEST(Elimination, ResultsOnlyForReadyMatchesAndTheirPlayers) {
  EliminationState s = start_elimination(single_elimination(4, false), players(4));
  EXPECT_EQ(record_bracket_result(s, 2, 1).code(), core::StatusCode::kIllegalAction);    // final not ready
  EXPECT_EQ(record_bracket_result(s, 0, 2).code(), core::StatusCode::kInvalidArgument);  // 2 is not in 1–4
  EXPECT_EQ(record_bracket_result(s, 9, 1).code(), core::StatusCode::kNotFound);
  ASSERT_TRUE(record_bracket_result(s, 0, 4).is_ok());
  EXPECT_EQ(record_bracket_result(s, 0, 1).code(), core::StatusCode::kIllegalAction);  // already decided
}

// Double elimination: the losers' champion beats the winners' champion in the grand final,
// so the final resets and one more match decides.
TEST(Elimination, DoubleEliminationGrandFinalResets) {
  EliminationState s = start_elimination(double_elimination(4), players(4));
  auto play = [&](PlayerId winner) {
    std::vector<int> ready = playable_matches(s);
    ASSERT_FALSE(ready.empty());
    ASSERT_TRUE(record_bracket_result(s, ready.front(), winner).is_ok());
  };
  play(1);  // WB 1–4
  play(2);  // WB 2–3
  play(1);  // WB final 1–2
  play(3);  // LB 4–3
  play(3);  // LB final 3 v 2 (loser of the WB final)
  std::vector<int> ready = playable_matches(s);
  ASSERT_EQ(ready.size(), 1u);
  const BracketMatch& final_match = s.plan.matches[static_cast<size_t>(ready.front())];
  EXPECT_EQ(final_match.part, BracketPart::kGrandFinal);
  EXPECT_EQ(pair_of(s, final_match.id), (std::pair<PlayerId, PlayerId>{1, 3}));
  play(3);  // the losers' champion wins: reset
  EXPECT_FALSE(bracket_champion(s).has_value());
  ready = playable_matches(s);
  ASSERT_EQ(ready.size(), 1u);
  EXPECT_EQ(s.plan.matches[static_cast<size_t>(ready.front())].part, BracketPart::kGrandFinalReset);
  EXPECT_EQ(pair_of(s, ready.front()), (std::pair<PlayerId, PlayerId>{3, 1}));  // sides swapped
  play(1);
  EXPECT_EQ(bracket_champion(s), 1u);
}

TEST(Elimination, DoubleEliminationNoResetWhenWinnersChampionWins) {
  EliminationState s = start_elimination(double_elimination(4), players(4));
  for (PlayerId w : {1u, 2u, 1u, 3u, 3u, 1u})
    ASSERT_TRUE(record_bracket_result(s, playable_matches(s).front(), w).is_ok());
  EXPECT_TRUE(playable_matches(s).empty());
  EXPECT_EQ(resolve_bracket(s).back().status, MatchStatus::kNotNeeded);
  EXPECT_EQ(bracket_champion(s), 1u);
}

// Random brackets of every size: single elimination knocks out everyone but the champion
// with exactly one loss; double elimination with exactly two, the champion having at most one.
TEST(Elimination, RandomBracketsEliminateEveryoneCorrectly) {
  core::Rng rng(2026);
  for (int n = 2; n <= 33; ++n) {
    for (int kind = 0; kind < 2; ++kind) {
      for (int trial = 0; trial < 20; ++trial) {
        EliminationState s =
            start_elimination(kind == 0 ? single_elimination(n, false) : double_elimination(n), players(n));
        std::map<PlayerId, int> losses;
        int played = 0;
        for (std::vector<int> ready = playable_matches(s); !ready.empty(); ready = playable_matches(s)) {
          int m = ready[rng.below(static_cast<uint32_t>(ready.size()))];
          auto [top, bottom] = pair_of(s, m);
          ASSERT_LT(losses[top], kind + 1);
          ASSERT_LT(losses[bottom], kind + 1);
          PlayerId winner = rng.below(2) == 0 ? top : bottom;
          ++losses[winner == top ? bottom : top];
          ASSERT_TRUE(record_bracket_result(s, m, winner).is_ok());
          ++played;
        }
        std::optional<PlayerId> champion = bracket_champion(s);
        ASSERT_TRUE(champion.has_value()) << n;
        for (PlayerId p : players(n)) {
          if (p == *champion) {
            EXPECT_LE(losses[p], kind);
          } else {
            EXPECT_EQ(losses[p], kind + 1) << "n " << n << " player " << p;
          }
        }
        if (kind == 0) {
          EXPECT_EQ(played, n - 1);
        } else {
          EXPECT_TRUE(played == 2 * n - 2 || played == 2 * n - 1) << played;
        }
      }
    }
  }
}

// Mini-matches in a knock-out: a tied pair of games needs a decider, sides alternating.
TEST(Elimination, TiedMiniMatchNeedsDecider) {
  Board board{5, 6, {ResultKind::kPlayed, {GameOutcome::kAWins, GameOutcome::kAWins}}};
  // Game 0: 5 on side A wins; game 1 (sides swapped): the A outcome is still 5's win.
  EXPECT_TRUE(board_complete(board.result, 2, true));
  EXPECT_EQ(board_winner(board, 2), 5u);
  board.result.games = {GameOutcome::kAWins, GameOutcome::kBWins};
  EXPECT_FALSE(board_complete(board.result, 2, true));  // 1–1: decider
  EXPECT_TRUE(board_complete(board.result, 2, false));  // in a Swiss: a drawn pairing
  EXPECT_FALSE(board_winner(board, 2).has_value());
  EXPECT_FALSE(game_swaps_sides(2));  // the decider uses the board's own sides
  board.result.games.push_back(GameOutcome::kDraw);
  EXPECT_FALSE(board_complete(board.result, 2, true));
  board.result.games.push_back(GameOutcome::kBWins);
  EXPECT_TRUE(board_complete(board.result, 2, true));
  EXPECT_EQ(board_winner(board, 2), 6u);
  Board forfeit{5, 6, {ResultKind::kForfeitALoses, {}}};
  EXPECT_EQ(board_winner(forfeit, 2), 6u);
}

}  // namespace
}  // namespace frontier::tournament
