// Turning rounds of boards into per-player records.
#include "tournament_rules/records.h"

#include <algorithm>

#include "tournament_rules/mini_match.h"

namespace frontier::tournament {

namespace {

EntryKind kind_for(ResultKind result, bool is_a) {
  switch (result) {
    case ResultKind::kPending:
      return EntryKind::kPending;
    case ResultKind::kPlayed:
      return EntryKind::kPlayed;
    case ResultKind::kForfeitBLoses:
      return is_a ? EntryKind::kForfeitWin : EntryKind::kForfeitLoss;
    case ResultKind::kForfeitALoses:
      return is_a ? EntryKind::kForfeitLoss : EntryKind::kForfeitWin;
    case ResultKind::kDoubleForfeit:
      return EntryKind::kDoubleForfeit;
  }
  return EntryKind::kPending;
}

// Fills the over-the-board details of a played board for one of its players.
void add_games(RoundEntry& entry, const BoardResult& result, bool is_a) {
  for (size_t i = 0; i < result.games.size(); ++i) {
    GameOutcome outcome = result.games[i];
    HalfPoints points = outcome == GameOutcome::kDraw              ? kDrawPoints
                        : (outcome == GameOutcome::kAWins) == is_a ? kWinPoints
                                                                   : kLossPoints;
    if (points == kWinPoints) ++entry.games_won;
    Side side = is_a ? Side::kA : Side::kB;
    if (game_swaps_sides(static_cast<int>(i))) side = other(side);
    (side == Side::kA ? entry.points_as_a : entry.points_as_b) += points;
  }
}

}  // namespace

std::vector<PlayerId> PlayerRecord::opponents() const {
  std::vector<PlayerId> ids;
  for (const RoundEntry& e : rounds) {
    if (e.opponent) ids.push_back(*e.opponent);
  }
  return ids;
}

std::vector<Side> PlayerRecord::sides_played() const {
  std::vector<Side> sides;
  for (const RoundEntry& e : rounds) {
    if (e.kind == EntryKind::kPlayed) sides.push_back(e.side);
  }
  return sides;
}

bool PlayerRecord::had_bye() const {
  return std::any_of(rounds.begin(), rounds.end(),
                     [](const RoundEntry& e) { return e.kind == EntryKind::kBye; });
}

bool PlayerRecord::had_forfeit_win() const {
  return std::any_of(rounds.begin(), rounds.end(),
                     [](const RoundEntry& e) { return e.kind == EntryKind::kForfeitWin; });
}

std::map<PlayerId, PlayerRecord> build_records(const std::vector<PlayerId>& players,
                                               const std::vector<Round>& rounds, int games_per_board) {
  std::map<PlayerId, PlayerRecord> records;
  for (PlayerId p : players) records[p].player = p;
  for (const Round& round : rounds) {
    std::map<PlayerId, RoundEntry> entries;
    for (const Board& board : round.boards) {
      BoardScore score = board_score(board.result, games_per_board);
      for (bool is_a : {true, false}) {
        RoundEntry e;
        e.round = round.number;
        e.kind = kind_for(board.result.kind, is_a);
        e.opponent = is_a ? board.b : board.a;
        e.side = is_a ? Side::kA : Side::kB;
        e.points = is_a ? score.a : score.b;
        if (e.kind == EntryKind::kPlayed) add_games(e, board.result, is_a);
        entries[is_a ? board.a : board.b] = e;
      }
    }
    if (round.bye) {
      RoundEntry e;
      e.round = round.number;
      e.kind = EntryKind::kBye;
      e.points = full_points(games_per_board);
      entries[*round.bye] = e;
    }
    for (auto& [player, record] : records) {
      auto it = entries.find(player);
      RoundEntry e;
      if (it != entries.end()) {
        e = it->second;
      } else {
        e.round = round.number;  // absent: not paired this round
      }
      record.points += e.points;
      record.rounds.push_back(e);
    }
  }
  return records;
}

}  // namespace frontier::tournament
