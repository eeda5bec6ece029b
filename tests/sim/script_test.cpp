// The script runner passes true scripts and fails false ones, naming the step.
#include <gtest/gtest.h>

#include "core/data.h"
#include "race_game.h"
#include "sim/script.h"

using frontier::sim::run_script;

namespace {
frontier::ScenarioScript parse(const std::string& text) {
  frontier::ScenarioScript s;
  EXPECT_TRUE(frontier::core::parse_text_proto(text, "inline", &s));
  return s;
}
const std::string kSetup = R"(setup { game: "race" scenario: "standard" seed: 5 }
steps { play: "North: Bid 2" }
steps { play: "South: Bid 1" }
)";
}  // namespace

TEST(Script, TrueExpectationsPass) {
  auto r = run_script(frontier::fixture::fixture_registry(),
                      parse(kSetup + R"(steps { dice: "3" } steps { play: "North: Roll" }
                              steps { expect { field { path: "entries[key=north.pos].value" equals: "1" }
                                               log_contains: "rolls 3" } })"));
  EXPECT_TRUE(r.passed) << r.failure;
  EXPECT_EQ(r.steps_run, 5);
}

TEST(Script, FalseFieldExpectationFailsAtItsStep) {
  auto r = run_script(frontier::fixture::fixture_registry(),
                      parse(kSetup + R"(steps { dice: "3" } steps { play: "North: Roll" }
                              steps { expect { field { path: "entries[key=north.pos].value" equals: "2" } } })"));
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.failure.find("step 5 (expect)"), std::string::npos) << r.failure;
  EXPECT_NE(r.failure.find("expected '2'"), std::string::npos) << r.failure;
}

TEST(Script, EachKindOfFalseAssertionFails) {
  const char* false_steps[] = {
      R"(steps { expect { seat: "North" prompt_kind: "bid" } })",
      R"(steps { expect { seat: "North" choice: "Bid 1" } })",
      R"(steps { expect { seat: "North" no_choice: "Roll" } })",
      R"(steps { expect { seat: "North" choice_count: 9 choice_count_set: true } })",
      R"(steps { expect { log_contains: "South bids" } })",
      R"(steps { expect { finished: true finished_set: true } })",
      R"(steps { play: "North: Fly" })",
      R"(steps { play: "South: Roll" })",
      R"(steps { play_illegal: "North: Roll" })",
      R"(steps { expect { field { path: "entries[key=deck].value" absent: true } } })",
  };
  for (const char* step : false_steps) {
    auto r = run_script(frontier::fixture::fixture_registry(), parse(kSetup + step));
    EXPECT_FALSE(r.passed) << "should fail: " << step;
  }
}

TEST(Script, UnknownGameOrSideIsReported) {
  auto r =
      run_script(frontier::fixture::fixture_registry(), parse(R"(setup { game: "chess" scenario: "x" })"));
  EXPECT_FALSE(r.passed);
  auto r2 =
      run_script(frontier::fixture::fixture_registry(), parse(kSetup + R"(steps { play: "West: Roll" })"));
  EXPECT_FALSE(r2.passed);
  EXPECT_NE(r2.failure.find("Unknown side"), std::string::npos);
}
