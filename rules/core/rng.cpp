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

uint32_t Rng::pick(uint32_t n) {
  if (!forced_picks_.empty()) {
    uint32_t i = forced_picks_.front();
    forced_picks_.pop_front();
    ++draws_;
    return n == 0 ? 0 : (i < n ? i : n - 1);
  }
  return below(n);
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

namespace {

void write_queue(ByteWriter& out, const std::deque<uint32_t>& q) {
  out.varint(q.size());
  for (uint32_t v : q) out.varint(v);
}

bool read_queue(ByteReader& in, std::deque<uint32_t>& q) {
  uint64_t n = 0;
  if (!in.varint(n) || n > 4096) return false;
  q.clear();
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t v = 0;
    if (!in.varint(v) || v > UINT32_MAX) return false;
    q.push_back(static_cast<uint32_t>(v));
  }
  return true;
}

}  // namespace

void Rng::write(ByteWriter& out) const {
  out.u64(state_);
  out.u64(inc_);
  write_queue(out, forced_);
  write_queue(out, forced_picks_);
}

bool Rng::read(ByteReader& in) {
  if (!in.u64(state_) || !in.u64(inc_) || !read_queue(in, forced_) || !read_queue(in, forced_picks_))
    return false;
  draws_ = 0;
  return true;
}

}  // namespace frontier::core
