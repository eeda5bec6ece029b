// When a board is over and who won it.
#include "tournament_rules/mini_match.h"

namespace frontier::tournament {

bool board_complete(const BoardResult& result, int games_per_board, bool needs_winner) {
  switch (result.kind) {
    case ResultKind::kPending:
      return false;
    case ResultKind::kForfeitALoses:
    case ResultKind::kForfeitBLoses:
    case ResultKind::kDoubleForfeit:
      return true;
    case ResultKind::kPlayed:
      break;
  }
  if (static_cast<int>(result.games.size()) < games_per_board) return false;
  if (!needs_winner) return true;
  BoardScore score = board_score(result, games_per_board);
  return score.a != score.b;
}

std::optional<PlayerId> board_winner(const Board& board, int games_per_board) {
  if (board.result.kind == ResultKind::kPending) return std::nullopt;
  BoardScore score = board_score(board.result, games_per_board);
  if (score.a > score.b) return board.a;
  if (score.b > score.a) return board.b;
  return std::nullopt;
}

}  // namespace frontier::tournament
