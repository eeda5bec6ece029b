// Movement: contingents (29.2), card distances (11.0), stops (11.1), desert routes (29.8),
// river boats (29.10), the Nile (29.11), naval moves (29.12) and supply (21.3).
#include "core/view.h"
#include "khartoum.pb.h"
#include "match.h"

namespace frontier::hand_of_destiny::testing {
namespace {

TEST(March, CardsMoveOnlyTheirContingentAndGordonGoesWithEither) {  // 29.2, 11.1
  Match m;
  m.empty_board("Empire", "K-06");  // British 2, river boats 3
  m.edit("remove w_inf_1");
  m.edit("place mahdi el_obeid");
  for (const char* u : {"rmli suakin", "suakin_garrison suakin", "eg_inf_1 suakin", "gordon suakin",
                        "wadi_halfa_garrison wadi_halfa", "eg_inf_3 wadi_halfa"}) {
    m.edit(std::string("place ") + u);
  }
  m.begin("Empire");
  for (int i = 0; i < 4; ++i) m.play(kEmpire, m.labels(kEmpire).front());  // place the four recruits
  ASSERT_EQ(m.prompt(kEmpire), "march");
  m.play(kEmpire, "Move from Suakin");
  EXPECT_TRUE(m.offers(kEmpire, "Leave RMLI"));
  EXPECT_TRUE(m.offers(kEmpire, "Leave Gordon"));                 // 29.6: with either contingent
  EXPECT_FALSE(m.offers(kEmpire, "Take 1st Egyptian Infantry"));  // the card moves the British only
  EXPECT_FALSE(m.offers(kEmpire, "Take Suakin Garrison"));        // 29.3: garrisons never move
  // Nor may a unit of a contingent the card leaves still ride a boat (29.2, 29.10).
  m.play(kEmpire, "Cancel");
  m.play(kEmpire, "Move from Wadi Halfa");
  EXPECT_TRUE(m.offers(kEmpire, "Leave River Boats 1"));
  EXPECT_FALSE(m.offers(kEmpire, "Take 3rd Egyptian Infantry"));
}

// The question before the March Phase ends with stacks that could still move (11.0), counting
// them (LegalChoice.confirm); moving a stack never asks.
TEST(March, EndingWithStacksUnmovedAsksFirst) {  // 11.0
  Match m;
  m.empty_board("Empire", "K-06");
  m.edit("place mahdi el_obeid");
  m.edit("place rmli suakin");
  m.edit("place gordon wadi_halfa");
  m.begin("Empire");
  for (int i = 0; i < 6 && m.prompt(kEmpire) != "march"; ++i)
    m.play(kEmpire, m.labels(kEmpire).front());  // place the recruits
  ASSERT_EQ(m.prompt(kEmpire), "march");
  auto confirm_of = [&](const std::string& label) {
    frontier::Prompt p = core::prompt_with_choices(m.game, *m.state, kEmpire);
    int stacks = 0;
    std::string confirm;
    for (const auto& c : p.choices()) {
      stacks += c.label().rfind("Move from ", 0) == 0;
      if (c.label() == label) confirm = c.confirm();
    }
    return std::make_pair(confirm, stacks);
  };
  auto [question, stacks] = confirm_of("End the March Phase");
  ASSERT_GE(stacks, 2);
  EXPECT_EQ(question, "End the March Phase with " + std::to_string(stacks) + " stacks unmoved?");
  EXPECT_EQ(confirm_of("Move from Suakin").first, "");
  // The status line reads the step in words, not its prompt kind.
  frontier::GameStatus status;
  m.game.status(*m.state, status);
  EXPECT_EQ(status.phase(), "March");
  EXPECT_EQ(status.score_name(), "Victory points");
}

TEST(March, DesertRoutesForMahdistsLeadersAndCamelsOnly) {  // 29.8
  Match m;
  m.empty_board("Empire", "K-09");  // cavalry 3, infantry 2
  m.edit("place mahdi el_obeid");
  m.edit("place g_inf_1 korti");
  m.edit("place eg_camel korti");
  m.edit("place rmli suakin");
  m.begin("Empire");
  m.play(kEmpire, "Recruit Egyptian Artillery");
  m.play(kEmpire, "Place Egyptian Artillery at Suakin");
  m.play(kEmpire, "Move from Korti");
  m.play(kEmpire, "Set out");  // K-09 moves infantry; camels are not named on it
  EXPECT_FALSE(m.offers(kEmpire, "Go to Abu Klea"));
  EXPECT_TRUE(m.offers(kEmpire, "Go to Abu Hamed"));  // river routes are land movement (29.9)
  Match c;
  c.empty_board("Empire", "K-07");  // camel 3
  c.edit("place mahdi el_obeid");
  c.edit("place eg_camel korti");
  c.edit("place rmli suakin");
  c.begin("Empire");
  for (int i = 0; i < 3; ++i) c.play(kEmpire, c.labels(kEmpire).front());
  c.play(kEmpire, "Move from Korti");
  c.play(kEmpire, "Set out");
  EXPECT_TRUE(c.offers(kEmpire, "Go to Abu Klea"));
}

TEST(March, MahdistCardsMoveEveryUnitByType) {  // 29.4, 11.0
  Match m;
  m.empty_board("Mahdist", "K-13");  // cavalry 4, all others 1
  m.edit("place cav_a el_obeid");
  m.edit("place abdulah el_obeid");
  m.edit("place rmli suakin");
  m.begin("Mahdist");
  EXPECT_EQ(m.s().unit(m.unit("cav_a")).moves_left, 4);
  EXPECT_EQ(m.s().unit(m.unit("abdulah")).moves_left, 1);
  m.play(kMahdist, "Move from El Obeid");
  m.play(kMahdist, "Set out");
  EXPECT_EQ(m.s().group_left, 1);  // together, the group goes as far as its slowest unit
}

TEST(March, StopTerrainAndEnemySpacesEndTheMove) {  // 11.1
  Match m;
  m.empty_board("Mahdist", "K-12");  // all 3
  m.edit("empty_box Mahdist");       // K-12 recruits: keep the board as set
  m.edit("place cav_a el_obeid");
  m.edit("place rmli suakin");
  m.edit("place eg_inf_1 bara");
  m.begin("Mahdist");
  m.play(kMahdist, "Move from El Obeid");
  m.play(kMahdist, "Set out");
  m.play(kMahdist, "Go to Shaykan");  // forest: stop
  EXPECT_EQ(m.prompt(kMahdist), "march");
  EXPECT_FALSE(m.offers(kMahdist, "Move from Shaykan"));  // 11.0: no second move
}

TEST(March, RiverBoatsCarryFourPassEnemiesAndStopAtEnemyKhartoum) {  // 29.10
  Match m;
  m.empty_board("Empire", "K-08", 1);  // river boats 4, British 2; turn 1 is Nile flood
  m.edit("place mahdi el_obeid");
  m.edit("place ali berber");
  m.edit("place abdulah khartoum");
  for (const char* u : {"boats_1 abu_hamed", "g_inf_1 abu_hamed", "g_inf_2 abu_hamed", "w_inf_1 abu_hamed",
                        "w_inf_2 abu_hamed", "naval_bde abu_hamed", "rmli suakin"}) {
    m.edit(std::string("place ") + u);
  }
  m.begin("Empire");
  m.play(kEmpire, "Play K-08 The River Column now");
  m.play(kEmpire, "Move from Abu Hamed");
  // Five land units are too many for one boat: the group starts on foot, without the boat.
  EXPECT_TRUE(m.offers(kEmpire, "Take River Boats 1"));
  EXPECT_TRUE(m.offers(kEmpire, "Set out"));
  m.play(kEmpire, "Take River Boats 1");
  EXPECT_FALSE(m.offers(kEmpire, "Set out"));  // five land units, one boat: four at most (29.10)
  m.play(kEmpire, "Leave Naval Bde");
  m.play(kEmpire, "Set out");
  EXPECT_FALSE(m.offers(kEmpire, "Go to Murrat Wells"));  // boats keep to the river
  m.play(kEmpire, "Go to Berber");                        // through the enemy
  EXPECT_EQ(m.prompt(kEmpire), "move_step");
  m.play(kEmpire, "Go to Metemma");
  m.play(kEmpire, "Go to Khartoum");  // enemy-held Khartoum: stop
  EXPECT_EQ(m.prompt(kEmpire), "march");
  EXPECT_EQ(m.loc("w_inf_2"), m.space("khartoum"));
}

TEST(March, NileLowHoldsBoatsSouthOfKhartoum) {  // 29.11
  for (int turn : {1, 3}) {
    Match m;
    m.empty_board("Empire", "K-08", turn);
    m.edit("place mahdi el_obeid");
    m.edit("place boats_1 kosti");
    m.edit("place rmli suakin");
    m.begin("Empire");
    m.play(kEmpire, "Play K-08 The River Column now");
    bool flood = turn == 1;
    EXPECT_EQ(m.offers(kEmpire, "Move from Kosti"), flood) << "turn " << turn;
    frontier::GameView v;
    m.game.view(*m.state, kEmpire, v);
    const auto khartoum = frontier::core::unpack_view<frontier::khartoum::KhartoumView>(v);
    for (const auto& sp : khartoum.spaces()) {
      if (sp.id() == "khartoum") {
        EXPECT_EQ(sp.terrain(), flood ? "Fortress" : "Town");
      }
    }
  }
}

TEST(March, NavalMoveSuakinTrinikatIsOneSpace) {  // 29.12
  Match m;
  m.empty_board("Empire", "K-09");
  m.edit("place mahdi el_obeid");
  m.edit("place g_cav suakin");
  m.edit("place rmli suakin");
  m.edit("place suakin_garrison suakin");
  m.begin("Empire");
  m.play(kEmpire, "Recruit Egyptian Artillery");
  m.play(kEmpire, "Place Egyptian Artillery at Suakin");
  m.play(kEmpire, "Move from Suakin");
  m.play(kEmpire, "Leave RMLI");
  m.play(kEmpire, "Set out");
  m.play(kEmpire, "Go to Trinikat");
  m.play(kEmpire, "Go to El Teb");
  m.play(kEmpire, "Go to Tokar");  // 1 + 2 = 3 spaces of cavalry movement
  EXPECT_EQ(m.loc("g_cav"), m.space("tokar"));
  EXPECT_EQ(m.prompt(kEmpire), "march");
}

TEST(March, OutOfSupplyUnitsMoveOneLess) {  // 21.3, 29.17
  Match m;
  m.empty_board("Empire", "K-09");
  m.edit("place mahdi el_obeid");
  m.edit("place g_cav jebel_qadir");  // far from any Empire town
  m.edit("place rmli suakin");
  m.begin("Empire");
  m.play(kEmpire, "Recruit Egyptian Artillery");
  m.play(kEmpire, "Place Egyptian Artillery at Suakin");
  EXPECT_EQ(m.s().unit(m.unit("g_cav")).moves_left, 2);
  EXPECT_TRUE(m.s().unit(m.unit("g_cav")).flags & kOutOfSupply);
  Match off;
  off.empty_board("Empire", "K-09");
  off.edit("option supply off");
  off.edit("place mahdi el_obeid");
  off.edit("place g_cav jebel_qadir");
  off.edit("place rmli suakin");
  off.begin("Empire");
  off.play(kEmpire, "Recruit Egyptian Artillery");
  off.play(kEmpire, "Place Egyptian Artillery at Suakin");
  EXPECT_EQ(off.s().unit(off.unit("g_cav")).moves_left, 3);
}

}  // namespace
}  // namespace frontier::hand_of_destiny::testing
