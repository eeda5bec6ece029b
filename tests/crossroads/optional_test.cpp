// Optional rules as match options: 15.6, 27.0, 28.0, 29.0, 30.0, 32.0.
#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

using Opts = std::vector<std::pair<std::string, std::string>>;

TEST(CrossroadsOptional, ForcedMarchDoublesAndCosts) {
  // 27.1 example: an agent, two brigades and three SP: double movement, then lose one brigade
  // and two SP.
  auto s = board({"place British FF x2 at Delhi", "agent Conolly at Delhi", "sp British 3"}, kBritish,
                 Opts{{"forced_march", "on"}});
  play(*s, kBritish, "Pick the force at Delhi");
  play(*s, kBritish, "Begin a forced march carrying 3 SP");
  EXPECT_EQ(S(*s).force_mp, 16);  // (4 x 2) but agents move 8 (27.2)
  play(*s, kBritish, "Move to North India, 1 square S of Delhi");
  play(*s, kBritish, "End this force's move");
  EXPECT_EQ(game().prompt(*s, kBritish).kind, "loss");
  EXPECT_EQ(S(*s).losses_due, 1);
  EXPECT_EQ(S(*s).sp[kBritish], 1);
}

// 27.1 in a home box: a forced march that ends in Central India (19.1) takes its losses there,
// and that position (losses pending in an off-map box) snapshots and restores like any other.
TEST(CrossroadsOptional, ForcedMarchLossesInAHomeBoxRestore) {
  int edge = 0;
  while (!data().central_india_edge[static_cast<size_t>(edge)] ||
         data().terrain[static_cast<size_t>(edge)] == kSea)
    ++edge;
  auto s = board({"place British FF x2 at " + std::to_string(edge / kW) + "," + std::to_string(edge % kW),
                  "sp British 2"},
                 kBritish, Opts{{"forced_march", "on"}});
  for (core::Action a :
       {core::Action{SELECT_FORCE, static_cast<int16_t>(edge), 0, 0}, core::Action{FORCED_MARCH, 0, 0, 0},
        core::Action{STEP, kCentralIndia, 0, 0}, core::Action{END_MOVE, 0, 0, 0}})
    ASSERT_TRUE(core::apply(game(), *s, kBritish, a).status.is_ok()) << a.kind;
  ASSERT_EQ(game().prompt(*s, kBritish).kind, "loss");
  EXPECT_EQ(S(*s).combat_sq, kCentralIndia);
  auto back = game().restore(core::snapshot(game(), *s));
  ASSERT_TRUE(back) << back.status().message();
  EXPECT_EQ(core::snapshot(game(), *back.value()), core::snapshot(game(), *s));
}

TEST(CrossroadsOptional, UltimatumOffered) {
  auto s = board({"agent Burnes at Kabul", "place British FF at Kabul", "phase negotiations British"},
                 kBritish, Opts{{"ultimatums", "on"}});
  EXPECT_TRUE(offered(*s, kBritish, "Ultimatum to Afghanistan through Burnes"));
}

TEST(CrossroadsOptional, StaffWorkMakesSecondOperationFree) {
  // 29.0: from 1890-94 an all-regular force's second operation needs no SP.
  auto s = board({"place British FF at Delhi", "turn 12", "phase movement British op 2", "sp British 0"},
                 kBritish, Opts{{"staff_work", "on"}});
  play(*s, kBritish, "Pick the force at Delhi");
  EXPECT_TRUE(offered(*s, kBritish, "Begin the move (1 SP)"));  // label keeps the phase's usual price
  play(*s, kBritish, "Begin the move (1 SP)");
  EXPECT_EQ(S(*s).sp[kBritish], 0);
}

TEST(CrossroadsOptional, DiscoveryInFormerlyNeutralCity) {
  // 32.1: a British agent in a city of a region that began neutral; 32.6 roll 1 then 2 = 12.
  auto s = board({"agent Burnes at Kabul", "place British FF at Kabul", "phase combat British"}, kBritish,
                 Opts{{"discoveries", "on"}});
  play(*s, kBritish, "End combat");
  ASSERT_TRUE(offered(*s, kBritish, "Attempt a discovery with Burnes"));
  S(*s).rng.force_roll(1);
  S(*s).rng.force_roll(2);
  int8_t bop = S(*s).bop;
  play(*s, kBritish, "Attempt a discovery with Burnes");
  EXPECT_EQ(S(*s).bop, bop + 1);                                           // Archeological Find
  EXPECT_FALSE(offered(*s, kBritish, "Attempt a discovery with Burnes"));  // 32.4
}

TEST(CrossroadsOptional, MassacreShiftsTheIndex) {
  // 30.0 / 31.3: enemy markers gone, a pound of loot, forage 0, two toward the enemy.
  auto s = board({"place British FF at Teheran", "marker Russian post at Teheran", "phase combat British",
                  "bop 5", "pounds British 0"},
                 kBritish, Opts{{"massacre", "on"}});
  play(*s, kBritish, "End combat");
  play(*s, kBritish, "Massacre Teheran");
  EXPECT_EQ(S(*s).pounds[kBritish], 1);
  EXPECT_EQ(S(*s).bop, 3);
  EXPECT_EQ(forage(S(*s), square("Teheran")), 0);
}

TEST(CrossroadsOptional, TelegraphPicksUpUnitsOnRailroads) {
  auto s = board({"place British FF at Delhi", "place British GA at 36,30",
                  "marker British railroad at Delhi", "marker British railroad at 36,30", "turn 6"},
                 kBritish, Opts{{"telegraph", "on"}});
  play(*s, kBritish, "Pick the force at Delhi");
  play(*s, kBritish, "Begin the move");
  play(*s, kBritish, "Move to North India, 1 square S of Delhi");
  bool pick = false;
  for (auto& l : labels(*s, kBritish)) pick = pick || l.rfind("Pick up", 0) == 0;
  EXPECT_TRUE(pick);
}

}  // namespace
}  // namespace frontier::crossroads::test
