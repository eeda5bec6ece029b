// A token bucket per account, shared by every connection of the account: limits that must not
// grow with the number of connections one user opens (chat lines, matches created). Thread-safe:
// the connections of one account run on different I/O threads.
#pragma once

#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "match/rate.h"

namespace frontier::server {

class AccountRate {
 public:
  // `rate` per second on average, bursts of `burst`; rate 0 = no limit.
  AccountRate(double rate, double burst) : rate_(rate), burst_(burst) {}

  bool take(uint64_t account, TokenBucket::Clock::time_point now = TokenBucket::Clock::now()) {
    if (rate_ <= 0) return true;
    std::lock_guard lock(mu_);
    // Bounded under many accounts: forgetting every bucket only forgives what they had used.
    if (buckets_.size() > kMaxAccounts) buckets_.clear();
    auto [it, inserted] = buckets_.try_emplace(account, rate_, burst_);
    return it->second.take(now);
  }

 private:
  static constexpr size_t kMaxAccounts = 100000;
  double rate_;
  double burst_;
  std::mutex mu_;
  std::unordered_map<uint64_t, TokenBucket> buckets_;
};

}  // namespace frontier::server
