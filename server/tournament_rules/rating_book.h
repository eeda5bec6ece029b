// All the rating pools of the platform: one per game title, and one per side of each title.
//
// A title's pool rates players regardless of side. The side pools rate a player only on
// the side they played, against the opponent's rating on the other side: beating a strong
// Empire player with the Mahdists raises your Mahdist rating as a Mahdist, using their
// Empire rating. Pools are keyed "title" and "title/A", "title/B".
#pragma once

#include <map>
#include <string>

#include "tournament_rules/rating_pool.h"

namespace frontier::tournament {

struct MatchRatingChanges {
  RatingChange title_a, title_b;  // the title pool, for the side-A and side-B players
  RatingChange side_a, side_b;    // the side pools
};

class RatingBook {
 public:
  explicit RatingBook(Glicko2Settings settings = {}, double provisional_deviation = 110.0)
      : settings_(settings), provisional_deviation_(provisional_deviation) {}

  static std::string title_key(const std::string& title) { return title; }
  static std::string side_key(const std::string& title, Side side) { return title + "/" + side_name(side); }

  // Rates one finished match of `title`; `score_a` is 1, 0.5 or 0 for the side-A player.
  MatchRatingChanges record_match(const std::string& title, uint64_t match_id, int64_t finished_at,
                                  PlayerId side_a_player, PlayerId side_b_player, double score_a);

  // The pool under `key`, created empty with the book's settings when new.
  RatingPool& pool(const std::string& key);
  const std::map<std::string, RatingPool>& pools() const { return pools_; }
  // Restores a persisted pool (see pool_from_proto).
  void put_pool(const std::string& key, RatingPool restored) {
    pools_.insert_or_assign(key, std::move(restored));
  }

 private:
  Glicko2Settings settings_;
  double provisional_deviation_;
  std::map<std::string, RatingPool> pools_;
};

}  // namespace frontier::tournament
