// The parts of a Khartoum view that never change in a game — each space's id, name, port, VP and
// place, each unit's id, name, side, type and strength, the routes — encoded once per scenario.
// A view copies these bytes instead of building and encoding them again: they are two thirds of
// every update the server sends.
#pragma once

#include <string>
#include <vector>

#include "hand_of_destiny/scenario.h"

namespace frontier::hand_of_destiny {

struct ViewParts {
  std::vector<std::string> space_names;   // per space: SpaceView fields 1-2 (id, name)
  std::vector<std::string> space_places;  // per space: SpaceView fields 4-7 (port, vp, x, y)
  std::vector<std::string> terrains;      // per terrain: SpaceView field 3
  std::vector<std::string> units;         // per unit: UnitView fields 1-6
  std::string routes;                     // KhartoumView field 8: every route once
  std::vector<std::string> card_labels;   // per card: "K-04 Graham's Expedition"
  size_t board_bytes = 0;                 // at least the encoded size of any view's board
};

ViewParts encode_view_parts(const Scenario& sc);

}  // namespace frontier::hand_of_destiny
