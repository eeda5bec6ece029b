#include "clock/server_clock.h"

#include <chrono>

namespace frontier::server::clock {

int64_t ServerClock::now() const {
  if (manual_) return now_.load();
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int64_t ServerClock::advance(int64_t seconds) {
  return now_.fetch_add(seconds) + seconds;
}

}  // namespace frontier::server::clock
