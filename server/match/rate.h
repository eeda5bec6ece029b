// A token bucket: `rate` messages per second on average, bursts up to `burst`. Used per
// connection, on its own strand (not thread-safe by design).
#pragma once

#include <algorithm>
#include <chrono>

namespace frontier::server {

class TokenBucket {
 public:
  using Clock = std::chrono::steady_clock;
  TokenBucket(double rate = 100, double burst = 200) : rate_(rate), burst_(burst), tokens_(burst) {}
  void configure(double rate, double burst) {
    rate_ = rate;
    burst_ = burst;
    tokens_ = burst;
  }
  bool take(Clock::time_point now = Clock::now()) {
    double elapsed = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + elapsed * rate_);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_ = Clock::now();
};

}  // namespace frontier::server
