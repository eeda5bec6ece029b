// Rated matches outside tournaments (docs/play-by-web.md, "Rated and casual"): the creator chose
// rated, so the finished match moves both players' Glicko-2 ratings in its game's pools (the
// title and the two sides, as a tournament game does), exactly once. The pools and the match's
// ratings_recorded flag are stored in one transaction, and a match already in the pools is never
// rated again, so neither a restart nor a second report of the end counts it twice.
#include <spdlog/spdlog.h>

#include "tournament_host/host.h"

namespace frontier::server {

namespace tn = frontier::tournament;

namespace {

// Two different people (or a person and the computer) played it to a result. An aborted match
// never started in earnest; a player holding both seats cannot rate against themselves.
bool counts_for_ratings(const Match::Outcome& o) {
  return !o.aborted && o.seats.size() == 2 && o.seats[0].user_id != 0 && o.seats[1].user_id != 0 &&
         o.seats[0].user_id != o.seats[1].user_id;
}

}  // namespace

void TournamentHost::rate_match(uint64_t match_id, const std::string& title, const Match::Outcome& outcome) {
  std::lock_guard lock(mu_);
  if (!rated_matches_.insert(match_id).second) return;
  std::vector<std::string> pools;
  if (counts_for_ratings(outcome)) {
    double score0 = outcome.winner < 0 ? 0.5 : outcome.winner == 0 ? 1.0 : 0.0;
    book_.record_match(title, match_id, now_(), outcome.seats[0].user_id, outcome.seats[1].user_id, score0);
    pools = {tn::RatingBook::title_key(title), tn::RatingBook::side_key(title, tn::Side::kA),
             tn::RatingBook::side_key(title, tn::Side::kB)};
    for (const SeatHolder& holder : outcome.seats) names_[holder.user_id] = holder.user_name;
    spdlog::info("match {}: rated in {} ({} against {}, {})", match_id, title, outcome.seats[0].user_name,
                 outcome.seats[1].user_name, score0);
  }
  // Submitted under the lock, so the stored pools follow the order of the changes.
  writer_.submit(
      [match_id, pool_bytes = pool_bytes_locked(pools)](storage::Store& s) {
        for (const auto& [key, pool] : pool_bytes) {
          if (auto st = s.put_rating_pool(key, pool); !st) return st;
        }
        return s.mark_ratings_recorded(match_id);
      },
      nullptr);
}

}  // namespace frontier::server
