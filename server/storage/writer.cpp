// Group commit: take everything queued (up to max_batch), run it in one transaction, commit,
// then tell every job. A failed write or commit fails the whole batch; nothing in it was
// acknowledged.
#include "storage/writer.h"

#include <chrono>
#include <future>

namespace frontier::storage {

Writer::Writer(std::unique_ptr<Store> store, size_t max_batch)
    : store_(std::move(store)), max_batch_(max_batch), thread_([this] { loop(); }) {}

Writer::~Writer() {
  stop();
}

void Writer::submit(Work work, Done done) {
  {
    std::lock_guard lock(mu_);
    queue_.push_back({std::move(work), std::move(done)});
  }
  cv_.notify_one();
}

void Writer::run_sync(const std::function<void(Store&)>& work) {
  std::promise<void> finished;
  submit(
      [&](Store& s) {
        work(s);
        return s.transaction_status();
      },
      [&](bool) { finished.set_value(); });
  finished.get_future().wait();
}

void Writer::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
  }
  cv_.notify_one();
  if (thread_.joinable()) thread_.join();
}

WriterStats Writer::stats() const {
  std::lock_guard lock(mu_);
  return stats_;
}

size_t Writer::queued() const {
  std::lock_guard lock(mu_);
  return queue_.size();
}

void Writer::loop() {
  std::vector<Job> batch;
  for (;;) {
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty() && stopping_) return;
      while (!queue_.empty() && batch.size() < max_batch_) {
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
    }
    auto start = std::chrono::steady_clock::now();
    bool ok = store_->begin().is_ok();
    if (ok) {
      // The first failed write fails the batch: the jobs after it do not run, and nothing in
      // the batch is kept, since every job's acknowledgement promises all of its writes.
      for (auto& job : batch) {
        if (!job.work(*store_) || !store_->transaction_status()) {
          ok = false;
          break;
        }
      }
      if (ok) ok = store_->commit().is_ok();
      if (!ok) store_->rollback();
    }
    auto micros = static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start)
            .count());
    {
      std::lock_guard lock(mu_);
      ++stats_.batches;
      stats_.jobs += batch.size();
      if (!ok) ++stats_.failed_batches;
      stats_.commit_micros_total += micros;
      if (micros > stats_.commit_micros_max) stats_.commit_micros_max = micros;
    }
    for (auto& job : batch) {
      if (job.done) job.done(ok);
    }
    batch.clear();
  }
}

}  // namespace frontier::storage
