// Board scoring and point rendering.
#include "tournament_rules/types.h"

namespace frontier::tournament {

BoardScore board_score(const BoardResult& result, int games_per_board) {
  BoardScore score;
  switch (result.kind) {
    case ResultKind::kPending:
    case ResultKind::kDoubleForfeit:
      return score;
    case ResultKind::kForfeitBLoses:
      score.a = full_points(games_per_board);
      return score;
    case ResultKind::kForfeitALoses:
      score.b = full_points(games_per_board);
      return score;
    case ResultKind::kPlayed:
      break;
  }
  for (GameOutcome outcome : result.games) {
    switch (outcome) {
      case GameOutcome::kAWins:
        score.a += kWinPoints;
        break;
      case GameOutcome::kDraw:
        score.a += kDrawPoints;
        score.b += kDrawPoints;
        break;
      case GameOutcome::kBWins:
        score.b += kWinPoints;
        break;
    }
  }
  return score;
}

std::string format_points(HalfPoints points) {
  std::string text = std::to_string(points / 2);
  if (points % 2 != 0) text += ".5";
  return text;
}

}  // namespace frontier::tournament
