// Scoring and standings: win 1, draw ½, loss 0 in half-points, byes and forfeits, and the
// configured tiebreak order.
#include "tournament_rules/standings.h"

#include <gtest/gtest.h>

namespace frontier::tournament {
namespace {

Board played(PlayerId a, PlayerId b, HalfPoints a_points) {
  GameOutcome o = a_points == 2   ? GameOutcome::kAWins
                  : a_points == 1 ? GameOutcome::kDraw
                                  : GameOutcome::kBWins;
  return Board{a, b, {ResultKind::kPlayed, {o}}};
}

Round round(int number, std::vector<Board> boards, std::optional<PlayerId> bye = std::nullopt) {
  return Round{number, std::move(boards), bye, false};
}

const StandingRow& row_of(const std::vector<StandingRow>& table, PlayerId p) {
  for (const StandingRow& r : table) {
    if (r.player == p) return r;
  }
  throw std::runtime_error("no row");
}

// Four rounds, eight players: 1 beat 2 and both end on 1½, but 2's wins came against
// stronger opponents, so Sonneborn–Berger prefers 2 and head-to-head prefers 1. The
// configured order decides.
std::vector<Round> sb_versus_h2h_event() {
  return {
      round(1, {played(1, 2, 2), played(3, 4, 0), played(5, 6, 2), played(7, 8, 2)}),
      round(2, {played(1, 8, 0), played(2, 3, 1), played(4, 5, 2), played(6, 7, 1)}),
      round(3, {played(1, 7, 1), played(2, 4, 2), played(3, 5, 1), played(6, 8, 1)}),
      round(4, {played(1, 6, 0), played(2, 5, 0), played(3, 7, 2), played(4, 8, 0)}),
  };
}

TEST(Standings, SonnebornBergerAndHeadToHeadDisagree) {
  std::vector<PlayerId> players = {1, 2, 3, 4, 5, 6, 7, 8};
  auto sb_first = compute_standings(players, sb_versus_h2h_event(), 1,
                                    {Tiebreak::kSonnebornBerger, Tiebreak::kHeadToHead});
  auto h2h_first = compute_standings(players, sb_versus_h2h_event(), 1,
                                     {Tiebreak::kHeadToHead, Tiebreak::kSonnebornBerger});
  EXPECT_EQ(row_of(sb_first, 1).points, 3);
  EXPECT_EQ(row_of(sb_first, 2).points, 3);
  // SB in quarter-points: 1 beat 2 (3) and drew 7 (4): 2·3 + 1·4 = 10; 2 drew 3 (4) and
  // beat 4 (4): 1·4 + 2·4 = 12.
  EXPECT_EQ(row_of(sb_first, 1).tiebreaks[0], 10);
  EXPECT_EQ(row_of(sb_first, 2).tiebreaks[0], 12);
  EXPECT_LT(row_of(sb_first, 2).rank, row_of(sb_first, 1).rank);
  EXPECT_EQ(row_of(h2h_first, 1).tiebreaks[0], 2);  // the win over 2
  EXPECT_EQ(row_of(h2h_first, 2).tiebreaks[0], 0);
  EXPECT_LT(row_of(h2h_first, 1).rank, row_of(h2h_first, 2).rank);
  // The bottom two in both: 1 and 2 are the only players on 1½.
  EXPECT_EQ(row_of(sb_first, 1).rank + row_of(sb_first, 2).rank, 15);
}

// Byes score a win's points; forfeits score as win and loss but are not games: they add
// no Sonneborn–Berger, no wins, and count in Buchholz as the player's own points.
TEST(Standings, ByesAndForfeits) {
  std::vector<PlayerId> players = {1, 2, 3};
  std::vector<Round> rounds = {
      round(1, {played(1, 2, 1)}, 3),                                // draw; 3 has the bye
      round(2, {Board{3, 1, {ResultKind::kForfeitALoses, {}}}}, 2),  // 3 forfeits to 1
      round(3, {played(2, 3, 2)}, 1),
  };
  std::map<PlayerId, PlayerRecord> records = build_records(players, rounds, 1);
  EXPECT_EQ(records.at(1).points, 1 + 2 + 2);  // ½ + forfeit win + bye = 2½
  EXPECT_EQ(records.at(2).points, 1 + 2 + 2);
  EXPECT_EQ(records.at(3).points, 2 + 0 + 0);
  EXPECT_EQ(records.at(1).rounds[1].kind, EntryKind::kForfeitWin);
  EXPECT_EQ(records.at(3).rounds[1].kind, EntryKind::kForfeitLoss);
  EXPECT_TRUE(records.at(3).had_bye());
  EXPECT_EQ(records.at(1).sides_played(), (std::vector<Side>{Side::kA}));

  auto table = compute_standings(players, rounds, 1,
                                 {Tiebreak::kBuchholz, Tiebreak::kSonnebornBerger, Tiebreak::kWins});
  // Buchholz: 1 met 2 (5), then forfeit (own 5), bye (own 5) = 15; 2 met 1 (5), bye (5),
  // 3 (2) = 12. 1 and 2 tie on points; Buchholz ranks 1 first.
  EXPECT_EQ(row_of(table, 1).tiebreaks[0], 15);
  EXPECT_EQ(row_of(table, 2).tiebreaks[0], 12);
  EXPECT_EQ(row_of(table, 1).rank, 1);
  EXPECT_EQ(row_of(table, 2).rank, 2);
  EXPECT_EQ(row_of(table, 3).rank, 3);
  // SB counts only the game over the board: the draw with 2, 5 × 1 = 5. Values are shown
  // for everyone even once a tie is broken.
  EXPECT_EQ(row_of(table, 1).tiebreaks[1], 5);
  EXPECT_EQ(row_of(table, 1).tiebreaks[2], 0);  // no wins over the board
  EXPECT_EQ(row_of(table, 2).tiebreaks[2], 1);
}

// Median Buchholz drops the best and worst opponent; wins and points by side count games.
TEST(Standings, MedianBuchholzWinsAndPointsBySide) {
  std::vector<PlayerId> players = {1, 2, 3, 4};
  std::vector<Round> rounds = {
      round(1, {played(1, 4, 2), played(2, 3, 1)}),
      round(2, {played(3, 1, 0), played(4, 2, 0)}),
      round(3, {played(1, 2, 1), played(3, 4, 2)}),
  };
  // Points: 1: 2+2+1 = 5, 2: 1+2+1 = 4, 3: 1+0+2 = 3, 4: 0+0+0 = 0.
  auto table = compute_standings(players, rounds, 1, {});
  ASSERT_EQ(table.size(), 4u);
  EXPECT_EQ(table[0].player, 1u);
  EXPECT_EQ(table[3].player, 4u);

  std::map<PlayerId, PlayerRecord> records = build_records(players, rounds, 1);
  EXPECT_EQ(records.at(1).rounds[0].points_as_a, 2);
  EXPECT_EQ(records.at(1).rounds[1].points_as_b, 2);
  EXPECT_EQ(records.at(1).rounds[0].games_won + records.at(1).rounds[1].games_won, 2);

  // Two players tied on points, separated by points as side B then by wins.
  std::vector<Round> tied = {round(1, {played(1, 2, 1), played(3, 4, 1)}),
                             round(2, {played(4, 1, 1), played(2, 3, 2)})};
  // 1: ½ (A) + ½ (B) = 1; 2: ½ (B) + 1 (A) = 1½; 3: ½ (A) + 0 = ½; 4: ½ + ½ = 1.
  auto by_side = compute_standings(players, tied, 1, {Tiebreak::kPointsAsSideB, Tiebreak::kWins});
  EXPECT_EQ(by_side[0].player, 2u);
  // 1 and 4 on 1: 1 scored ½ as B, 4 scored ½ as B (R1) — equal; wins 0 each: shared rank.
  EXPECT_EQ(row_of(by_side, 1).rank, row_of(by_side, 4).rank);
  EXPECT_EQ(row_of(by_side, 1).rank, 2);
  EXPECT_EQ(row_of(by_side, 3).rank, 4);

  auto median = compute_standings(players, rounds, 1, {Tiebreak::kMedianBuchholz});
  // 1 met 4 (0), 3 (3), 2 (4): the middle one is 3.
  EXPECT_EQ(row_of(median, 1).tiebreaks[0], 3);
}

// Median Buchholz on a tie: opponents' points without the highest and lowest.
TEST(Standings, MedianBuchholzOnTie) {
  std::vector<PlayerId> players = {1, 2, 3, 4, 5, 6};
  std::vector<Round> rounds = {
      round(1, {played(1, 2, 2), played(3, 4, 2), played(5, 6, 2)}),
      round(2, {played(1, 3, 0), played(2, 5, 2), played(4, 6, 2)}),
      round(3, {played(1, 4, 2), played(2, 6, 0), played(3, 5, 0)}),
  };
  // Points: 1: 4, 2: 2, 3: 4, 4: 2, 5: 4, 6: 2.
  auto table = compute_standings(players, rounds, 1, {Tiebreak::kMedianBuchholz, Tiebreak::kBuchholz});
  // 1 met 2 (2), 3 (4), 4 (2): median = 2. 3 met 4 (2), 1 (4), 5 (4): median = 4.
  // 5 met 6 (2), 2 (2), 3 (4): median = 2.
  EXPECT_EQ(row_of(table, 1).tiebreaks[0], 2);
  EXPECT_EQ(row_of(table, 3).tiebreaks[0], 4);
  EXPECT_EQ(row_of(table, 5).tiebreaks[0], 2);
  EXPECT_EQ(row_of(table, 3).rank, 1);
  EXPECT_EQ(row_of(table, 1).tiebreaks[1], 8);
  EXPECT_EQ(row_of(table, 5).tiebreaks[1], 8);
  EXPECT_EQ(row_of(table, 1).rank, 2);
  EXPECT_EQ(row_of(table, 5).rank, 2);  // still tied: shared rank
}

// A two-game mini-match scores each game; a bye then is worth a won mini-match.
TEST(Standings, MiniMatchScoring) {
  Board board{1, 2, {ResultKind::kPlayed, {GameOutcome::kAWins, GameOutcome::kDraw}}};
  std::vector<Round> rounds = {round(1, {board}, 3)};
  auto records = build_records({1, 2, 3}, rounds, 2);
  EXPECT_EQ(records.at(1).points, 3);  // 1½
  EXPECT_EQ(records.at(2).points, 1);  // ½
  EXPECT_EQ(records.at(3).points, 4);  // the bye: 2
  // 1 won game 0 on side A, drew game 1 on side B.
  EXPECT_EQ(records.at(1).rounds[0].points_as_a, 2);
  EXPECT_EQ(records.at(1).rounds[0].points_as_b, 1);
  EXPECT_EQ(format_points(3), "1.5");
}

}  // namespace
}  // namespace frontier::tournament
