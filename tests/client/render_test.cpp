// The text a player reads: heading, status, generic boards from any view, log and prompt.
#include <gtest/gtest.h>

#include "render/render.h"

namespace frontier::cli {
namespace {

wire::MatchUpdate sample_update() {
  wire::MatchUpdate u;
  u.set_match_id(7);
  u.set_seq(12);
  u.set_your_seat(0);
  u.set_game("race");
  u.set_status(wire::RUNNING);
  for (int s = 0; s < 2; ++s) {
    auto* seat = u.add_seats();
    seat->set_seat(s);
    seat->set_side(s == 0 ? "North" : "South");
    seat->set_user_id(10 + static_cast<uint64_t>(s));
    seat->set_user_name(s == 0 ? "alice" : "bob");
  }
  u.mutable_game_status()->set_turn(3);
  u.mutable_game_status()->set_phase("Race");
  u.mutable_game_status()->add_active_seats(1);
  auto* e = u.mutable_view()->mutable_generic()->add_entries();
  e->set_key("North square");
  e->set_value("9");
  return u;
}

TEST(Render, HeadingStatusBoardAndLogInPlainText) {
  std::deque<LogEntry> log;
  for (uint32_t i = 1; i <= 15; ++i) {
    LogEntry l;
    l.set_seq(i);
    l.set_text("line " + std::to_string(i));
    log.push_back(l);
  }
  RenderOptions opts;
  opts.log_lines = 3;
  std::string text = render_update(sample_update(), log, Style(false), opts);
  EXPECT_EQ(text,
            "Match 7 · race · seq 12 · running\n"
            "  North: alice (you)\n"
            "  South: bob <- to move\n"
            "Turn 3 · Race\n"
            "Board\n"
            "  North square: 9\n"
            "Recent log\n"
            "  [13] line 13\n"
            "  [14] line 14\n"
            "  [15] line 15\n");
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_NE(render_update(sample_update(), log, Style(true), opts).find("\x1b[1m"), std::string::npos);
}

TEST(Render, PromptIsNumberedFromOne) {
  Prompt p;
  p.set_kind("move");
  p.set_text("Roll or play a card");
  p.add_choices()->set_label("Roll");
  p.add_choices()->set_label("Play card 4");
  EXPECT_EQ(render_prompt(p, Style(false)),
            "Your move (move): Roll or play a card\n  1) Roll\n  2) Play card 4\n");
  // Long lists go in columns, numbered down each column.
  for (int i = 0; i < 13; ++i) p.add_choices()->set_label("March " + std::to_string(i));
  std::string text = render_prompt(p, Style(false), 60);
  EXPECT_NE(text.find("\n  1) Roll          6) March 3       11) March 8\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n  5) March 2       10) March 7      15) March 12\n"), std::string::npos) << text;
}

TEST(Render, GenericBoardTabulatesFlatListsNestsTheRestAndZooms) {
  // Any message renders; a GameInfo has scalars, a flat list (scenarios) and a nested one (options).
  GameInfo g;
  g.set_id("khartoum");
  g.set_title("Khartoum");
  g.add_seats("British");
  g.add_seats("Mahdist");
  for (auto [id, name] : {std::pair{"s1", "Gordon relieved"}, std::pair{"s2", "Campaign in the Gezira"}}) {
    auto* s = g.add_scenarios();
    s->set_id(id);
    s->set_name(name);
  }
  auto* o = g.add_options();
  o->set_id("fog");
  o->add_choices()->set_value("on");
  std::string out;
  render_generic(g, Style(false), {}, 0, out);
  EXPECT_NE(out.find("id khartoum   title Khartoum   seats: British, Mahdist"), std::string::npos) << out;
  EXPECT_NE(out.find("scenarios (2)\n  id  name\n  s1  Gordon relieved\n  s2  Campaign in the Gezira\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("options (1)\n- id fog"), std::string::npos) << out;
  BoardOptions zoom;
  zoom.focus = "gezira";
  out.clear();
  render_generic(g, Style(false), zoom, 0, out);
  EXPECT_NE(out.find("scenarios (1 of 2)"), std::string::npos) << out;
  EXPECT_EQ(out.find("Gordon relieved"), std::string::npos) << out;
}

TEST(Render, FinishedMatchShowsTheResultAndTheRevealedSeed) {
  wire::MatchUpdate u = sample_update();
  u.set_status(wire::FINISHED);
  u.mutable_game_status()->set_finished(true);
  u.mutable_game_status()->set_result("North reaches square 25 and wins");
  u.set_revealed_seed(42);
  u.set_seed_commitment("abc");
  u.set_seed_nonce("n");
  std::string s = render_status(u, Style(false));
  EXPECT_NE(s.find("Result: North reaches square 25 and wins"), std::string::npos);
  EXPECT_NE(s.find("Seed 42 (commitment abc, nonce n)"), std::string::npos);
  EXPECT_EQ(render_heading(u, Style(false)).find("to move"), std::string::npos);
}

}  // namespace
}  // namespace frontier::cli
