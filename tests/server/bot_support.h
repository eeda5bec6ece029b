// Helpers of the tests that play the computer (bots_test.cpp, bot_workers_test.cpp).
#pragma once

#include <random>
#include <string>

#include "harness.h"

namespace frontier::testing {

using namespace std::chrono_literals;

inline wire::ClientMessage vs_bot_msg(const std::string& game, const std::string& side,
                                      const std::string& level) {
  wire::ClientMessage m = create_match_msg(game, side);
  m.mutable_create_match()->set_vs_bot(level);
  return m;
}

// Waits for the first update of a match created against the computer (it runs at once).
inline bool await_running(Player& p) {
  for (;;) {
    auto m = p.c->wait_for([](const wire::ServerMessage& x) { return x.has_update(); }, 20s);
    if (!m) return false;
    p.last = m->update();
    if (p.last.status() == wire::RUNNING || p.last.status() == wire::FINISHED) return true;
  }
}

// The person plays at random whenever prompted, else waits for the bot's move to be pushed.
// Returns the person's moves made (stops after `moves` or at the end).
inline int play_against_bot(Player& p, int moves, std::mt19937& rng) {
  int made = 0, refused = 0;
  while (made < moves && p.last.status() == wire::RUNNING) {
    if (p.last.prompts_size() > 0) {
      Step step = play_random_step({&p}, rng, "vsbot");
      if (step.seq != 0) {
        ++made;
        continue;
      }
      // Refused (the bot's simultaneous move landed first: a stale seq): take the next update.
      if (++refused > 20) return made;
    }
    auto m = p.c->wait_for([](const wire::ServerMessage& x) { return x.has_update(); }, 30s);
    if (!m) return made;
    p.last = m->update();
  }
  return made;
}

}  // namespace frontier::testing
