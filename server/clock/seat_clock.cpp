// Pure clock arithmetic; every time is unix seconds. Pauses are skipped, never charged.
#include "clock/seat_clock.h"

#include <algorithm>
#include <charconv>

namespace frontier::server::clock {

int64_t paused_between(const Pauses& pauses, int64_t from, int64_t to) {
  int64_t total = 0;
  for (const Pause& p : pauses) {
    int64_t a = std::max(p.from, from);
    int64_t b = std::min(p.to, to);
    if (b > a) total += b - a;
  }
  return total;
}

int64_t after_running(const Pauses& pauses, int64_t from, int64_t amount) {
  int64_t t = from;
  int64_t left = std::max<int64_t>(amount, 0);
  for (const Pause& p : pauses) {
    if (p.to <= t) continue;
    if (p.from >= t + left) break;  // runs out before this pause begins
    if (p.from > t) left -= p.from - t;
    t = p.to;
  }
  return t + left;
}

int64_t remaining_at(const SeatClock& c, int64_t now, const Pauses& pauses) {
  if (!c.running || now <= c.since) return c.remaining;
  return c.remaining - ((now - c.since) - paused_between(pauses, c.since, now));
}

int64_t deadline(const SeatClock& c, const Pauses& pauses) {
  return after_running(pauses, c.since, c.remaining);
}

std::optional<int64_t> reminder_at(const SeatClock& c, const Pauses& pauses) {
  if (!c.running || c.reminded || c.turn_bank <= 0) return std::nullopt;
  // Used time reaches 80% of the turn's bank; the turn began with remaining == turn_bank.
  int64_t used_at_start = c.turn_bank - c.remaining;
  int64_t to_use = c.turn_bank * 4 / 5 - used_at_start;
  return after_running(pauses, c.since, to_use);
}

bool paused_at(const Pauses& pauses, int64_t now) {
  return std::any_of(pauses.begin(), pauses.end(),
                     [now](const Pause& p) { return p.from <= now && now < p.to; });
}

void start_turn(SeatClock& c, int64_t now) {
  c.running = true;
  c.since = now;
  c.turn_bank = c.remaining;
  c.reminded = false;
}

void end_turn(SeatClock& c, int64_t now, const Pauses& pauses, const Pace& pace, bool moved) {
  if (!c.running) return;
  c.remaining = remaining_at(c, now, pauses);
  c.running = false;
  c.since = 0;
  if (moved && c.remaining > 0) {
    c.remaining += pace.increment;
    if (pace.cap > 0) c.remaining = std::min(c.remaining, std::max(pace.cap, c.remaining - pace.increment));
  }
}

std::string encode(const std::vector<SeatClock>& clocks) {
  std::string out;
  for (const SeatClock& c : clocks) {
    if (!out.empty()) out += ';';
    out += std::to_string(c.remaining) + ',' + (c.running ? "1" : "0") + ',' + std::to_string(c.since) + ',' +
           std::to_string(c.turn_bank) + ',' + (c.reminded ? "1" : "0");
  }
  return out;
}

std::optional<std::vector<SeatClock>> decode(const std::string& text) {
  std::vector<SeatClock> out;
  if (text.empty()) return out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find(';', pos);
    if (end == std::string::npos) end = text.size();
    int64_t f[5];
    const char* p = text.data() + pos;
    const char* stop = text.data() + end;
    for (int i = 0; i < 5; ++i) {
      auto [next, ec] = std::from_chars(p, stop, f[i]);
      if (ec != std::errc()) return std::nullopt;
      p = next;
      if (i < 4) {
        if (p == stop || *p != ',') return std::nullopt;
        ++p;
      }
    }
    if (p != stop) return std::nullopt;
    out.push_back({f[0], f[1] != 0, f[2], f[3], f[4] != 0});
    pos = end + 1;
  }
  return out;
}

}  // namespace frontier::server::clock
