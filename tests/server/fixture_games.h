// The registry the test server (frontierd-fixture) offers: the fixture game "race", every
// built-in game and the test games of tests/games/ (played through the generic boards).
#pragma once

#include "core/registry.h"

namespace frontier::testing {

const core::Registry& server_test_games();

}  // namespace frontier::testing
