// The command line of `frontier`: a command word, positional words and --flags (`--name value`,
// `--name=value`, or a bare switch). Which flags take values is fixed here so that
// `frontier chat 3 --json hello` and `frontier new race --side Red` both parse unambiguously.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/status.h"

namespace frontier::cli {

struct Args {
  std::string command;
  std::vector<std::string> positional;
  std::map<std::string, std::vector<std::string>> flags;

  bool has(const std::string& name) const { return flags.count(name) > 0; }
  std::string get(const std::string& name, const std::string& fallback = {}) const;
  const std::vector<std::string>& all(const std::string& name) const;
};

// `argv` without the program name. Unknown flags are an error naming the flag.
core::Result<Args> parse_args(const std::vector<std::string>& argv);

}  // namespace frontier::cli
