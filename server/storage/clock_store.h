// Seat clocks' wake times and vacations (migrations/0003_clocks.sql; server/play/): one concern of
// the Store (store.h).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"

namespace frontier::storage {

struct VacationRow {
  uint64_t id = 0;
  uint64_t user_id = 0;
  int64_t starts_at = 0;
  int64_t ends_at = 0;
};

class ClockStore {
 public:
  virtual ~ClockStore() = default;

  virtual core::Status put_clock(uint64_t match_id, const std::string& clock, int64_t wake_at) = 0;
  // (match id, wake_at) of every match with something due, however far ahead.
  virtual core::Result<std::vector<std::pair<uint64_t, int64_t>>> clock_wakes() = 0;
  virtual core::Result<uint64_t> add_vacation(const VacationRow& row) = 0;
  virtual core::Status end_vacation(uint64_t vacation_id, int64_t ends_at) = 0;
  // Vacations ending after `after`, oldest first.
  virtual core::Result<std::vector<VacationRow>> vacations(int64_t after) = 0;
};

}  // namespace frontier::storage
