// The entry point of `frontier`: parses the command line, loads the configuration, dispatches
// to a command, and prints help. `games` is the rules this binary carries (for local replay).
#pragma once

#include <iosfwd>

#include "core/registry.h"

namespace frontier::cli {

int cli_main(int argc, char** argv, const core::Registry& games);

}  // namespace frontier::cli
