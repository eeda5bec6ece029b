// The blossom matching that keeps the Swiss pairer complete.
#include "tournament_rules/matching.h"

#include <gtest/gtest.h>

#include "core/rng.h"

namespace frontier::tournament {
namespace {

// Brute force: is there a perfect matching of the live vertices in `mask`?
bool brute_perfect(const Matching& m, int n, unsigned mask) {
  if (mask == 0) return true;
  int u = __builtin_ctz(mask);
  for (int v = u + 1; v < n; ++v) {
    if ((mask >> v & 1u) && m.has_edge(u, v) && brute_perfect(m, n, mask & ~(1u << u) & ~(1u << v)))
      return true;
  }
  return false;
}

// A 5-cycle plus a pendant needs a blossom to be matched perfectly.
TEST(Matching, NeedsBlossomContraction) {
  Matching m(6);
  for (auto [u, v] : std::vector<std::pair<int, int>>{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {2, 5}})
    m.add_edge(u, v);
  EXPECT_EQ(m.maximise(), 3);
  EXPECT_TRUE(m.perfect());
}

// Random graphs: maximise() agrees with brute force, and commit_pair succeeds exactly when
// the rest still has a perfect matching.
TEST(Matching, AgreesWithBruteForce) {
  core::Rng rng(42);
  for (int trial = 0; trial < 400; ++trial) {
    int n = 2 * rng.between(1, 6);
    Matching m(n);
    for (int u = 0; u < n; ++u) {
      for (int v = u + 1; v < n; ++v) {
        if (rng.below(100) < 45) m.add_edge(u, v);
      }
    }
    unsigned all = (1u << n) - 1u;
    bool expected = brute_perfect(m, n, all);
    m.maximise();
    ASSERT_EQ(m.perfect(), expected) << trial;
    if (!expected) continue;
    for (int u = 0; u < n; ++u) {
      for (int v = u + 1; v < n; ++v) {
        if (!m.has_edge(u, v)) continue;
        Matching trial_matching = m;
        bool rest = brute_perfect(m, n, all & ~(1u << u) & ~(1u << v));
        ASSERT_EQ(trial_matching.commit_pair(u, v), rest) << trial << " " << u << "-" << v;
        if (rest) {
          ASSERT_TRUE(trial_matching.perfect());
        }
      }
    }
  }
}

// Brute force: the size of a maximum matching among the vertices in `mask`.
int brute_maximum(const Matching& m, int n, unsigned mask) {
  if (mask == 0) return 0;
  int u = __builtin_ctz(mask);
  int best = brute_maximum(m, n, mask & ~(1u << u));  // u unmatched
  for (int v = u + 1; v < n; ++v) {
    if ((mask >> v & 1u) && m.has_edge(u, v)) {
      best = std::max(best, 1 + brute_maximum(m, n, mask & ~(1u << u) & ~(1u << v)));
    }
  }
  return best;
}

int matched_edges(const Matching& m, int n) {
  int edges = 0;
  for (int v = 0; v < n; ++v) edges += m.live(v) && m.mate(v) > v;
  return edges;
}

// Graphs without perfect matchings: commit_pair succeeds exactly when some maximum matching
// uses u-v, and remove_keeping_maximum leaves a maximum matching.
TEST(Matching, MaximumKeptThroughPairsAndRemovals) {
  core::Rng rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    int n = rng.between(3, 11);
    Matching m(n);
    for (int u = 0; u < n; ++u) {
      for (int v = u + 1; v < n; ++v) {
        if (rng.below(100) < 30) m.add_edge(u, v);
      }
    }
    unsigned all = (1u << n) - 1u;
    int best = brute_maximum(m, n, all);
    ASSERT_EQ(m.maximise(), best);
    for (int u = 0; u < n; ++u) {
      Matching removed = m;
      removed.remove_keeping_maximum(u);
      ASSERT_EQ(matched_edges(removed, n), brute_maximum(m, n, all & ~(1u << u))) << trial;
      for (int v = u + 1; v < n; ++v) {
        if (!m.has_edge(u, v)) continue;
        Matching paired = m;
        bool expected = brute_maximum(m, n, all & ~(1u << u) & ~(1u << v)) == best - 1;
        ASSERT_EQ(paired.commit_pair(u, v), expected) << trial << " " << u << "-" << v;
        ASSERT_EQ(matched_edges(paired, n), expected ? best - 1 : best);
      }
    }
  }
}

}  // namespace
}  // namespace frontier::tournament
