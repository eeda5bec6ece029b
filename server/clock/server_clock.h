// The one time source of the server (STYLE: LevelDB, "everything that touches time is
// injected"). Real by default; `frontierd --manual-clock` makes it a manual clock that only moves
// when a test sends AdvanceClock, so clock tests are deterministic and never sleep for days.
#pragma once

#include <atomic>
#include <cstdint>

namespace frontier::server::clock {

class ServerClock {
 public:
  // A real clock, or a manual one starting at `manual_start` (unix seconds).
  static ServerClock real() { return ServerClock(false, 0); }
  static ServerClock manual(int64_t start) { return ServerClock(true, start); }

  ServerClock(const ServerClock& other) : manual_(other.manual_), now_(other.now_.load()) {}

  // Thread-safe: unix seconds now.
  int64_t now() const;
  bool is_manual() const { return manual_; }
  // Manual clocks only: moves forward by `seconds` and returns the new time.
  int64_t advance(int64_t seconds);

 private:
  ServerClock(bool manual, int64_t start) : manual_(manual), now_(start) {}
  bool manual_;
  std::atomic<int64_t> now_;
};

}  // namespace frontier::server::clock
