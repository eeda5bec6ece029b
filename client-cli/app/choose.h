// Turning what a player typed into one of the prompt's legal choices, and the automatic
// policies of scripted play. Matching is forgiving but never ambiguous: a number, an exact label
// (any case), else the only label starting with the text, else the only label containing it.
#pragma once

#include <random>
#include <string>

#include "core/status.h"
#include "game.pb.h"

namespace frontier::cli {

// The index of the chosen choice, or a sentence saying why the input picks none (out of
// range, unknown, or ambiguous with the candidates named).
core::Result<int> resolve_choice(const Prompt& prompt, const std::string& input);

enum class Policy { kAsk, kFirst, kRandom };
core::Result<Policy> parse_policy(const std::string& name);
// The choice a policy makes (never kAsk).
int policy_choice(Policy policy, const Prompt& prompt, std::mt19937_64& rng);

}  // namespace frontier::cli
