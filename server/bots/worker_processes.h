// The local computer-opponent workers frontierd starts by itself (--bot-workers N): N frontier-bot
// child processes connected to this server with the worker token, each restarted a second after
// it dies, and stopped (SIGTERM, then SIGKILL) when frontierd stops. Workers on other machines
// connect the same way (docs/operations.md); this only saves `make run` the extra step.
#pragma once

#include <sys/types.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/status.h"

namespace frontier::server::bots {

// The worker token in `path`: read when the file holds one, else made (64 hex digits) and
// written there readable by its owner only, so external workers can be given the same file.
core::Result<std::string> load_or_make_worker_token(const std::string& path);

// frontier-bot beside the running executable (/proc/self/exe).
std::string default_worker_path();

class WorkerProcesses {
 public:
  // Starts `count` workers running `path --server ws://127.0.0.1:<port> --token-file <token_file>`.
  WorkerProcesses(int count, std::string path, uint16_t port, std::string token_file);
  ~WorkerProcesses();  // stop()
  WorkerProcesses(const WorkerProcesses&) = delete;
  WorkerProcesses& operator=(const WorkerProcesses&) = delete;
  void stop();

 private:
  pid_t spawn() const;
  void supervise();

  std::string path_;
  uint16_t port_;
  std::string token_file_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::vector<pid_t> pids_;
  bool stopping_ = false;
  std::thread supervisor_;
};

}  // namespace frontier::server::bots
