// The test-only games, each in a folder of tests/games/ exactly as a shipped game is in rules/:
// frontierd-fixture offers them, so the clients' generic boards are tested on a game they have
// no code for.
#pragma once

#include "core/registry.h"

namespace frontier::testing {

const core::Registry& folder_games();

}  // namespace frontier::testing
