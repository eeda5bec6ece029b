// `frontierd --copy-db SQLITE_FILE POSTGRESQL_URL`: moves a site from SQLite to PostgreSQL and
// verifies the copy (docs/operations.md, "Moving an SQLite site to PostgreSQL").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/status.h"
#include "storage/store.h"

namespace frontier::server {

struct CopyCheck {
  uint64_t matches = 0;               // matches compared
  uint64_t replayed = 0;              // of them, replayed to a final state on both sides
  std::vector<std::string> problems;  // one line per difference; empty = the copy is faithful
};

// Compares every match in `ids` between the two stores: its row, its events, and the hash of
// the state its events replay to (from the seed on both sides, and on `to` also from its latest
// snapshot, as frontierd loads it).
CopyCheck verify_copy(storage::Store& from, storage::Store& to, const std::vector<uint64_t>& ids,
                      const core::Registry& games);

// Copies, verifies and reports on stdout; 0 when the copy is complete and faithful.
int copy_db_main(const std::string& from, const std::string& to, const core::Registry& games);

}  // namespace frontier::server
