// Snapshot encoding: exact round trips, rejection of malformed input, a fixed hash.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/bytes.h"

using namespace frontier::core;

TEST(Bytes, RoundTripsEveryEncoding) {
  ByteWriter w;
  w.u8(7);
  w.boolean(true);
  w.u16(0xBEEF);
  w.u32(0xDEADBEEF);
  w.u64(0x0123456789ABCDEFULL);
  w.varint(300);
  w.svarint(-12345);
  w.str("Khartoum");
  ByteReader r(w.bytes());
  uint8_t a;
  bool b;
  uint16_t c;
  uint32_t d;
  uint64_t e, f;
  int64_t g;
  std::string h;
  ASSERT_TRUE(r.u8(a) && r.boolean(b) && r.u16(c) && r.u32(d) && r.u64(e) && r.varint(f) && r.svarint(g) &&
              r.str(h));
  EXPECT_TRUE(r.at_end());
  EXPECT_EQ(a, 7);
  EXPECT_TRUE(b);
  EXPECT_EQ(c, 0xBEEF);
  EXPECT_EQ(d, 0xDEADBEEFu);
  EXPECT_EQ(e, 0x0123456789ABCDEFULL);
  EXPECT_EQ(f, 300u);
  EXPECT_EQ(g, -12345);
  EXPECT_EQ(h, "Khartoum");
}

TEST(Bytes, ShortOrMalformedInputFailsAndStaysFailed) {
  ByteWriter w;
  w.str("a long enough string");
  std::string cut = w.bytes().substr(0, 5);
  ByteReader r(cut);
  std::string s;
  EXPECT_FALSE(r.str(s));
  EXPECT_FALSE(r.ok());
  uint8_t x;
  EXPECT_FALSE(r.u8(x));
  ByteReader bad_bool(std::string_view("\x02", 1));
  bool b;
  EXPECT_FALSE(bad_bool.boolean(b));
}

TEST(Bytes, SmallChecksRange) {
  ByteWriter w;
  w.svarint(12);
  ByteReader r(w.bytes());
  int v = 0;
  EXPECT_FALSE(r.small(v, 0, 10));
}

// FNV-1a 64 of "a" is a published test vector.
TEST(Bytes, Fnv1aMatchesPublishedVector) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(hash_hex(0xaf63dc4c8601ec8cULL), "af63dc4c8601ec8c");
}

// The search's position keys: equal bytes give equal keys; a change anywhere (in a whole word or
// in the tail), or trailing zero bytes, gives another.
TEST(Bytes, QuickHashTellsSnapshotsApart) {
  std::string base(37, '\x05');
  std::set<uint64_t> keys{quick_hash64(base)};
  EXPECT_EQ(quick_hash64(base), quick_hash64(std::string(37, '\x05')));
  for (size_t i = 0; i < base.size(); ++i) {
    std::string changed = base;
    changed[i] = '\x06';
    keys.insert(quick_hash64(changed));
  }
  keys.insert(quick_hash64(base + std::string(1, '\0')));
  keys.insert(quick_hash64(base + std::string(8, '\0')));
  keys.insert(quick_hash64(""));
  EXPECT_EQ(keys.size(), base.size() + 4);
}
