// Registers Asia Crossroads: The Great Game (game id "crossroads").
#pragma once

#include <memory>

#include "core/registry.h"

namespace frontier::crossroads {

void register_games(core::Registry& r);
std::unique_ptr<core::Game> make_game();

}  // namespace frontier::crossroads
