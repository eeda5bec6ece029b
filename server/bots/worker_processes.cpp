#include "bots/worker_processes.h"

#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "auth/auth.h"

namespace frontier::server::bots {

core::Result<std::string> load_or_make_worker_token(const std::string& path) {
  {
    std::ifstream in(path);
    std::string token;
    if (in && std::getline(in, token) && token.size() >= 32) return token;
  }
  std::string token = auth::new_token();
  // Made unreadable to others before the token is written into it.
  std::ofstream out(path, std::ios::trunc);
  if (!out) return core::Status::not_found("cannot write the worker token to " + path);
  ::chmod(path.c_str(), S_IRUSR | S_IWUSR);
  out << token << "\n";
  out.close();
  if (!out) return core::Status::not_found("cannot write the worker token to " + path);
  return token;
}

std::string default_worker_path() {
  std::error_code ec;
  auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "frontier-bot";
  return (self.parent_path() / "frontier-bot").string();
}

WorkerProcesses::WorkerProcesses(int count, std::string path, uint16_t port, std::string token_file)
    : path_(std::move(path)), port_(port), token_file_(std::move(token_file)) {
  for (int i = 0; i < count; ++i) pids_.push_back(spawn());
  supervisor_ = std::thread([this] { supervise(); });
}

WorkerProcesses::~WorkerProcesses() {
  stop();
}

pid_t WorkerProcesses::spawn() const {
  std::string server = "ws://127.0.0.1:" + std::to_string(port_);
  pid_t pid = ::fork();
  if (pid == 0) {
    // The child: the worker only, with no part of frontierd's state (exec replaces it all). It
    // ends with frontierd, even one killed outright, rather than knock on a closed port.
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    // Nothing of frontierd's stays open in the worker: its listening socket above all, which a
    // worker outliving a killed frontierd by a moment would hold, so a restart on the same port
    // would find it in use. (Asio opens its descriptors without close-on-exec.)
    if (::close_range(3, ~0U, 0) != 0)
      for (int fd = 3; fd < 65536; ++fd) ::close(fd);
    ::execl(path_.c_str(), path_.c_str(), "--server", server.c_str(), "--token-file", token_file_.c_str(),
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  if (pid < 0) spdlog::error("bots: cannot start a worker ({})", path_);
  return pid;
}

void WorkerProcesses::supervise() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    wake_.wait_for(lock, std::chrono::milliseconds(200));
    if (stopping_) break;
    for (pid_t& pid : pids_) {
      int status = 0;
      if (pid > 0 && ::waitpid(pid, &status, WNOHANG) == 0) continue;  // still running
      if (pid > 0)
        spdlog::warn("bots: worker {} ended ({}); starting another", pid,
                     WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                                         : "exit " + std::to_string(WEXITSTATUS(status)));
      // A worker that cannot start at all is retried every second, not in a tight loop.
      lock.unlock();
      std::this_thread::sleep_for(std::chrono::milliseconds(pid > 0 ? 300 : 1000));
      pid_t fresh = spawn();
      lock.lock();
      pid = fresh;
      if (stopping_) break;
    }
  }
}

void WorkerProcesses::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (supervisor_.joinable()) supervisor_.join();
  for (pid_t pid : pids_)
    if (pid > 0) ::kill(pid, SIGTERM);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  for (pid_t pid : pids_) {
    if (pid <= 0) continue;
    int status = 0;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
}

}  // namespace frontier::server::bots
