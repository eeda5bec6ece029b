// Standings: points first, then the organiser's tiebreaks in the order configured.
//
// Each tiebreak splits only the players still tied after the ones before it, so
// head-to-head is computed inside each tied group. Values are exact integers:
//   Buchholz, median Buchholz  half-points (sum of opponents' points);
//   Sonneborn–Berger           half-points × half-points (opponent's points times the
//                              points scored against them; a quarter-point per unit with
//                              single games);
//   head-to-head               half-points scored against the rest of the tied group,
//                              counted only when every member met every other (else 0 for
//                              all, so it separates nobody);
//   wins                       games won over the board;
//   points as side A / B       half-points scored in games played on that side.
// Unplayed rounds (byes, forfeits, absences) count in Buchholz as an opponent with the
// player's own points (FIDE C.07 2023's virtual opponent, simplified) and add nothing to
// Sonneborn–Berger. Every player's values are reported, also where they decided nothing;
// players still tied after every tiebreak share a rank.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tournament_rules/records.h"

namespace frontier::tournament {

enum class Tiebreak : uint8_t {
  kBuchholz = 0,
  kMedianBuchholz = 1,  // Buchholz without the highest and the lowest contribution
  kSonnebornBerger = 2,
  kHeadToHead = 3,
  kWins = 4,
  kPointsAsSideA = 5,
  kPointsAsSideB = 6,
};

const char* tiebreak_name(Tiebreak t);

struct StandingRow {
  int rank = 0;  // 1-based; tied players share one
  PlayerId player = 0;
  HalfPoints points = 0;
  std::vector<int64_t> tiebreaks;  // in the configured order
};

// `players` in pairing-number order, which also orders players who share a rank.
std::vector<StandingRow> compute_standings(const std::vector<PlayerId>& players,
                                           const std::vector<Round>& rounds, int games_per_board,
                                           const std::vector<Tiebreak>& order);

}  // namespace frontier::tournament
