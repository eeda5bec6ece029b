// Not a rule: what the bots' estimate (docs/ai.md) counts for agents on their way to a capital
// where they may negotiate (15.0, rules/crossroads/prospects.cpp).
#include "crossroads/rules.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

// A board where every region but `open_region` is British (none if empty): British agents have
// one place to negotiate (15.3).
std::vector<std::string> british_but(const std::string& open_region) {
  std::vector<std::string> edits;
  for (const std::string& r : data().region_code)
    if (r != open_region) edits.push_back("control " + r + " British");
  return edits;
}

int prospects(const std::string& open_region, const std::vector<std::string>& more, int side = kBritish) {
  auto edits = british_but(open_region);
  edits.insert(edits.end(), more.begin(), more.end());
  return negotiation_prospects(S(*board(edits)), side);
}

TEST(CrossroadsProspects, AnAgentCountsMoreTheNearerItIsToACapital) {
  int in_kabul = prospects("AF", {"agent Burnes at Kabul"});
  int in_peshawar = prospects("AF", {"agent Burnes at Peshawar"});
  int in_delhi = prospects("AF", {"agent Burnes at Delhi"});
  EXPECT_GT(in_kabul, in_peshawar);
  EXPECT_GT(in_peshawar, in_delhi);
  EXPECT_GT(in_delhi, 0);
  // 15.3: a region the side controls is not negotiated with.
  EXPECT_EQ(prospects("", {"agent Burnes at Kabul"}), 0);
}

TEST(CrossroadsProspects, OnlyAgentsWhoCanWinATreatyCount) {
  // 15.1: political value 0 plus at most 0 pounds never reaches a T on the Negotiations Table.
  EXPECT_EQ(prospects("AF", {"agent Gough at Kabul"}), 0);
  // The other side's agents are not this side's prospects.
  EXPECT_EQ(prospects("AF", {"agent Burnes at Kabul"}, kRussian), 0);
  EXPECT_GT(prospects("AF", {"agent Simonich at Kabul"}, kRussian), 0);
}

TEST(CrossroadsProspects, ARegionCountsOnceForItsBestAgent) {
  int one = prospects("AF", {"agent Burnes at Kabul"});
  EXPECT_EQ(prospects("AF", {"agent Burnes at Kabul", "agent Macnaghten at Kabul"}), one);
}

TEST(CrossroadsProspects, ATreatyBringsTheRegionsNativesAndTheCitiesTheyHold) {
  // 5.42, 15.0: the treaty gives the region's natives to the side, so the cities they hold (25.1)
  // come with it; natives out of their cities add their units' cost only.
  int empty = prospects("AF", {"agent Burnes at Kabul"});
  int in_the_field = prospects("AF", {"agent Burnes at Kabul", "place AF IR at 20,10"});
  int in_kandahar = prospects("AF", {"agent Burnes at Kabul", "place AF IR at Kandahar"});
  EXPECT_GT(in_the_field, empty);
  EXPECT_GT(in_kandahar, in_the_field);
  // Another region's natives are not this treaty's.
  EXPECT_EQ(prospects("AF", {"agent Burnes at Kabul", "place PE IR at Kandahar"}), empty);
}

TEST(CrossroadsProspects, TheEstimateFollowsAnAgentsMarch) {
  // An even game otherwise, where the estimate is most sensitive (British India alone is British).
  auto near = board({"control NI British", "agent Burnes at Kabul"});
  auto far = board({"control NI British", "agent Burnes at Benares"});
  EXPECT_GT(game().estimate(*near, kBritish).value(), game().estimate(*far, kBritish).value());
}

}  // namespace
}  // namespace frontier::crossroads::test
