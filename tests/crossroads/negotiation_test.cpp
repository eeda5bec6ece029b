// Negotiations (15.0), belligerency and invasion (5.4), defection (5.6).
#include "core/view.h"
#include "crossroads.pb.h"
#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

std::unique_ptr<core::GameState> talks(std::vector<std::string> edits) {
  edits.push_back("phase negotiations British op 1");
  return board(edits);
}

TEST(CrossroadsNegotiation, AgentInCapitalMayNegotiate) {
  auto s = talks({"agent Burnes at Kabul", "place AF IR at Kabul", "control AF neutral", "pounds British 5"});
  play(*s, kBritish, "Negotiate with Afghanistan through Burnes");
  // 15.1(2): from zero up to the political value (Burnes 2).
  EXPECT_TRUE(offered(*s, kBritish, "Commit 2 pounds"));
  EXPECT_FALSE(offered(*s, kBritish, "Commit 3 pounds"));
  // No Russian agent in Kabul: only the British hold a prompt (15.1(4)).
  EXPECT_EQ(game().awaiting(*s), core::seat_bit(kBritish));
}

TEST(CrossroadsNegotiation, SecretCommitmentsArePromptedTogether) {
  auto s =
      talks({"agent Burnes at Kabul", "agent Vitkovitch at Kabul", "pounds British 5", "pounds Russian 5"});
  play(*s, kBritish, "Negotiate with Afghanistan through Burnes");
  play(*s, kRussian, "Counter with Vitkovitch (political value 2)");  // 15.1(4)
  EXPECT_EQ(game().awaiting(*s), core::seat_bit(kBritish) | core::seat_bit(kRussian));
  play(*s, kBritish, "Commit 2 pounds");
  // The Russian sees that pounds were committed, not how many (15.1 note).
  frontier::GameView v;
  game().view(*s, kRussian, v);
  EXPECT_EQ(frontier::core::unpack_view<frontier::crossroads::CrossroadsView>(v).pounds(), 5);
  EXPECT_EQ(game().awaiting(*s), core::seat_bit(kRussian));
  S(*s).rng.force_roll(4);
  play(*s, kRussian, "Commit 1 pound");
  EXPECT_EQ(S(*s).pounds[kBritish], 3);
  EXPECT_EQ(S(*s).pounds[kRussian], 4);
}

TEST(CrossroadsNegotiation, NoTalksBesideEnemyCombatUnits) {
  // 15.5
  auto s = talks({"agent Burnes at Kabul", "place Russian FF at Kabul"});
  EXPECT_FALSE(offered(*s, kBritish, "Negotiate with Afghanistan through Burnes"));
}

TEST(CrossroadsNegotiation, TreatyGivesControl) {
  // Differential 2+2 = 4 (column 3-4), roll 6: treaty.
  auto s = talks({"agent Burnes at Kabul", "pounds British 5"});
  play(*s, kBritish, "Negotiate with Afghanistan through Burnes");
  S(*s).rng.force_roll(6);
  play(*s, kBritish, "Commit 2 pounds");
  EXPECT_EQ(S(*s).control[data().region_index("AF")], kBritish);
}

TEST(CrossroadsNegotiation, StoppingInANeutralCityIsAnInvasion) {
  // 5.41(2): the region joins the other player, who places the defense levy (5.42(3)).
  auto s = talks({"place British FF at Kandahar"});
  S(*s).rng.force_roll(2);
  play(*s, kBritish, "End negotiations");
  EXPECT_EQ(S(*s).control[data().region_index("AF")], kRussian);
  EXPECT_EQ(game().prompt(*s, kRussian).kind, "levy");
  EXPECT_EQ(S(*s).levy_left, 2);
}

TEST(CrossroadsNegotiation, AgentsAloneDoNotViolateNeutrality) {
  // 5.44
  auto s = talks({"agent Burnes at Kandahar", "place AF IR at Kandahar"});
  play(*s, kBritish, "End negotiations");
  EXPECT_EQ(S(*s).control[data().region_index("AF")], kNeutral);
}

}  // namespace
}  // namespace frontier::crossroads::test

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsNegotiation, ReversionSendsUnitsHome) {
  // 5.51(1)-(2): units inside the region stay; those outside go to a free city of the region
  // (placed by the rules here: the first free city), or are eliminated when there is none.
  auto s = board({"control AF British", "place AF IR at Kabul", "place AF IR at Delhi"});
  core::EventSink none;
  set_control(S(*s), data().region_index("AF"), kNeutral, false, none);
  int home = 0, away = 0;
  for (int u = 0; u < S(*s).nunits; ++u) {
    if (S(*s).type(u).nation != 2 + data().region_index("AF")) continue;
    int l = S(*s).units[u].loc;
    if (l == square("Delhi")) ++away;
    if (l >= 0 && l < kSquares && data().region[l] == data().region_index("AF")) ++home;
  }
  EXPECT_EQ(away, 0);
  EXPECT_EQ(home, 2);
  EXPECT_EQ(S(*s).control[data().region_index("AF")], kNeutral);
}

}  // namespace
}  // namespace frontier::crossroads::test
