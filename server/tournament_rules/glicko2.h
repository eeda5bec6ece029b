// Glicko-2 rating update, as in Mark Glickman, "Example of the Glicko-2 system"
// (glicko.net, 2013 revision): steps 1-8, with the volatility found by the Illinois
// (regula falsi) iteration of step 5.
//
// Floating point is fine here: ratings are not game state and never feed back into play.
#pragma once

#include <vector>

namespace frontier::tournament {

// A rating on the Glicko scale (r, RD) with its volatility σ.
struct Glicko2Rating {
  double rating = 1500.0;
  double deviation = 350.0;  // RD
  double volatility = 0.06;  // σ

  bool operator==(const Glicko2Rating&) const = default;
};

// One game of the rating period, seen from the player being rated.
struct Glicko2Game {
  Glicko2Rating opponent;
  double score = 0.0;  // 1 win, 0.5 draw, 0 loss
};

struct Glicko2Settings {
  double tau = 0.5;               // τ: constrains volatility change; Glickman suggests 0.3-1.2
  double convergence = 0.000001;  // ε of step 5
  int max_iterations = 100;       // guard for the iteration; converges in a handful
};

// The player's rating after one rating period containing `games`. With no games only the
// deviation grows (step 6 applied alone), as the paper prescribes for idle players.
Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             const Glicko2Settings& settings);

}  // namespace frontier::tournament
