// Banner activation (7.1), disorganisation (11.4), key areas (11.9) and control (11.3).
#include "lion_fixture.h"

namespace frontier::lion::testing {
namespace {

TEST(LionBanners, ActivatedLeftToRightEachCompletedFirst) {
  auto g = start(3);
  edit(*g, "turn 3");
  edit(*g, "ap 1");
  edit(*g, "draws banner 5");  // Black, White
  play(*g, "Set up defensive positions (6.7)");
  play(*g, "Defend Fort Omdurman");
  play(*g, "Add Egyptian infantry (2 steps)");
  play(*g, "Garrison of Fort Omdurman complete");
  play(*g, "Defend White Nile Shore");
  play(*g, "Add Egyptian infantry (2 steps)");
  play(*g, "Garrison of White Nile Shore complete");
  std::vector<core::LogEvent> log;
  play(*g, "Done setting up defences", &log);
  // 7.1: the Black Banner first; the White waits until the Black's attack is resolved.
  EXPECT_NE(text(log).find("Black Banner attacks Fort Omdurman"), std::string::npos);
  EXPECT_EQ(text(log).find("White Banner attacks"), std::string::npos);
  dice(*g, {6, 6, 6});
  log.clear();
  play(*g, "Spend no RP", &log);
  EXPECT_NE(text(log).find("White Banner attacks White Nile Shore"), std::string::npos) << text(log);
  EXPECT_EQ(game().prompt(*g, 0).kind, "spend_rp");
}

TEST(LionBanners, DisorganisedAndZeroStrengthBannersIdle) {
  auto g = start(4);
  edit(*g, "turn 3");
  edit(*g, "draws banner 9");  // Black, Red, White
  edit(*g, "banner black 6 8 disorganised");
  edit(*g, "banner red 6 0");  // 11.4: strength 0 is disorganised
  edit(*g, "banner white 6 8 disorganised");
  std::vector<core::LogEvent> log;
  play(*g, "End the action phase", &log);
  EXPECT_NE(text(log).find("Red Banner is disorganised and does nothing (7.1)"), std::string::npos);
  for (int b = 0; b < kBanners; ++b) EXPECT_EQ(st(g).banner_pos[b], 6);
  EXPECT_EQ(st(g).turn, 4);
  EXPECT_EQ(st(g).banner_str[2], 0);  // 11.4: never below zero, still idle until it recovers
}

TEST(LionBanners, UnopposedAdvanceCostsKeyAreas) {
  auto g = start(5);
  edit(*g, "turn 3");
  edit(*g, "ap 1");
  edit(*g, "draws banner 3");  // Red
  play(*g, "Set up defensive positions (6.7)");
  play(*g, "Defend Palace Landing");
  play(*g, "Add Sudanese infantry (2 steps)");
  play(*g, "Garrison of Palace Landing complete");
  edit(*g, "fort red3 on");
  play(*g, "Done setting up defences");
  const State& s = st(g);
  EXPECT_EQ(s.banner_pos[2], 3);                    // 7.1: through 5 and 4 into 3
  EXPECT_EQ(s.cm, 11);                              // 11.9: the North Fort is a key area
  EXPECT_FALSE(s.fort_marker[area_by_id("red3")]);  // markers go with the area
  EXPECT_FALSE(s.controlled(area_by_id("red3")));   // 11.3
  EXPECT_TRUE(s.controlled(area_by_id("red2")));
  EXPECT_EQ(game().prompt(*g, 0).kind, "spend_rp");
}

TEST(LionBanners, ControlFollowsTheBanner) {
  auto g = start();
  edit(*g, "banner green 5 6");
  const State& s = st(g);
  // 11.3 example: Green in area 5: areas 2, 3, 4 and the Palace are yours, not 5 and 6.
  for (int n : {2, 3, 4}) EXPECT_TRUE(s.controlled(area_index(1, n))) << n;
  EXPECT_FALSE(s.controlled(area_index(1, 5)));
  EXPECT_FALSE(s.controlled(area_index(1, 6)));
  EXPECT_TRUE(s.controlled(kPalace));
}

}  // namespace
}  // namespace frontier::lion::testing
