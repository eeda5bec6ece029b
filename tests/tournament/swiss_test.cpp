// Swiss pairing examples: FIDE Dutch round 1, byes, forbidden pairings, side limits.
#include "tournament_rules/swiss.h"

#include <gtest/gtest.h>

#include <string>

#include "swiss_oracle.h"

namespace frontier::tournament {
namespace {

SwissEntrant entrant(PlayerId id, HalfPoints score = 0, std::vector<Side> sides = {}) {
  SwissEntrant e;
  e.id = id;
  e.pairing_number = static_cast<int>(id);
  e.score = score;
  e.sides.sides = std::move(sides);
  return e;
}

std::string render(const SwissPairing& p) {
  std::string text;
  for (const Board& b : p.boards) {
    if (!text.empty()) text += ' ';
    text += std::to_string(b.a);
    text += '-';
    text += std::to_string(b.b);
  }
  if (p.bye) text += " bye " + std::to_string(*p.bye);
  return text;
}

// C.04.3: round 1 pairs the top half against the bottom half, 1-5, 2-6, ...; the top
// player gets the initial side and sides alternate down the boards.
TEST(Swiss, RoundOneTopHalfAgainstBottomHalf) {
  SwissRequest request;
  request.total_rounds = 5;
  for (PlayerId id = 1; id <= 8; ++id) request.entrants.push_back(entrant(id));
  auto pairing = pair_swiss_round(request);
  ASSERT_TRUE(pairing.is_ok()) << pairing.status().to_string();
  EXPECT_EQ(render(*pairing), "1-5 6-2 3-7 8-4");
}

// C.04.3 (colour criteria above S2 order): after 1-5, 6-2, 3-7, 8-4 won by the higher
// numbers, 1-3 and 2-4 would give four players the side they just had; the transposition
// 1-4, 2-3 gives everyone the other side, and likewise 5-8, 6-7 below.
TEST(Swiss, RoundTwoPrefersSideCompatibleTransposition) {
  SwissRequest request;
  request.round = 2;
  request.total_rounds = 5;
  request.entrants = {entrant(1, 2, {Side::kA}), entrant(2, 2, {Side::kB}), entrant(3, 2, {Side::kA}),
                      entrant(4, 2, {Side::kB}), entrant(5, 0, {Side::kB}), entrant(6, 0, {Side::kA}),
                      entrant(7, 0, {Side::kB}), entrant(8, 0, {Side::kA})};
  for (auto [x, y] : std::vector<std::pair<int, int>>{{1, 5}, {6, 2}, {3, 7}, {8, 4}}) {
    request.entrants[static_cast<size_t>(x - 1)].opponents = {static_cast<PlayerId>(y)};
    request.entrants[static_cast<size_t>(y - 1)].opponents = {static_cast<PlayerId>(x)};
  }
  auto pairing = pair_swiss_round(request);
  ASSERT_TRUE(pairing.is_ok());
  EXPECT_EQ(render(*pairing), "4-1 2-3 5-8 7-6");
}

// C.04.3 B (floaters): in an odd score group the one to float down is not the player who
// floated down last round.
TEST(Swiss, NoSecondDownFloatInARow) {
  SwissRequest request;
  request.round = 3;
  request.total_rounds = 5;
  request.entrants = {entrant(1, 2), entrant(2, 2), entrant(3, 2), entrant(4, 0)};
  request.sides_matter = false;
  request.entrants[2].last_float = Float::kDown;
  auto pairing = pair_swiss_round(request);
  ASSERT_TRUE(pairing.is_ok());
  EXPECT_EQ(render(*pairing), "1-3 4-2");
  request.entrants[2].last_float = Float::kNone;  // without that history 3, the lowest, floats
  EXPECT_EQ(render(*pair_swiss_round(request)), "1-2 4-3");
}

// C.04.3 (fewest down-floaters before the S2 order): 1–3 is first in S1/S2 order, but 2 and
// 4 have met, so it would push both out of the group; 1–4, 2–3 keeps the group whole.
TEST(Swiss, KeepsTheScoreGroupTogether) {
  SwissRequest request;
  request.round = 3;
  request.total_rounds = 5;
  request.sides_matter = false;
  for (PlayerId id = 1; id <= 8; ++id) request.entrants.push_back(entrant(id, id <= 4 ? 2 : 0));
  request.entrants[1].opponents = {4};
  request.entrants[3].opponents = {2};
  auto pairing = pair_swiss_round(request);
  ASSERT_TRUE(pairing.is_ok());
  EXPECT_EQ(render(*pairing), "1-4 3-2 5-7 8-6");
}

// C.04.1 c: the bye goes to the lowest-ranked player who has not had one.
TEST(Swiss, ByeToLowestRankedWithoutBye) {
  SwissRequest request;
  request.round = 2;
  request.total_rounds = 5;
  request.entrants = {entrant(1, 2, {Side::kA}), entrant(2, 2, {Side::kB}), entrant(3, 0, {Side::kA}),
                      entrant(4, 0, {Side::kB}), entrant(5, 2)};
  request.entrants[0].opponents = {3};
  request.entrants[2].opponents = {1};
  request.entrants[1].opponents = {4};
  request.entrants[3].opponents = {2};
  request.entrants[4].had_bye = true;
  auto pairing = pair_swiss_round(request);
  ASSERT_TRUE(pairing.is_ok());
  EXPECT_EQ(*pairing->bye, 4u);  // 5 has had the bye; 4 is the lowest of the rest
}

// C.04.1 a and the organiser's forbidden pairings: the pairer goes around them, floating
// across score groups if it must.
TEST(Swiss, NoRematchAndNoForbiddenPairing) {
  SwissRequest request;
  request.round = 2;
  request.total_rounds = 4;
  request.entrants = {entrant(1, 2, {Side::kA}), entrant(2, 2, {Side::kB}), entrant(3, 0, {Side::kB}),
                      entrant(4, 0, {Side::kA})};
  request.entrants[0].opponents = {3};
  request.entrants[2].opponents = {1};
  request.entrants[1].opponents = {4};
  request.entrants[3].opponents = {2};
  request.forbidden = {{1, 2}};
  auto pairing = pair_swiss_round(request);
  ASSERT_TRUE(pairing.is_ok());
  // 1 may meet neither 3 (played) nor 2 (forbidden): 1-4, leaving 2-3.
  EXPECT_EQ(render(*pairing), "4-1 2-3");
}

// C.04.1 f/g as adapted: nobody plays a side three times running before the last round, and
// the difference stays within ±2.
TEST(Swiss, SideLimits) {
  SideHistory twice_a{{Side::kA, Side::kA}};
  EXPECT_FALSE(side_allowed(twice_a, Side::kA, false));
  EXPECT_FALSE(side_allowed(twice_a, Side::kA, true));  // +3 would break ±2 even in the last round
  SideHistory balanced_then_aa{{Side::kB, Side::kB, Side::kA, Side::kA}};
  EXPECT_FALSE(side_allowed(balanced_then_aa, Side::kA, false));
  EXPECT_TRUE(side_allowed(balanced_then_aa, Side::kA, true));  // last round: three running allowed
  EXPECT_EQ(side_preference(twice_a, false).strength, SideStrength::kAbsolute);
  EXPECT_EQ(side_preference(SideHistory{{Side::kA}}, false).side, Side::kB);
}

// Two players who both must play side B cannot meet; the pairer swaps opponents instead.
TEST(Swiss, AbsoluteSidePreferencesKeepPlayersApart) {
  SwissRequest request;
  request.round = 3;
  request.total_rounds = 5;
  request.entrants = {entrant(1, 4, {Side::kA, Side::kA}), entrant(2, 4, {Side::kA, Side::kA}),
                      entrant(3, 0, {Side::kB, Side::kB}), entrant(4, 0, {Side::kB, Side::kB})};
  request.entrants[0].opponents = {3};
  request.entrants[2].opponents = {1};
  request.entrants[1].opponents = {4};
  request.entrants[3].opponents = {2};
  auto pairing = pair_swiss_round(request);
  ASSERT_TRUE(pairing.is_ok());
  EXPECT_FALSE(pairing->side_limits_relaxed);
  EXPECT_EQ(render(*pairing), "4-1 3-2");
}

// When no pairing avoids a rematch the round cannot be paired, with a reason.
TEST(Swiss, ImpossibleRoundIsAnError) {
  SwissRequest request;
  request.round = 2;
  request.total_rounds = 2;
  request.entrants = {entrant(1, 2, {Side::kA}), entrant(2, 0, {Side::kB})};
  request.entrants[0].opponents = {2};
  request.entrants[1].opponents = {1};
  auto pairing = pair_swiss_round(request);
  ASSERT_FALSE(pairing.is_ok());
  EXPECT_EQ(pairing.status().code(), core::StatusCode::kIllegalAction);
  EXPECT_NE(pairing.status().message().find("C.04.1"), std::string::npos);
  EXPECT_FALSE(testing::pairing_exists(request, false));
}

TEST(Swiss, DuplicateEntrantIsInvalid) {
  SwissRequest request;
  request.entrants = {entrant(1), entrant(1)};
  EXPECT_EQ(pair_swiss_round(request).status().code(), core::StatusCode::kInvalidArgument);
}

// A lone top scorer floats down to the highest player of the next group who did not float
// up last round.
TEST(Swiss, DownFloaterAvoidsRepeatedUpFloater) {
  SwissRequest request;
  request.round = 2;
  request.total_rounds = 5;
  request.entrants = {entrant(1, 2, {Side::kA}), entrant(2, 1, {Side::kB}), entrant(3, 1, {Side::kA}),
                      entrant(4, 0, {Side::kB})};
  request.entrants[0].opponents = {4};
  request.entrants[3].opponents = {1};
  request.entrants[1].opponents = {3};
  request.entrants[2].opponents = {2};
  request.entrants[1].last_float = Float::kUp;
  auto pairing = pair_swiss_round(request);
  ASSERT_TRUE(pairing.is_ok());
  EXPECT_EQ(render(*pairing), "3-1 2-4");
}

}  // namespace
}  // namespace frontier::tournament
