// A pool of Glicko-2 ratings (one game title, or one side of a title) and its history.
//
// Each finished rated match is its own rating period (as the largest chess and go servers
// do): both players are updated at once from their ratings before the match. A rating is
// provisional while its deviation is above `provisional_deviation`.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "tournament_rules/glicko2.h"
#include "tournament_rules/types.h"

namespace frontier::tournament {

// One rating change, kept as history (for graphs and audits) and persisted by the server.
struct RatingChange {
  uint64_t match_id = 0;
  int64_t finished_at = 0;  // the server's clock, passed in: this module reads no clock
  PlayerId player = 0;
  PlayerId opponent = 0;
  double score = 0.0;  // 1, 0.5 or 0 for `player`
  Glicko2Rating before;
  Glicko2Rating after;

  bool operator==(const RatingChange&) const = default;
};

struct PoolEntry {
  Glicko2Rating rating;
  int games = 0;

  bool operator==(const PoolEntry&) const = default;
};

struct LeaderboardRow {
  PlayerId player = 0;
  Glicko2Rating rating;
  int games = 0;
  bool provisional = false;
};

class RatingPool {
 public:
  RatingPool() = default;
  RatingPool(Glicko2Settings settings, double provisional_deviation)
      : settings_(settings), provisional_deviation_(provisional_deviation) {}

  // A player never rated here has the starting rating 1500/350/0.06.
  Glicko2Rating rating(PlayerId player) const;
  int games(PlayerId player) const;
  bool provisional(PlayerId player) const;

  // Rates one match between `player` and an opponent whose current rating (possibly from
  // another pool) is `opponent_rating`; returns the change, also appended to the history.
  RatingChange rate(uint64_t match_id, int64_t finished_at, PlayerId player, PlayerId opponent,
                    const Glicko2Rating& opponent_rating, double score);

  // Best first by rating, then by player id so equal ratings list in a stable order.
  std::vector<LeaderboardRow> leaderboard(bool include_provisional) const;

  const std::vector<RatingChange>& history() const { return history_; }
  const std::map<PlayerId, PoolEntry>& entries() const { return entries_; }
  const Glicko2Settings& settings() const { return settings_; }
  double provisional_deviation() const { return provisional_deviation_; }

  // Restores a persisted pool.
  void restore(std::map<PlayerId, PoolEntry> entries, std::vector<RatingChange> history) {
    entries_ = std::move(entries);
    history_ = std::move(history);
  }

 private:
  Glicko2Settings settings_;
  double provisional_deviation_ = 110.0;
  std::map<PlayerId, PoolEntry> entries_;
  std::vector<RatingChange> history_;
};

}  // namespace frontier::tournament
