// A set of map squares, one bit each: small enough to copy into a search and to snapshot word
// by word.
#pragma once

#include <array>
#include <cstdint>

#include "crossroads/data.h"

namespace frontier::crossroads {

struct SquareSet {
  std::array<uint64_t, (kSquares + 63) / 64> words{};

  bool has(int sq) const { return (words[sq >> 6] >> (sq & 63)) & 1; }
  void add(int sq) { words[sq >> 6] |= uint64_t{1} << (sq & 63); }
  void clear() { words.fill(0); }
};

}  // namespace frontier::crossroads
