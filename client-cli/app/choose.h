// Turning what a player typed into one of the prompt's legal choices, and the automatic
// policies of scripted play. Matching is forgiving but never ambiguous: a number, an exact label
// (any case), else the only label starting with the text, else the only label containing it.
#pragma once

#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/status.h"
#include "game.pb.h"

namespace frontier::cli {

// The number each choice of a prompt is shown with. A choice keeps its number while the prompts
// stay of one kind (a march step after a march step): a player who typed 4 for "End the March
// Phase" finds it at 4 again. Choices new to the family take the smallest numbers no shown
// choice holds; a new kind of prompt starts again from 1.
class ChoiceNumbers {
 public:
  // By choice index.
  const std::vector<int>& assign(const Prompt& prompt);
  const std::vector<int>& current() const { return numbers_; }

 private:
  std::string kind_;
  std::map<std::string, int> by_label_;
  std::vector<int> numbers_;
};

// The index of the chosen choice, or a sentence saying why the input picks none (out of
// range, unknown, or ambiguous with the candidates named). `numbers` gives the number shown for
// each choice (ChoiceNumbers); without it choice i is number i + 1.
core::Result<int> resolve_choice(const Prompt& prompt, const std::string& input,
                                 const std::vector<int>* numbers = nullptr);

enum class Policy { kAsk, kFirst, kRandom };
core::Result<Policy> parse_policy(const std::string& name);
// The choice a policy makes (never kAsk).
int policy_choice(Policy policy, const Prompt& prompt, std::mt19937_64& rng);

}  // namespace frontier::cli
