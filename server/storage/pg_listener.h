// PostgreSQL LISTEN on a connection of its own (docs/architecture.md, "Several nodes"): a thread
// waits on the socket and hands every notification (channel, payload) to a callback. A lost
// connection is made again and the channels listened to again; `resync` then says notifications
// may have been missed meanwhile.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/status.h"

namespace frontier::storage {

namespace pg {
class Connection;
}

class PgListener {
 public:
  using Notice = std::function<void(const std::string& channel, const std::string& payload)>;

  // `tick` runs about every 200 ms on the listening thread (timeouts of the caller's own).
  PgListener(std::string url, std::vector<std::string> channels, Notice notice, std::function<void()> resync,
             std::function<void()> tick);
  ~PgListener();
  PgListener(const PgListener&) = delete;
  PgListener& operator=(const PgListener&) = delete;

  // Connects and listens; the thread starts only when that worked.
  core::Status start();
  void stop();

 private:
  core::Status listen();
  void loop();

  std::string url_;
  std::vector<std::string> channels_;
  Notice notice_;
  std::function<void()> resync_;
  std::function<void()> tick_;
  std::unique_ptr<pg::Connection> conn_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace frontier::storage
