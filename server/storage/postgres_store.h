// The PostgreSQL store (docs/operations.md, "Running on PostgreSQL"): the Store interface over
// one libpq connection, with numbered PostgreSQL migrations (migrations/postgres/) applied at
// open under an advisory lock, so servers starting together do not race.
#pragma once

#include <memory>
#include <string>

#include "storage/store.h"

namespace frontier::storage {

// Connects to `url` (postgresql://user[:password]@host[:port]/database[?param=...]; a Unix
// socket folder goes in ?host=), sets synchronous_commit (on unless `durability` is kOff) and
// applies the migrations not yet applied, tracked in the table schema_version.
core::Result<std::unique_ptr<Store>> open_postgres(const std::string& url, Durability durability);

// What an acknowledgement promises on PostgreSQL at `durability`.
const char* postgres_durability_name(Durability durability);

}  // namespace frontier::storage
