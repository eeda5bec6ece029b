// Registers Dispatches (game id "dispatches"), the test game that lives wholly in this folder.
#pragma once

#include "core/registry.h"

namespace frontier::dispatches {

void register_games(core::Registry& r);

}  // namespace frontier::dispatches
