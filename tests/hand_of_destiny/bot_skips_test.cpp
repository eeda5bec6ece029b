// Choices a bot makes once only (rules.h bot_skips_march, bot_skips_battle): each of its
// decisions is a search of its own, so a choice that can be undone lets one decision undo what
// the last did, round and round (a hard-level game held back and added pursuers 7,000 times, a
// normal one swapped the tops of two stacks for 20,000 actions).
#include "match.h"

namespace frontier::hand_of_destiny::testing {
namespace {

bool bot_skips(Match& m, int seat, const std::string& label) {
  auto a = core::find_by_label(m.game, *m.state, seat, label);
  EXPECT_TRUE(a.has_value()) << "no choice '" << label << "'";
  return a && m.game.bot_skips(*m.state, seat, *a);
}

TEST(BotSkips, PursuersAreAddedNeverHeldBack) {  // 19.0
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
  EXPECT_FALSE(bot_skips(m, kMahdist, "Pursue with Cavalry A"));
  EXPECT_FALSE(bot_skips(m, kMahdist, "No pursuit"));
  m.play(kMahdist, "Pursue with Cavalry A");
  EXPECT_TRUE(bot_skips(m, kMahdist, "Hold back Cavalry A"));  // a person still may
  EXPECT_FALSE(bot_skips(m, kMahdist, "Pursue to Dongola"));
  EXPECT_FALSE(bot_skips(m, kMahdist, "No pursuit"));
}

TEST(BotSkips, EachUnitJoinsOrLeavesAGroupOnceAndAPickedGroupMoves) {  // 11.0, 29.10
  Match m;
  m.empty_board("Empire", "K-08", 1);  // river boats 4, British 2
  for (const char* u : {"boats_1 abu_hamed", "g_inf_1 abu_hamed", "g_inf_2 abu_hamed", "w_inf_1 abu_hamed",
                        "w_inf_2 abu_hamed", "naval_bde abu_hamed", "rmli suakin", "mahdi el_obeid"}) {
    m.edit(std::string("place ") + u);
  }
  m.begin("Empire");
  m.play(kEmpire, "Play K-08 The River Column now");
  m.play(kEmpire, "Move from Abu Hamed");
  // Five land units are too many for one boat, so the group starts on foot (29.10): the boat
  // may be taken and a land unit left, once each.
  EXPECT_FALSE(bot_skips(m, kEmpire, "Take River Boats 1"));
  EXPECT_FALSE(bot_skips(m, kEmpire, "Leave Naval Bde"));
  EXPECT_TRUE(bot_skips(m, kEmpire, "Cancel"));
  m.play(kEmpire, "Take River Boats 1");
  EXPECT_TRUE(bot_skips(m, kEmpire, "Leave River Boats 1"));
  m.play(kEmpire, "Leave Naval Bde");
  EXPECT_TRUE(bot_skips(m, kEmpire, "Take Naval Bde"));
  EXPECT_FALSE(bot_skips(m, kEmpire, "Leave 1st G Infantry"));
  m.play(kEmpire, "Set out");
  EXPECT_TRUE(bot_skips(m, kEmpire, "Cancel"));
  EXPECT_FALSE(bot_skips(m, kEmpire, "Go to Berber"));
  m.play(kEmpire, "Go to Berber");
  EXPECT_FALSE(bot_skips(m, kEmpire, "Halt at Berber"));
}

TEST(BotSkips, TheLastUnitOfAGroupStaysIn) {  // 11.0
  Match m;
  m.empty_board("Empire", "K-08", 1);
  m.edit("place g_inf_1 abu_hamed");
  m.edit("place rmli suakin");
  m.edit("place mahdi el_obeid");
  m.begin("Empire");
  m.play(kEmpire, "Play K-08 The River Column now");
  m.play(kEmpire, "Move from Abu Hamed");
  EXPECT_TRUE(bot_skips(m, kEmpire, "Leave 1st G Infantry"));
  EXPECT_FALSE(bot_skips(m, kEmpire, "Set out"));
}

TEST(BotSkips, AStackIsToppedOnlyByAWeakerUnit) {  // 29.14
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("empty_box Mahdist");       // K-12 recruits: keep the board as set
  m.edit("place mahdi el_obeid");    // strength 3
  m.edit("place abdulah el_obeid");  // strength 7, the last in: on top
  m.edit("place rmli suakin");
  m.begin("Mahdist");
  ASSERT_EQ(m.prompt(kMahdist), "march");
  EXPECT_FALSE(bot_skips(m, kMahdist, "Put Mahdi on top at El Obeid"));
  m.play(kMahdist, "Put Mahdi on top at El Obeid");
  // Abdulah back on top would undo it: a person may, a bot does not.
  EXPECT_TRUE(bot_skips(m, kMahdist, "Put Abdulah on top at El Obeid"));
}

}  // namespace
}  // namespace frontier::hand_of_destiny::testing
