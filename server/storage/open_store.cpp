#include "storage/open_store.h"

#include <filesystem>

#include "storage/postgres_store.h"

namespace frontier::storage {

bool is_postgres_url(const std::string& db) {
  return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

core::Result<std::unique_ptr<Store>> open_store(const std::string& db, Durability durability) {
  if (is_postgres_url(db)) return open_postgres(db, durability);
  std::error_code ec;
  auto parent = std::filesystem::path(db).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  return open_sqlite(db, durability);
}

std::string printable_db(const std::string& db) {
  if (!is_postgres_url(db)) return db;
  std::string out = db;
  // postgresql://user:password@host/...: the password is between the first ':' after the
  // scheme and the '@' that ends the user part.
  size_t start = out.find("://") + 3;
  size_t at = out.find('@', start);
  size_t slash = out.find('/', start);
  if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
    size_t colon = out.find(':', start);
    if (colon != std::string::npos && colon < at) out = out.substr(0, colon + 1) + "***" + out.substr(at);
  }
  // ...?password=secret&...
  for (size_t p = out.find("password="); p != std::string::npos; p = out.find("password=", p + 1)) {
    size_t value = p + 9;
    size_t end = out.find('&', value);
    out = out.substr(0, value) + "***" + (end == std::string::npos ? "" : out.substr(end));
  }
  return out;
}

const char* store_durability_name(const std::string& db, Durability durability) {
  return is_postgres_url(db) ? postgres_durability_name(durability) : durability_name(durability);
}

}  // namespace frontier::storage
