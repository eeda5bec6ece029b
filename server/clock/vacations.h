// Every user's vacations of this calendar year and later (UTC), in memory: a match's clock asks
// for a seat holder's pauses on every change, so this must not touch the database. The writer
// stores each change first; this book is updated after the commit.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "clock/seat_clock.h"
#include "storage/store.h"

namespace frontier::server::clock {

// Unix seconds of 1 January 00:00 UTC of the year holding `now`, and of the next year.
int64_t year_start(int64_t now);
int64_t next_year_start(int64_t now);
// Whole days a vacation counts against the allowance: days begun (at least the first).
uint32_t days_charged(int64_t starts_at, int64_t ends_at);

class VacationBook {
 public:
  // Thread-safe.
  void put(const storage::VacationRow& row);
  Pauses pauses(uint64_t user) const;
  std::optional<storage::VacationRow> current(uint64_t user, int64_t now) const;
  // Days of vacations started in the calendar year of `now`.
  uint32_t days_used(uint64_t user, int64_t now) const;

 private:
  mutable std::mutex mu_;
  std::map<uint64_t, std::vector<storage::VacationRow>> by_user_;
};

}  // namespace frontier::server::clock
