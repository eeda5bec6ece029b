#include "auth/hashing_queue.h"

namespace frontier::auth {

HashingQueue::HashingQueue(Limits limits) : limits_(limits), thread_([this] { loop(); }) {}

HashingQueue::~HashingQueue() {
  stop();
}

bool HashingQueue::try_post(uint64_t owner, std::function<void()> job) {
  {
    std::lock_guard lock(mu_);
    if (stopping_ || queue_.size() + running_ >= limits_.total) return false;
    size_t& mine = per_owner_[owner];
    if (mine >= limits_.per_owner) return false;
    ++mine;
    queue_.push_back({owner, std::move(job)});
  }
  cv_.notify_one();
  return true;
}

void HashingQueue::loop() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
    }
    job.work();
    std::lock_guard lock(mu_);
    --running_;
    if (auto it = per_owner_.find(job.owner); it != per_owner_.end() && --it->second == 0)
      per_owner_.erase(it);
  }
}

void HashingQueue::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
    queue_.clear();
    per_owner_.clear();
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

size_t HashingQueue::queued() const {
  std::lock_guard lock(mu_);
  return queue_.size() + running_;
}

}  // namespace frontier::auth
