#include "auth/hashing_queue.h"

namespace frontier::auth {

HashingQueue::HashingQueue(Limits limits) : limits_(limits), thread_([this] { loop(); }) {}

HashingQueue::~HashingQueue() {
  stop();
}

std::optional<HashingQueue::Job> HashingQueue::evict_for(const std::string& source) {
  auto mine = by_source_.find(source);
  size_t my_count = mine == by_source_.end() ? 0 : mine->second.size();
  auto longest = by_source_.end();
  for (auto it = by_source_.begin(); it != by_source_.end(); ++it)
    if (longest == by_source_.end() || it->second.size() > longest->second.size()) longest = it;
  // Taking the place of a source with one more would only swap who is refused.
  if (longest == by_source_.end() || longest->second.size() < my_count + 2) return std::nullopt;
  Job out = std::move(longest->second.back());
  longest->second.pop_back();  // at least two were queued: the source keeps its turn
  --waiting_;
  if (auto it = per_owner_.find(out.owner); it != per_owner_.end() && --it->second == 0) per_owner_.erase(it);
  return out;
}

bool HashingQueue::try_post(const std::string& source, uint64_t owner, std::function<void()> job,
                            std::function<void()> dropped) {
  std::optional<Job> evicted;
  {
    std::lock_guard lock(mu_);
    if (stopping_) return false;
    if (per_owner_.count(owner) && per_owner_[owner] >= limits_.per_owner) return false;
    if (waiting_ + running_ >= limits_.total) {
      evicted = evict_for(source);
      if (!evicted) return false;
    }
    ++per_owner_[owner];
    auto& queue = by_source_[source];
    // A source joins the round when it has something queued; one already waiting keeps its turn.
    if (queue.empty()) turns_.push_back(source);
    queue.push_back({owner, std::move(job), std::move(dropped)});
    ++waiting_;
  }
  cv_.notify_one();
  if (evicted && evicted->dropped) evicted->dropped();
  return true;
}

void HashingQueue::loop() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return stopping_ || !turns_.empty(); });
      if (stopping_) return;
      std::string source = std::move(turns_.front());
      turns_.pop_front();
      auto it = by_source_.find(source);
      job = std::move(it->second.front());
      it->second.pop_front();
      // Served once this round: a source with more waits for everyone else's turn.
      if (it->second.empty()) {
        by_source_.erase(it);
      } else {
        turns_.push_back(std::move(source));
      }
      --waiting_;
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
    by_source_.clear();
    turns_.clear();
    waiting_ = 0;
    per_owner_.clear();
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

size_t HashingQueue::queued() const {
  std::lock_guard lock(mu_);
  return waiting_ + running_;
}

}  // namespace frontier::auth
