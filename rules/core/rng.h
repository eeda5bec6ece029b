// The match's seeded random generator: the only source of chance in the rules engine.
//
// Algorithm: PCG32 (O'Neill, "PCG-XSH-RR 64/32"): 64-bit LCG state, multiplier
// 6364136223846793005, odd increment derived from the stream, output = rotate-right of
// ((state ^ state >> 18) >> 27) by (state >> 59). Seeding follows pcg32_srandom_r:
// state = 0, inc = (stream << 1) | 1, step, state += seed, step.
// Bounded integers use rejection sampling with threshold (2^32 - n) mod n, so results are
// unbiased and identical on every compiler and standard library (no std::distribution).
// Shuffles are Fisher-Yates from the last element down, drawing below(i + 1).
//
// Scenario scripts may queue forced die faces ("the next die shows 4"). Only roll() consumes
// them — never below(), shuffles or deck draws — so a script's dice are not eaten by a
// reshuffle that happens to come first. They are part of the serialised state.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <utility>

namespace frontier::core {

class ByteWriter;
class ByteReader;

class Rng {
 public:
  explicit Rng(uint64_t seed = 0, uint64_t stream = 0x46524f4e54494552ULL /* "FRONTIER" */);

  uint32_t next_u32();
  // Uniform integer in [0, n). n must be >= 1.
  uint32_t below(uint32_t n);
  // Uniform integer in [lo, hi].
  int between(int lo, int hi) { return lo + static_cast<int>(below(static_cast<uint32_t>(hi - lo + 1))); }
  // One die: uniform in [1, sides], or the next forced face.
  int roll(int sides = 6);

  template <typename T>
  void shuffle(std::span<T> items) {
    for (size_t i = items.size(); i > 1; --i) {
      size_t j = below(static_cast<uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  // Scripts: the next roll() returns `face` (clamped to [1, sides] when consumed, so a mistaken
  // script cannot break an invariant).
  void force_roll(int face) { forced_.push_back(static_cast<uint32_t>(face < 1 ? 1 : face)); }
  size_t forced_pending() const { return forced_.size(); }

  // How many values have been drawn since construction or restore (not serialised). Lets the
  // engine tell whether an action consumed chance, which makes it impossible to undo.
  uint64_t draws() const { return draws_; }

  void write(ByteWriter& out) const;
  bool read(ByteReader& in);

  bool operator==(const Rng& o) const { return state_ == o.state_ && inc_ == o.inc_ && forced_ == o.forced_; }

 private:
  uint64_t state_ = 0;
  uint64_t inc_ = 1;
  uint64_t draws_ = 0;
  std::deque<uint32_t> forced_;
};

}  // namespace frontier::core
