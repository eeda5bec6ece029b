// The one thread that runs password hashing (argon2id, deliberately slow), behind a bounded
// queue shared fairly: each source (a client address) has a queue of its own and the thread
// serves the sources in turn, one job each, so a source with many connections or accounts
// waits behind its own jobs, not others' behind them. A connection can hold at most
// `per_owner` places and the whole queue at most `total`, so a flood cannot delay a shutdown by
// more than a few hashes either. When the queue is full, a source with fewer jobs queued takes
// the place of the last job of the source with the most (that job is dropped), so one source
// cannot keep everyone else out by filling it. Refusal is immediate; the caller answers the client.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
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

  // Queues `job` for `owner` at `source`; false (and `job` dropped) when a limit is reached or
  // stopping. A queued job may later be dropped to make room for a source with fewer: then
  // `dropped` runs instead of it (on the thread that posted the newcomer). Thread-safe.
  bool try_post(const std::string& source, uint64_t owner, std::function<void()> job,
                std::function<void()> dropped = {});
  // Runs the job in progress to its end, drops the queued ones, joins the thread.
  void stop();

  size_t queued() const;

 private:
  struct Job {
    uint64_t owner = 0;
    std::function<void()> work;
    std::function<void()> dropped;
  };
  void loop();
  // With the lock held and the queue full: the last job of the source with the most queued,
  // taken out, when that source has at least two more than `source`.
  std::optional<Job> evict_for(const std::string& source);

  Limits limits_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::string, std::deque<Job>> by_source_;  // only sources with queued jobs
  std::deque<std::string> turns_;                     // those sources, next to be served first
  size_t waiting_ = 0;                                // jobs in by_source_
  std::map<uint64_t, size_t> per_owner_;              // queued or running, by owner
  size_t running_ = 0;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace frontier::auth
