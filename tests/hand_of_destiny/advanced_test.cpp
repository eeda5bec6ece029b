// Advanced rules: breakoff (18.0, 29.16), pursuit (19.0), major battles (20.0), supply in
// battle (21.3, 29.17), and each switched off by its option (2.0).
#include "match.h"

namespace frontier::hand_of_destiny::testing {
namespace {

TEST(Advanced, CavalryAndLeadersBreakOffInsteadOfFiring) {  // 18.0, 29.16
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("place abdulah korti");
  m.edit("place g_cav korti");
  m.edit("place g_inf_1 korti");
  m.edit("place rmli suakin");
  attack(m, "Korti", {1, 6});
  EXPECT_TRUE(m.offers(kEmpire, "Break off G Cavalry"));
  EXPECT_FALSE(m.offers(kEmpire, "Break off 1st G Infantry"));
  m.play(kEmpire, "Break off G Cavalry");
  ASSERT_EQ(m.prompt(kEmpire), "breakoff_to");
  m.play(kEmpire, "Break off to Dongola");
  EXPECT_EQ(m.loc("g_cav"), m.space("dongola"));
  EXPECT_EQ(m.prompt(kMahdist), "fire");  // the other side fires next
  Match off;
  off.empty_board("Mahdist", "K-12");
  off.edit("option breakoff off");
  off.edit("place abdulah korti");
  off.edit("place g_cav korti");
  off.edit("place rmli suakin");
  attack(off, "Korti", {1, 6});
  EXPECT_FALSE(off.offers(kEmpire, "Break off G Cavalry"));
}

TEST(Advanced, WhenEveryUnitBreaksOffTheBattleEnds) {  // 18.0, 19.0
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("place cav_a korti");
  m.edit("place abdulah korti");
  m.edit("place g_cav korti");
  m.edit("place rmli suakin");
  attack(m, "Korti", {1, 6});
  m.play(kEmpire, "Break off G Cavalry");
  m.play(kEmpire, "Break off to Abu Hamed");
  EXPECT_TRUE(m.logged("Mahdist wins the battle at Korti"));
  // Every enemy broke off: the attacker may pursue (19.0).
  EXPECT_EQ(m.prompt(kMahdist), "pursuit");
  EXPECT_TRUE(m.offers(kMahdist, "Pursue with Cavalry A"));
}

TEST(Advanced, WinningAttackerPursuesWithUnpanickedCavalry) {  // 19.0
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("place cav_a korti");
  m.edit("place abdulah korti");
  m.edit("place g_inf_1 korti");
  m.edit("place g_inf_2 dongola");
  m.edit("place rmli suakin");
  attack(m, "Korti", {6, 1});
  m.dice({5, 1, 1, 1, 1, 1, 1});
  m.play(kMahdist, "Fire with Abdulah");
  m.play(kEmpire, "Panic 1st G Infantry");
  m.play(kEmpire, "Retreat to Dongola");
  ASSERT_EQ(m.prompt(kMahdist), "pursuit");
  EXPECT_EQ(m.labels(kMahdist), (std::vector<std::string>{"No pursuit", "Pursue with Cavalry A"}));
  m.play(kMahdist, "Pursue with Cavalry A");
  m.play(kMahdist, "Pursue to Dongola");
  // Pursuers that reach enemies attack at once.
  EXPECT_EQ(m.s().battle.space, m.space("dongola"));
  EXPECT_TRUE(m.logged("pursues with Cavalry A to Dongola"));
}

TEST(Advanced, MajorBattleWinnerRecruitsLoserLosesOne) {  // 20.0
  Match m;
  m.empty_board("Mahdist", "K-12");
  for (const char* u : {"abdulah", "muhamed", "ali", "osman", "mahdi"})
    m.edit(std::string("place ") + u + " korti");
  for (const char* u : {"g_inf_1", "g_inf_2", "w_inf_1", "w_inf_2"})
    m.edit(std::string("place ") + u + " korti");
  m.edit("place rmli suakin");
  attack(m, "Korti", {6, 1});
  EXPECT_TRUE(m.s().battle.major);  // four units a side, leaders not counted
  m.dice({6, 6, 6, 6, 1, 1, 1});
  m.play(kMahdist, "Fire with Abdulah");
  for (const char* u : {"1st G Infantry", "2nd G Infantry", "1st W Infantry", "2nd W Infantry"})
    m.play(kEmpire, std::string("Eliminate ") + u);
  ASSERT_EQ(m.prompt(kMahdist), "major_recruit");
  m.play(kMahdist, "Recruit Cavalry A");
  EXPECT_EQ(m.loc("cav_a"), m.space("korti"));
  ASSERT_EQ(m.prompt(kEmpire), "major_loss");
  m.play(kEmpire, "Lose RMLI");
  EXPECT_EQ(m.loc("rmli"), kInBox);
  // 20.0: the recruited cavalry may not pursue; the Mahdi may.
  EXPECT_EQ(m.prompt(kMahdist), "pursuit");
  EXPECT_FALSE(m.offers(kMahdist, "Pursue with Cavalry A"));
  EXPECT_TRUE(m.offers(kMahdist, "Pursue with Mahdi"));
}

TEST(Advanced, OutOfSupplyUnitsFireOneDieLess) {  // 21.3, 29.17
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("place abdulah jebel_qadir");
  m.edit("place g_inf_1 jebel_qadir");
  m.edit("place g_cav jebel_qadir");
  m.edit("place gds_bde jebel_qadir");
  m.edit("place rmli suakin");
  attack(m, "Jebel Qadir", {1, 6});
  EXPECT_TRUE(m.s().unit(m.unit("g_inf_1")).flags & kOutOfSupply);
  EXPECT_FALSE(m.s().unit(m.unit("gds_bde")).flags & kOutOfSupply);  // camels always in supply
  m.dice({1, 1, 1});
  m.play(kEmpire, "Fire with 1st G Infantry");
  EXPECT_TRUE(m.logged("1st G Infantry fires 3 dice"));  // strength 4 - 1
}

TEST(Advanced, SupplyFromHeldTownsWithinTwoSpaces) {  // 29.17
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("place rmli suakin");
  m.edit("place g_inf_1 kassala");     // a town with no enemy: in supply
  m.edit("place g_inf_2 gedaref");     // next to Kassala
  m.edit("place w_inf_2 wad_medani");  // two from Kassala, through Gedaref
  m.edit("place naval_bde el_teb");    // two from Suakin, through Trinikat (naval link)
  m.edit("place g_cav jebel_qadir");
  m.edit("place boats_1 ed_dueim");
  m.edit("place w_inf_1 ed_dueim");  // with a river boat
  for (const char* u : {"g_inf_1", "g_inf_2", "w_inf_2", "naval_bde", "w_inf_1", "boats_1"}) {
    EXPECT_TRUE(in_supply(m.s(), m.unit(u), false, false)) << u;
  }
  EXPECT_FALSE(in_supply(m.s(), m.unit("g_cav"), false, false));
  m.edit("place ali gedaref");  // the intervening space is enemy occupied
  EXPECT_FALSE(in_supply(m.s(), m.unit("w_inf_2"), false, false));
  EXPECT_TRUE(in_supply(m.s(), m.unit("abdulah"), false, false));  // Mahdists always
}

}  // namespace
}  // namespace frontier::hand_of_destiny::testing
