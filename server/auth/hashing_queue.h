// The one thread that runs password hashing (argon2id, deliberately slow), behind a bounded
// queue: a client pipelining registrations or logins can hold at most `per_owner` places, and
// the whole queue at most `total`, so a flood cannot delay other people's logins or a shutdown
// by more than a few hashes. Refusal is immediate; the caller answers the client.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

namespace frontier::auth {

class HashingQueue {
 public:
  struct Limits {
    size_t per_owner = 2;  // queued or running jobs of one owner (a connection)
    size_t total = 64;     // queued or running jobs of everyone
  };

  explicit HashingQueue(Limits limits);
  ~HashingQueue();  // stop()s
  HashingQueue(const HashingQueue&) = delete;
  HashingQueue& operator=(const HashingQueue&) = delete;

  // Queues `job` for `owner`; false (and `job` dropped) when a limit is reached or stopping.
  // Thread-safe.
  bool try_post(uint64_t owner, std::function<void()> job);
  // Runs the job in progress to its end, drops the queued ones, joins the thread.
  void stop();

  size_t queued() const;

 private:
  struct Job {
    uint64_t owner;
    std::function<void()> work;
  };
  void loop();

  Limits limits_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  std::map<uint64_t, size_t> per_owner_;  // queued or running, by owner
  size_t running_ = 0;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace frontier::auth
