// One frontierd per SQLite database: the store is single-writer by construction (one writer
// thread, matches cached in memory), so a second process on the same file would serve stale
// games and fail its next commit on rows the first one wrote. The lock is an advisory flock on
// a file beside the database, held for the life of the process: other readers (sqlite3's
// .backup, tests reading the outbox) still open the database itself freely.
#pragma once

#include <string>

#include "core/status.h"

namespace frontier::storage {

class DatabaseLock {
 public:
  // Takes the lock on `<db_path>.lock` (created when missing), or says which process holds it.
  static core::Result<DatabaseLock> acquire(const std::string& db_path);

  DatabaseLock(DatabaseLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  DatabaseLock& operator=(DatabaseLock&& other) noexcept;
  DatabaseLock(const DatabaseLock&) = delete;
  DatabaseLock& operator=(const DatabaseLock&) = delete;
  ~DatabaseLock();

 private:
  explicit DatabaseLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace frontier::storage
