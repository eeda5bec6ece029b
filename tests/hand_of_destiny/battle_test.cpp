// Battle 13.0-13.6 with 14.0, 16.0, 17.0, 29.3, 29.7 and 29.15.
#include "match.h"

namespace frontier::hand_of_destiny::testing {
namespace {

// Both sides already in `space`; the Mahdist attacks there with K-12 (no battle bonus).
void mahdist_attacks(Match& m, const std::string& space_name, std::initializer_list<int> rolls) {
  m.edit("draws Mahdist K-12");
  m.begin("Mahdist");
  m.play(kMahdist, "End the March Phase");
  m.dice(rolls);
  m.play(kMahdist, "Fight at " + space_name);
}

TEST(Battle, TiesGoToTheSideTheTecNames) {  // 29.15, 13.1 d
  struct Case {
    const char* space;
    const char* name;
    int superior;
  } cases[] = {
      {"korti", "Korti", kEmpire}, {"abu_klea", "Abu Klea", kMahdist}, {"berber", "Berber", kEmpire}};
  for (const auto& c : cases) {
    Match m;
    m.empty_board("Mahdist", "K-12");
    m.edit(std::string("place abdulah ") + c.space);
    m.edit(std::string("place eg_inf_1 ") + c.space);
    m.edit("place rmli suakin");
    mahdist_attacks(m, c.name, {4, 4});
    EXPECT_EQ(m.s().battle.superior, c.superior)
        << c.space;  // clear: Empire; desert: Mahdist; town: defender
  }
}

TEST(Battle, EliteCardAndArtilleryModifiers) {  // 13.1 b-c, 17.0, 29.10
  Match m;
  m.empty_board("Mahdist", "K-13");  // battle bonus +1
  m.edit("place osman korti");
  m.edit("place mahdi korti");  // two elites: still +1 only
  m.edit("place g_art korti");
  m.edit("place boats_1 korti");  // boats are no artillery (29.10)
  m.edit("place rmli suakin");
  m.begin("Mahdist");
  m.play(kMahdist, "End the March Phase");
  m.dice({3, 3});
  m.play(kMahdist, "Fight at Korti");
  EXPECT_EQ(m.s().battle.modified[kMahdist], 3 + 1 + 1);  // elite, card
  EXPECT_EQ(m.s().battle.modified[kEmpire], 3 + 1);       // artillery (more than the Mahdists)
}

TEST(Battle, TargetAllocatesEliminationsFirstOnUnpanickedUnits) {  // 13.1 2c, 13.3
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("place abdulah korti");
  m.edit("place g_inf_1 korti");
  m.edit("place g_inf_2 korti");
  m.edit("place rmli suakin");
  mahdist_attacks(m, "Korti", {6, 1});
  m.dice({6, 5, 5, 1, 1, 1, 1});
  m.play(kMahdist, "Fire with Abdulah");
  EXPECT_EQ(m.prompt(kEmpire), "allocate_loss");
  EXPECT_EQ(m.labels(kEmpire),
            (std::vector<std::string>{"Eliminate 1st G Infantry", "Eliminate 2nd G Infantry"}));
  m.play(kEmpire, "Eliminate 2nd G Infantry");
  EXPECT_EQ(m.labels(kEmpire), (std::vector<std::string>{"Panic 1st G Infantry"}));
  m.play(kEmpire, "Panic 1st G Infantry");
  // 13.3: a second panic on a panicked unit eliminates it.
  m.play(kEmpire, "Panic 1st G Infantry");
  EXPECT_EQ(m.loc("g_inf_1"), kEliminated);
  EXPECT_EQ(m.loc("g_inf_2"), kEliminated);
}

TEST(Battle, FortressAndEliteDefendersIgnorePanic) {  // 14.0, 16.0
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("place abdulah suakin");
  m.edit("place g_inf_1 suakin");  // Suakin is a fortress for the Empire
  mahdist_attacks(m, "Suakin", {6, 1});
  m.dice({5, 1, 1, 1, 1, 1, 1});
  m.play(kMahdist, "Fire with Abdulah");
  // 14.0: nobody to give the panic to, so the Empire is not asked and the battle goes on.
  EXPECT_NE(m.prompt(kEmpire), "allocate_loss");
  EXPECT_FALSE(m.s().unit(m.unit("g_inf_1")).flags & kPanicked);
  EXPECT_TRUE(m.logged("no defender there is subject to panic"));
  Match e;
  e.empty_board("Mahdist", "K-12");
  e.edit("place abdulah korti");
  e.edit("place rmli korti");  // elite
  e.edit("place g_inf_1 suakin");
  mahdist_attacks(e, "Korti", {6, 1});
  e.dice({5, 1, 1, 1, 1, 1, 1});
  e.play(kMahdist, "Fire with Abdulah");
  EXPECT_NE(e.prompt(kEmpire), "allocate_loss");
  EXPECT_FALSE(e.s().unit(e.unit("rmli")).flags & kPanicked);
}

// 16.0: an elite defender is "not subject to panic results", so a panic must go to a unit that is;
// one elite unit cannot soak up the panics of a whole stack.
TEST(Battle, APanicCannotBeGivenToAnEliteDefender) {  // 16.0
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("place abdulah korti");
  m.edit("place rmli korti");  // elite
  m.edit("place g_inf_1 korti");
  m.edit("place g_inf_2 suakin");
  mahdist_attacks(m, "Korti", {6, 1});
  m.dice({5, 5, 1, 1, 1, 1, 1});  // two panics (BRT 5), no elimination
  m.play(kMahdist, "Fire with Abdulah");
  ASSERT_EQ(m.prompt(kEmpire), "allocate_loss");
  EXPECT_EQ(m.labels(kEmpire), (std::vector<std::string>{"Panic 1st G Infantry"}));
  m.play(kEmpire, "Panic 1st G Infantry");
  EXPECT_TRUE(m.s().unit(m.unit("g_inf_1")).flags & kPanicked);
  // 13.3: the second panic lands on the panicked infantry and eliminates it; RMLI is untouched.
  EXPECT_EQ(m.labels(kEmpire), (std::vector<std::string>{"Panic 1st G Infantry"}));
  m.play(kEmpire, "Panic 1st G Infantry");
  EXPECT_EQ(m.loc("g_inf_1"), kEliminated);
  EXPECT_EQ(m.loc("rmli"), m.space("korti"));
  EXPECT_FALSE(m.s().unit(m.unit("rmli")).flags & kPanicked);
}

TEST(Battle, KhartoumIsAFortressOnlyAtNileFlood) {  // 29.11, 14.0
  for (int turn : {1, 3}) {
    Match m;
    m.empty_board("Mahdist", "K-12", turn);
    m.edit("place abdulah khartoum");
    m.edit("place g_inf_1 khartoum");
    m.edit("place rmli suakin");
    mahdist_attacks(m, "Khartoum", {6, 1});
    m.dice({5, 1, 1, 1, 1, 1, 1});
    m.play(kMahdist, "Fire with Abdulah");
    bool asked = m.prompt(kEmpire) == "allocate_loss";
    EXPECT_EQ(asked, turn == 3) << "turn " << turn;
    if (asked) m.play(kEmpire, "Panic 1st G Infantry");
    bool panicked = m.s().unit(m.unit("g_inf_1")).flags & kPanicked;
    EXPECT_EQ(panicked, turn == 3) << "turn " << turn;
  }
}

TEST(Battle, EgyptianMoraleAndGordon) {  // 29.7
  for (bool gordon : {false, true}) {
    Match m;
    m.empty_board("Mahdist", "K-12");
    m.edit("place abdulah korti");
    m.edit("place eg_inf_1 korti");
    m.edit("place eg_inf_2 korti");
    if (gordon) m.edit("place gordon korti");
    m.edit("place rmli suakin");
    mahdist_attacks(m, "Korti", {6, 1});
    m.dice({5, 1, 1, 1, 1, 1, 1});
    m.play(kMahdist, "Fire with Abdulah");
    m.play(kEmpire, "Panic 1st Egyptian Infantry");
    if (gordon) {
      EXPECT_TRUE(m.s().unit(m.unit("eg_inf_1")).flags & kPanicked);
    } else {
      EXPECT_EQ(m.loc("eg_inf_1"), kInBox);  // "Eliminate" back: eliminated (to the Reinforcements Box)
    }
  }
}

TEST(Battle, LoserRetreatsTogetherGarrisonsDieNoRoomMeansDeath) {  // 13.4, 13.5, 13.6, 29.3
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("empty_box Mahdist");  // K-12 recruits: keep the board as set
  m.edit("place abdulah berber");
  m.edit("place egyptian_b berber");
  m.edit("place g_inf_1 berber");
  m.edit("place g_cav berber");
  m.edit("place ali metemma");  // blocks one retreat
  m.edit("place rmli suakin");
  mahdist_attacks(m, "Berber", {6, 1});
  m.dice({5, 5, 5, 1, 1, 1, 1});
  m.play(kMahdist, "Fire with Abdulah");
  m.play(kEmpire, "Panic 1st G Infantry");
  m.play(kEmpire, "Panic G Cavalry");
  m.play(kEmpire, "Panic Egyptian B");     // garrisons are ordinary targets; they may not retreat
  EXPECT_EQ(m.loc("egyptian_b"), kInBox);  // 29.3: forced to retreat: eliminated
  ASSERT_EQ(m.prompt(kEmpire), "retreat");
  EXPECT_FALSE(m.offers(kEmpire, "Retreat to Metemma"));  // enemy occupied
  EXPECT_TRUE(m.offers(kEmpire, "Retreat to Abu Hamed"));
  EXPECT_FALSE(m.offers(kEmpire, "Retreat to Sinkat"));  // desert: the infantry cannot (29.8)
  m.play(kEmpire, "Retreat to Abu Hamed");
  EXPECT_EQ(m.loc("g_inf_1"), m.space("abu_hamed"));
  EXPECT_EQ(m.loc("g_cav"), m.space("abu_hamed"));
  EXPECT_FALSE(m.s().unit(m.unit("g_cav")).flags & kPanicked);  // 13.6 rally
  Match t;
  t.empty_board("Mahdist", "K-12");
  t.edit("empty_box Mahdist");
  t.edit("place abdulah tamai");
  t.edit("place ali suakin");
  t.edit("place muhamed sinkat");
  t.edit("place g_inf_1 tamai");
  t.edit("place rmli wadi_halfa");
  mahdist_attacks(t, "Tamai", {6, 1});
  t.dice({5, 1, 1, 1, 1, 1, 1});
  t.play(kMahdist, "Fire with Abdulah");
  t.play(kEmpire, "Panic 1st G Infantry");
  EXPECT_EQ(t.loc("g_inf_1"), kEliminated);  // 13.5: no legal space: eliminated
}

TEST(Battle, SidesAlternateAndTheExcessFiresLast) {  // 13.1 2 b-e
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("place abdulah korti");
  m.edit("place g_inf_1 korti");
  m.edit("place g_inf_2 korti");
  m.edit("place rmli suakin");
  mahdist_attacks(m, "Korti", {1, 6});
  EXPECT_EQ(m.prompt(kEmpire), "fire");  // tactical superiority fires first
  m.dice({1, 1, 1, 1});
  m.play(kEmpire, "Fire with 1st G Infantry");
  EXPECT_EQ(m.prompt(kMahdist), "fire");
  m.dice({1, 1, 1, 1, 1, 1, 1});
  m.play(kMahdist, "Fire with Abdulah");
  EXPECT_EQ(m.labels(kEmpire), (std::vector<std::string>{"Fire with 2nd G Infantry"}));
  m.dice({1, 1, 1, 1});
  m.play(kEmpire, "Fire with 2nd G Infantry");
  // Everyone has fired and both sides stand: a new round, superiority first again.
  EXPECT_EQ(m.prompt(kEmpire), "fire");
  EXPECT_EQ(m.labels(kEmpire).size(), 2u);
}

}  // namespace
}  // namespace frontier::hand_of_destiny::testing
