// A tiny HTTP receiver for webhook tests: listens on a loopback port, reads each POST, records
// its body and answers with the status the test chose (500 to force a retry, 200 to accept).
// SilentEndpoint is the receiver that never answers.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace frontier::testing {

class WebhookReceiver {
 public:
  WebhookReceiver();
  ~WebhookReceiver();

  uint16_t port() const { return port_; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/hook"; }
  // The status answered from now on.
  void answer(int status) { status_ = status; }
  // Waits until at least `n` requests arrived; false after `timeout`.
  bool await_requests(size_t n, std::chrono::milliseconds timeout = std::chrono::seconds(10));
  std::vector<std::string> bodies() const;

 private:
  void serve();

  int listen_fd_ = -1;
  uint16_t port_ = 0;
  std::atomic<int> status_{200};
  std::atomic<bool> stopping_{false};
  mutable std::mutex mu_;
  std::vector<std::string> bodies_;
  std::thread thread_;
};

// A webhook endpoint that accepts every connection and never answers (nor closes): what a dead or
// hostile receiver looks like to the sender, which only its own timeout ends.
class SilentEndpoint {
 public:
  SilentEndpoint();
  ~SilentEndpoint();

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/hook"; }
  // Connections accepted so far.
  size_t accepted() const { return accepted_; }

 private:
  int listen_fd_ = -1;
  uint16_t port_ = 0;
  std::atomic<size_t> accepted_{0};
  std::atomic<bool> stopping_{false};
  std::vector<int> held_;  // the serving thread's only
  std::thread thread_;
};

}  // namespace frontier::testing
