// Issue 49: prompts, choice labels, log lines and views name places in words, never "square r,c"
// nor grid rows and columns; set-up names the piece placed and logs every placement; the turn
// line (who is to play) and the panel (view field `phasing`) agree on whose phase it is.
#include <cctype>
#include <set>

#include "crossroads/rules.h"
#include "crossroads/scenario.h"
#include "crossroads/view.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

// "square 28,22", "rows 21-27, columns 21-27", or any "<digit>,<digit>" (but "columns B then
// C" of the events table, 8.0, is no place).
bool names_a_coordinate(const std::string& text) {
  auto digit = [&](size_t i) { return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); };
  for (const std::string word : {"square ", "rows ", "columns "})
    for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1))
      if (digit(at + word.size())) return true;
  for (size_t i = 1; i + 1 < text.size(); ++i)
    if (text[i] == ',' && digit(i - 1) && digit(i + 1)) return true;
  return false;
}

TEST(CrossroadsPlaceNames, TheCheckCatchesCoordinates) {
  EXPECT_TRUE(names_a_coordinate("Move to square 25,5"));
  EXPECT_TRUE(names_a_coordinate("Squares in rows 35-41, columns 21-27"));
  EXPECT_TRUE(names_a_coordinate("Battle at 28,22"));
  EXPECT_FALSE(names_a_coordinate("Move to Persia, 2 squares N and 1 E of Teheran"));
  EXPECT_FALSE(names_a_coordinate("Counter the negotiations in Herat? (15.1(4), 15.61(4))"));
  EXPECT_FALSE(names_a_coordinate("Russian roll for events: 4+1 = 5, columns B then C"));
}

TEST(CrossroadsPlaceNames, SetUpNamesThePieceAndLogsEveryPlacement) {
  auto s = start("scenario1");
  // S1 3.4, after the fixed Russian pieces: the first decision.
  EXPECT_EQ(game().prompt(*s, kRussian).text,
            "Set up (26.0): place a unit of West Siberia irregulars (1 of 2) in a city of West Siberia");
  // The placements still to make: what is left of the current instruction and all after it.
  const auto& list = scenario_of(S(*s)).placements;
  int due = -S(*s).placed, logged = 0;
  for (size_t i = static_cast<size_t>(S(*s).placement); i < list.size(); ++i) due += list[i].count;
  std::vector<core::Action> legal;
  for (int i = 0; i < 400 && S(*s).phase == kSetup; ++i) {
    core::Seat seat = (game().awaiting(*s) & 1) ? 0 : 1;
    std::string prompt = game().prompt(*s, seat).text;
    EXPECT_EQ(prompt.rfind("Set up (26.0): place ", 0), 0u) << prompt;
    EXPECT_EQ(prompt.find("next piece"), std::string::npos) << prompt;
    game().legal_actions(*s, seat, legal);
    std::vector<core::LogEvent> events;
    ASSERT_TRUE(core::apply(game(), *s, seat, legal.front(), &events).status.is_ok());
    for (const auto& e : events) {
      if (e.kind != "setup") continue;
      ++logged;
      // In full for the placer (the side the line names), without the square for the other
      // seat and observers (22.0).
      int placer = e.text.rfind("British", 0) == 0 ? kBritish : kRussian;
      EXPECT_EQ(e.visible_to, core::seat_bit(placer)) << e.text;
      auto own = core::line_for(e, placer), theirs = core::line_for(e, crossroads::other(placer)),
           watcher = core::line_for(e, core::kObserver);
      ASSERT_TRUE(own && theirs && watcher) << e.text;
      size_t at = own->rfind(" at ");
      ASSERT_NE(at, std::string::npos) << *own;
      EXPECT_EQ(*theirs, own->substr(0, at) + " (26.0)") << *own;
      EXPECT_EQ(*watcher, *theirs);
    }
  }
  ASSERT_NE(S(*s).phase, kSetup);
  // Every placement from the first decision on is one line, those that follow a decision with no
  // choice left too; the ones the scenario fixes before it are the starting position.
  EXPECT_GT(logged, 40);
  EXPECT_EQ(logged, due);
}

TEST(CrossroadsPlaceNames, SetUpLogNamesPieceAndSquare) {
  auto s = start("scenario1");
  auto log = log_of(*s, kRussian, "Place at Orenburg");
  ASSERT_FALSE(log.empty());
  EXPECT_EQ(log.front(), "Russian places a unit of West Siberia irregulars at Orenburg (26.0)");
}

struct Game {
  std::string scenario;
  std::vector<std::pair<std::string, std::string>> options;
  uint64_t seed;
};

// Random games of every scenario: every prompt, choice label, log line (as each seat and an
// observer read it) and every place name in the views is in words; and whoever holds a prompt
// of the phasing player's own kind is the side the view calls phasing.
TEST(CrossroadsPlaceNames, RandomGamesOfEveryScenarioNameNoCoordinates) {
  const std::vector<Game> games = {
      {"scenario1", {}, 3},
      {"scenario2", {}, 4},
      {"scenario3", {{"start", "scenario1"}}, 5},
      {"scenario3",
       {{"start", "scenario2"},
        {"ultimatums", "on"},
        {"forced_march", "on"},
        {"telegraph", "on"},
        {"staff_work", "on"},
        {"massacre", "on"},
        {"discoveries", "on"}},
       6},
  };
  const std::set<std::string> phasing_kinds = {"movement", "force",     "negotiations", "combat",
                                               "crt",      "provision", "starve"};
  for (const Game& run : games) {
    SCOPED_TRACE(run.scenario + " seed " + std::to_string(run.seed));
    auto s = start(run.scenario, run.seed, run.options);
    core::Rng rng(run.seed);
    std::vector<core::Action> legal;
    int steps = 0, checked_phasing = 0;
    for (; steps < 60000 && game().awaiting(*s); ++steps) {
      core::SeatMask waiting = game().awaiting(*s);
      core::Seat seat = waiting == 3 ? static_cast<core::Seat>(rng.below(2)) : (waiting & 1) ? 0 : 1;
      auto prompt = game().prompt(*s, seat);
      ASSERT_FALSE(names_a_coordinate(prompt.text)) << prompt.text;
      game().legal_actions(*s, seat, legal);
      ASSERT_FALSE(legal.empty());
      for (const auto& a : legal) {
        std::string label = game().describe(*s, seat, a);
        ASSERT_FALSE(names_a_coordinate(label)) << label;
      }
      CrossroadsView v;
      build_view(S(*s), seat, v);
      for (const auto& st : v.stacks()) ASSERT_FALSE(names_a_coordinate(st.name())) << st.name();
      for (const auto& m : v.markers()) ASSERT_FALSE(names_a_coordinate(m.name())) << m.name();
      if (v.has_combat()) {
        ASSERT_FALSE(names_a_coordinate(v.combat().name())) << v.combat().name();
      }
      Phase phase = static_cast<Phase>(S(*s).phase);
      if (phase == kSetup || phase == kInitiative || phase == kExpend) {
        EXPECT_EQ(v.phasing(), "") << prompt.kind;
      }
      if (phasing_kinds.count(prompt.kind)) {
        EXPECT_EQ(v.phasing(), side_name(seat)) << prompt.kind << ": " << prompt.text;
        ++checked_phasing;
      }
      std::vector<core::LogEvent> events;
      auto r = core::apply(game(), *s, seat, legal[rng.below(static_cast<uint32_t>(legal.size()))], &events);
      ASSERT_TRUE(r.status.is_ok()) << r.status.message();
      for (const auto& e : events) {
        for (core::Seat viewer : {core::Seat{kBritish}, core::Seat{kRussian}, core::kObserver}) {
          auto line = core::line_for(e, viewer);
          if (line) {
            ASSERT_FALSE(names_a_coordinate(*line)) << *line;
          }
        }
      }
    }
    EXPECT_EQ(game().awaiting(*s), 0u) << "unfinished after " << steps << " steps";
    EXPECT_GT(checked_phasing, 100);
  }
}

}  // namespace
}  // namespace frontier::crossroads::test
