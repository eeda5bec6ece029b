#include "crossroads/picker.h"

namespace frontier::crossroads {

namespace {
int block_of(int sq) {
  return (sq / kW / kBlock) * kBlocksPerRow + (sq % kW) / kBlock;
}
}  // namespace

void offer_squares(const State& s, int seat, const std::vector<int>& squares, uint16_t kind, Actions& out) {
  bool zoomed = s.zoom[seat] >= 0;
  if (squares.size() <= kShortList && !zoomed) {
    for (int sq : squares) out.push_back({kind, static_cast<int16_t>(sq), 0, 0});
    return;
  }
  if (!zoomed) {
    uint64_t seen = 0;
    for (int sq : squares) {
      if (sq >= kSquares) {  // a home box is always offered directly
        out.push_back({kind, static_cast<int16_t>(sq), 0, 0});
        continue;
      }
      int b = block_of(sq);
      if (seen >> b & 1) continue;
      seen |= uint64_t{1} << b;
      out.push_back({ZOOM, static_cast<int16_t>(b), 0, 0});
    }
    return;
  }
  for (int sq : squares)
    if (sq < kSquares && block_of(sq) == s.zoom[seat]) out.push_back({kind, static_cast<int16_t>(sq), 0, 0});
  out.push_back({ZOOM, -1, 0, 0});
}

std::string block_label(const Data& d, int block) {
  if (block < 0 || block >= kBlocks) return "Back to the blocks of the map";
  return d.block_names[static_cast<size_t>(block)];
}

}  // namespace frontier::crossroads
