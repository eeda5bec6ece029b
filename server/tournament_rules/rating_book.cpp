// Routing one match result to the title pool and the two side pools.
#include "tournament_rules/rating_book.h"

namespace frontier::tournament {

RatingPool& RatingBook::pool(const std::string& key) {
  auto it = pools_.find(key);
  if (it == pools_.end()) it = pools_.emplace(key, RatingPool(settings_, provisional_deviation_)).first;
  return it->second;
}

MatchRatingChanges RatingBook::record_match(const std::string& title, uint64_t match_id, int64_t finished_at,
                                            PlayerId side_a_player, PlayerId side_b_player, double score_a) {
  MatchRatingChanges changes;
  const double score_b = 1.0 - score_a;
  // Both players of a pool are rated from the ratings they had before this match.
  RatingPool& whole = pool(title_key(title));
  Glicko2Rating a_before = whole.rating(side_a_player);
  Glicko2Rating b_before = whole.rating(side_b_player);
  changes.title_a = whole.rate(match_id, finished_at, side_a_player, side_b_player, b_before, score_a);
  changes.title_b = whole.rate(match_id, finished_at, side_b_player, side_a_player, a_before, score_b);

  RatingPool& pool_a = pool(side_key(title, Side::kA));
  RatingPool& pool_b = pool(side_key(title, Side::kB));
  Glicko2Rating a_on_a = pool_a.rating(side_a_player);
  Glicko2Rating b_on_b = pool_b.rating(side_b_player);
  changes.side_a = pool_a.rate(match_id, finished_at, side_a_player, side_b_player, b_on_b, score_a);
  changes.side_b = pool_b.rate(match_id, finished_at, side_b_player, side_a_player, a_on_a, score_b);
  return changes;
}

}  // namespace frontier::tournament
