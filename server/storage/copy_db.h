// Moving up from SQLite to PostgreSQL (docs/operations.md, "Moving an SQLite site to
// PostgreSQL"): every table copied with its ids, in one PostgreSQL transaction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"

namespace frontier::storage {

struct TableCount {
  std::string table;
  uint64_t source = 0;  // rows read from SQLite
  uint64_t target = 0;  // rows counted in PostgreSQL afterwards
};

// Copies the SQLite database at `sqlite_path` (brought up to date first) into the PostgreSQL
// database at `postgres_url`, which must hold no users, matches or tournaments yet. Fails, and
// keeps nothing in PostgreSQL, when any row does not arrive; the counts match on success.
core::Result<std::vector<TableCount>> copy_sqlite_to_postgres(const std::string& sqlite_path,
                                                              const std::string& postgres_url);

// The id of every match in the SQLite database, in order.
core::Result<std::vector<uint64_t>> sqlite_match_ids(const std::string& sqlite_path);

}  // namespace frontier::storage
