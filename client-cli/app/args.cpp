// Flag table and parser for `frontier`.
#include "app/args.h"

#include <set>

namespace frontier::cli {

namespace {

const std::set<std::string>& value_flags() {
  static const std::set<std::string> names = {
      "server", "password", "side",    "scenario", "option",   "policy",     "seed",      "from",
      "at",     "delay",    "zoom",    "limit",    "seat",     "log-lines",  "format",    "rounds",
      "name",   "min",      "max",     "tiebreak", "start-at", "round-time", "closes-at", "cycles",
      "reason", "clock",    "webhook", "notify",   "invite",   "vs-bot"};
  return names;
}

const std::set<std::string>& switch_flags() {
  static const std::set<std::string> names = {
      "json",        "help",    "private",     "quiet",      "no-colour", "no-color", "all",   "mini-match",
      "third-place", "unrated", "all-at-once", "disqualify", "history",   "rated",    "casual"};
  return names;
}

}  // namespace

std::string Args::get(const std::string& name, const std::string& fallback) const {
  auto it = flags.find(name);
  return it == flags.end() || it->second.empty() ? fallback : it->second.back();
}

const std::vector<std::string>& Args::all(const std::string& name) const {
  static const std::vector<std::string> none;
  auto it = flags.find(name);
  return it == flags.end() ? none : it->second;
}

core::Result<Args> parse_args(const std::vector<std::string>& argv) {
  Args args;
  bool only_words = false;
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& word = argv[i];
    if (only_words || word.size() < 2 || word.rfind("--", 0) != 0) {
      if (!only_words && word == "-h") {
        args.flags["help"];
        continue;
      }
      if (args.command.empty()) {
        args.command = word;
      } else {
        args.positional.push_back(word);
      }
      continue;
    }
    if (word == "--") {
      only_words = true;
      continue;
    }
    std::string name = word.substr(2);
    std::string value;
    bool inline_value = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      inline_value = true;
    }
    if (value_flags().count(name)) {
      if (!inline_value) {
        if (i + 1 >= argv.size()) return core::Status::invalid_argument("--" + name + " needs a value");
        value = argv[++i];
      }
      args.flags[name].push_back(value);
    } else if (switch_flags().count(name)) {
      if (inline_value) return core::Status::invalid_argument("--" + name + " takes no value");
      args.flags[name];
    } else {
      return core::Status::invalid_argument("Unknown option --" + name + " (see `frontier help`)");
    }
  }
  return args;
}

}  // namespace frontier::cli
