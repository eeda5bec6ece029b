// The reconstructed Khartoum data holds what the rules name (1.0, 24.0, 25.0, 29.x).
#include <map>
#include <string>

#include "match.h"

namespace frontier::hand_of_destiny::testing {
namespace {

TEST(KhartoumData, FortyCountersNineMahdistThirtyOneEmpire) {  // 1.0, 25.1, 25.2
  const Scenario& sc = *Match().s().sc;
  ASSERT_EQ(sc.unit_count(), 40);
  int mahdist = 0, british_box = 0, egyptian_box = 0, empire_map = 0;
  for (const auto& u : sc.units) {
    if (u.side == kMahdist) {
      ++mahdist;
      continue;
    }
    bool on_map = u.setup >= 0 || !u.setup_choice.empty();
    if (on_map)
      ++empire_map;
    else if (u.british)
      ++british_box;
    else
      ++egyptian_box;
  }
  EXPECT_EQ(mahdist, 9);
  EXPECT_EQ(empire_map, 14);
  EXPECT_EQ(british_box, 12);  // 25.1: "all remaining 12 British and 5 Egyptian units"
  EXPECT_EQ(egyptian_box, 5);
}

// The set-up prints the garrisons' strengths, so balance tuning may not change them.
TEST(KhartoumData, GarrisonStrengthsAreThePrintedOnes) {  // 25.1
  const Scenario& sc = *Match().s().sc;
  std::map<std::string, int> strength;
  for (const auto& u : sc.units) strength[u.id] = u.strength;
  // "One 4 strength garrison unit at each location" (Wadi Halfa, Khartoum, Suakin).
  EXPECT_EQ(strength.at("wadi_halfa_garrison"), 4);
  EXPECT_EQ(strength.at("khartoum_garrison"), 4);
  EXPECT_EQ(strength.at("suakin_garrison"), 4);
  // "Four 2 strength garrison units (Egyptian A through D)".
  for (const char* id : {"egyptian_a", "egyptian_b", "egyptian_c", "egyptian_d"})
    EXPECT_EQ(strength.at(id), 2) << id;
}

TEST(KhartoumData, EighteenCardsFiveAOverFourB) {  // 1.0, 25.1
  const Scenario& sc = *Match().s().sc;
  ASSERT_EQ(sc.card_count(), 18);
  int a = 0, b = 0, m = 0;
  for (const auto& c : sc.cards) {
    if (c.side == kMahdist)
      ++m;
    else
      (c.group_a ? a : b)++;
  }
  EXPECT_EQ(m, 9);
  EXPECT_EQ(a, 5);
  EXPECT_EQ(b, 4);
  EXPECT_EQ(sc.cards[static_cast<size_t>(sc.card_index("K-01"))].name, "Send Gordon");
  EXPECT_TRUE(sc.cards[static_cast<size_t>(sc.card_index("K-11"))].recruit_anywhere);  // 28.0
  EXPECT_TRUE(sc.cards[static_cast<size_t>(sc.card_index("K-16"))].recruit_anywhere);
  EXPECT_EQ(sc.cards[static_cast<size_t>(sc.card_index("K-18"))].event, CardInfo::kEgyptianMarch);  // 29.1
}

TEST(KhartoumData, EverySpaceTheRulesNameExists) {  // 25.x, 27.0, 29.12
  Match m;
  for (const char* name :
       {"Khartoum", "Wadi Halfa", "Suakin", "El Obeid", "Kosti", "Dara", "Trinikat", "Abu Klea"}) {
    EXPECT_GE(m.sc().space_index(name), 0) << name;
  }
  EXPECT_TRUE(m.sc().spaces[static_cast<size_t>(m.space("suakin"))].port);
  EXPECT_TRUE(m.sc().spaces[static_cast<size_t>(m.space("trinikat"))].port);
  EXPECT_EQ(m.sc().spaces[static_cast<size_t>(m.space("khartoum"))].vp, 3);  // 27.0
  // 25.2: "either space adjacent to Suakin": exactly two neighbours by route.
  const SpaceInfo& suakin = m.sc().spaces[static_cast<size_t>(m.space("suakin"))];
  int neighbours = 0;
  for (int i = 0; i < suakin.link_count; ++i)
    neighbours += suakin.links[static_cast<size_t>(i)].kind != kNaval;
  EXPECT_EQ(neighbours, 2);
}

TEST(KhartoumData, CompileRejectsUnknownNames) {
  ScenarioData d;
  d.add_terrain()->set_id("clear");
  auto* s = d.add_space();
  s->set_id("a");
  s->set_terrain("swamp");
  auto r = compile_scenario(d);
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("swamp"), std::string::npos);
}

}  // namespace
}  // namespace frontier::hand_of_destiny::testing
