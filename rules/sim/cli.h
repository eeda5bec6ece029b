// frontier-sim's command line, over any registry (tests run it with a fixture registry).
#pragma once

#include "core/registry.h"

namespace frontier::sim {

// Runs `frontier-sim ARGS...`; returns the process exit code. Output goes to stdout/stderr.
int run_cli(int argc, char** argv, const core::Registry& registry);

}  // namespace frontier::sim
