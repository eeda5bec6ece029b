// bench_lion [games] [seed]: seeded playouts of The Lion of Khartoum on one thread, through the
// same sim::run_playouts the property tests use (no per-step checks), reporting actions/s and
// games/s for the random policy and the built-in heuristic. The target is >= 1,000,000 random
// playout actions/s per core (DESIGN §2).
#include <cstdio>
#include <cstdlib>

#include "core/registry.h"
#include "lion/register.h"
#include "sim/playout.h"

int main(int argc, char** argv) {
  using namespace frontier;
  int games = argc > 1 ? std::atoi(argv[1]) : 20000;
  uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  core::Registry registry;
  lion::register_games(registry);
  const core::Game& game = *registry.find("lion");
  frontier::MatchSetup setup;
  setup.set_game("lion");
  setup.set_scenario("standard");
  for (auto [name, policy] :
       {std::pair{"random", sim::Policy::kRandom}, std::pair{"heuristic", sim::Policy::kHeuristic}}) {
    sim::PlayoutOptions opt;
    opt.seed = seed;
    opt.games = games;
    opt.policy = policy;
    sim::PlayoutReport r = sim::run_playouts(game, setup, opt);
    int won = r.winners.count("Gordon") ? r.winners.at("Gordon") : 0;
    std::printf(
        "lion %-9s %d games, %llu actions in %.3f s: %.0f actions/s, %.0f games/s, Gordon holds out %.1f%%\n",
        name, r.games, static_cast<unsigned long long>(r.actions), r.seconds,
        static_cast<double>(r.actions) / r.seconds, r.games / r.seconds, 100.0 * won / r.games);
    if (!r.failures.empty()) {
      std::printf("FAILURE %s\n", r.failures.front().c_str());
      return 1;
    }
  }
  return 0;
}
