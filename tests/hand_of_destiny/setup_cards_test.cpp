// Set-up (25.1, 25.2), the sequence of play (6.2) and campaign cards (7.0-7.2, 29.1).
#include "match.h"

namespace frontier::hand_of_destiny::testing {
namespace {

TEST(Setup, EmpireDeckIsFiveACardsOverFourB) {  // 25.1
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Match m(seed);
    auto pile = m.s().deck[kEmpire].draw_pile();
    ASSERT_EQ(pile.size(), 9u);
    for (size_t i = 0; i < 9; ++i) {
      bool a = m.sc().cards[static_cast<size_t>(pile[i])].group_a;
      EXPECT_EQ(a, i >= 4) << "position " << i << " from the bottom, seed " << seed;  // top is back()
    }
  }
}

TEST(Setup, EmpireSetsUpFirstGarrisonsInDistinctTowns) {  // 25.1
  Match m;
  EXPECT_EQ(m.prompt(kEmpire), "setup_garrison");
  EXPECT_EQ(m.prompt(kMahdist), "");
  for (const char* banned : {"Khartoum", "Suakin", "Wadi Halfa", "El Obeid", "Korti"}) {
    EXPECT_FALSE(m.offers(kEmpire, std::string("Set up Egyptian A at ") + banned)) << banned;
  }
  EXPECT_EQ(m.labels(kEmpire).size(), 11u);  // the other towns
  m.play(kEmpire, "Set up Egyptian A at Dongola");
  EXPECT_FALSE(m.offers(kEmpire, "Set up Egyptian B at Dongola"));  // no more than one per location
  m.play(kEmpire, "Set up Egyptian B at Bara");
  m.play(kEmpire, "Set up Egyptian C at Sennar");
  m.play(kEmpire, "Set up Egyptian D at Kassala");
  EXPECT_EQ(m.prompt(kMahdist), "setup_mahdist");  // 25.2: Mahdist second
  // In or next to El Obeid, never on Empire units (Bara holds a garrison now).
  EXPECT_TRUE(m.offers(kMahdist, "Set up Mahdi at El Obeid"));
  EXPECT_TRUE(m.offers(kMahdist, "Set up Mahdi at Shaykan"));
  EXPECT_FALSE(m.offers(kMahdist, "Set up Mahdi at Bara"));
  EXPECT_FALSE(m.offers(kMahdist, "Set up Mahdi at Kosti"));
  m.play(kMahdist, "Set up Mahdi at El Obeid");
  m.play(kMahdist, "Set up Abdulah at Shaykan");
  m.play(kMahdist, "Set up Muhamed at El Fasher");
  m.play(kMahdist, "Set up Ali at El Obeid");
  // Osman Digna: either space adjacent to Suakin.
  EXPECT_EQ(m.labels(kMahdist),
            (std::vector<std::string>{"Set up Osman Digna at Sinkat", "Set up Osman Digna at Tamai"}));
  m.play(kMahdist, "Set up Osman Digna at Tamai");
  EXPECT_FALSE(m.offers(kMahdist, "Set up Cavalry A at Kosti"));  // Empire units there
  EXPECT_TRUE(m.offers(kMahdist, "Set up Cavalry A at Abu Klea"));
  m.play(kMahdist, "Set up Cavalry A at Abu Klea");
  m.play(kMahdist, "Set up Cavalry B at Murrat Wells");
  // 6.2, 23.0: turn 1 opens with the Mahdist player turn.
  EXPECT_EQ(m.s().turn, 1);
  EXPECT_EQ(m.s().player, kMahdist);
  EXPECT_EQ(m.loc("jihadiya_a"), kInBox);  // 25.2: Jihadiya in the reinforcement box
}

TEST(Cards, OnlyOneCardInEffectAndDiscardedAtTurnEnd) {  // 7.0
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("empty_box Mahdist");  // K-12 recruits: keep the board as set
  m.edit("place mahdi el_obeid");
  m.edit("place rmli suakin");
  m.begin("Mahdist");
  EXPECT_EQ(m.sc().cards[static_cast<size_t>(m.s().card)].id, "K-12");
  m.play(kMahdist, "End the March Phase");
  EXPECT_EQ(m.s().player, kEmpire);
  auto d = m.s().deck[kMahdist].discards();
  EXPECT_EQ(m.sc().cards[static_cast<size_t>(d.back())].id, "K-12");
}

TEST(Cards, RemoveFromPlayCardsLeaveTheDeck) {  // 7.1
  Match m;
  m.empty_board("Empire", "K-01");
  m.edit("place rmli suakin");
  m.edit("place wadi_halfa_garrison wadi_halfa");
  m.begin("Empire");
  m.play(kEmpire, "Place Gordon at Wadi Halfa");
  m.play(kEmpire, "End the March Phase");
  auto removed = m.s().deck[kEmpire].removed();
  ASSERT_EQ(removed.size(), 1u);
  EXPECT_EQ(m.sc().cards[static_cast<size_t>(removed[0])].id, "K-01");
}

TEST(Cards, ReshuffleInstructionReturnsOneRandomDiscardOrRemovedCard) {  // 29.1
  Match m;
  m.empty_board("Mahdist", "K-17 K-12 K-15");
  m.edit("place mahdi el_obeid");
  m.edit("place rmli suakin");
  m.begin("Mahdist");  // K-17 (remove from play)
  m.begin("Mahdist");  // K-12
  const core::Deck& d = m.s().deck[kMahdist];
  size_t draw_before = d.size();
  size_t out_before = d.discards().size() + d.removed().size();
  ASSERT_GE(out_before, 1u);
  m.begin("Mahdist");  // K-12 discarded, K-15 picked: one of the discards or removed cards goes back
  EXPECT_EQ(d.size(), draw_before);
  EXPECT_EQ(d.discards().size() + d.removed().size(), out_before);
  EXPECT_TRUE(m.s().reshuffled[kMahdist]);
}

TEST(Cards, EmptyDeckReshufflesTheDiscards) {  // 7.2
  Match m;
  m.edit("setup standard");
  m.edit("place rmli suakin");
  for (int i = 0; i < 12; ++i) m.begin("Mahdist");
  EXPECT_EQ(m.s().deck[kMahdist].size() + m.s().deck[kMahdist].discards().size() +
                m.s().deck[kMahdist].removed().size() + (m.s().held[kMahdist] >= 0) + (m.s().card >= 0),
            9u);
  EXPECT_TRUE(m.s().reshuffled[kMahdist]);
}

TEST(Cards, OnlyOneHoldCardAside) {  // 29.1
  Match m;
  m.empty_board("Empire", "K-08 K-05");
  m.edit("place mahdi el_obeid");
  m.edit("place rmli suakin");
  m.begin("Empire");
  EXPECT_EQ(m.prompt(kEmpire), "hold_decision");
  m.play(kEmpire, "Hold K-08 The River Column");
  EXPECT_TRUE(m.logged("skips the turn"));
  m.begin("Empire");
  EXPECT_EQ(m.labels(kEmpire), (std::vector<std::string>{"Play held K-08 The River Column", "Pick a card"}));
  m.play(kEmpire, "Pick a card");
  EXPECT_TRUE(m.offers(kEmpire, "Play K-05 Breakout now"));
  EXPECT_FALSE(m.offers(kEmpire, "Hold K-05 Breakout"));
}

}  // namespace
}  // namespace frontier::hand_of_destiny::testing
