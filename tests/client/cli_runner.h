// Runs the real `frontier` binary as a child process for tests: with its own config directory
// (XDG_CONFIG_HOME), pointed at a test server, output captured in files so that two clients can
// run at once without pipes filling up; or under a pseudo-terminal for interactive sessions.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace frontier::testing {

struct CliResult {
  int status = -1;  // exit status; -1 killed or timed out
  std::string out;
  std::string err;
};

// One user of the client: a config directory of its own.
class CliUser {
 public:
  CliUser(const std::filesystem::path& root, const std::string& name, uint16_t port);
  const std::string& name() const { return name_; }
  const std::filesystem::path& config_home() const { return home_; }

  // Runs `frontier args...` to completion (killed after `timeout`), stdin from `input`.
  CliResult run(const std::vector<std::string>& args, const std::string& input = {},
                std::chrono::seconds timeout = std::chrono::seconds(60)) const;

  // Starts `frontier args...` in the background; finish() waits for it.
  pid_t start(const std::vector<std::string>& args, const std::string& tag) const;
  CliResult finish(pid_t pid, const std::string& tag, std::chrono::seconds timeout) const;

  // By default every call gets `--server <the test server>`; off, the stored server applies.
  void pass_server(bool on) { pass_server_ = on; }
  std::vector<std::string> env() const;
  std::string server_url() const;

 private:
  std::filesystem::path home_;
  std::string name_;
  uint16_t port_;
  bool pass_server_ = true;
};

// A child under a pseudo-terminal: what a person at a terminal would see and type.
class PtySession {
 public:
  // A terminal `columns` by `rows`; `env` replaces the user's environment when given.
  PtySession(const CliUser& user, const std::vector<std::string>& args, int columns = 120, int rows = 50,
             const std::vector<std::string>& env = {});
  ~PtySession();
  // Reads until `text` appears in the output after position `from` (returns its end), or -1 at timeout/exit.
  long wait_for(const std::string& text, size_t from,
                std::chrono::seconds timeout = std::chrono::seconds(30));
  // The same for whichever of `texts` appears first: its index (or -1) and end position.
  std::pair<int, long> wait_for_any(const std::vector<std::string>& texts, size_t from,
                                    std::chrono::seconds timeout = std::chrono::seconds(30));
  void type(const std::string& line);
  // What was shown, without ANSI escapes (positions for wait_for refer to this text).
  const std::string& screen() const { return plain_; }
  // The bytes as written, escapes included.
  const std::string& raw() const { return output_; }
  // Waits for exit; the status.
  int wait_exit(std::chrono::seconds timeout = std::chrono::seconds(30));

 private:
  bool pump(int timeout_ms);
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string output_;
  std::string plain_;
  int status_ = -1;
};

std::string cli_path();
// A user name unique within the test run.
std::string unique_name(const std::string& stem);
// The value of "key":<number> in a line of JSON (0 when absent), and of "key":"string".
uint64_t json_number(const std::string& json, const std::string& key);
std::string json_string(const std::string& json, const std::string& key);

}  // namespace frontier::testing
