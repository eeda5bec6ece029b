// Property tests: seeded random playouts of complete games with every per-step check (engine
// validation, invariants, snapshot round trip, no view leaks under 22.0) and replay hashes.
#include "sim/playout.h"
#include "helpers.h"

namespace frontier::crossroads::test {
namespace {

sim::PlayoutReport run(const std::string& scenario, int games, bool check,
                       std::vector<std::pair<std::string, std::string>> options = {}) {
  frontier::MatchSetup setup;
  setup.set_game("crossroads");
  setup.set_scenario(scenario);
  for (auto& [k, v] : options) {
    auto* o = setup.add_options();
    o->set_id(k);
    o->set_value(v);
  }
  sim::PlayoutOptions opt;
  opt.seed = 100;
  opt.games = games;
  opt.check = check;
  opt.check_replay = check;
  return sim::run_playouts(game(), setup, opt);
}

// 25.52: every game ends with a victory level or a draw; 22.0 is never leaked.
TEST(CrossroadsPlayout, Scenario1GamesFinishWithCheckedSteps) {
  auto r = run("scenario1", 3, true);
  for (auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.finished, 3);
}

}  // namespace
}  // namespace frontier::crossroads::test
