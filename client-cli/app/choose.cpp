// Prompt selection.
#include "app/choose.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

namespace frontier::cli {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

int shown_number(const std::vector<int>* numbers, int index) {
  return numbers ? (*numbers)[static_cast<size_t>(index)] : index + 1;
}

std::string candidates(const Prompt& p, const std::vector<int>& idx, const std::vector<int>* numbers) {
  std::string out;
  for (size_t i = 0; i < idx.size() && i < 5; ++i)
    out += (i ? "; " : "") + std::to_string(shown_number(numbers, idx[i])) + ") " + p.choices(idx[i]).label();
  if (idx.size() > 5) out += "; ...";
  return out;
}

}  // namespace

const std::vector<int>& ChoiceNumbers::assign(const Prompt& prompt) {
  if (prompt.kind() != kind_) {
    kind_ = prompt.kind();
    by_label_.clear();
  }
  // Labels that left the prompt give their numbers back.
  std::map<std::string, int> kept;
  for (const auto& c : prompt.choices()) {
    if (auto it = by_label_.find(c.label()); it != by_label_.end()) kept.insert(*it);
  }
  std::vector<bool> taken(static_cast<size_t>(prompt.choices_size()) + kept.size() + 2, false);
  for (const auto& [label, number] : kept) {
    if (static_cast<size_t>(number) < taken.size()) taken[static_cast<size_t>(number)] = true;
  }
  numbers_.clear();
  int next = 1;
  for (const auto& c : prompt.choices()) {
    auto it = kept.find(c.label());
    if (it == kept.end()) {
      while (taken[static_cast<size_t>(next)]) ++next;
      taken[static_cast<size_t>(next)] = true;
      it = kept.emplace(c.label(), next).first;
    }
    numbers_.push_back(it->second);
  }
  by_label_ = std::move(kept);
  return numbers_;
}

core::Result<int> resolve_choice(const Prompt& prompt, const std::string& input,
                                 const std::vector<int>* numbers) {
  std::string text = trim(input);
  int n = prompt.choices_size();
  if (numbers && numbers->size() != static_cast<size_t>(n)) numbers = nullptr;  // numbered for another prompt
  int highest = 0;
  for (int i = 0; i < n; ++i) highest = std::max(highest, shown_number(numbers, i));
  if (text.empty())
    return core::Status::invalid_argument("Type the number of a choice (1-" + std::to_string(highest) +
                                          ") or its name");
  if (std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); })) {
    int value = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    for (int i = 0; ec == std::errc() && i < n; ++i) {
      if (shown_number(numbers, i) == value) return i;
    }
    return core::Status::invalid_argument("There is no choice " + text + ": pick a number from 1 to " +
                                          std::to_string(highest));
  }
  std::string want = lower(text);
  std::vector<int> exact, prefix, inside;
  for (int i = 0; i < n; ++i) {
    std::string label = lower(prompt.choices(i).label());
    if (label == want) exact.push_back(i);
    if (label.rfind(want, 0) == 0) prefix.push_back(i);
    if (label.find(want) != std::string::npos) inside.push_back(i);
  }
  for (const auto* set : {&exact, &prefix, &inside}) {
    if (set->size() == 1) return set->front();
    if (set->size() > 1)
      return core::Status::invalid_argument("'" + text + "' matches " + std::to_string(set->size()) +
                                            " choices (" + candidates(prompt, *set, numbers) +
                                            "): type more, or the number");
  }
  return core::Status::invalid_argument("No choice is called '" + text + "'; type a number from 1 to " +
                                        std::to_string(highest) + " or part of a choice's name");
}

core::Result<Policy> parse_policy(const std::string& name) {
  if (name.empty() || name == "ask") return Policy::kAsk;
  if (name == "first") return Policy::kFirst;
  if (name == "random") return Policy::kRandom;
  return core::Status::invalid_argument("Unknown policy '" + name + "' (random, first or ask)");
}

int policy_choice(Policy policy, const Prompt& prompt, std::mt19937_64& rng) {
  if (policy != Policy::kRandom || prompt.choices_size() <= 1) return 0;
  return static_cast<int>(rng() % static_cast<uint64_t>(prompt.choices_size()));
}

}  // namespace frontier::cli
