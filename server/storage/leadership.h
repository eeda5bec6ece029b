// Which node of a site runs the duties that must happen once per site (clock timeouts and
// vacations, tournament clocks, webhook and e-mail sending): the leader. On PostgreSQL it is the
// node holding a session-level advisory lock on a connection of its own; the lock goes with the
// session, so a node that dies or loses that connection stops being the leader, and the others,
// trying every `retry` interval, take it within a few seconds. On SQLite the one node is always
// the leader (a second node cannot open the file: storage/db_lock.h).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace frontier::storage {

namespace pg {
class Connection;
}

class Leadership {
 public:
  // SQLite, or any single node: the leader from the start, for good.
  static std::unique_ptr<Leadership> single();
  // PostgreSQL at `url`: nobody until start() won the lock.
  static std::unique_ptr<Leadership> postgres(std::string url,
                                              std::chrono::milliseconds retry = std::chrono::seconds(1));
  ~Leadership();
  Leadership(const Leadership&) = delete;
  Leadership& operator=(const Leadership&) = delete;

  // Thread-safe, never blocks.
  bool is_leader() const { return leader_; }
  // True when other nodes may share the database: the duties then read what the other nodes
  // stored (their outbox rows, clocks, vacations) instead of trusting this node's memory.
  bool clustered() const { return !url_.empty(); }
  // Called (on the leadership thread, in order) each time this node becomes or stops being the
  // leader. Register before start().
  void on_change(std::function<void(bool leader)> listener);
  // Tries for the lock at once (so a lone node leads before it serves), then keeps trying, or
  // checking that the lock's connection lives, every `retry`.
  void start();
  void stop();

 private:
  Leadership(std::string url, std::chrono::milliseconds retry);
  void loop();
  // One look: take the lock if free, or check the connection that holds it.
  void step();
  void set(bool leader);

  std::string url_;
  std::chrono::milliseconds retry_;
  std::atomic<bool> leader_{false};
  std::unique_ptr<pg::Connection> conn_;  // the leadership thread's only
  std::vector<std::function<void(bool)>> listeners_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace frontier::storage
