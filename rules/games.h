// The games a shipped binary offers.
#pragma once

#include "core/registry.h"

namespace frontier {

// Every game system built into this binary, registered once (thread-safe first use).
const core::Registry& builtin_games();

}  // namespace frontier
