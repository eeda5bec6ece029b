// Long lists of squares (a levy anywhere in Persia, irregular recruits, set-up forts) are offered
// in two steps so every prompt stays short: first a 7x7 block of the grid, then a square in it.
#pragma once

#include <vector>

#include "crossroads/rules.h"

namespace frontier::crossroads {

constexpr int kBlock = 7;          // squares per block side (the 42x42 grid has 6x6 blocks)
constexpr size_t kShortList = 36;  // longer lists go through the blocks

// Appends (kind, square) choices for `squares`, or the block choices (ZOOM) when the list is
// long and `seat` has not picked a block yet.
void offer_squares(const State& s, int seat, const std::vector<int>& squares, uint16_t kind, Actions& out);
std::string block_label(int block);

}  // namespace frontier::crossroads
