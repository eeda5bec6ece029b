// Round robin schedules by the Berger tables of FIDE C.05 (Annex 1).
//
// Players take pairing numbers 1..n in the order given. With an even n, round 1 pairs
// 1–n, 2–(n-1), ..., and every next round adds n/2 to each number below n (modulo n-1,
// numbers staying in 1..n-1) while n stays put, alternating sides with the player on its
// board. An odd count adds a dummy as the top number n+1; whoever meets it has the bye.
// The first-named player of a pairing plays side A, like white.
//
// A double cycle repeats the table with the sides reversed; as FIDE recommends, the last
// two rounds of the first cycle are played in reverse order so nobody plays the same side
// three times running across the change of cycle.
#pragma once

#include <vector>

#include "tournament_rules/types.h"

namespace frontier::tournament {

// The pairing numbers of one Berger round: (side A, side B) for each board, top board
// first. `round` is 1-based, n is even and >= 2.
std::vector<std::pair<int, int>> berger_round(int n, int round);

// Every round of a round robin among `players` (pairing numbers in this order), `cycles` 1
// or 2. Results are pending. A player count below 2 gives no rounds.
std::vector<Round> round_robin_schedule(const std::vector<PlayerId>& players, int cycles);

}  // namespace frontier::tournament
