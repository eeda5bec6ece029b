// Not a rule: what the bots' estimate (docs/ai.md) counts as lost at the next provisioning
// (17.3-17.6, provisioning_outlook in rules/crossroads/supply.cpp).
#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

int losses(const std::vector<std::string>& edits) {
  return provisioning_outlook(S(*board(edits)), kBritish).lost;
}

int income(const std::string& city) {
  return data().cities[data().city_index(city)].income;
}

constexpr int kFieldForceCost = 4, kGarrisonCost = 2;  // pounds, 10.0

TEST(CrossroadsProvisioningOutlook, AnExpeditionWithoutItsSupplyPointIsLost) {
  // 17.6: British regulars outside the home box need a point; in a clear square no forage point.
  EXPECT_EQ(losses({"place British FF at 28,22", "sp British 0"}), kFieldForceCost);
  EXPECT_EQ(losses({"place British FF at 28,22", "sp British 1"}), 0);
  // 17.61: not in the home box.
  EXPECT_EQ(losses({"place British FF at Central India", "sp British 0"}), 0);
  // A region's own natives are no expedition (17.6) and forage where they stand (17.32).
  EXPECT_EQ(losses({"place NI IR at Delhi", "sp British 0"}), 0);
}

TEST(CrossroadsProvisioningOutlook, ACityLeftEmptyCountsItsVictoryPoints) {
  // 25.1: the city counts for the side occupying it, so the expedition holding it alone takes
  // the city's VP with it; natives of the region staying there keep it.
  EXPECT_EQ(losses({"place British GA at Delhi", "sp British 0"}), kGarrisonCost + 10 * income("Delhi"));
  EXPECT_EQ(losses({"place British GA at Delhi", "place NI IR at Delhi", "sp British 0"}), kGarrisonCost);
}

TEST(CrossroadsProvisioningOutlook, SupplyPointsGoWhereTheySaveMost) {
  std::vector<std::string> two = {"place British GA at Delhi", "place British FF at 28,22"};
  two.push_back("sp British 1");
  EXPECT_EQ(losses(two), kFieldForceCost);  // Delhi is paid for
  two.back() = "sp British 2";
  EXPECT_EQ(losses(two), 0);
}

TEST(CrossroadsProvisioningOutlook, PoundsCountBeforeTheExpenditurePhase) {
  // 17.1: supply points are bought in the expenditure phase, before the turn's provisioning;
  // there each point counts once bought.
  auto s =
      board({"place British FF at 28,22", "sp British 0", "pounds British 1", "phase initiative British"});
  EXPECT_EQ(provisioning_outlook(S(*s), kBritish).lost, 0);
  edit(*s, "phase expenditure British");
  EXPECT_EQ(provisioning_outlook(S(*s), kBritish).lost, kFieldForceCost);
  play(*s, kBritish, "Buy a supply point (1 pound)");
  EXPECT_EQ(provisioning_outlook(S(*s), kBritish).lost, 0);
  // In the operations phases the pounds buy nothing before the provisioning.
  edit(*s, "phase movement British op 3");
  edit(*s, "sp British 0");
  EXPECT_EQ(provisioning_outlook(S(*s), kBritish).lost, kFieldForceCost);
}

TEST(CrossroadsProvisioningOutlook, SquaresAlreadyProvisionedAreSettled) {
  auto s = board({"place British FF at 28,22", "sp British 0"});
  State& st = S(*s);
  ASSERT_TRUE(british_provision(*s));
  EXPECT_EQ(provisioning_outlook(st, kBritish).lost, kFieldForceCost);  // the square being provisioned
  st.prov_sq = static_cast<int16_t>(28 * kW + 23);
  EXPECT_EQ(provisioning_outlook(st, kBritish).lost, 0);
}

TEST(CrossroadsProvisioningOutlook, UnitsToStarveCountAsLost) {
  // 17.4: unpaid, the units beyond Delhi's forage starve; the owner picks the cheapest.
  auto s =
      board({"place NI GA x4 at Delhi", "place NI IR at Delhi", "place NI FF x2 at Delhi", "sp British 0"});
  State& st = S(*s);
  ASSERT_TRUE(british_provision(*s));
  int due = 7 - forage(st, square("Delhi"));
  ASSERT_GT(due, 0);
  constexpr int kNativeGarrisonCost = 1;
  EXPECT_EQ(provisioning_outlook(st, kBritish).lost, due * kNativeGarrisonCost);
  play(*s, kBritish, "Pay nothing");
  ASSERT_EQ(st.phase, kStarveChoice);
  EXPECT_EQ(provisioning_outlook(st, kBritish).lost, due * kNativeGarrisonCost);
}

TEST(CrossroadsProvisioningOutlook, TheEstimateValuesASupplyPointThatSavesAForce) {
  auto without = board({"control NI British", "place British FF at 28,22", "sp British 0"});
  auto with = board({"control NI British", "place British FF at 28,22", "sp British 1"});
  EXPECT_GT(game().estimate(*with, kBritish).value(), game().estimate(*without, kBritish).value());
}

}  // namespace
}  // namespace frontier::crossroads::test
