// Registers the games of the Hand of Destiny system (Khartoum).
#pragma once

#include "core/registry.h"

namespace frontier::hand_of_destiny {
void register_games(core::Registry& r);
}
