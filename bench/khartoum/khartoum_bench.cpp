// Random playouts of Khartoum on one thread: actions/s and games/s through sim::run_playouts
// (what frontier-sim play measures), then a split of the time between legal_actions(),
// apply_legal() and the rest (initial position, policy), measured by repeating each part.
//   build/release/bench/khartoum/khartoum_bench [games]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "hand_of_destiny/game.h"
#include "sim/playout.h"

using namespace frontier;

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Plays `games` random games calling legal_actions `legal_reps` times and apply on a copy
// `apply_extra` extra times per step; returns seconds and counts actions.
double run(const core::Game& game, int games, int legal_reps, int apply_extra, uint64_t& actions) {
  MatchSetup setup;
  setup.set_game("khartoum");
  setup.set_scenario("campaign");
  std::vector<core::Action> legal;
  core::EventSink quiet;
  actions = 0;
  double t0 = now();
  for (int g = 0; g < games; ++g) {
    setup.set_seed(static_cast<uint64_t>(g + 1));
    auto state = std::move(game.initial(setup)).value();
    core::Rng policy(static_cast<uint64_t>(g + 1), 77);
    for (;;) {
      core::SeatMask waiting = game.awaiting(*state);
      if (!waiting) break;
      core::Seat seat = (waiting & 1u) ? 0 : 1;
      for (int r = 0; r < legal_reps; ++r) game.legal_actions(*state, seat, legal);
      core::Action a = legal[policy.below(static_cast<uint32_t>(legal.size()))];
      for (int r = 0; r < apply_extra; ++r) {
        auto copy = state->clone();
        game.apply_legal(*copy, seat, a, quiet);
      }
      game.apply_legal(*state, seat, a, quiet);
      ++actions;
    }
  }
  return now() - t0;
}

}  // namespace

int main(int argc, char** argv) {
  int games = argc > 1 ? std::atoi(argv[1]) : 20000;
  hand_of_destiny::HandOfDestinyGame game(
      "khartoum", *hand_of_destiny::load_scenario("khartoum.txtpb").value(), "campaign", "The campaign");
  MatchSetup setup;
  setup.set_game("khartoum");
  setup.set_scenario("campaign");
  sim::PlayoutOptions opt;
  opt.games = games;
  sim::PlayoutReport r = sim::run_playouts(game, setup, opt);
  std::printf(
      "run_playouts: %d games, %llu actions in %.3f s: %.0f actions/s, %.0f games/s, %.1f actions/game\n",
      r.games, static_cast<unsigned long long>(r.actions), r.seconds, r.actions / r.seconds,
      r.games / r.seconds, static_cast<double>(r.actions) / r.games);
  uint64_t n = 0;
  double base = run(game, games, 1, 0, n);
  double legal2 = run(game, games, 2, 0, n);
  double apply2 = run(game, games, 1, 1, n);
  // A clone costs about what the state copy costs; measure it alone to subtract it.
  double clone_only = 0;
  {
    MatchSetup s = setup;
    s.set_seed(1);
    auto st = std::move(game.initial(s)).value();
    double t0 = now();
    for (uint64_t i = 0; i < n; ++i) {
      auto c = st->clone();
      if (!c) return 1;
    }
    clone_only = now() - t0;
  }
  double legal = legal2 - base;
  double apply = apply2 - base - clone_only;
  std::printf("own loop: %llu actions in %.3f s (%.0f actions/s)\n", static_cast<unsigned long long>(n), base,
              n / base);
  std::printf("  legal_actions  %5.1f%%  (%.0f ns/call)\n", 100 * legal / base, 1e9 * legal / n);
  std::printf("  apply_legal    %5.1f%%  (%.0f ns/call)\n", 100 * apply / base, 1e9 * apply / n);
  std::printf("  rest           %5.1f%%  (initial position, policy, loop)\n",
              100 * (base - legal - apply) / base);
  return 0;
}
