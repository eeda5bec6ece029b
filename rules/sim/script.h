// Scenario scripts (tests/scenarios/**/*.txtpb, docs/scenario-scripts.md): set up a position,
// queue dice and draws, play actions by seat and check prompts, view fields, log and status.
#pragma once

#include <string>

#include "core/registry.h"
#include "record.pb.h"

namespace frontier::sim {

struct ScriptResult {
  bool passed = false;
  int steps_run = 0;
  std::string failure;  // "step 7 (expect): tracks.cm is 11, expected 12"
};

ScriptResult run_script(const core::Registry& registry, const frontier::ScenarioScript& script);

// Reads and runs a script file; parse errors are failures that name file and line.
ScriptResult run_script_file(const core::Registry& registry, const std::string& path);

}  // namespace frontier::sim
