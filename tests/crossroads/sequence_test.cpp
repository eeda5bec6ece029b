// Turn sequence (3.0), set-up (26.0), initiative (7.0), Balance of Power (4.0), victory (25.0).
#include "crossroads/data.h"
#include "crossroads/rules.h"
#include "crossroads/scenario.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsSequence, InitialStateIsSound) {
  auto s = start();
  EXPECT_EQ(game().check_invariants(*s), "");
  // 26.0 S1 3.0: the Russians set up first.
  EXPECT_EQ(game().awaiting(*s), core::seat_bit(kRussian));
  EXPECT_EQ(game().prompt(*s, kRussian).kind, "setup");
}

TEST(CrossroadsSequence, OnePerCityPlacement) {
  // S1 3.5(2): one Persian garrison in each of the six Persian cities.
  auto s = start();
  std::vector<core::Action> legal;
  while (S(*s).phase == kSetup) {
    core::Seat seat = (game().awaiting(*s) & 1) ? 0 : 1;
    game().legal_actions(*s, seat, legal);
    ASSERT_TRUE(core::apply(game(), *s, seat, legal.front()).status.is_ok());
  }
  const Data& d = data();
  for (const City& c : d.cities)
    if (d.region_code[c.region] == "PE") {
      EXPECT_GE(combat_units(S(*s), c.square, kRussian), 1) << c.name;
      // 7.0: the Balance of Power (+1 British) gives the British the initiative choice.
    }
  EXPECT_EQ(game().prompt(*s, kBritish).kind, "initiative");
}

int trading_posts(const State& s, int side) {
  int n = 0;
  for (int sq = 0; sq < kSquares; ++sq) n += s.has_marker(sq, side, kTradingPost);
  return n;
}

TEST(CrossroadsSequence, SetUpPutsOneTradingPostPerCity) {
  // 20.21: one marker of each type per square, in the set-up (26.0) too. S1 4.6(1): the four
  // British trading posts go to four North Indian cities; S1 3.6(2): the Russian one not to
  // Orenburg, whose colony takes a trading post's place (20.31(1)).
  auto s = start();
  const auto& list = scenario_of(S(*s)).placements;
  std::vector<core::Action> legal;
  bool checked = false;
  for (int i = 0; i < 400 && S(*s).phase == kSetup; ++i) {
    core::Seat seat = (game().awaiting(*s) & 1) ? 0 : 1;
    const Placement& p = list[static_cast<size_t>(S(*s).placement)];
    if (p.marker == kTradingPost && p.placer == kRussian) {
      EXPECT_FALSE(offered(*s, seat, "Place at Orenburg"));
    }
    if (p.marker == kTradingPost && p.placer == kBritish && S(*s).placed == 1) {
      // One post is down: its city is no longer offered, the others still are.
      for (const City& c : data().cities) {
        if (data().region_code[c.region] != "NI") continue;
        EXPECT_EQ(offered(*s, seat, "Place at " + c.name),
                  !S(*s).has_marker(c.square, kBritish, kTradingPost))
            << c.name;
      }
      checked = true;
    }
    // The first choice each time: before 20.21 held here, all four posts went to Delhi.
    game().legal_actions(*s, seat, legal);
    ASSERT_TRUE(core::apply(game(), *s, seat, legal.front()).status.is_ok());
  }
  ASSERT_NE(S(*s).phase, kSetup);
  EXPECT_TRUE(checked);
  // A post in a square already holding one adds no marker, so four distinct cities count four.
  EXPECT_EQ(trading_posts(S(*s), kBritish), 4);
  EXPECT_EQ(trading_posts(S(*s), kRussian), 1);
  EXPECT_FALSE(S(*s).has_marker(square("Orenburg"), kRussian, kTradingPost));
}

TEST(CrossroadsSequence, SetUpPostsOfScenario2InDistinctCities) {
  // 20.21 in the S2 set-up: 3.9 places four British trading posts (two in fixed cities), 4.6(3)
  // three Russian ones in any cities of West Siberia, Kazakhistan or Turkoman, none at Orenburg
  // with its colony (4.6(1), 20.31(1)). Each stands in a square of its own.
  auto s = start("scenario2");
  std::vector<core::Action> legal;
  for (int i = 0; i < 400 && S(*s).phase == kSetup; ++i) {
    core::Seat seat = (game().awaiting(*s) & 1) ? 0 : 1;
    game().legal_actions(*s, seat, legal);
    ASSERT_TRUE(core::apply(game(), *s, seat, legal.front()).status.is_ok());
  }
  ASSERT_NE(S(*s).phase, kSetup);
  EXPECT_EQ(trading_posts(S(*s), kBritish), 4);
  EXPECT_EQ(trading_posts(S(*s), kRussian), 3);
  EXPECT_FALSE(S(*s).has_marker(square("Orenburg"), kRussian, kTradingPost));
}

TEST(CrossroadsSequence, BalanceOfPowerHasNoZero) {
  // 2.8 / 4.3: shift from 1 pro-British directly to 1 pro-Russian; limits +-18.
  auto s = board({"bop 1"});
  core::EventSink none;
  shift_bop(S(*s), kRussian, 1, none, "test");
  EXPECT_EQ(S(*s).bop, -1);
  shift_bop(S(*s), kBritish, 40, none, "test");
  EXPECT_EQ(S(*s).bop, 18);
}

TEST(CrossroadsSequence, VictoryPoints) {
  // 25.11-25.13 on an otherwise empty board.
  auto s = board({"bop 7", "pounds British 11", "pounds Russian 0", "place British FF at Orenburg",
                  "marker British post at Delhi", "marker Russian colony at Teheran"});
  int vp[2];
  compute_victory(S(*s), vp);
  const Data& d = data();
  int br_regions = 0, ru_regions = 0;
  for (int r = 0; r < kRegions; ++r) {
    if (S(*s).control[r] == kBritish) br_regions += d.region_vp[r];
    if (S(*s).control[r] == kRussian) ru_regions += d.region_vp[r];
  }
  int orenburg = d.cities[d.city_index("Orenburg")].income;
  EXPECT_EQ(vp[kBritish],
            br_regions + orenburg + 1 + 10 + 2 + 10);  // city, post, BoP moderate, 11/10 up, 25.12
  EXPECT_EQ(vp[kRussian], ru_regions + 3);
}

TEST(CrossroadsSequence, GameEndsWithAVictoryLevel) {
  auto s = start("scenario1", 7);
  std::vector<core::Action> legal;
  core::Rng pick(3);
  for (int i = 0; i < 100000 && !S(*s).finished; ++i) {
    core::SeatMask m = game().awaiting(*s);
    core::Seat seat = (m & 1) ? 0 : 1;
    game().legal_actions(*s, seat, legal);
    ASSERT_FALSE(legal.empty());
    ASSERT_TRUE(
        core::apply(game(), *s, seat, legal[pick.below(static_cast<uint32_t>(legal.size()))]).status.is_ok());
  }
  frontier::GameStatus st;
  game().status(*s, st);
  EXPECT_TRUE(st.finished());
  EXPECT_NE(st.result().find("(25.52)"), std::string::npos);
  EXPECT_EQ(S(*s).turn, 5);  // S1 1.0: five turns
}

}  // namespace
}  // namespace frontier::crossroads::test
