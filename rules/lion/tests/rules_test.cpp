// Set-up, sequence of play, events, reorganisation, victory and options of The Lion of Khartoum.
#include "lion_fixture.h"

namespace frontier::lion::testing {
namespace {

int count_troops(const State& s, Loc loc, int type = -1, int steps = -1) {
  int n = 0;
  for (const Troop& t : s.troops)
    n += t.loc == loc && (type < 0 || t.type == type) && (steps < 0 || t.steps == steps);
  return n;
}

// Makes every banner idle, puts `event` on top of the event deck and ends the action phase, so
// the next turn starts with that card (7.1: disorganised banners do nothing).
void next_turn(core::GameState& s, int event = 0, std::vector<core::LogEvent>* log = nullptr) {
  for (const char* b : {"black", "green", "red", "white"}) {
    State& x = S(s);
    int i = banner_by_id(b);
    edit(s, std::string("banner ") + b + " " + std::to_string(x.banner_pos[i]) + " " +
                std::to_string(x.banner_str[i]) + " disorganised");
  }
  if (event > 0) edit(s, "draws event " + std::to_string(event));
  play(s, "End the action phase", log);
}

TEST(LionSetUp, FollowsThreePointTwo) {
  auto g = start();
  const State& s = st(g);
  // 3.2 steps 1-10
  EXPECT_EQ(s.turn, 1);
  EXPECT_EQ(s.relief_turn, 12);
  EXPECT_EQ(s.ap, 3);
  EXPECT_EQ(s.cm, 12);
  EXPECT_EQ(s.rp, 32);
  EXPECT_EQ(count_troops(s, Loc::kAvailable, kEgyptian, 2), 2);
  EXPECT_EQ(count_troops(s, Loc::kAvailable, kSudanese, 2), 3);
  EXPECT_EQ(count_troops(s, Loc::kAvailable, kBachi, 2), 3);
  EXPECT_EQ(count_troops(s, Loc::kUnraised, kMilitia), 2);
  int heavy = 0, light = 0;
  for (const Gun& gun : s.guns) (gun.type == kHeavy ? heavy : light) += gun.loc == Loc::kAvailable;
  EXPECT_EQ(heavy, 1);
  EXPECT_EQ(light, 5);
  for (const LeaderState& l : s.leaders) EXPECT_EQ(l.loc, Loc::kAvailable);
  for (const Gunboat& b : s.gunboats) EXPECT_EQ(b.loc, Loc::kUnbuilt);
  for (int b = 0; b < kBanners; ++b) EXPECT_EQ(s.banner_pos[b], 6);
  EXPECT_EQ(s.banner_str[0], 8);  // black
  EXPECT_EQ(s.banner_str[1], 6);  // green
  EXPECT_EQ(s.banner_str[2], 6);  // red
  EXPECT_EQ(s.banner_str[3], 8);  // white
  // 3.1: two face-down decks
  EXPECT_EQ(s.events.size(), 20u);
  EXPECT_EQ(s.banner_deck.size(), 12u);
  EXPECT_EQ(game().check_invariants(*g), "");
}

TEST(LionTurnOne, OnlyFourActionsAndEightFreeResourcePoints) {
  auto g = start();
  // 4.2: 3 AP; only fortifications, morale, gunboats and militia.
  EXPECT_EQ(choices(*g),
            "Improve fortifications (6.1) | Raise City Morale by 1 (2 RP, 6.2) | Raise City Morale by 2 (4 "
            "RP, 6.2) | "
            "Build or repair gunboats (6.4) | Create one militia (1 CM, 6.3) | Create two militia (1 CM, "
            "6.3) | End the "
            "action phase");
  core::Action raid{START_ACTION, kRaidAction, 0, 0};
  auto r = core::apply(game(), *g, 0, raid);
  EXPECT_FALSE(r.status.is_ok());
  EXPECT_NE(r.status.message().find("(4.2)"), std::string::npos);
  // 4.2: the free RP pay, the RP track does not move.
  play(*g, "Improve fortifications (6.1)");
  for (const char* a : {"Fort Omdurman", "Southern Ramparts", "Fort Mukran"})
    play(*g, std::string("Fortify ") + a);
  play(*g, "Done fortifying");
  EXPECT_EQ(st(g).free_rp, 5);
  play(*g, "Raise City Morale by 2 (4 RP, 6.2)");
  EXPECT_EQ(st(g).cm, 14);
  EXPECT_EQ(st(g).rp, 32);
  EXPECT_EQ(st(g).free_rp, 1);
  play(*g, "Build or repair gunboats (6.4)");
  play(*g, "Build a gunboat (1 RP)");
  EXPECT_EQ(st(g).free_rp, 0);
  EXPECT_FALSE(can(*g, "Build a gunboat (1 RP)")) << "4.2: no more than 8 RP on turn 1";
  std::vector<core::LogEvent> log;
  play(*g, "Done with gunboats", &log);  // 0 AP: the phase ends
  // 4.2: no banner activation on turn 1; 8.0 step 6: upkeep; turn 2 draws an event (5.0).
  EXPECT_EQ(text(log).find("Banner activation card"), std::string::npos);
  for (int b = 0; b < kBanners; ++b) EXPECT_EQ(st(g).banner_pos[b], 6);
  EXPECT_EQ(st(g).turn, 2);
  EXPECT_EQ(st(g).free_rp, 0);
  EXPECT_GT(st(g).event_card, 0);
  EXPECT_EQ(st(g).events.size(), 19u);
}

TEST(LionTurnOne, UnusedFreeResourcePointsAreLost) {
  auto g = start(1, {"no_event_cards=on"});
  play(*g, "End the action phase");
  EXPECT_EQ(st(g).rp, 31);  // 4.2: the 8 free RP are not banked; 8.0: -1 upkeep
}

TEST(LionSequence, ActionsOncePerTurnInTheOrderOfFourPointOne) {
  auto g = start();
  edit(*g, "turn 3");
  edit(*g, "ap 4");
  play(*g, "Create one militia (1 CM, 6.3)");
  // 4.1: fortifications come before militia; militia only once.
  EXPECT_FALSE(can(*g, "Improve fortifications (6.1)"));
  EXPECT_FALSE(can(*g, "Create one militia (1 CM, 6.3)"));
  core::Action fortify{START_ACTION, kFortifyAction, 0, 0};
  auto r = core::apply(game(), *g, 0, fortify);
  EXPECT_EQ(r.status.code(), core::StatusCode::kIllegalAction);
  EXPECT_NE(r.status.message().find("4.1"), std::string::npos);
  EXPECT_TRUE(can(*g, "Raid (6.5)"));
  EXPECT_TRUE(can(*g, "Set up defensive positions (6.7)"));
}

TEST(LionSequence, MoraleOrResourcesNotBoth) {
  auto g = start();
  edit(*g, "turn 3");
  edit(*g, "cm 14");
  // 6.2: CM never above 15, at most 4 RP (2 points).
  EXPECT_TRUE(can(*g, "Raise City Morale by 1 (2 RP, 6.2)"));
  EXPECT_FALSE(can(*g, "Raise City Morale by 2 (4 RP, 6.2)"));
  play(*g, "Raise City Morale by 1 (2 RP, 6.2)");
  EXPECT_EQ(st(g).cm, 15);
  EXPECT_EQ(st(g).rp, 30);
  // 6.2: not both in one turn.
  EXPECT_FALSE(can(*g, "Increase Resource Points by 1 (2 CM, 6.2)"));
  auto r = core::apply(game(), *g, 0, core::Action{START_ACTION, kResourcesAction, 1, 0});
  EXPECT_NE(r.status.message().find("(6.2)"), std::string::npos);
}

TEST(LionSequence, ResourcesCostTwoMoralePerPoint) {
  auto g = start();
  edit(*g, "turn 3");
  edit(*g, "rp 20");
  play(*g, "Increase Resource Points by 2 (4 CM, 6.2)");  // 6.2: at most 4 CM
  EXPECT_EQ(st(g).rp, 22);
  EXPECT_EQ(st(g).cm, 8);
}

TEST(LionMilitia, AtMostTwoAndRebuildable) {
  auto g = start();
  edit(*g, "turn 3");
  edit(*g, "militia 1");
  // 6.3: at most two in existence.
  EXPECT_TRUE(can(*g, "Create one militia (1 CM, 6.3)"));
  EXPECT_FALSE(can(*g, "Create two militia (1 CM, 6.3)"));
  edit(*g, "troop militia 1 eliminated");  // 6.3: eliminated militia may be raised again
  play(*g, "Create two militia (1 CM, 6.3)");
  EXPECT_EQ(count_troops(st(g), Loc::kAvailable, kMilitia), 2);
  EXPECT_EQ(st(g).cm, 11);
}

TEST(LionGunboats, RepairAndNeverRebuildDestroyed) {
  auto g = start();
  edit(*g, "turn 3");
  edit(*g, "gunboats 1 1");
  st(g).gunboats[2].loc = Loc::kDestroyed;  // 6.4: destroyed gunboats are never rebuilt
  play(*g, "Build or repair gunboats (6.4)");
  EXPECT_FALSE(can(*g, "Build a gunboat (1 RP)"));
  play(*g, "Repair a gunboat (1 RP)");
  EXPECT_EQ(st(g).rp, 31);
  EXPECT_EQ(st(g).stage, Stage::kGunboats);
  EXPECT_EQ(choices(*g), "Done with gunboats");
}

TEST(LionFortify, FourPerTurnOnlyOneAboveStart) {
  auto g = start();
  edit(*g, "turn 3");
  play(*g, "Improve fortifications (6.1)");
  for (const char* a : {"Fort Omdurman", "Fort Mukran", "North Fort", "Southern Ramparts"})
    play(*g, std::string("Fortify ") + a);
  EXPECT_EQ(choices(*g), "Done fortifying");  // 6.1: at most 4 RP a turn
  EXPECT_EQ(st(g).fort_level(area_by_id("black5")), 3);
  EXPECT_EQ(st(g).fort_level(area_by_id("white4")), 2);
  EXPECT_EQ(st(g).rp, 28);
}

TEST(LionEvents, ConditionalAndOnceOnly) {
  auto g = start();
  edit(*g, "turn 4");
  std::vector<core::LogEvent> log;
  next_turn(*g, 2, &log);  // 5.1: card 2 only on turns 9-12
  EXPECT_EQ(st(g).turn, 5);
  EXPECT_NE(text(log).find("conditions are not met"), std::string::npos);
  EXPECT_EQ(st(g).banner_str[3], 8);
  EXPECT_EQ(st(g).events.discards().size(), 1u);
  EXPECT_EQ(st(g).ap, 2);  // 5.3: the card's AP
  auto h = start(2);
  edit(*h, "turn 9");
  edit(*h, "gunboats 2 0");
  next_turn(*h, 2);  // turn 10: the Nile recedes
  EXPECT_EQ(st(h).banner_str[3], 10);
  EXPECT_EQ(count_troops(st(h), Loc::kAvailable), 8);
  EXPECT_EQ(st(h).gunboats[0].loc, Loc::kDamaged);
  ASSERT_EQ(st(h).events.removed().size(), 1u);  // 5.2: once only, removed from the game
  EXPECT_EQ(st(h).events.removed()[0], 2);
}

TEST(LionEvents, ReliefEarlierOnlyAfterTheVote) {
  auto g = start();
  edit(*g, "turn 6");
  next_turn(*g, 7);  // 5.1: card 7 needs card 6
  EXPECT_EQ(st(g).relief_turn, 12);
  auto h = start();
  edit(*h, "turn 6");
  edit(*h, "triggered 6");
  next_turn(*h, 7);
  EXPECT_EQ(st(h).relief_turn, 11);  // 9.1: the relief force may come earlier
}

TEST(LionEvents, RandomActionPointsAndUltimatum) {
  auto g = start();
  edit(*g, "turn 3");
  // Queued faces go to die rolls only (not to the banner-deck reshuffle of 8.0 step 5).
  dice(*g, {6});
  next_turn(*g, 11);  // 5.3: random AP, 6 → 4
  EXPECT_EQ(st(g).ap, 4);
  EXPECT_EQ(st(g).cm, 11);
  auto h = start();
  edit(*h, "turn 3");
  next_turn(*h, 17);
  EXPECT_EQ(game().prompt(*h, 0).kind, "event_choice");
  play(*h, "Pay 2 RP");
  EXPECT_EQ(st(h).rp, 29);  // 32 - 1 upkeep - 2
  EXPECT_EQ(st(h).stage, Stage::kChooseAction);
}

TEST(LionOptions, NoEventCardsGivesThreeActionPoints) {
  auto g = start(5, {"no_event_cards=on"});
  play(*g, "End the action phase");
  EXPECT_EQ(st(g).turn, 2);
  EXPECT_EQ(st(g).ap, 3);  // 10.2
  EXPECT_EQ(st(g).events.size(), 20u);
  EXPECT_EQ(st(g).event_card, 0);
}

TEST(LionOptions, DifficultyLevels) {
  auto cub = start(1, {"difficulty=lion_cub"});
  EXPECT_EQ(st(cub).cm, 15);  // 10.1
  EXPECT_EQ(st(cub).rp, 36);
  auto king = start(1, {"difficulty=lion_king"});
  EXPECT_EQ(st(king).banner_str[0], 10);
  EXPECT_EQ(st(king).banner_str[1], 8);
  EXPECT_EQ(st(king).banner_str[2], 8);
  EXPECT_EQ(st(king).banner_str[3], 10);
  EXPECT_EQ(st(king).cm, 12);
  frontier::MatchSetup bad;
  bad.set_game("lion");
  bad.set_scenario("standard");
  auto* o = bad.add_options();
  o->set_id("difficulty");
  o->set_value("lion_tamer");
  EXPECT_FALSE(game().initial(bad).is_ok());
}

TEST(LionReorganisation, SevenSteps) {
  auto g = start();
  edit(*g, "turn 3");
  edit(*g, "troop egyptian 2 used");
  edit(*g, "leader ali wounded");  // wounded this turn: misses the next one too (8.0 steps 3-4)
  st(g).leaders[kNushi] = {Loc::kWounded, -1, 2};  // wounded last turn: back now
  next_turn(*g, 20);
  const State& s = st(g);
  EXPECT_EQ(count_troops(s, Loc::kAvailable, kEgyptian), 2);           // step 2
  EXPECT_EQ(s.leaders[kNushi].loc, Loc::kAvailable);                   // step 3
  EXPECT_EQ(s.leaders[kAli].loc, Loc::kWounded);                       // step 4
  EXPECT_EQ(s.banner_deck.size(), 12u);                                // step 5
  EXPECT_EQ(s.rp, 31);                                                 // step 6
  EXPECT_EQ(s.turn, 4);                                                // step 7
  for (int b = 0; b < kBanners; ++b) EXPECT_FALSE(s.disorganised[b]);  // step 1
  next_turn(*g, 19);
  EXPECT_EQ(st(g).leaders[kAli].loc, Loc::kAvailable);
}

TEST(LionVictory, HoldingUntilTurnTwelve) {
  auto g = start();
  edit(*g, "turn 12");
  next_turn(*g);
  frontier::GameStatus status;
  game().status(*g, status);
  EXPECT_TRUE(status.finished());  // 9.1
  EXPECT_EQ(status.winner(), 0);
  EXPECT_NE(status.result().find("Victory (9.1)"), std::string::npos);
  EXPECT_EQ(game().awaiting(*g), 0u);
}

TEST(LionVictory, EarlyReliefForce) {
  auto g = start();
  edit(*g, "turn 9");
  edit(*g, "relief 9");
  next_turn(*g);
  frontier::GameStatus status;
  game().status(*g, status);
  EXPECT_TRUE(status.finished());  // 9.1: "or when the Relief Force arrives"
  EXPECT_NE(status.result().find("end of turn 9"), std::string::npos);
}

TEST(LionSuddenDeath, MoraleResourcesAndPalace) {
  auto g = start();
  edit(*g, "turn 3");
  edit(*g, "cm 1");
  play(*g, "Create one militia (1 CM, 6.3)");  // 9.2: CM below 1
  frontier::GameStatus status;
  game().status(*g, status);
  EXPECT_TRUE(status.finished());
  EXPECT_EQ(status.winner(), -1);
  EXPECT_NE(status.result().find("City Morale falls below 1"), std::string::npos);

  auto h = start();
  edit(*h, "turn 5");
  edit(*h, "rp 1");
  next_turn(*h);  // 8.0 step 6 upkeep takes the last RP: 9.2
  game().status(*h, status);
  EXPECT_NE(status.result().find("Resource Points fall below 1"), std::string::npos);

  auto k = start();
  edit(*k, "turn 10");
  edit(*k, "draws banner 1");
  std::vector<core::LogEvent> log;
  play(*k, "End the action phase", &log);  // 7.1: nothing stops the Black Banner
  game().status(*k, status);
  EXPECT_TRUE(status.finished());
  EXPECT_NE(status.result().find("a banner takes the Governor's Palace"), std::string::npos);
  // 9.3: lost during turn 10 (November): held until October 1884.
  EXPECT_NE(status.result().find("Palace held until October 1884 (9.3): Not too bad"), std::string::npos);
  EXPECT_NE(text(log).find("Black Banner enters Governor's Palace"), std::string::npos);
}

TEST(LionPerformance, TableRowsByMonth) {
  auto g = start();
  for (auto [turn, words] : {std::pair{12, "Defeat with honour"}, std::pair{11, "A pretty good job"},
                             std::pair{9, "pen-pushing job"}, std::pair{5, "below the performance table"}}) {
    auto k = start();
    edit(*k, "turn " + std::to_string(turn));
    edit(*k, "draws banner 1");
    play(*k, "End the action phase");
    frontier::GameStatus status;
    game().status(*k, status);
    EXPECT_NE(status.result().find(words), std::string::npos) << turn << ": " << status.result();  // 9.3
  }
}

}  // namespace
}  // namespace frontier::lion::testing
