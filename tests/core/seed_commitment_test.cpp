// The seed commitment every client recomputes at the end of a match (docs/protocol.md,
// "Verifiable dice"): its text and hash are part of the protocol, so they are pinned here.
#include <gtest/gtest.h>

#include "core/seed_commitment.h"

using frontier::core::seed_commitment;

TEST(SeedCommitment, IsTheHexSha256OfTheVersionedSeedAndNonce) {
  // sha256("frontier-seed-v1:42:nonce"), computed outside this code base.
  EXPECT_EQ(seed_commitment(42, "nonce"), "f34666330eb3fab473050a94d7795fe92a3ab09da45186c9f10b5a92100ee660");
}

TEST(SeedCommitment, ChangesWithTheSeedAndTheNonce) {
  EXPECT_NE(seed_commitment(42, "nonce"), seed_commitment(43, "nonce"));
  EXPECT_NE(seed_commitment(42, "nonce"), seed_commitment(42, "nonce2"));
  // The separator keeps "4" + "2x" apart from "42" + "x".
  EXPECT_NE(seed_commitment(4, "2x"), seed_commitment(42, "x"));
}
