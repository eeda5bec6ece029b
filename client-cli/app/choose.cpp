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

std::string candidates(const Prompt& p, const std::vector<int>& idx) {
  std::string out;
  for (size_t i = 0; i < idx.size() && i < 5; ++i)
    out += (i ? "; " : "") + std::to_string(idx[i] + 1) + ") " + p.choices(idx[i]).label();
  if (idx.size() > 5) out += "; ...";
  return out;
}

}  // namespace

core::Result<int> resolve_choice(const Prompt& prompt, const std::string& input) {
  std::string text = trim(input);
  int n = prompt.choices_size();
  if (text.empty())
    return core::Status::invalid_argument("Type the number of a choice (1-" + std::to_string(n) +
                                          ") or its name");
  if (std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); })) {
    int value = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || value < 1 || value > n)
      return core::Status::invalid_argument("There is no choice " + text + ": pick a number from 1 to " +
                                            std::to_string(n));
    return value - 1;
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
                                            " choices (" + candidates(prompt, *set) +
                                            "): type more, or the number");
  }
  return core::Status::invalid_argument("No choice is called '" + text + "'; type a number from 1 to " +
                                        std::to_string(n) + " or part of a choice's name");
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
