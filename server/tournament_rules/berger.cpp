// Berger tables (FIDE C.05 Annex 1) and the round robin schedule built from them.
#include "tournament_rules/berger.h"

#include <utility>

namespace frontier::tournament {

std::vector<std::pair<int, int>> berger_round(int n, int round) {
  // Round 1 as printed in the tables: 1–n, 2–(n-1), ...
  std::vector<std::pair<int, int>> boards;
  for (int i = 1; i <= n / 2; ++i) boards.emplace_back(i, n + 1 - i);
  auto rotate = [n](int v) { return v == n ? n : ((v - 1 + n / 2) % (n - 1)) + 1; };
  for (int r = 2; r <= round; ++r) {
    for (auto& [a, b] : boards) {
      a = rotate(a);
      b = rotate(b);
    }
    // Number n never moves off board 1 (its partner there rotates); it alternates sides:
    // side B in odd rounds, side A in even ones.
    auto& top_board = boards.front();
    int opponent = top_board.first == n ? top_board.second : top_board.first;
    top_board = (r % 2 == 0) ? std::pair{n, opponent} : std::pair{opponent, n};
  }
  return boards;
}

std::vector<Round> round_robin_schedule(const std::vector<PlayerId>& players, int cycles) {
  std::vector<Round> rounds;
  int count = static_cast<int>(players.size());
  if (count < 2) return rounds;
  int n = count % 2 == 0 ? count : count + 1;  // the dummy, if any, is number n
  for (int cycle = 0; cycle < cycles; ++cycle) {
    std::vector<int> order;
    for (int r = 1; r <= n - 1; ++r) order.push_back(r);
    // Only the first cycle's last two rounds swap; the second cycle runs in table order.
    if (cycles == 2 && cycle == 0 && order.size() >= 2)
      std::swap(order[order.size() - 1], order[order.size() - 2]);
    for (int berger : order) {
      Round round;
      round.number = static_cast<int>(rounds.size()) + 1;
      for (auto [a, b] : berger_round(n, berger)) {
        if (cycle == 1) std::swap(a, b);
        if (a > count) {
          round.bye = players[static_cast<size_t>(b - 1)];
        } else if (b > count) {
          round.bye = players[static_cast<size_t>(a - 1)];
        } else {
          round.boards.push_back(
              Board{players[static_cast<size_t>(a - 1)], players[static_cast<size_t>(b - 1)], {}});
        }
      }
      rounds.push_back(std::move(round));
    }
  }
  return rounds;
}

}  // namespace frontier::tournament
