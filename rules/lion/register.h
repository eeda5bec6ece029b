// Registers The Lion of Khartoum (game id "lion") with the game registry.
#pragma once

#include "core/registry.h"

namespace frontier::lion {

void register_games(core::Registry& r);

}  // namespace frontier::lion
