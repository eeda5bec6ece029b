// The generator is fixed: its outputs are part of every stored game, so they are pinned here.
#include <gtest/gtest.h>

#include <array>
#include <numeric>

#include "core/bytes.h"
#include "core/rng.h"

using frontier::core::Rng;

// The published PCG32 reference outputs for pcg32_srandom(42, 54) (pcg-c-basic demo), so our
// implementation matches the documented algorithm, not merely itself.
TEST(Rng, MatchesPcg32ReferenceOutputs) {
  Rng rng(42, 54);
  const std::array<uint32_t, 6> expected = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                            0x83d2f293, 0xbfa4784b, 0xcbed606e};
  for (uint32_t e : expected) EXPECT_EQ(rng.next_u32(), e);
}

// Our default stream with a fixed seed: constants written down once; a change here means every
// stored game would replay differently.
TEST(Rng, DefaultStreamFirstOutputsArePinned) {
  Rng rng(2026);
  std::array<uint32_t, 4> got{};
  for (auto& g : got) g = rng.next_u32();
  const std::array<uint32_t, 4> expected = {2674913377u, 1230635100u, 2607206224u, 1581218079u};
  EXPECT_EQ(got, expected);
}

TEST(Rng, BelowStaysInRangeAndCoversIt) {
  Rng rng(7);
  std::array<int, 6> seen{};
  for (int i = 0; i < 6000; ++i) {
    uint32_t v = rng.below(6);
    ASSERT_LT(v, 6u);
    ++seen[v];
  }
  for (int count : seen) EXPECT_GT(count, 850);  // each face near 1000
}

TEST(Rng, DiceAreOneToSides) {
  Rng rng(9);
  for (int i = 0; i < 1000; ++i) {
    int d = rng.roll(6);
    ASSERT_GE(d, 1);
    ASSERT_LE(d, 6);
  }
}

TEST(Rng, ForcedFacesAreForRollsOnlyNotShuffles) {
  Rng rng(3);
  Rng same(3);
  rng.force_roll(2);
  EXPECT_EQ(rng.below(1000), same.below(1000));  // below() ignores the queue
  EXPECT_EQ(rng.forced_pending(), 1u);
  EXPECT_EQ(rng.roll(6), 2);
  rng.force_roll(9);
  EXPECT_EQ(rng.roll(6), 6);  // clamped to the die
}

TEST(Rng, ForcedRollsComeFirstAndAreCounted) {
  Rng rng(1);
  Rng untouched(1);
  rng.force_roll(4);
  rng.force_roll(1);
  EXPECT_EQ(rng.roll(6), 4);
  EXPECT_EQ(rng.roll(6), 1);
  EXPECT_EQ(rng.draws(), 2u);
  EXPECT_EQ(rng.next_u32(), untouched.next_u32());  // the generator itself was not advanced
}

TEST(Rng, ShuffleIsAPermutationAndSeedDependent) {
  std::array<int, 20> a{}, b{};
  std::iota(a.begin(), a.end(), 0);
  b = a;
  Rng r1(5), r2(6);
  r1.shuffle(std::span<int>(a));
  r2.shuffle(std::span<int>(b));
  EXPECT_NE(a, b);
  std::array<int, 20> sorted = a;
  std::sort(sorted.begin(), sorted.end());
  std::array<int, 20> identity{};
  std::iota(identity.begin(), identity.end(), 0);
  EXPECT_EQ(sorted, identity);
}

TEST(Rng, SerialisationRoundTripsIncludingForcedValues) {
  Rng rng(11);
  rng.next_u32();
  rng.force_roll(4);
  frontier::core::ByteWriter w;
  rng.write(w);
  Rng back;
  frontier::core::ByteReader r(w.bytes());
  ASSERT_TRUE(back.read(r));
  EXPECT_TRUE(r.at_end());
  EXPECT_TRUE(back == rng);
  EXPECT_EQ(back.roll(10), 4);
  EXPECT_EQ(back.next_u32(), rng.next_u32());
}
