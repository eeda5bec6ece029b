// A balance probe for the reconstructed Khartoum data (not a test): plays games where a side
// follows a greedy policy (march with whole stacks towards enemy units and towns, never hold
// back) against random or greedy opponents, and prints who wins.
//   build/release/bench/khartoum/khartoum_balance [games]
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "hand_of_destiny/game.h"
#include "hand_of_destiny/policy.h"

using namespace frontier;
using namespace frontier::hand_of_destiny;

namespace {

// Wins of each side when seat s is greedy where greedy[s].
void play(const HandOfDestinyGame& game, int games, const bool greedy[2]) {
  int wins[2] = {0, 0}, abandoned = 0;
  core::EventSink quiet;
  std::vector<core::Action> legal;
  for (int g = 0; g < games; ++g) {
    MatchSetup setup;
    setup.set_game("khartoum");
    setup.set_scenario("campaign");
    setup.set_seed(static_cast<uint64_t>(g + 1));
    auto st = std::move(game.initial(setup)).value();
    core::Rng policy(static_cast<uint64_t>(g + 1), 5);
    int steps = 0;
    // A greedy policy could go round in circles (take, leave, take...): give such a game up.
    while (core::SeatMask waiting = game.awaiting(*st)) {
      if (++steps > 20000) break;
      int seat = (waiting & 1u) ? 0 : 1;
      game.legal_actions(*st, seat, legal);
      size_t best = 0;
      int best_score = -1000;
      for (size_t i = 0; i < legal.size(); ++i) {
        int score =
            static_cast<int>(policy.below(10)) + (greedy[seat] ? greedy_score(S(*st), seat, legal[i]) : 0);
        if (score > best_score) {
          best_score = score;
          best = i;
        }
      }
      game.apply_legal(*st, seat, legal[best], quiet);
    }
    if (S(*st).finished) {
      ++wins[S(*st).winner];
    } else {
      ++abandoned;
    }
  }
  std::printf("Mahdist %-6s vs Empire %-6s: Mahdist %d, Empire %d, abandoned %d\n",
              greedy[0] ? "greedy" : "random", greedy[1] ? "greedy" : "random", wins[0], wins[1], abandoned);
}

}  // namespace

int main(int argc, char** argv) {
  int games = argc > 1 ? std::atoi(argv[1]) : 500;
  HandOfDestinyGame game("khartoum", *load_scenario("khartoum.txtpb").value(), "campaign", "The campaign");
  for (bool m : {false, true}) {
    for (bool e : {false, true}) {
      const bool greedy[2] = {m, e};
      play(game, games, greedy);
    }
  }
  return 0;
}
