// PCG32 and the bounded/dice helpers; see rng.h for the exact algorithm.
#include "core/rng.h"

#include "core/bytes.h"

namespace frontier::core {

namespace {
constexpr uint64_t kMultiplier = 6364136223846793005ULL;
}

Rng::Rng(uint64_t seed, uint64_t stream) {
  state_ = 0;
  inc_ = (stream << 1u) | 1u;
  next_u32();
  state_ += seed;
  next_u32();
  draws_ = 0;
}

uint32_t Rng::next_u32() {
  uint64_t old = state_;
  state_ = old * kMultiplier + inc_;
  auto xorshifted = static_cast<uint32_t>(((old >> 18u) ^ old) >> 27u);
  auto rot = static_cast<uint32_t>(old >> 59u);
  ++draws_;
  return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

int Rng::roll(int sides) {
  if (!forced_.empty()) {
    auto face = static_cast<int>(forced_.front());
    forced_.pop_front();
    ++draws_;  // a forced die is still chance: the action cannot be undone
    return face > sides ? sides : face;
  }
  return 1 + static_cast<int>(below(static_cast<uint32_t>(sides)));
}

uint32_t Rng::below(uint32_t n) {
  if (n <= 1) return 0;
  // Reject the low (2^32 mod n) values so every residue is equally likely.
  uint32_t threshold = (0u - n) % n;
  for (;;) {
    uint32_t r = next_u32();
    if (r >= threshold) return r % n;
  }
}

void Rng::write(ByteWriter& out) const {
  out.u64(state_);
  out.u64(inc_);
  out.varint(forced_.size());
  for (uint32_t v : forced_) out.varint(v);
}

bool Rng::read(ByteReader& in) {
  uint64_t n = 0;
  if (!in.u64(state_) || !in.u64(inc_) || !in.varint(n) || n > 4096) return false;
  forced_.clear();
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t v = 0;
    if (!in.varint(v)) return false;
    forced_.push_back(static_cast<uint32_t>(v));
  }
  draws_ = 0;
  return true;
}

}  // namespace frontier::core
