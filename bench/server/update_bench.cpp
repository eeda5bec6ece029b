// What one seat's update costs the server on each built-in game: the game's view(), the prompt
// with its labelled choices, and the protobuf encoding, on the positions of random games. These
// are built twice per acknowledged action (the submitter's acknowledgement and the opponent's
// push), so they bound the server's CPU per action from below (docs/performance.md, issue 17).
//
//   build/release/bench/server/frontier-update-bench [positions per game]
#include <google/protobuf/arena.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/engine.h"
#include "games.h"
#include "view.pb.h"

using namespace frontier;

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Positions of seeded random games, `count` in all, each with the seats prompted there.
struct Position {
  std::unique_ptr<core::GameState> state;
  core::Seat seat;
};

std::vector<Position> positions(const core::Game& game, size_t count) {
  std::vector<Position> out;
  core::EventSink quiet;
  std::vector<core::Action> legal;
  for (uint64_t seed = 1; out.size() < count; ++seed) {
    MatchSetup setup;
    setup.set_game(game.id());
    setup.set_scenario(game.info().scenarios(0).id());
    setup.set_seed(seed);
    auto state = std::move(game.initial(setup)).value();
    core::Rng policy(seed, 5);
    while (out.size() < count) {
      core::SeatMask waiting = game.awaiting(*state);
      if (!waiting) break;
      core::Seat seat = (waiting & 1u) ? 0 : 1;
      // Every 7th position keeps a copy: a spread over the game, not only its first moves.
      if (policy.below(7) == 0) out.push_back({state->clone(), seat});
      game.legal_actions(*state, seat, legal);
      game.apply_legal(*state, seat, legal[policy.below(static_cast<uint32_t>(legal.size()))], quiet);
    }
  }
  return out;
}

struct Cost {
  double view_us = 0, prompt_us = 0, encode_us = 0, total_us = 0;
  double bytes = 0;
};

// Builds each position's view and prompt `reps` times, on the heap or on an arena.
Cost measure(const core::Game& game, const std::vector<Position>& ps, bool arena) {
  Cost c;
  std::string bytes;
  double view_s = 0, prompt_s = 0, encode_s = 0;
  size_t total_bytes = 0;
  double t_all = now();
  // The arena starts in a reused block big enough for a whole update, as a server would keep one.
  std::vector<char> block(64 * 1024);
  google::protobuf::ArenaOptions options;
  options.initial_block = block.data();
  options.initial_block_size = block.size();
  for (const auto& p : ps) {
    google::protobuf::Arena a(options);
    GameView* v = arena ? google::protobuf::Arena::CreateMessage<GameView>(&a) : new GameView;
    double t0 = now();
    game.view(*p.state, p.seat, *v);
    double t1 = now();
    Prompt* pr = arena ? google::protobuf::Arena::CreateMessage<Prompt>(&a) : new Prompt;
    core::fill_prompt(game, *p.state, p.seat, *pr);
    double t2 = now();
    bytes.clear();
    v->SerializeToString(&bytes);
    total_bytes += bytes.size();
    pr->AppendToString(&bytes);
    double t3 = now();
    view_s += t1 - t0;
    prompt_s += t2 - t1;
    encode_s += t3 - t2;
    if (!arena) {
      delete v;
      delete pr;
    }
  }
  double n = static_cast<double>(ps.size());
  c.total_us = (now() - t_all) / n * 1e6;
  c.view_us = view_s / n * 1e6;
  c.prompt_us = prompt_s / n * 1e6;
  c.encode_us = encode_s / n * 1e6;
  c.bytes = static_cast<double>(total_bytes) / n;
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  size_t count = argc > 1 ? static_cast<size_t>(std::atol(argv[1])) : 3000;
  std::printf("%-11s %-6s %9s %9s %9s %12s %12s\n", "game", "alloc", "view µs", "prompt µs", "encode µs",
              "total µs", "view bytes");
  for (const core::Game* game : builtin_games().games()) {
    auto ps = positions(*game, count);
    for (bool arena : {false, true}) {
      Cost c = measure(*game, ps, arena);
      std::printf("%-11s %-6s %9.1f %9.1f %9.1f %12.1f %12.0f\n", game->id().c_str(),
                  arena ? "arena" : "heap", c.view_us, c.prompt_us, c.encode_us, c.total_us, c.bytes);
    }
  }
}
