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
  // The next bytes a client sends are delivered, but whatever the server answers is swallowed
  // and, 200 ms later, every connection is dropped: a request applied whose reply was lost.
  void lose_next_reply() { lose_next_reply_ = true; }
  bool reply_lost() const { return reply_lost_; }
  // Bytes the server sent that reached a client: how far a session has got.
  size_t delivered() const { return delivered_; }
  int connections() const { return accepted_; }

 private:
  void accept_loop();
  void pipe_bytes(int from, int to, bool upstream);

  uint16_t target_;
  uint16_t port_ = 0;
  int listen_fd_ = -1;
  std::atomic<bool> stopping_{false};
  std::atomic<int> accepted_{0};
  std::atomic<bool> lose_next_reply_{false};
  std::atomic<bool> swallowing_{false};
  std::atomic<bool> reply_lost_{false};
  std::atomic<size_t> delivered_{0};
  std::mutex mu_;
  std::vector<int> fds_;
  std::vector<std::thread> threads_;
  std::thread acceptor_;
};

}  // namespace frontier::testing
