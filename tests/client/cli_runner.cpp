// fork/exec of the client with a clean, explicit environment; output to files; pty via forkpty.
#include "cli_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <fstream>
#include <sstream>
#include <thread>

namespace frontier::testing {

namespace fs = std::filesystem;

std::string cli_path() {
  return FRONTIER_CLI_PATH;
}

std::string unique_name(const std::string& stem) {
  static std::atomic<int> counter{0};
  return stem + "_" + std::to_string(::getpid() % 100000) + "_" + std::to_string(counter++);
}

uint64_t json_number(const std::string& json, const std::string& key) {
  auto at = json.find("\"" + key + "\":");
  if (at == std::string::npos) return 0;
  at += key.size() + 3;
  if (at < json.size() && json[at] == '"') ++at;  // 64-bit integers are strings in proto JSON
  return std::strtoull(json.c_str() + at, nullptr, 10);
}

std::string json_string(const std::string& json, const std::string& key) {
  auto at = json.find("\"" + key + "\":\"");
  if (at == std::string::npos) return {};
  at += key.size() + 4;
  return json.substr(at, json.find('"', at) - at);
}

CliUser::CliUser(const fs::path& root, const std::string& name, uint16_t port)
    : home_(root / name), name_(name), port_(port) {
  fs::create_directories(home_);
}

std::string CliUser::server_url() const {
  return "ws://127.0.0.1:" + std::to_string(port_) + "/";
}

std::vector<std::string> CliUser::env() const {
  return {"XDG_CONFIG_HOME=" + home_.string(), "HOME=" + home_.string(), "FRONTIER_PASSWORD=correct-horse-9",
          "FRONTIER_RECONNECT_SECONDS=20",     "PATH=/usr/bin:/bin",     "TERM=xterm"};
}

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

[[noreturn]] void exec_cli(const std::vector<std::string>& args, const std::vector<std::string>& env) {
  // Dies with the test process, so a crashed or killed test leaves no client behind.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  std::vector<std::string> argv_s = {cli_path()};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv, envp;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_s = env;
  for (auto& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);
  ::execve(argv[0], argv.data(), envp.data());
  ::_exit(127);
}

int wait_child(pid_t pid, std::chrono::seconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  int status = 0;
  for (;;) {
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace

pid_t CliUser::start(const std::vector<std::string>& args, const std::string& tag) const {
  fs::path in = home_ / (tag + ".in");
  fs::path out = home_ / (tag + ".out");
  fs::path err = home_ / (tag + ".err");
  if (!fs::exists(in)) std::ofstream(in).close();
  std::vector<std::string> full = args;
  if (pass_server_) full.insert(full.end(), {"--server", server_url()});
  pid_t pid = ::fork();
  if (pid == 0) {
    int i = ::open(in.c_str(), O_RDONLY);
    int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ::dup2(i, 0);
    ::dup2(o, 1);
    ::dup2(e, 2);
    exec_cli(full, env());
  }
  return pid;
}

CliResult CliUser::finish(pid_t pid, const std::string& tag, std::chrono::seconds timeout) const {
  CliResult r;
  r.status = wait_child(pid, timeout);
  r.out = slurp(home_ / (tag + ".out"));
  r.err = slurp(home_ / (tag + ".err"));
  return r;
}

CliResult CliUser::run(const std::vector<std::string>& args, const std::string& input,
                       std::chrono::seconds timeout) const {
  static std::atomic<int> runs{0};
  std::string tag = "run" + std::to_string(runs++);
  std::ofstream(home_ / (tag + ".in")) << input;
  return finish(start(args, tag), tag, timeout);
}

PtySession::PtySession(const CliUser& user, const std::vector<std::string>& args, int columns, int rows,
                       const std::vector<std::string>& env) {
  std::vector<std::string> full = args;
  full.push_back("--server");
  full.push_back(user.server_url());
  winsize ws{};
  ws.ws_row = static_cast<unsigned short>(rows);
  ws.ws_col = static_cast<unsigned short>(columns);
  pid_ = ::forkpty(&fd_, nullptr, nullptr, &ws);
  if (pid_ == 0) exec_cli(full, env.empty() ? user.env() : env);
}

PtySession::~PtySession() {
  if (pid_ > 0 && status_ == -1) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  if (fd_ >= 0) ::close(fd_);
}

bool PtySession::pump(int timeout_ms) {
  pollfd p{fd_, POLLIN, 0};
  if (::poll(&p, 1, timeout_ms) <= 0) return false;
  char buf[4096];
  ssize_t n = ::read(fd_, buf, sizeof buf);
  if (n <= 0) return false;
  output_.append(buf, static_cast<size_t>(n));
  plain_.clear();
  for (size_t i = 0; i < output_.size(); ++i) {
    if (output_[i] == '\x1b' && i + 1 < output_.size() && output_[i + 1] == '[') {
      i += 2;
      while (i < output_.size() && !std::isalpha(static_cast<unsigned char>(output_[i]))) ++i;
      continue;
    }
    if (output_[i] != '\r') plain_ += output_[i];
  }
  return true;
}

long PtySession::wait_for(const std::string& text, size_t from, std::chrono::seconds timeout) {
  return wait_for_any({text}, from, timeout).second;
}

std::pair<int, long> PtySession::wait_for_any(const std::vector<std::string>& texts, size_t from,
                                              std::chrono::seconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  auto find = [&]() -> std::pair<int, long> {
    size_t best = std::string::npos;
    int which = -1;
    for (size_t i = 0; i < texts.size(); ++i) {
      if (from > plain_.size()) break;
      auto at = plain_.find(texts[i], from);
      if (at != std::string::npos && at < best) best = at, which = static_cast<int>(i);
    }
    if (which < 0) return {-1, -1};
    return {which, static_cast<long>(best + texts[static_cast<size_t>(which)].size())};
  };
  for (;;) {
    if (auto hit = find(); hit.first >= 0) return hit;
    if (std::chrono::steady_clock::now() > deadline || status_ != -1) return {-1, -1};
    if (!pump(100)) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        while (pump(50)) {
        }
        status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
        return find();
      }
    }
  }
}

void PtySession::type(const std::string& line) {
  std::string s = line + "\n";
  (void)!::write(fd_, s.data(), s.size());
}

int PtySession::wait_exit(std::chrono::seconds timeout) {
  if (status_ != -1) return status_;
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    pump(50);
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      while (pump(50)) {
      }
      status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
      return status_;
    }
  }
  return -1;
}

}  // namespace frontier::testing
