// What the nodes of a site share besides the data (docs/architecture.md, "Several nodes"):
// counters, match leases and notifications. One concern of the Store (store.h).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"

namespace frontier::storage {

// A counter shared by the nodes of a site (migrations/0008_counters.sql): its count in the window
// that began with its first event and ends at `ends_at`.
struct WindowCount {
  int64_t count = 0;
  int64_t ends_at = 0;
};

// Match ownership across nodes (docs/architecture.md, "Several nodes"; migrations/postgres/0003):
// the node running a match holds its lease, and every take raises the epoch, which fences off
// commits by an earlier holder.
struct LeaseTake {
  uint64_t epoch = 0;  // the new epoch; 0 = another node holds the lease
  std::string holder;  // with epoch 0: the node holding it
};

class ClusterStore {
 public:
  virtual ~ClusterStore() = default;

  // Counters every node shares (login throttles, per-account allowances; migrations/0008_counters.sql),
  // one statement per event. Adds `delta` to `key`'s count in its window; a window that ended
  // by `now` starts afresh at `now` and lasts `window` seconds. A negative delta takes counts
  // back (never below 0) and never starts a window.
  virtual core::Result<WindowCount> bump_counter(const std::string& key, int64_t now, int64_t window,
                                                 int64_t delta) = 0;
  // Drops counters whose window ended before `before`.
  virtual core::Status prune_counters(int64_t before) = 0;
  // Match leases (docs/architecture.md, "Several nodes"). Times are the database's clock, so
  // nodes' clocks need not agree. SQLite has one process by its flock (db_lock.h), which owns
  // every match: its take always succeeds, its renewal loses nothing and its fence always holds.
  // Takes the lease of `match_id` for `node` for `lease_ms` when it is free, expired or already
  // `node`'s, raising the epoch by one; epoch 0 (with the holder) when another node holds it.
  virtual core::Result<LeaseTake> take_lease(uint64_t match_id, const std::string& node,
                                             int64_t lease_ms) = 0;
  // Extends by `lease_ms` every (match id, epoch) of `held` that `node` still holds at that epoch,
  // in one statement; returns the matches of `held` it no longer holds.
  virtual core::Result<std::vector<uint64_t>> renew_leases(
      const std::string& node, const std::vector<std::pair<uint64_t, uint64_t>>& held, int64_t lease_ms) = 0;
  // The fence of a commit: true when `node` still holds `match_id` at `epoch`, and then the lease
  // stays locked until the transaction ends, so a takeover waits for this commit. False is an
  // answer, not a failure: the transaction stays usable for the batch's other jobs.
  virtual core::Result<bool> hold_lease(uint64_t match_id, const std::string& node, uint64_t epoch) = 0;
  // Gives the lease up (a match leaving memory, a node stopping) if `node` holds it at `epoch`.
  virtual core::Status release_lease(uint64_t match_id, const std::string& node, uint64_t epoch) = 0;
  // Tells the nodes listening on `channel` (PostgreSQL NOTIFY) when the transaction commits, and
  // only then; a payload is short text (under 8,000 bytes). SQLite has no other node: nothing.
  virtual core::Status notify(const std::string& channel, const std::string& payload) = 0;
};

}  // namespace frontier::storage
