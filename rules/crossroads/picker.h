// Long lists of squares (a levy anywhere in Persia, irregular recruits, set-up forts) are offered
// in two steps so every prompt stays short: first a 7x7 block of the grid (named by its regions
// and a city), then a square in it.
#pragma once

#include <vector>

#include "crossroads/places.h"
#include "crossroads/rules.h"

namespace frontier::crossroads {

constexpr size_t kShortList = 36;  // longer lists go through the blocks

// Appends (kind, square) choices for `squares`, or the block choices (ZOOM) when the list is
// long and `seat` has not picked a block yet.
void offer_squares(const State& s, int seat, const std::vector<int>& squares, uint16_t kind, Actions& out);
// "Squares in Persia around Teheran" (places.h); "Back to the blocks of the map" for -1.
std::string block_label(const Data& d, int block);

}  // namespace frontier::crossroads
