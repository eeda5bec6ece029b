// Swiss properties over thousands of simulated events with random results, late entries,
// withdrawals and forbidden pairings (C.04.1): no rematch, at most one bye each, the bye to
// the lowest-ranked eligible player, sides within ±2 and never three running before the last
// round; and whenever the pairer relaxes the side limits or gives up, a brute-force search
// confirms that no better pairing existed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "core/rng.h"
#include "swiss_oracle.h"
#include "tournament_rules/swiss.h"

namespace frontier::tournament {
namespace {

struct SimPlayer {
  SwissEntrant state;
  int entry_round = 1;
  int withdrawn_from = 0;  // 0: never withdraws
  int byes = 0;
  std::string side_trace;  // one letter per played game
};

struct SimStats {
  int rounds = 0;
  int relaxed = 0;
  int unpairable = 0;
  int byes = 0;
  int late_entries = 0;
};

bool ranks_below(const SwissEntrant& x, const SwissEntrant& y) {  // x below y
  return x.score != y.score ? x.score < y.score : x.pairing_number > y.pairing_number;
}

void run_event(uint64_t seed, int field, int rounds, bool use_oracle, SimStats& stats) {
  core::Rng rng(seed);
  std::vector<SimPlayer> players;
  int late = rng.below(3) == 0 ? rng.between(1, 3) : 0;
  for (int i = 0; i < field + late; ++i) {
    SimPlayer p;
    p.state.id = static_cast<PlayerId>(100 + i);
    p.state.pairing_number = i + 1;
    if (i >= field) {
      p.entry_round = rng.between(2, std::max(2, rounds / 2 + 1));  // late entry: up to half the rounds
      ++stats.late_entries;
    }
    if (rng.below(10) == 0) p.withdrawn_from = rng.between(2, rounds);
    players.push_back(p);
  }
  std::vector<std::pair<PlayerId, PlayerId>> forbidden;
  if (rng.below(4) == 0) {
    PlayerId x = static_cast<PlayerId>(100 + rng.below(static_cast<uint32_t>(field)));
    PlayerId y = static_cast<PlayerId>(100 + rng.below(static_cast<uint32_t>(field)));
    if (x != y) forbidden.emplace_back(x, y);
  }

  for (int round = 1; round <= rounds; ++round) {
    SwissRequest request;
    request.round = round;
    request.total_rounds = rounds;
    request.forbidden = forbidden;
    std::map<PlayerId, SimPlayer*> by_id;
    for (SimPlayer& p : players) {
      bool present = p.entry_round <= round && (p.withdrawn_from == 0 || round < p.withdrawn_from);
      if (!present) continue;
      request.entrants.push_back(p.state);
      by_id[p.state.id] = &p;
    }
    if (request.entrants.size() < 2) return;
    auto result = pair_swiss_round(request);
    ++stats.rounds;
    if (!result.is_ok()) {
      ++stats.unpairable;
      if (use_oracle) {
        ASSERT_FALSE(testing::pairing_exists(request, false)) << "seed " << seed << " round " << round;
      }
      return;
    }
    // Determinism: the same request pairs the same way.
    if (round == 2) {
      ASSERT_EQ(pair_swiss_round(request)->boards, result->boards);
    }

    const SwissPairing& pairing = *result;
    if (pairing.side_limits_relaxed) {
      ++stats.relaxed;
      if (use_oracle) {
        ASSERT_FALSE(testing::pairing_exists(request, true)) << "seed " << seed << " round " << round;
      }
    }
    std::map<PlayerId, int> seen;
    for (const Board& b : pairing.boards) {
      ++seen[b.a];
      ++seen[b.b];
      const SwissEntrant& a = by_id.at(b.a)->state;
      ASSERT_EQ(std::count(a.opponents.begin(), a.opponents.end(), b.b), 0)
          << "rematch, seed " << seed;  // C.04.1 b
      for (auto [u, v] : forbidden) ASSERT_FALSE((u == b.a && v == b.b) || (u == b.b && v == b.a));
    }
    if (pairing.bye) {
      ++seen[*pairing.bye];
      ++stats.byes;
      SimPlayer& bye = *by_id.at(*pairing.bye);
      ASSERT_EQ(bye.byes, 0) << "second bye, seed " << seed;  // C.04.1 d
      // Everyone ranked lower without a bye could not take it: the rest would be unpairable.
      if (use_oracle) {
        for (const SwissEntrant& e : request.entrants) {
          if (!e.had_bye && ranks_below(e, bye.state)) {
            ASSERT_FALSE(testing::pairing_exists(request, !pairing.side_limits_relaxed, e.id))
                << "bye should have gone to " << e.id << ", seed " << seed;
          }
        }
      }
    }
    ASSERT_EQ(seen.size(), request.entrants.size());
    for (auto [id, count] : seen) ASSERT_EQ(count, 1) << id;

    // Results, and the state the next round is paired from.
    std::map<PlayerId, HalfPoints> before;
    for (const SwissEntrant& e : request.entrants) before[e.id] = e.score;
    if (pairing.bye) {
      SimPlayer& bye = *by_id.at(*pairing.bye);
      bye.state.score += kWinPoints;
      bye.state.had_bye = true;
      bye.state.last_float = Float::kDown;
      ++bye.byes;
    }
    for (const Board& b : pairing.boards) {
      SimPlayer& a = *by_id.at(b.a);
      SimPlayer& bp = *by_id.at(b.b);
      uint32_t roll = rng.below(100);
      HalfPoints a_points = roll < 40 ? 2 : roll < 60 ? 1 : 0;
      bool forfeit = rng.below(40) == 0;
      a.state.score += a_points;
      bp.state.score += kWinPoints - a_points;
      a.state.opponents.push_back(b.b);
      bp.state.opponents.push_back(b.a);
      if (!forfeit) {  // a forfeit is no game: no side played
        a.state.sides.sides.push_back(Side::kA);
        bp.state.sides.sides.push_back(Side::kB);
        a.side_trace += 'A';
        bp.side_trace += 'B';
      }
      auto float_of = [&](PlayerId self, PlayerId opp) {
        return before[opp] < before[self]   ? Float::kDown
               : before[opp] > before[self] ? Float::kUp
                                            : Float::kNone;
      };
      a.state.last_float = float_of(b.a, b.b);
      bp.state.last_float = float_of(b.b, b.a);
      if (!pairing.side_limits_relaxed) {
        for (SimPlayer* p : {&a, &bp}) {
          ASSERT_LE(std::abs(p->state.sides.difference()), 2) << p->side_trace << " seed " << seed;
          if (round < rounds && !forfeit) {
            ASSERT_EQ(p->side_trace.find("AAA"), std::string::npos) << p->side_trace << " seed " << seed;
            ASSERT_EQ(p->side_trace.find("BBB"), std::string::npos) << p->side_trace << " seed " << seed;
          }
        }
      }
    }
    for (SimPlayer& p : players) {
      if (!seen.count(p.state.id)) p.state.last_float = Float::kNone;
    }
  }
}

// Small fields, every claim checked against brute force.
TEST(SwissProperties, ThousandsOfSmallEventsAgainstBruteForce) {
  SimStats stats;
  for (uint64_t seed = 1; seed <= 3000; ++seed) {
    core::Rng shape(seed * 7919);
    int field = shape.between(4, 12);
    int rounds = shape.between(3, std::max(3, field / 2 + 2));
    run_event(seed, field, rounds, true, stats);
    if (::testing::Test::HasFatalFailure()) return;
  }
  RecordProperty("rounds", stats.rounds);
  std::printf("small events: %d rounds, %d byes, %d late entries, %d relaxed, %d unpairable\n", stats.rounds,
              stats.byes, stats.late_entries, stats.relaxed, stats.unpairable);
  EXPECT_GT(stats.rounds, 12000);
  EXPECT_GT(stats.byes, 1000);
  EXPECT_GT(stats.late_entries, 500);
}

// Realistic fields: the limits hold without relaxing them at all.
TEST(SwissProperties, LargerEventsKeepEveryLimit) {
  SimStats stats;
  for (uint64_t seed = 1; seed <= 600; ++seed) {
    core::Rng shape(seed * 104729);
    int field = shape.between(16, 64);
    int rounds = shape.between(5, 9);
    run_event(seed + 1000000, field, rounds, false, stats);
    if (::testing::Test::HasFatalFailure()) return;
  }
  std::printf("larger events: %d rounds, %d byes, %d relaxed, %d unpairable\n", stats.rounds, stats.byes,
              stats.relaxed, stats.unpairable);
  EXPECT_EQ(stats.relaxed, 0);
  EXPECT_EQ(stats.unpairable, 0);
}

// An open event of a few hundred players pairs quickly and keeps every limit.
TEST(SwissProperties, LargeOpenEvent) {
  SimStats stats;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    run_event(seed + 5000000, 301, 9, false, stats);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_EQ(stats.rounds, 27);
  EXPECT_EQ(stats.relaxed, 0);
}

}  // namespace
}  // namespace frontier::tournament
