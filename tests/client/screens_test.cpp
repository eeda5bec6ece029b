// Issue 49: every screen `frontier play` shows on an 80×24 terminal, through a few dozen moves of
// each built-in game, with the same rules the server runs: the heading, the question of the
// prompt and the last log lines stay in view, no line is wider than 80 columns, and nothing a
// player reads is a machine name (`setup_garrison`, `choose_action`). A long prompt (Crossroads'
// income and expenditure: dozens of choices) is shown a page at a time with its question.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <regex>

#include "core/engine.h"
#include "games.h"
#include "render/render.h"
#include "render/text_width.h"

namespace frontier::cli {
namespace {

constexpr int kColumns = 80, kRows = 24;

// A seat's update as the server builds it (server/match/match_views.cpp: fill_update): its view,
// its prompt with the labelled choices, the status and the sides.
wire::MatchUpdate update_for(const core::Game& game, const core::GameState& state, core::Seat seat,
                             const std::string& scenario, uint32_t seq) {
  wire::MatchUpdate u;
  u.set_match_id(41);
  u.set_seq(seq);
  u.set_your_seat(seat);
  u.set_game(game.id());
  u.set_scenario(scenario);
  u.set_status(wire::RUNNING);
  game.view(state, seat, *u.mutable_view());
  game.status(state, *u.mutable_game_status());
  core::fill_prompt(game, state, seat, *u.add_prompts());
  for (int s = 0; s < game.seat_count(); ++s) {
    auto* info = u.add_seats();
    info->set_seat(s);
    info->set_side(game.seat_name(s));
    info->set_user_id(static_cast<uint64_t>(s) + 1);
    info->set_user_name(s == seat ? "alice" : "bob");
  }
  return u;
}

// Words with an underscore between letters: a machine name, never for a player's eyes.
std::string machine_name_in(const std::string& screen) {
  static const std::regex kSnake(R"([A-Za-z0-9]+_[A-Za-z0-9_]+)");
  std::smatch m;
  return std::regex_search(screen, m, kSnake) ? m.str() : std::string();
}

struct Played {
  int screens = 0;
  int pages = 0;  // screens whose prompt was shown a page at a time
  std::vector<std::string> prompt_kinds;
};

// Plays `moves` random legal moves of `game`, checking the screen of the seat to move before each.
Played play_and_check(const core::Game& game, const std::string& scenario, int moves, uint64_t seed) {
  Played played;
  frontier::MatchSetup setup;
  setup.set_game(game.id());
  setup.set_scenario(scenario);
  setup.set_seed(seed);
  auto state = std::move(game.initial(setup)).value();
  std::mt19937_64 rng(seed);
  std::deque<LogEntry> log;
  std::vector<core::Action> legal;
  const std::string title = match_title(&game.info(), game.id(), scenario);
  for (int move = 0; move < moves; ++move) {
    core::SeatMask awaiting = game.awaiting(*state);
    if (awaiting == 0) break;
    core::Seat seat = 0;
    while ((awaiting & core::seat_bit(seat)) == 0) ++seat;
    wire::MatchUpdate u = update_for(game, *state, seat, scenario, static_cast<uint32_t>(move));
    const Prompt& prompt = u.prompts(0);
    PromptPage page;
    PlayScreen screen;
    screen.update = &u;
    screen.log = &log;
    screen.title = title;
    screen.prompt = &prompt;
    screen.page = &page;
    FittedScreen fit = render_play_screen(screen, Style(false), RenderOptions{}, kColumns, kRows, 0);
    std::vector<std::string> lines = split_lines(fit.text);
    std::string where =
        game.id() + " move " + std::to_string(move) + " (" + prompt.kind() + "):\n" + fit.text;
    ++played.screens;
    // SCREENS_DUMP=1 prints every screen checked, to look at them.
    if (std::getenv("SCREENS_DUMP")) std::printf("%s\n=====\n", fit.text.c_str());
    played.pages += page.count > 1;
    played.prompt_kinds.push_back(prompt.kind());
    EXPECT_LE(lines.size(), static_cast<size_t>(kRows - 1)) << where;  // one row for the input line
    for (const auto& line : lines)
      EXPECT_LE(display_width(line), static_cast<size_t>(kColumns)) << line << "\n" << where;
    EXPECT_EQ(fit.text.rfind("Match 41 · " + title, 0), 0u) << where;
    // The question, from its first words: it may wrap, never scroll away.
    std::string question = "Your move: " + prompt.text().substr(0, 30);
    EXPECT_NE(fit.text.find(split_lines(wrap_to_width(question, kColumns))[0]), std::string::npos) << where;
    if (!log.empty()) {
      EXPECT_NE(fit.text.find(log.back().text().substr(0, 20)), std::string::npos) << where;
    }
    EXPECT_EQ(machine_name_in(fit.text), "") << where;
    if (::testing::Test::HasFailure()) break;
    // A random legal move; its log lines as this seat reads them.
    game.legal_actions(*state, seat, legal);
    std::vector<core::LogEvent> events;
    auto applied = core::apply(game, *state, seat, legal[rng() % legal.size()], &events);
    EXPECT_TRUE(applied.status.is_ok());
    for (const auto& e : events) {
      if (auto text = core::line_for(e, seat)) {
        LogEntry entry;
        entry.set_seq(static_cast<uint32_t>(move + 1));
        entry.set_text(*text);
        log.push_back(entry);
      }
    }
  }
  return played;
}

const core::Game* built_in(const std::string& id) {
  return builtin_games().find(id);
}

TEST(Screens, KhartoumFitsEightyByTwentyFourInWords) {
  const core::Game* game = built_in("khartoum");
  if (game == nullptr) GTEST_SKIP() << "khartoum is not in this build";
  Played p = play_and_check(*game, "campaign", 60, 3);
  EXPECT_GE(p.screens, 40);
}

TEST(Screens, LionFitsEightyByTwentyFourInWords) {
  const core::Game* game = built_in("lion");
  if (game == nullptr) GTEST_SKIP() << "lion is not in this build";
  // Random play loses Gordon the city within a few turns: several games, to see enough screens.
  int screens = 0;
  for (uint64_t seed = 5; seed < 25 && screens < 60 && !::testing::Test::HasFailure(); ++seed)
    screens += play_and_check(*game, "standard", 60, seed).screens;
  EXPECT_GE(screens, 60);
}

// Set-up takes dozens of placements; the income prompt (kind "expend") of the first turn follows.
TEST(Screens, CrossroadsIncomePromptKeepsItsQuestionOnScreen) {
  const core::Game* game = built_in("crossroads");
  if (game == nullptr) GTEST_SKIP() << "crossroads is not in this build";
  Played p = play_and_check(*game, "scenario1", 160, 7);
  EXPECT_GE(p.screens, 60);
  EXPECT_NE(std::find(p.prompt_kinds.begin(), p.prompt_kinds.end(), "expend"), p.prompt_kinds.end())
      << "the random moves never reached income and expenditure";
  EXPECT_GT(p.pages, 0) << "no prompt was long enough to need pages";
}

// A prompt longer than the room it has: a page at a time, numbered as a whole, saying which page.
TEST(Screens, LongPromptIsPagedWithItsQuestion) {
  Prompt p;
  p.set_text("Spend pounds: recruits, supply points, markers (9.2, 10.0)");
  for (int i = 0; i < 47; ++i)
    p.add_choices()->set_label("Build a trading post at a place with quite a long name " + std::to_string(i));
  PromptPage page;
  page.max_lines = 10;
  std::string first = render_prompt(p, Style(false), kColumns, nullptr, &page);
  EXPECT_EQ(first.rfind("Your move: Spend pounds", 0), 0u) << first;
  EXPECT_LE(split_lines(first).size(), 10u) << first;
  EXPECT_GT(page.count, 4);
  EXPECT_NE(first.find("-- choices 1-"), std::string::npos) << first;
  page.index = page.count - 1;
  std::string last = render_prompt(p, Style(false), kColumns, nullptr, &page);
  EXPECT_NE(last.find("47) Build"), std::string::npos) << last;
  EXPECT_NE(last.find("of 47 (page " + std::to_string(page.count) + " of " + std::to_string(page.count)),
            std::string::npos)
      << last;
  // Short labels fold into columns first: 47 of them fit one page.
  Prompt s;
  s.set_text("Pick");
  for (int i = 0; i < 47; ++i) s.add_choices()->set_label("Go " + std::to_string(i));
  PromptPage one;
  one.max_lines = 10;
  std::string folded = render_prompt(s, Style(false), kColumns, nullptr, &one);
  EXPECT_EQ(one.count, 1) << folded;
  EXPECT_NE(folded.find("47) Go 46"), std::string::npos) << folded;
}

}  // namespace
}  // namespace frontier::cli
