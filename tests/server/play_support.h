// What the play-by-web tests share (clocks, webhooks, e-mail): Race matches between fresh players
// on a frontierd with the manual clock, moves made without watching, and moving the clock.
#pragma once

#include <cstdint>
#include <string>

#include "harness.h"

namespace frontier::testing {

// A Race between two fresh players with clock `tc` (an empty one: untimed); `a` is North and
// creates it, `b` joins. Both hold the running update after. 0 on failure.
uint64_t start_race(Player& a, Player& b, uint16_t port, const wire::TimeControl& tc,
                    const std::string& stem);

// Moves the manual clock forward; the server's time after, or -1.
int64_t advance(Player& p, uint64_t seconds);

// `p` leaves the match page: no longer subscribed, so no longer "looking" at the match.
bool leave(Player& p, uint64_t id);

// `p` makes `action` in match `id` without watching it: `seq` is the seq `p` acts on, and
// becomes the new one.
bool act(Player& p, uint64_t id, uint32_t& seq, const frontier::Action& action);

}  // namespace frontier::testing
