#include "clock/wake_queue.h"

namespace frontier::server::clock {

void WakeQueue::set(uint64_t match_id, int64_t when) {
  std::lock_guard lock(mu_);
  if (auto it = by_match_.find(match_id); it != by_match_.end()) {
    by_time_.erase({it->second, match_id});
    by_match_.erase(it);
  }
  if (when == 0) return;
  by_match_[match_id] = when;
  by_time_.insert({when, match_id});
}

std::vector<uint64_t> WakeQueue::pop_due(int64_t now) {
  std::lock_guard lock(mu_);
  std::vector<uint64_t> out;
  while (!by_time_.empty() && by_time_.begin()->first <= now) {
    uint64_t id = by_time_.begin()->second;
    by_time_.erase(by_time_.begin());
    by_match_.erase(id);
    out.push_back(id);
  }
  return out;
}

size_t WakeQueue::size() const {
  std::lock_guard lock(mu_);
  return by_match_.size();
}

}  // namespace frontier::server::clock
