// The registry the test server (frontierd-fixture) offers: the fixture game "race" plus every
// built-in game, so integration tests run today and real games plug in as they land.
#pragma once

#include "core/registry.h"

namespace frontier::testing {

const core::Registry& server_test_games();

}  // namespace frontier::testing
