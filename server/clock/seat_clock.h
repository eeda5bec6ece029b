// The arithmetic of one seat's clock, pure (no clock, no I/O): the bank that runs while the seat
// holds a prompt, the pauses (vacations) it skips, the increment and cap added when the seat's
// turn ends, the moment it runs out and the moment 80% of the turn's bank is gone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace frontier::server::clock {

// [from, to): time during which a seat's clock does not run (its user's vacation).
struct Pause {
  int64_t from = 0;
  int64_t to = 0;
};
using Pauses = std::vector<Pause>;  // sorted by `from`, not overlapping

struct Pace {
  int64_t initial = 0;    // the starting bank, seconds
  int64_t increment = 0;  // added when the seat's turn ends
  int64_t cap = 0;        // the bank never grows past this by increments (0 = no cap)
};

struct SeatClock {
  int64_t remaining = 0;  // the bank when it last stopped or started
  bool running = false;
  int64_t since = 0;      // when running: the start of the turn
  int64_t turn_bank = 0;  // when running: the bank at the start of the turn (for the 80% reminder)
  bool reminded = false;  // the 80% reminder of this turn was sent
};

// Seconds in [from, to) covered by `pauses`.
int64_t paused_between(const Pauses& pauses, int64_t from, int64_t to);
// The moment `amount` seconds of unpaused time have passed after `from`.
int64_t after_running(const Pauses& pauses, int64_t from, int64_t amount);

// The bank at `now` (negative once it has run out).
int64_t remaining_at(const SeatClock& c, int64_t now, const Pauses& pauses);
// When a running clock reaches zero.
int64_t deadline(const SeatClock& c, const Pauses& pauses);
// When a running clock has used 80% of its turn's bank; nullopt when already reminded.
std::optional<int64_t> reminder_at(const SeatClock& c, const Pauses& pauses);
// Whether `pauses` cover `now`.
bool paused_at(const Pauses& pauses, int64_t now);

// Starts the seat's turn at `now`.
void start_turn(SeatClock& c, int64_t now);
// Ends the seat's turn at `now`: the time used is charged, then (when `moved`, i.e. the turn
// ended by the seat's own play rather than the match ending) the increment is added up to the cap.
void end_turn(SeatClock& c, int64_t now, const Pauses& pauses, const Pace& pace, bool moved);

// The stored form of all seats' clocks ("remaining,running,since,turn_bank,reminded" per seat,
// separated by ';'); nullopt when `text` is not one.
std::string encode(const std::vector<SeatClock>& clocks);
std::optional<std::vector<SeatClock>> decode(const std::string& text);

}  // namespace frontier::server::clock
