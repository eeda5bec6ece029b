#include "clock/vacations.h"

#include <algorithm>
#include <chrono>

namespace frontier::server::clock {

namespace {
constexpr int64_t kDay = 86400;

int64_t start_of_year(int year) {
  auto days = std::chrono::sys_days(std::chrono::year{year} / std::chrono::January / 1);
  return std::chrono::duration_cast<std::chrono::seconds>(days.time_since_epoch()).count();
}

int year_of(int64_t now) {
  auto day = std::chrono::floor<std::chrono::days>(std::chrono::sys_seconds(std::chrono::seconds(now)));
  return static_cast<int>(std::chrono::year_month_day(day).year());
}
}  // namespace

int64_t year_start(int64_t now) {
  return start_of_year(year_of(now));
}

int64_t next_year_start(int64_t now) {
  return start_of_year(year_of(now) + 1);
}

uint32_t days_charged(int64_t starts_at, int64_t ends_at) {
  // A vacation once started has begun its first day, however soon it is ended.
  if (ends_at <= starts_at) return 1;
  return static_cast<uint32_t>((ends_at - starts_at + kDay - 1) / kDay);
}

void VacationBook::put(const storage::VacationRow& row) {
  std::lock_guard lock(mu_);
  auto& list = by_user_[row.user_id];
  auto it = std::find_if(list.begin(), list.end(), [&](const auto& v) { return v.id == row.id; });
  if (it != list.end()) {
    *it = row;
  } else {
    list.push_back(row);
    std::sort(list.begin(), list.end(),
              [](const auto& a, const auto& b) { return a.starts_at < b.starts_at; });
  }
}

Pauses VacationBook::pauses(uint64_t user) const {
  std::lock_guard lock(mu_);
  Pauses out;
  if (auto it = by_user_.find(user); it != by_user_.end()) {
    for (const auto& v : it->second) {
      if (v.ends_at > v.starts_at) out.push_back({v.starts_at, v.ends_at});
    }
  }
  return out;
}

std::optional<storage::VacationRow> VacationBook::current(uint64_t user, int64_t now) const {
  std::lock_guard lock(mu_);
  if (auto it = by_user_.find(user); it != by_user_.end()) {
    for (const auto& v : it->second) {
      if (v.starts_at <= now && now < v.ends_at) return v;
    }
  }
  return std::nullopt;
}

uint32_t VacationBook::days_used(uint64_t user, int64_t now) const {
  int64_t from = year_start(now);
  int64_t to = next_year_start(now);
  std::lock_guard lock(mu_);
  uint32_t total = 0;
  if (auto it = by_user_.find(user); it != by_user_.end()) {
    for (const auto& v : it->second) {
      if (v.starts_at >= from && v.starts_at < to) total += days_charged(v.starts_at, v.ends_at);
    }
  }
  return total;
}

}  // namespace frontier::server::clock
