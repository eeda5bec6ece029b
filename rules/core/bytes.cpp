// ByteWriter/ByteReader encodings and the FNV-1a state hash.
#include "core/bytes.h"

#include <cstdio>
#include <cstring>

namespace frontier::core {

void ByteWriter::u16(uint16_t v) {
  for (int i = 0; i < 2; ++i) u8(static_cast<uint8_t>(v >> (8 * i)));
}
void ByteWriter::u32(uint32_t v) {
  for (int i = 0; i < 4; ++i) u8(static_cast<uint8_t>(v >> (8 * i)));
}
void ByteWriter::u64(uint64_t v) {
  for (int i = 0; i < 8; ++i) u8(static_cast<uint8_t>(v >> (8 * i)));
}
void ByteWriter::long_varint(uint64_t v) {
  while (v >= 0x80) {
    u8(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  u8(static_cast<uint8_t>(v));
}
void ByteWriter::str(std::string_view s) {
  varint(s.size());
  out_.append(s);
}

bool ByteReader::u8(uint8_t& v) {
  if (!ok_ || pos_ >= in_.size()) return fail();
  v = static_cast<uint8_t>(in_[pos_++]);
  return true;
}
bool ByteReader::boolean(bool& v) {
  uint8_t b = 0;
  if (!u8(b) || b > 1) return fail();
  v = b == 1;
  return true;
}
bool ByteReader::u16(uint16_t& v) {
  uint64_t x = 0;
  for (int i = 0; i < 2; ++i) {
    uint8_t b = 0;
    if (!u8(b)) return false;
    x |= static_cast<uint64_t>(b) << (8 * i);
  }
  v = static_cast<uint16_t>(x);
  return true;
}
bool ByteReader::u32(uint32_t& v) {
  uint64_t x = 0;
  for (int i = 0; i < 4; ++i) {
    uint8_t b = 0;
    if (!u8(b)) return false;
    x |= static_cast<uint64_t>(b) << (8 * i);
  }
  v = static_cast<uint32_t>(x);
  return true;
}
bool ByteReader::u64(uint64_t& v) {
  v = 0;
  for (int i = 0; i < 8; ++i) {
    uint8_t b = 0;
    if (!u8(b)) return false;
    v |= static_cast<uint64_t>(b) << (8 * i);
  }
  return true;
}
bool ByteReader::varint(uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    uint8_t b = 0;
    if (!u8(b)) return false;
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) return true;
  }
  return fail();
}
bool ByteReader::svarint(int64_t& v) {
  uint64_t z = 0;
  if (!varint(z)) return false;
  v = static_cast<int64_t>(z >> 1) ^ -static_cast<int64_t>(z & 1);
  return true;
}
bool ByteReader::str(std::string& s) {
  uint64_t n = 0;
  if (!varint(n) || n > in_.size() - pos_) return fail();
  s.assign(in_.substr(pos_, n));
  pos_ += n;
  return true;
}

namespace {
// The finaliser of a 64-bit mixer: every input bit flips about half the output bits.
uint64_t avalanche(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 33);
}
}  // namespace

uint64_t quick_hash64(std::string_view bytes) {
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 32;
  }
  uint64_t tail = 0;
  std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
  // The length goes in last: trailing zero bytes change it, not the words.
  return avalanche((h ^ tail) * 0x9e3779b97f4a7c15ULL + bytes.size());
}

uint64_t fnv1a64(std::string_view bytes) {
  uint64_t h = 14695981039346656037ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

std::string hash_hex(uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace frontier::core
