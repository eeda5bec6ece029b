// Bots' envoys (not a rule; docs/ai.md, "Envoys"): what a bot leaves out (Game::bot_skips) so
// that its agents who may win a treaty (political value 2 or more, 15.1(2)) travel to the capital
// they do best to make for, one to a region, negotiate there with all the pounds they may commit,
// and have the supply points their journeys need (12.2). A search chooses every other move.
//
// Why a rule of thumb and not the search: a treaty is two or three operations phases' march
// away, each phase after the first paid for with a supply point in the expenditure phase before
// (12.2, 17.1), and a playout cut a turn short sees the costs at once and the treaty only later.
// Scenario 2's Russian bot never moved its three negotiators from their city in six turns; with
// the khanates in Russian hands from the start the same bots drew half their games.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "crossroads/state.h"

namespace frontier::crossroads {

// The seat's envoys in the order they choose their goals, and each one's goal (a region, by
// agent; -1: none). See envoys.cpp.
struct Envoys {
  std::array<int8_t, kMaxAgents> order;
  int count = 0;
  std::array<int8_t, kMaxAgents> goal;
};

// What a bot leaves out for its envoys in one position, from what `seat` may see: its own
// agents, the regions' control, occupation and the map. A bot asks about every legal action of
// every step it plans, so what the answers share (who the envoys are and their goals) is worked
// out once per position, when first needed.
class EnvoySkips {
 public:
  // `legal`: all of the seat's legal actions here when the caller has listed them, else null
  // (they are listed again where an answer needs them).
  EnvoySkips(const State& s, int seat, const std::vector<core::Action>* legal = nullptr)
      : s_(s), seat_(seat), legal_(legal) {}
  bool skips(const core::Action& a);

 private:
  const Envoys& envoys();
  bool any_envoy_in_force();
  bool any_envoy_unmoved();
  const std::vector<core::Action>& legal();
  bool skips_step(int to);
  bool skips_end_of_move();
  bool skips_setting_off();
  bool skips_end_of_movement();
  bool skips_end_of_negotiations();

  const State& s_;
  int seat_;
  const std::vector<core::Action>* legal_;
  std::vector<core::Action> listed_;  // legal_actions, where the caller gave none
  Envoys envoys_;
  bool envoys_known_ = false;
  int8_t in_force_ = -1, unmoved_ = -1;  // -1: not yet asked
};

}  // namespace frontier::crossroads
