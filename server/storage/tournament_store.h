// Tournaments and ratings (migrations/0002_tournaments.sql, 0007_rated.sql; server/tournament_host/):
// one concern of the Store (store.h).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"

namespace frontier::storage {

// A match created for a tournament board (see migrations/0002_tournaments.sql).
struct TournamentMatchRow {
  uint64_t match_id = 0;
  uint64_t tournament_id = 0;
  int round = 0;
  int board = 0;
  int game = 0;
  bool recorded = false;
};

class TournamentStore {
 public:
  virtual ~TournamentStore() = default;

  // put_tournament with id 0 inserts and returns the new id.
  virtual core::Result<uint64_t> put_tournament(uint64_t id, const std::string& event, int64_t now) = 0;
  virtual core::Result<std::vector<std::pair<uint64_t, std::string>>> tournaments() = 0;
  virtual core::Status link_tournament_match(const TournamentMatchRow& row) = 0;
  virtual core::Status mark_tournament_match_recorded(uint64_t match_id) = 0;
  virtual core::Result<std::vector<TournamentMatchRow>> tournament_matches() = 0;
  virtual core::Status put_rating_pool(const std::string& key, const std::string& pool) = 0;
  virtual core::Result<std::vector<std::pair<std::string, std::string>>> rating_pools() = 0;
  // Rated matches outside tournaments (migrations/0007_rated.sql). Written in the transaction that
  // stores the rating pools with the match's result, so it is rated exactly once.
  virtual core::Status mark_ratings_recorded(uint64_t match_id) = 0;
  // Finished rated matches outside tournaments whose result is not yet in the pools (a crash
  // between the end's commit and the rating's), by id.
  virtual core::Result<std::vector<uint64_t>> rated_matches_unrecorded() = 0;
};

}  // namespace frontier::storage
