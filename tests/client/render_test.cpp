// The text a player reads: heading, status, generic boards from any view, log and prompt.
#include <gtest/gtest.h>

#include "render/render.h"
#include "render/screen.h"
#include "render/text_width.h"

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
  frontier::KeyValueView race;
  auto* e = race.add_entries();
  e->set_key("North square");
  e->set_value("9");
  u.mutable_view()->mutable_payload()->PackFrom(race);
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
            "Match 7 · race · running\n"
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
  EXPECT_EQ(render_prompt(p, Style(false)), "Your move: Roll or play a card\n  1) Roll\n  2) Play card 4\n");
  // Numbers a ChoiceNumbers gave (a family's choices keep theirs) are shown as given.
  std::vector<int> numbers{3, 1};
  EXPECT_EQ(render_prompt(p, Style(false), 100, &numbers),
            "Your move: Roll or play a card\n  1) Play card 4\n  3) Roll\n");
  // Long lists go in columns, numbered down each column.
  for (int i = 0; i < 13; ++i) p.add_choices()->set_label("March " + std::to_string(i));
  std::string text = render_prompt(p, Style(false), 60);
  EXPECT_NE(text.find("\n  1) Roll          6) March 3       11) March 8\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n  5) March 2       10) March 7      15) March 12\n"), std::string::npos) << text;
}

// Issue 15: what a terminal shows is measured as it looks: colours take no room, "→" one column.
TEST(TextWidth, MeasuresColumnsAndWrapsAtSpaces) {
  EXPECT_EQ(display_width("\x1b[1mBold\x1b[0m → £3"), 9u);
  EXPECT_EQ(display_width(""), 0u);
  std::string text = "  A long line of words that will not fit in twenty-five columns at all\nshort\n";
  std::string wrapped = wrap_to_width(text, 25);
  for (const std::string& line : split_lines(wrapped)) EXPECT_LE(display_width(line), 25u) << line;
  EXPECT_EQ(wrapped,
            "  A long line of words\n    that will not fit in\n    twenty-five columns\n    at all\nshort\n");
  // A word longer than the width is cut; colours survive.
  std::string cut = wrap_to_width("\x1b[31m" + std::string(30, 'x') + "\x1b[0m", 20);
  EXPECT_EQ(split_lines(cut).size(), 2u);
  EXPECT_EQ(display_width(split_lines(cut)[0]), 20u);
  EXPECT_NE(cut.find("\x1b[31m"), std::string::npos);
}

// Issue 15: at 80x24 the heading and the whole prompt stay in view; a tall board becomes a pane
// that scrolls, with a line saying how.
TEST(Screen, ATallBoardBecomesAScrollingPaneOn24Rows) {
  ScreenParts parts;
  parts.top = "Match 1 · khartoum\n  Mahdist: a\n  Empire: b\nTurn 1\n";
  for (int i = 1; i <= 40; ++i) parts.board += "board line " + std::to_string(i) + "\n";
  for (int i = 1; i <= 6; ++i) parts.log += "  [" + std::to_string(i) + "] something happened\n";
  parts.bottom = "Your move: March\n  1) End the March Phase\n  2) March from Berber\n";
  FittedScreen fit = fit_screen(parts, 80, 24, 0);
  auto lines = split_lines(fit.text);
  EXPECT_EQ(lines.size(), 23u) << fit.text;  // one row left for the input line
  EXPECT_EQ(lines.front(), "Match 1 · khartoum");
  EXPECT_EQ(lines.back(), "  2) March from Berber");
  EXPECT_NE(fit.text.find("board line 1\n"), std::string::npos);
  EXPECT_EQ(fit.text.find("board line 40\n"), std::string::npos);
  EXPECT_NE(fit.text.find("-- board lines 1-12 of 40 (more, back: scroll; zoom TEXT: focus) --"),
            std::string::npos)
      << fit.text;
  EXPECT_NE(fit.text.find("[6] something happened"), std::string::npos) << "the latest log lines stay";
  // Scrolled past the end: the last page.
  fit = fit_screen(parts, 80, 24, 100);
  EXPECT_EQ(fit.board_first, 28);
  EXPECT_NE(fit.text.find("board line 40\n"), std::string::npos);
  // No height known (not a terminal): nothing is cut.
  fit = fit_screen(parts, 80, 0, 0);
  EXPECT_NE(fit.text.find("board line 40\n"), std::string::npos);
  EXPECT_EQ(fit.text.find("-- board lines"), std::string::npos);
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
