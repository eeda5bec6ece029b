// Deterministic binary snapshots of game state, and the state hash computed over them.
// Fixed little-endian integers and LEB128 varints: the same state gives the same bytes on
// every machine, so the hash can be compared across processes, builds and replays.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace frontier::core {

class ByteWriter {
 public:
  void u8(uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void boolean(bool v) { u8(v ? 1 : 0); }
  void u16(uint16_t v);
  void u32(uint32_t v);
  void u64(uint64_t v);
  // One byte for values below 128 (most of a snapshot's fields), inline: snapshots are taken at
  // every step of a bot's search.
  void varint(uint64_t v) {
    if (v < 0x80) {
      out_.push_back(static_cast<char>(v));
      return;
    }
    long_varint(v);
  }
  // Signed values zig-zag encoded.
  void svarint(int64_t v) { varint((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63)); }
  void str(std::string_view s);

  const std::string& bytes() const { return out_; }
  // Empties the writer but keeps its buffer, for callers that snapshot again and again.
  void clear() { out_.clear(); }
  std::string take() { return std::move(out_); }

 private:
  void long_varint(uint64_t v);
  std::string out_;
};

// Reads what ByteWriter wrote. Every read returns false (and leaves the reader failed) when the
// input is short or malformed, so corrupt snapshots are reported, never trusted.
class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  bool u8(uint8_t& v);
  bool boolean(bool& v);
  bool u16(uint16_t& v);
  bool u32(uint32_t& v);
  bool u64(uint64_t& v);
  bool varint(uint64_t& v);
  bool svarint(int64_t& v);
  bool str(std::string& s);
  // Convenience for small ints stored as (s)varints, with a range check.
  template <typename T>
  bool small(T& v, int64_t lo, int64_t hi) {
    int64_t x = 0;
    if (!svarint(x) || x < lo || x > hi) return fail();
    v = static_cast<T>(x);
    return true;
  }
  bool at_end() const { return ok_ && pos_ == in_.size(); }
  bool ok() const { return ok_; }

 private:
  bool fail() {
    ok_ = false;
    return false;
  }
  std::string_view in_;
  size_t pos_ = 0;
  bool ok_ = true;
};

// 64-bit FNV-1a: small, fast and fully specified, enough to compare snapshots (not a security hash).
uint64_t fnv1a64(std::string_view bytes);
// A hash eight bytes at a time, for keys that live inside one process (a search's positions):
// several times faster than fnv1a64 on snapshots of kilobytes. Never store or compare it across
// builds; the state hash is fnv1a64.
uint64_t quick_hash64(std::string_view bytes);
// 16 lowercase hex digits.
std::string hash_hex(uint64_t h);

}  // namespace frontier::core
