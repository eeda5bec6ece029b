// Where a player reads a location: every prompt, choice label, log line and view names a square
// through these (never "square r,c"), so both clients show the same words. Pure functions of the
// static data; data.cpp builds them once into Data::loc_names and Data::block_names.
#pragma once

#include <string>

#include "crossroads/data.h"

namespace frontier::crossroads {

constexpr int kBlock = 7;  // squares per block side of the picker
constexpr int kBlocksPerRow = kW / kBlock, kBlocks = kBlocksPerRow * (kH / kBlock);

// A city's square: the city ("Kabul"). Any other land square: its region and the exact offset
// from the nearest city of that region ("Persia, 2 squares NE of Teheran"; "Herat, 1 square S of
// the city" where region and city share the name), or from the region's centre when the region
// has no city. A sea square: its water and the offset from the nearest city ("the Caspian Sea,
// 3 squares W of Baku"). The home boxes: "Central India", "the Urals". Distinct squares always
// get distinct names (the offset from one reference names one square).
std::string place_name(const Data& d, int loc);

// A 7x7 block of the picker (picker.h) by its main regions and a city in it or near it:
// "Squares in Persia and Turkoman around Mashhad", "Squares in West Siberia west of Orenburg".
std::string block_place_name(const Data& d, int block);

}  // namespace frontier::crossroads
