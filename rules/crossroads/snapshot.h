// Deterministic snapshot bytes of a match (including the Rng) and their exact inverse.
#pragma once

#include <string_view>

#include "core/bytes.h"
#include "crossroads/state.h"

namespace frontier::crossroads {

void write_state(const State& s, core::ByteWriter& w);
bool read_state(std::string_view bytes, State& s);

}  // namespace frontier::crossroads
