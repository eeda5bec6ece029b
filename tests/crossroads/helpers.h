// Test helpers: a Crossroads position built by script edits, and shortcuts to act by label.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/engine.h"
#include "crossroads/register.h"
#include "crossroads/state.h"

namespace frontier::crossroads::test {

const core::Game& game();
// A fresh match of `scenario` (set-up placements done by taking the first choice).
std::unique_ptr<core::GameState> start(const std::string& scenario = "scenario1", uint64_t seed = 1,
                                       std::vector<std::pair<std::string, std::string>> options = {});
// An empty board at turn 2, movement phase of `side`, op 1: only what `edits` place.
std::unique_ptr<core::GameState> board(const std::vector<std::string>& edits, int side = kBritish,
                                       std::vector<std::pair<std::string, std::string>> options = {});
void edit(core::GameState& s, const std::string& command);
// Plays the choice labelled `label` for `seat`; fails the test when it is not offered.
void play(core::GameState& s, int seat, const std::string& label);
bool offered(const core::GameState& s, int seat, const std::string& label);
std::vector<std::string> labels(const core::GameState& s, int seat);
int square(const std::string& city);
// Starts the British provisioning (17.3), the Russians having provisioned first, so the turn ends
// after it; false when no British square needs a decision.
bool british_provision(core::GameState& s);
std::vector<std::string> log_of(const core::GameState& s, int seat, const std::string& label);

}  // namespace frontier::crossroads::test
