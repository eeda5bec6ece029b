// Victory 27.0: the Mahdist sudden death at any moment, and the Empire's nine VP at the end.
#include "core/view.h"
#include "khartoum.pb.h"
#include "match.h"

namespace frontier::hand_of_destiny::testing {
namespace {

TEST(Victory, MahdistSuddenDeathTheMomentTheThirdCityFalls) {  // 27.0
  Match m;
  m.empty_board("Mahdist", "K-12");
  m.edit("empty_box Mahdist");  // K-12 recruits: keep the board as set
  m.edit("place abdulah khartoum");
  m.edit("place ali wadi_halfa");
  m.edit("place osman tamai");
  m.edit("place g_inf_1 korti");
  m.begin("Mahdist");
  m.play(kMahdist, "Move from Tamai");
  m.play(kMahdist, "Set out");
  m.play(kMahdist, "Go to Suakin");
  frontier::GameStatus st;
  m.game.status(*m.state, st);
  EXPECT_TRUE(st.finished());
  EXPECT_EQ(st.winner(), kMahdist);
  EXPECT_NE(st.result().find("Mahdist Total Victory"), std::string::npos);
  EXPECT_EQ(m.game.awaiting(*m.state), 0u);
}

TEST(Victory, EmpireNeedsNineVictoryPointsAtTheEnd) {  // 27.0, 26.0
  for (bool enough : {true, false}) {
    Match m;
    m.empty_board("Empire", "K-08", 9);
    m.edit("place mahdi el_obeid");
    m.edit("place khartoum_garrison khartoum");      // 3
    m.edit("place suakin_garrison suakin");          // 3
    m.edit("place egyptian_a dongola");              // 1
    m.edit("place egyptian_b berber");               // 1
    if (enough) m.edit("place egyptian_c kassala");  // 1
    m.begin("Empire");
    m.play(kEmpire, "Play K-08 The River Column now");
    m.play(kEmpire, "End the March Phase");
    frontier::GameStatus st;
    m.game.status(*m.state, st);
    ASSERT_TRUE(st.finished());
    EXPECT_EQ(st.winner(), enough ? kEmpire : kMahdist);
    EXPECT_EQ(st.scores(kEmpire).score(), enough ? 9 : 8);
    EXPECT_NE(st.result().find(enough ? "Empire victory" : "Mahdist local victory"), std::string::npos);
    // The log names the towns that scored, in map order.
    EXPECT_TRUE(m.logged(enough ? "holds 9 VP (27.0): Dongola 1, Berber 1, Khartoum 3, Kassala 1, Suakin 3"
                                : "holds 8 VP (27.0): Dongola 1, Berber 1, Khartoum 3, Suakin 3"));
    // Everything is revealed at the end (29.14 no longer applies).
    frontier::GameView v;
    m.game.view(*m.state, kEmpire, v);
    const auto khartoum = frontier::core::unpack_view<frontier::khartoum::KhartoumView>(v);
    for (const auto& sp : khartoum.spaces()) EXPECT_EQ(sp.hidden_units(), 0);
  }
}

}  // namespace
}  // namespace frontier::hand_of_destiny::testing
