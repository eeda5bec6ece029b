// The one writer: a thread that owns the Store and runs queued jobs in batches, one
// transaction per batch (group commit), so the commits of many matches share one WAL sync
// and durability does not cap throughput. A job's `done` runs on the writer thread after the
// batch committed (ok = true) or failed (ok = false); it must only hand work back to other
// threads (post), never block.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "storage/store.h"

namespace frontier::storage {

struct WriterStats {
  uint64_t batches = 0;
  uint64_t jobs = 0;
  uint64_t failed_batches = 0;
  uint64_t commit_micros_total = 0;  // time inside begin..commit, summed over batches
  uint64_t commit_micros_max = 0;
};

class Writer {
 public:
  // A job returns the first failing status of its writes (ok for a read): that fails the batch.
  using Work = std::function<core::Status(Store&)>;
  using Done = std::function<void(bool ok)>;

  // max_batch bounds one transaction, so one huge burst cannot stall every acknowledgement.
  explicit Writer(std::unique_ptr<Store> store, size_t max_batch = 4096);
  ~Writer();
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  void submit(Work work, Done done = {});
  // Runs `work` on the writer thread and waits for it (start-up and tests only).
  void run_sync(const std::function<void(Store&)>& work);
  // Finishes every queued job, then stops the thread (graceful shutdown drains commits).
  void stop();

  WriterStats stats() const;
  size_t queued() const;

 private:
  struct Job {
    Work work;
    Done done;
  };
  void loop();

  std::unique_ptr<Store> store_;
  size_t max_batch_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  WriterStats stats_;
  std::thread thread_;
};

}  // namespace frontier::storage
