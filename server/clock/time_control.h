// The clocks a match may have: the named presets the server offers (GameList.clock_presets)
// and the check of a requested wire::TimeControl (untrusted input) before a match is created.
#pragma once

#include <vector>

#include "clock/seat_clock.h"
#include "clock/vacations.h"
#include "core/status.h"
#include "wire.pb.h"

namespace frontier::server::clock {

std::vector<wire::ClockPreset> presets();

// A timed control filled from its preset when only the name was given; nullopt-like empty kind
// (NONE) when untimed. Fails with a message naming the bad field.
core::Result<wire::TimeControl> normalize(const wire::TimeControl& requested);

bool timed(const wire::TimeControl& tc);
Pace pace_of(const wire::TimeControl& tc);

// How seat `seat`'s clock stands at `now`, for clients.
wire::SeatClock to_wire(int seat, const SeatClock& c, const Pauses& pauses, int64_t now);

// A listed match's time control and clocks, from its stored row (the seats already filled).
void fill_summary(const storage::MatchRow& row, const VacationBook& vacations, int64_t now,
                  wire::MatchSummary& summary);

}  // namespace frontier::server::clock
