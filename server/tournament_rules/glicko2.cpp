// Glicko-2 steps 2-8 (step 1, choosing τ and the starting values, is Glicko2Settings and the
// defaults of Glicko2Rating).
#include "tournament_rules/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace frontier::tournament {

namespace {

constexpr double kScale = 173.7178;  // converts Glicko to Glicko-2 scale (step 2)
constexpr double kBase = 1500.0;

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

// Step 5: the new volatility σ', the root of f(x) found by the Illinois algorithm.
double new_volatility(double phi, double sigma, double delta, double v, const Glicko2Settings& s) {
  const double a = std::log(sigma * sigma);
  const double tau2 = s.tau * s.tau;
  auto f = [&](double x) {
    double ex = std::exp(x);
    double denom = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * denom * denom) - (x - a) / tau2;
  };
  double big_a = a;
  double big_b;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * s.tau) < 0.0 && k < s.max_iterations) ++k;
    big_b = a - k * s.tau;
  }
  double f_a = f(big_a);
  double f_b = f(big_b);
  for (int i = 0; i < s.max_iterations && std::abs(big_b - big_a) > s.convergence; ++i) {
    double c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    double f_c = f(c);
    if (f_c * f_b <= 0.0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2.0;  // the Illinois step: halve the stale end's value
    }
    big_b = c;
    f_b = f_c;
  }
  return std::exp(big_a / 2.0);
}

}  // namespace

Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             const Glicko2Settings& settings) {
  // Step 2: onto the Glicko-2 scale.
  const double mu = (player.rating - kBase) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;

  if (games.empty()) {
    Glicko2Rating idle = player;
    idle.deviation = std::sqrt(phi * phi + sigma * sigma) * kScale;
    return idle;
  }

  // Steps 3 and 4: estimated variance v and improvement Δ.
  double v_inverse = 0.0;
  double delta_sum = 0.0;
  for (const Glicko2Game& game : games) {
    double mu_j = (game.opponent.rating - kBase) / kScale;
    double phi_j = game.opponent.deviation / kScale;
    double e = expected(mu, mu_j, phi_j);
    double g_j = g(phi_j);
    v_inverse += g_j * g_j * e * (1.0 - e);
    delta_sum += g_j * (game.score - e);
  }
  const double v = 1.0 / v_inverse;
  const double delta = v * delta_sum;

  // Step 5.
  const double sigma_new = new_volatility(phi, sigma, delta, v, settings);
  // Step 6: pre-rating-period deviation.
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  // Step 7: new deviation and rating.
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * delta_sum;

  // Step 8: back to the Glicko scale.
  Glicko2Rating updated;
  updated.rating = kScale * mu_new + kBase;
  updated.deviation = kScale * phi_new;
  updated.volatility = sigma_new;
  return updated;
}

}  // namespace frontier::tournament
