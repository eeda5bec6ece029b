// Picks the backend from --db / FRONTIER_DB: a postgresql:// (or postgres://) URL opens the
// PostgreSQL store, anything else is an SQLite file (created with its folder when missing).
#pragma once

#include <memory>
#include <string>

#include "storage/store.h"

namespace frontier::storage {

bool is_postgres_url(const std::string& db);
core::Result<std::unique_ptr<Store>> open_store(const std::string& db, Durability durability);
// `db` as it may be logged: a URL's password replaced by "***".
std::string printable_db(const std::string& db);
// What an acknowledgement promises with this backend at `durability`.
const char* store_durability_name(const std::string& db, Durability durability);

}  // namespace frontier::storage
