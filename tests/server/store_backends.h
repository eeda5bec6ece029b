// The two Store backends as test fixtures: each gives a fresh, empty database per test and can
// open it again (a new connection or file handle), as a restarted server would.
// SQLite: a new file in the temporary folder. PostgreSQL: a new database (CREATE DATABASE) on
// the one server this test process shares (tests/support/postgres_server.h).
#pragma once

#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <string>

#include "postgres_server.h"
#include "storage/postgres_store.h"
#include "storage/store.h"

namespace frontier::testing {

class SqliteBackend {
 public:
  static constexpr const char* kName = "SQLite";
  SqliteBackend() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("frontier-store-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".db");
  }
  ~SqliteBackend() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_.string() + suffix);
  }
  core::Result<std::unique_ptr<storage::Store>> open() const {
    return storage::open_sqlite(path_.string(), storage::Durability::kNormal);
  }
  std::string db() const { return path_.string(); }
  // Runs `sql` on a connection of its own, beside the store's (to break the database under it).
  bool execute(const std::string& sql) const {
    sqlite3* db = nullptr;
    bool ok = sqlite3_open(path_.c_str(), &db) == SQLITE_OK &&
              sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
  }
  static constexpr const char* kDropCascade = "";

 private:
  std::filesystem::path path_;
};

class PostgresBackend {
 public:
  static constexpr const char* kName = "PostgreSQL";
  PostgresBackend() {
    static std::atomic<int> counter{0};
    name_ = "conformance_" + std::to_string(counter++);
    std::string error;
    if (!shared_postgres().create_database(name_, &error)) error_ = error;
  }
  core::Result<std::unique_ptr<storage::Store>> open() const {
    if (!error_.empty()) return core::Status::not_found(error_);
    return storage::open_postgres(db(), storage::Durability::kFull);
  }
  std::string db() const { return shared_postgres().url(name_); }
  bool execute(const std::string& sql) const { return shared_postgres().execute(name_, sql); }
  static constexpr const char* kDropCascade = " CASCADE";

 private:
  std::string name_;
  std::string error_;
};

}  // namespace frontier::testing
