// Recruiting 28.0 in full, naval landings 29.13, the Mahdi's return 29.5 and the breakout card.
#include "match.h"

namespace frontier::hand_of_destiny::testing {
namespace {

TEST(Recruit, MahdistRandomPickPlacedWithTheMahdiOrInHeldTowns) {  // 28.0
  Match m;
  m.empty_board("Mahdist", "K-10");
  for (const char* u : {"abdulah el_obeid", "mahdi shaykan", "ali abu_klea", "muhamed bara", "osman tamai",
                        "cav_a korti", "cav_b murrat", "rmli suakin", "eg_inf_1 kosti"}) {
    m.edit(std::string("place ") + u);
  }
  m.game.rng(*m.state).force_pick(1);  // the second unit of the box: Jihadiya B
  m.begin("Mahdist");
  ASSERT_EQ(m.prompt(kMahdist), "place_recruit");
  EXPECT_EQ(m.labels(kMahdist),
            (std::vector<std::string>{"Place Jihadiya B at El Obeid", "Place Jihadiya B at Bara",
                                      "Place Jihadiya B at Shaykan"}));
  m.play(kMahdist, "Place Jihadiya B at Shaykan");
  EXPECT_EQ(m.labels(kMahdist).size(), 3u);  // the second pick: Jihadiya A, same choices
  m.play(kMahdist, "Place Jihadiya A at El Obeid");
  EXPECT_EQ(m.prompt(kMahdist), "march");  // 28.0: recruits are taken at once
}

TEST(Recruit, K11PlacesAnywhereFreeOfEmpireUnits) {  // 28.0
  Match m;
  m.empty_board("Mahdist", "K-11");
  m.edit("place mahdi shaykan");
  m.edit("place rmli suakin");
  m.begin("Mahdist");
  ASSERT_EQ(m.prompt(kMahdist), "place_recruit");
  EXPECT_EQ(m.labels(kMahdist).size(), static_cast<size_t>(m.sc().space_count() - 1));
  for (const auto& l : m.labels(kMahdist)) EXPECT_EQ(l.find("Suakin"), std::string::npos) << l;
}

TEST(Recruit, BritishNamedUnitsLandAtPortsEvenIfEnemyHeld) {  // 28.0, 29.13
  Match m;
  m.empty_board("Empire", "K-04");
  m.edit("place rmli suakin");
  m.edit("place wadi_halfa_garrison wadi_halfa");
  m.edit("place osman trinikat");
  m.edit("place mahdi el_obeid");
  m.begin("Empire");
  EXPECT_EQ(m.labels(kEmpire),
            (std::vector<std::string>{"Place 1st G Infantry at Wadi Halfa", "Place 1st G Infantry at Suakin",
                                      "Place 1st G Infantry at Trinikat"}));
  m.play(kEmpire, "Place 1st G Infantry at Trinikat");
  m.play(kEmpire, "Place 2nd G Infantry at Trinikat");
  m.play(kEmpire, "Place G Cavalry at Suakin");
  m.play(kEmpire, "Place G Artillery at Suakin");
  EXPECT_TRUE(m.logged("by naval landing (29.13)"));
  // 29.13: landed units cannot move this turn and must fight.
  EXPECT_FALSE(m.offers(kEmpire, "Move from Trinikat"));
  m.play(kEmpire, "End the March Phase");
  m.dice({1, 6});  // Empire 1; Mahdist 6 (+1 elite Osman Digna)
  m.play(kEmpire, "Fight at Trinikat");
  m.dice({6, 5, 1, 1, 1, 1});
  m.play(kMahdist, "Fire with Osman Digna");
  m.play(kEmpire, "Eliminate 1st G Infantry");
  m.play(kEmpire, "Panic 2nd G Infantry");
  // 29.13: the landing force lost: every Empire unit there is eliminated, none retreats.
  EXPECT_EQ(m.loc("g_inf_1"), kEliminated);
  EXPECT_EQ(m.loc("g_inf_2"), kEliminated);
  // 28.0: the card picked a second time re-recruits two eliminated British units it names.
  m.edit("draws Empire K-04");
  m.begin("Empire");
  EXPECT_EQ(m.labels(kEmpire),
            (std::vector<std::string>{"Re-recruit 1st G Infantry", "Re-recruit 2nd G Infantry", "Done"}));
  m.play(kEmpire, "Re-recruit 2nd G Infantry");
  m.play(kEmpire, "Place 2nd G Infantry at Suakin");
  m.play(kEmpire, "Done");
  EXPECT_EQ(m.loc("g_inf_1"), kEliminated);
  EXPECT_EQ(m.loc("g_inf_2"), m.space("suakin"));
  EXPECT_EQ(m.prompt(kEmpire), "march");
}

TEST(Recruit, GordonIsNeverReRecruited) {  // 28.0, 29.6
  Match m;
  m.empty_board("Empire", "K-01");
  m.edit("place rmli suakin");
  m.edit("place khartoum_garrison khartoum");
  m.begin("Empire");
  EXPECT_TRUE(m.offers(kEmpire, "Place Gordon at Khartoum"));  // K-01 also allows Khartoum
  m.play(kEmpire, "Place Gordon at Khartoum");
  m.edit("eliminate gordon");
  EXPECT_EQ(m.loc("gordon"), kDead);
  m.edit("draws Empire K-01");
  m.begin("Empire");
  EXPECT_EQ(m.prompt(kEmpire), "march");
  std::string why = m.game.explain_illegal(*m.state, kEmpire, act(khartoum::RE_RECRUIT, m.unit("gordon")));
  EXPECT_NE(why.find("Gordon may not be re-recruited (28.0)"), std::string::npos) << why;
  std::string before = core::state_hash(m.game, *m.state);
  auto r = core::apply(m.game, *m.state, kEmpire, act(khartoum::RE_RECRUIT, m.unit("gordon")));
  EXPECT_FALSE(r.status.is_ok());
  EXPECT_EQ(core::state_hash(m.game, *m.state), before);
}

TEST(Recruit, EgyptianChoicesAndGarrisonLimits) {  // 28.0
  Match m;
  m.empty_board("Empire", "K-02");
  m.edit("place rmli suakin");
  m.edit("place wadi_halfa_garrison wadi_halfa");
  m.edit("place mahdi el_obeid");
  m.begin("Empire");
  ASSERT_EQ(m.prompt(kEmpire), "choose_egyptian");
  EXPECT_TRUE(m.offers(kEmpire, "Recruit Suakin Garrison"));
  EXPECT_TRUE(m.offers(kEmpire, "Recruit Egyptian A"));
  EXPECT_FALSE(m.offers(kEmpire, "Recruit Khartoum Garrison"));  // only in its namesake, if held
  EXPECT_FALSE(m.offers(kEmpire, "Recruit Gordon"));
  m.play(kEmpire, "Recruit Egyptian A");
  // One garrison per town, only in towns the Empire already holds.
  EXPECT_EQ(m.labels(kEmpire), (std::vector<std::string>{"Place Egyptian A at Suakin"}));
}

TEST(Recruit, TheMahdiReturnsHalfADieLater) {  // 29.5
  Match m;
  m.empty_board("Mahdist", "K-13 K-10", 2);  // K-13 recruits nobody
  m.edit("place abdulah el_obeid");
  m.edit("place rmli suakin");
  m.dice({3});
  m.edit("eliminate mahdi");
  EXPECT_EQ(m.s().mahdi_return_turn, 4);  // turn 2 + ceil(3 / 2)
  m.begin("Mahdist");
  EXPECT_EQ(m.prompt(kMahdist), "march");
  m.edit("turn 4");
  m.game.rng(*m.state).force_pick(0);
  m.begin("Mahdist");  // K-10: two recruits first, then the Mahdi (29.5: after other reinforcements)
  EXPECT_EQ(m.prompt(kMahdist), "place_recruit");
  m.play(kMahdist, "Place Muhamed at El Obeid");
  m.play(kMahdist, m.labels(kMahdist).front());
  ASSERT_EQ(m.prompt(kMahdist), "mahdi_return");
  EXPECT_FALSE(m.offers(kMahdist, "Place Mahdi at Suakin"));
  EXPECT_TRUE(m.offers(kMahdist, "Place Mahdi at Dara"));
  m.play(kMahdist, "Place Mahdi at Dara");
  EXPECT_EQ(m.s().mahdi_return_turn, -1);
}

TEST(Recruit, TheMahdiDoesNotReturnAfterTheLastTurn) {  // 29.5
  Match m;
  m.empty_board("Mahdist", "K-12", 8);
  m.dice({6});
  m.edit("eliminate mahdi");
  EXPECT_EQ(m.s().mahdi_return_turn, -1);
}

TEST(Recruit, BreakoutTurnsAGarrisonIntoInfantry) {  // 29.3, breakout card K-05
  Match m;
  m.empty_board("Empire", "K-05");
  m.edit("place rmli suakin");
  m.edit("place egyptian_a dongola");
  m.edit("place mahdi el_obeid");
  m.begin("Empire");
  m.play(kEmpire, "Play K-05 Breakout now");
  EXPECT_EQ(m.labels(kEmpire), (std::vector<std::string>{"Break out Egyptian A"}));
  m.play(kEmpire, "Break out Egyptian A");
  m.play(kEmpire, "Convert to 5th Egyptian Infantry");
  EXPECT_EQ(m.loc("eg_inf_5"), m.space("dongola"));
  EXPECT_EQ(m.loc("egyptian_a"), kInBox);
  EXPECT_TRUE(m.offers(kEmpire, "Move from Dongola"));
}

TEST(Recruit, UnmetCriteriaSkipTheTurn) {  // 29.1
  Match m;
  m.empty_board("Empire", "K-05");
  m.edit("place rmli suakin");
  m.edit("place mahdi el_obeid");
  m.begin("Empire");
  m.play(kEmpire, "Play K-05 Breakout now");  // no garrison A-E on the map
  EXPECT_TRUE(m.logged("criteria cannot be met"));
  EXPECT_EQ(m.s().player, kMahdist);
}

}  // namespace
}  // namespace frontier::hand_of_destiny::testing
