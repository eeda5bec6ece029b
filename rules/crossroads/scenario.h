// Scenarios (26.0) parsed from crossroads_scenarios.txtpb into placement instructions.
#pragma once

#include <string>
#include <vector>

#include "crossroads/state.h"

namespace frontier::crossroads {

enum class Where : uint8_t { kFixed, kHome, kCities, kNonCity, kFort };

struct Placement {
  int placer;
  int nation;
  int type = -1;    // unit type index
  int agent = -1;   // agent index
  int marker = -1;  // MarkerKind
  int count;
  Where where;
  int fixed = -1;  // square
  bool home = false;
  uint32_t regions = 0;
  std::string group;
};

struct Scenario {
  std::string id, name;
  int first_turn, last_turn, bop, pounds[2];
  std::vector<int> regions[2];
  std::vector<Placement> placements;
  bool ranjit, mutiny_done;
};

// Loaded once per process; scenarios_status() says whether they loaded (the game is registered
// only then), and scenarios() may be called only after they did.
core::Status scenarios_status();
const std::vector<Scenario>& scenarios();
const Scenario& scenario_of(const State& s);
// A fresh state for scenario index 0/1 (scenario 1 or 2 set-up), ready for its placements.
void init_state(State& s, int base, int last_turn);

}  // namespace frontier::crossroads
