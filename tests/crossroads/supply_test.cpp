// Provisioning (17.3-17.6).
#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

TEST(CrossroadsSupply, ExpeditionaryForceNeedsTwoPoints) {
  // 17.6 example: one British, two North Indian and one Afghan unit in a clear Afghan square
  // (forage 3): one SP for the excess, one for the expedition.
  auto s = board(
      {"control AF British", "place British FF at 28,22", "place NI GA x2 at 28,22", "place AF IR at 28,22"});
  bool exped = false;
  EXPECT_EQ(provision_need(S(*s), 28 * kW + 22, kBritish, &exped), 1);
  EXPECT_TRUE(exped);
}

TEST(CrossroadsSupply, UnpaidExpeditionLosesForeignUnits) {
  auto s = board({"control AF British", "place British FF at 28,22", "place AF IR at 28,22", "sp British 0"});
  ASSERT_TRUE(british_provision(*s));
  std::vector<std::string> provisions;  // leaving aside the player agreements of 23.0
  for (auto& l : labels(*s, kBritish))
    if (l.rfind("Offer", 0) != 0 && l.rfind("Ask", 0) != 0) provisions.push_back(l);
  EXPECT_EQ(provisions, std::vector<std::string>{"Pay nothing"});
  play(*s, kBritish, "Pay nothing");
  EXPECT_EQ(combat_units(S(*s), 28 * kW + 22, kBritish), 1);  // the Afghan irregulars stay
}

TEST(CrossroadsSupply, StarvingUnitsAreChosenByTheirOwner) {
  // 17.4: units beyond forage without SP are eliminated; the owner picks which.
  auto s =
      board({"place NI GA x4 at Delhi", "place NI IR at Delhi", "place NI FF x2 at Delhi", "sp British 0"});
  ASSERT_TRUE(british_provision(*s));
  play(*s, kBritish, "Pay nothing");
  EXPECT_EQ(game().prompt(*s, kBritish).kind, "starve");
  EXPECT_EQ(S(*s).starve_due, 7 - forage(S(*s), square("Delhi")));
}

}  // namespace
}  // namespace frontier::crossroads::test
