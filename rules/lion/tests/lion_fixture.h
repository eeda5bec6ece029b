// Test helpers for The Lion of Khartoum: a game from the real registry function, states from
// set-up options, and play by label through the validating engine.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/engine.h"
#include "core/registry.h"
#include "lion.pb.h"
#include "lion/state.h"

namespace frontier::lion::testing {

const core::Game& game();

// A fresh game (scenario "standard") with the given seed and options ("difficulty=lion_cub").
std::unique_ptr<core::GameState> start(uint64_t seed = 1, std::vector<std::string> options = {});

inline State& st(const std::unique_ptr<core::GameState>& s) {
  return S(*s);
}

// Plays the legal choice labelled `label`; fails the test when there is none.
void play(core::GameState& s, const std::string& label, std::vector<core::LogEvent>* log = nullptr);
// Applies an edit; fails the test when refused.
void edit(core::GameState& s, const std::string& command);
// True when `label` is among the legal choices.
bool can(const core::GameState& s, const std::string& label);
// The labels of every legal choice, " | "-joined (for failure messages).
std::string choices(const core::GameState& s);
// Queue die faces.
void dice(core::GameState& s, std::vector<int> faces);
// Every log line of `log` joined by newlines.
std::string text(const std::vector<core::LogEvent>& log);

}  // namespace frontier::lion::testing
