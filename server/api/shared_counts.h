// Limits that must hold for a site, not for one node: login throttles, registrations per
// address, chat lines and matches created per account. On one node (SQLite) the in-memory
// limits (auth::LoginPolicy, AccountRate) are exact and the database is not asked. When several
// nodes share a PostgreSQL database a client can spread its requests over them, so each counted
// event is also one upsert of a shared counter (storage::Store::bump_counter) in the writer's
// next batch, and the request goes on only if no count passed its limit: guesses spread over
// three nodes get no more tries than on one. The shared windows are fixed, starting at a key's
// first event (docs/operations.md, "Running several nodes").
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "storage/writer.h"

namespace frontier::server {

struct SharedLimit {
  std::string key;      // says what it counts ("login-source:", "chat:", ...)
  int64_t window = 60;  // seconds, from the key's first event
  int64_t limit = 0;    // events a window allows; 0 or less = no limit (nothing is counted)
  int64_t delta = 1;    // 0 only looks; negative takes counts back
};

class SharedCounts {
 public:
  SharedCounts(storage::Writer& writer, std::function<int64_t()> now)
      : writer_(writer), now_(std::move(now)) {}

  // Counts every limit's event at once; `done(wait)` with 0 when each count stays within its
  // limit, else the seconds until the last exceeded window ends, and then nothing stays counted. `done` runs
  // on the writer thread (post or send, never block); a failed batch answers as exceeded for a second.
  void count(std::vector<SharedLimit> limits, std::function<void(int64_t wait)> done);
  // Takes counts back (each limit's delta is made negative): a failure proved a success, or a
  // request the server refused on its own account.
  void take_back(std::vector<SharedLimit> limits);

 private:
  storage::Writer& writer_;
  std::function<int64_t()> now_;
  std::atomic<uint64_t> counted_{0};  // every so many events, ended windows are dropped
};

}  // namespace frontier::server
