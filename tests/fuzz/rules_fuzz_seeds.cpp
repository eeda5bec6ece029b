// Seeds for the rules fuzz targets, from short random playouts of every shipped game: real
// positions (snapshot target) and real legal actions at real positions (action target). The
// driver writes them as the corpus (`--write-seeds`) and mutates them for its own runs.
#include <cstdlib>
#include <random>

#include "rules_fuzz.h"

namespace frontier::fuzz {
namespace {

constexpr int kWalks[] = {0, 3, 12, 40};  // playout lengths the seeds are taken at

void append_action(std::string& input, core::Seat seat, const core::Action& a, bool raw) {
  std::string bytes;
  if (raw) {
    for (int16_t v : {static_cast<int16_t>(a.kind), a.a, a.b, a.c}) {
      bytes.push_back(static_cast<char>(v & 0xff));
      bytes.push_back(static_cast<char>((v >> 8) & 0xff));
    }
  } else {
    bytes = core::to_proto(a).SerializeAsString();
  }
  input.push_back(static_cast<char>((raw ? 0x80 : 0) | (seat & 0x0f)));
  input.push_back(static_cast<char>(bytes.size()));
  input += bytes;
}

// Calls fn(game index, game, scenario, steps, seed, state, rng) for a position after each of
// kWalks random steps from each of the first three scenarios of every shipped game.
template <typename Fn>
void for_each_playout(Fn fn) {
  const auto& games = shipped_games();
  for (size_t g = 0; g < games.size(); ++g) {
    const core::Game& game = *games[g];
    for (int sc = 0; sc < std::max(1, game.info().scenarios_size()) && sc < 3; ++sc) {
      for (int steps : kWalks) {
        uint8_t seed = static_cast<uint8_t>(steps + sc);
        auto state = start_position(game, static_cast<uint8_t>(sc));
        std::mt19937 rng(seed);
        random_walk(game, *state, steps, rng);
        fn(static_cast<char>(g), game, static_cast<char>(sc), static_cast<char>(steps),
           static_cast<char>(seed), *state, rng);
      }
    }
  }
}

}  // namespace

std::vector<std::string> action_seeds() {
  std::vector<std::string> out;
  for_each_playout([&](char g, const core::Game& game, char sc, char steps, char seed, core::GameState& state,
                       std::mt19937& rng) {
    std::string input{g, sc, steps, seed};
    // A few of the legal actions of each seat with a prompt, then a few played in a row.
    std::vector<core::Action> legal;
    for (core::Seat s = 0; s < game.seat_count(); ++s) {
      if ((game.awaiting(state) & core::seat_bit(s)) == 0) continue;
      game.legal_actions(state, s, legal);
      for (size_t k = 0; k < legal.size() && k < 4; ++k) append_action(input, s, legal[k], k % 2 == 1);
    }
    for (int k = 0; k < 4 && game.awaiting(state) != 0; ++k) {
      core::Seat s = 0;
      while ((game.awaiting(state) & core::seat_bit(s)) == 0) ++s;
      game.legal_actions(state, s, legal);
      const core::Action& a = legal[rng() % legal.size()];
      append_action(input, s, a, false);
      if (!core::apply(game, state, s, a).status.is_ok()) std::abort();
    }
    out.push_back(std::move(input));
  });
  return out;
}

std::vector<std::string> snapshot_seeds() {
  std::vector<std::string> out;
  for_each_playout(
      [&](char g, const core::Game& game, char, char steps, char, core::GameState& state, std::mt19937&) {
        std::string input{g, steps};
        input += core::snapshot(game, state);
        out.push_back(std::move(input));
      });
  return out;
}

}  // namespace frontier::fuzz
