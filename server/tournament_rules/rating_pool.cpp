// Rating pool bookkeeping around glicko2_update.
#include "tournament_rules/rating_pool.h"

#include <algorithm>

namespace frontier::tournament {

Glicko2Rating RatingPool::rating(PlayerId player) const {
  auto it = entries_.find(player);
  return it == entries_.end() ? Glicko2Rating{} : it->second.rating;
}

int RatingPool::games(PlayerId player) const {
  auto it = entries_.find(player);
  return it == entries_.end() ? 0 : it->second.games;
}

bool RatingPool::provisional(PlayerId player) const {
  return rating(player).deviation > provisional_deviation_;
}

RatingChange RatingPool::rate(uint64_t match_id, int64_t finished_at, PlayerId player, PlayerId opponent,
                              const Glicko2Rating& opponent_rating, double score) {
  RatingChange change;
  change.match_id = match_id;
  change.finished_at = finished_at;
  change.player = player;
  change.opponent = opponent;
  change.score = score;
  change.before = rating(player);
  change.after = glicko2_update(change.before, {Glicko2Game{opponent_rating, score}}, settings_);
  PoolEntry& entry = entries_[player];
  entry.rating = change.after;
  ++entry.games;
  history_.push_back(change);
  return change;
}

std::vector<LeaderboardRow> RatingPool::leaderboard(bool include_provisional) const {
  std::vector<LeaderboardRow> rows;
  for (const auto& [player, entry] : entries_) {
    bool is_provisional = entry.rating.deviation > provisional_deviation_;
    if (is_provisional && !include_provisional) continue;
    rows.push_back(LeaderboardRow{player, entry.rating, entry.games, is_provisional});
  }
  std::stable_sort(rows.begin(), rows.end(), [](const LeaderboardRow& x, const LeaderboardRow& y) {
    return x.rating.rating > y.rating.rating;
  });
  return rows;
}

}  // namespace frontier::tournament
