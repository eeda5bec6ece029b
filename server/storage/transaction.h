// The transaction every Store call runs in (store.h). The writer (writer.h) opens one per batch
// with begin(), runs the batch's jobs and commits: nothing is durable until commit() returns ok.
#pragma once

#include "core/status.h"

namespace frontier::storage {

// Durability of commit(): kFull syncs the WAL on every commit (survives power loss);
// kNormal survives a process crash (SIGKILL) but not power loss; kOff is for benchmarks only.
enum class Durability { kOff, kNormal, kFull };
const char* durability_name(Durability d);

class Transaction {
 public:
  virtual ~Transaction() = default;

  virtual core::Status begin() = 0;
  // Refuses (and rolls back) a transaction in which a write failed: no batch is half-kept.
  virtual core::Status commit() = 0;
  virtual void rollback() = 0;
  // The first write that failed since begin(), or ok. Every write also returns its status; the
  // writer checks this after each job so one ignored failure still fails the whole batch.
  virtual core::Status transaction_status() const = 0;
};

}  // namespace frontier::storage
