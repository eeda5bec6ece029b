// Random-playout throughput of Asia Crossroads, one core, per scenario:
//   build/release/bench/crossroads/crossroads_bench [games per scenario, default 200]
// Prints actions/s, games/s and the largest snapshot seen (the 256 KiB budget of DESIGN §2).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/engine.h"
#include "crossroads/register.h"
#include "sim/playout.h"

int main(int argc, char** argv) {
  using namespace frontier;
  int games = argc > 1 ? std::atoi(argv[1]) : 200;
  auto game = crossroads::make_game();
  struct Case {
    const char* name;
    const char* scenario;
    const char* start;
  };
  for (const Case& c : {Case{"scenario1", "scenario1", nullptr}, Case{"scenario2", "scenario2", nullptr},
                        Case{"scenario3 (from 1)", "scenario3", "scenario1"},
                        Case{"scenario3 (from 2)", "scenario3", "scenario2"}}) {
    frontier::MatchSetup setup;
    setup.set_game("crossroads");
    setup.set_scenario(c.scenario);
    if (c.start) {
      auto* o = setup.add_options();
      o->set_id("start");
      o->set_value(c.start);
    }
    sim::PlayoutOptions opt;
    opt.seed = 1;
    opt.games = games;
    auto r = sim::run_playouts(*game, setup, opt);
    // Snapshot size at the end of a sample of games (the state has fixed-size arrays, so the
    // size barely varies).
    size_t biggest = 0;
    for (int g = 0; g < 5; ++g) {
      setup.set_seed(static_cast<uint64_t>(g + 1));
      auto s = game->initial(setup);
      std::vector<core::Action> legal;
      core::Rng pick(static_cast<uint64_t>(g));
      for (int i = 0; i < 200000 && game->awaiting(**s); ++i) {
        core::Seat seat = (game->awaiting(**s) & 1) ? 0 : 1;
        game->legal_actions(**s, seat, legal);
        core::apply(*game, **s, seat, legal[pick.below(static_cast<uint32_t>(legal.size()))]);
        if (i % 500 == 0) biggest = std::max(biggest, core::snapshot(*game, **s).size());
      }
    }
    std::printf(
        "%-20s %5d games %9llu actions %7.3f s  %9.0f actions/s  %7.1f games/s  snapshot <= %zu bytes\n",
        c.name, r.games, static_cast<unsigned long long>(r.actions), r.seconds,
        static_cast<double>(r.actions) / r.seconds, r.games / r.seconds, biggest);
  }
  return 0;
}
