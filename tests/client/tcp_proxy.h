// A loopback TCP forwarder that a test can cut: every connection through it is dropped at once
// by drop_all(), as a flaky network would, while new connections keep working. Lets a test
// break the client's WebSocket mid-match without touching the server.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace frontier::testing {

class TcpProxy {
 public:
  explicit TcpProxy(uint16_t target_port);
  ~TcpProxy();
  uint16_t port() const { return port_; }
  void drop_all();
  int connections() const { return accepted_; }

 private:
  void accept_loop();
  static void pipe_bytes(int from, int to);

  uint16_t target_;
  uint16_t port_ = 0;
  int listen_fd_ = -1;
  std::atomic<bool> stopping_{false};
  std::atomic<int> accepted_{0};
  std::mutex mu_;
  std::vector<int> fds_;
  std::vector<std::thread> threads_;
  std::thread acceptor_;
};

}  // namespace frontier::testing
