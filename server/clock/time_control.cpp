// Play-by-web paces are days long: the limits below refuse what no one means (a bank of a few
// seconds would end a correspondence match before the opponent has read the prompt).
#include "clock/time_control.h"

#include <string>

namespace frontier::server::clock {

namespace {

constexpr int64_t kHour = 3600;
constexpr int64_t kDay = 24 * kHour;
constexpr int64_t kMinBank = 60;
constexpr int64_t kMaxSeconds = 365 * kDay;

wire::ClockPreset preset(const char* name, const char* description, int64_t bank, int64_t inc, int64_t cap) {
  wire::ClockPreset p;
  p.set_name(name);
  p.set_description(description);
  auto* tc = p.mutable_time_control();
  tc->set_kind(wire::TimeControl::CORRESPONDENCE);
  tc->set_initial_seconds(static_cast<uint32_t>(bank));
  tc->set_increment_seconds(static_cast<uint32_t>(inc));
  tc->set_cap_seconds(static_cast<uint32_t>(cap));
  tc->set_preset(name);
  return p;
}

}  // namespace

std::vector<wire::ClockPreset> presets() {
  return {preset("fast", "3 days, +12 h per move, cap 5 days", 3 * kDay, 12 * kHour, 5 * kDay),
          preset("slow", "3 days, +36 h per move, cap 10 days", 3 * kDay, 36 * kHour, 10 * kDay)};
}

bool timed(const wire::TimeControl& tc) {
  return tc.kind() != wire::TimeControl::NONE;
}

Pace pace_of(const wire::TimeControl& tc) {
  return {tc.initial_seconds(), tc.increment_seconds(), tc.cap_seconds()};
}

wire::SeatClock to_wire(int seat, const SeatClock& c, const Pauses& pauses, int64_t now) {
  wire::SeatClock out;
  out.set_seat(seat);
  out.set_remaining_seconds(remaining_at(c, now, pauses));
  out.set_on_vacation(paused_at(pauses, now));
  out.set_running(c.running && !out.on_vacation());
  if (c.running) out.set_deadline(deadline(c, pauses));
  out.set_as_of(now);
  return out;
}

void fill_summary(const storage::MatchRow& row, const VacationBook& vacations, int64_t now,
                  wire::MatchSummary& summary) {
  wire::TimeControl tc;
  if (!tc.ParseFromString(row.time_control) || !timed(tc)) return;
  *summary.mutable_time_control() = tc;
  auto clocks = decode(row.clock);
  for (const auto& seat : summary.seats()) {
    SeatClock c{pace_of(tc).initial};
    size_t i = static_cast<size_t>(seat.seat());
    if (clocks && i < clocks->size()) c = (*clocks)[i];
    *summary.add_clocks() = to_wire(seat.seat(), c, vacations.pauses(seat.user_id()), now);
  }
}

core::Result<wire::TimeControl> normalize(const wire::TimeControl& requested) {
  wire::TimeControl tc = requested;
  if (!tc.preset().empty() && tc.initial_seconds() == 0) {
    std::string names;
    for (const auto& p : presets()) {
      if (p.name() == tc.preset()) return p.time_control();
      names += (names.empty() ? "" : ", ") + p.name();
    }
    return core::Status::invalid_argument("No clock preset '" + tc.preset() + "' (presets: " + names + ")");
  }
  if (!timed(tc)) {
    if (tc.initial_seconds() != 0 || tc.increment_seconds() != 0 || tc.cap_seconds() != 0)
      return core::Status::invalid_argument("An untimed clock (kind NONE) takes no bank, increment or cap");
    return wire::TimeControl{};
  }
  if (!wire::TimeControl::Kind_IsValid(tc.kind()))
    return core::Status::invalid_argument("Unknown clock kind " + std::to_string(tc.kind()));
  if (tc.initial_seconds() < kMinBank || tc.initial_seconds() > kMaxSeconds)
    return core::Status::invalid_argument(
        "A clock's bank (initial_seconds) must be between 60 s and 365 days");
  if (tc.increment_seconds() > kMaxSeconds)
    return core::Status::invalid_argument("A clock's increment must be at most 365 days");
  if (tc.cap_seconds() != 0 && (tc.cap_seconds() < tc.initial_seconds() || tc.cap_seconds() > kMaxSeconds))
    return core::Status::invalid_argument("A clock's cap must be 0 (none) or between the bank and 365 days");
  tc.set_days_per_move(0);
  return tc;
}

}  // namespace frontier::server::clock
