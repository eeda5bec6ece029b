// This node's match leases (docs/architecture.md, "Several nodes"): which matches it holds at
// which epoch, their renewal (all of them in one statement, every `renew_every`), and telling
// the registry of a lease found lost so the match leaves memory. Only a PostgreSQL store has
// several nodes; on SQLite the registry runs without a keeper and fences nothing.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "storage/writer.h"

namespace frontier::server {

struct LeaseConfig {
  std::string node;                             // this process's node id (--node-id)
  std::chrono::milliseconds lease{3000};        // --lease-ms: how long a take or renewal holds
  std::chrono::milliseconds renew_every{1000};  // --lease-renew-ms; 0 = never (tests: a node cut off)
};

// The default node id: the host name and the process id, unique among live processes.
std::string default_node_id();

class LeaseKeeper {
 public:
  using Lost = std::function<void(uint64_t match_id, uint64_t epoch)>;

  LeaseKeeper(LeaseConfig config, storage::Writer& writer);
  ~LeaseKeeper();
  LeaseKeeper(const LeaseKeeper&) = delete;
  LeaseKeeper& operator=(const LeaseKeeper&) = delete;

  const std::string& node() const { return config_.node; }
  int64_t lease_ms() const { return config_.lease.count(); }

  // Told (on the renewal's writer callback) of each lease a renewal found taken by another node.
  void set_on_lost(Lost on_lost) { on_lost_ = std::move(on_lost); }
  void start();
  // Stops renewing (the leases then expire unless released).
  void stop();

  // A take of `match_id` at `epoch` committed: renew it from now on.
  void held(uint64_t match_id, uint64_t epoch);
  // The lease is gone (lost, or a commit was refused): renew it no more. True when it was held
  // at that epoch until now.
  bool dropped(uint64_t match_id, uint64_t epoch);
  // The match leaves memory: the lease is given up (expired at once) so another node need not
  // wait for it. Queued on the writer after every commit queued before it.
  void release(uint64_t match_id, uint64_t epoch);
  // A graceful stop: every lease given up, after the commits queued before.
  void release_all();

  size_t count() const;
  // Prometheus text for /metrics: leases held now, taken, lost, commits refused, loads refused.
  std::string render_metrics() const;

  std::atomic<uint64_t> taken{0};
  std::atomic<uint64_t> lost{0};
  std::atomic<uint64_t> refused_commits{0};
  std::atomic<uint64_t> busy{0};  // loads refused: another node held the lease

 private:
  void loop();
  void renew();

  LeaseConfig config_;
  storage::Writer& writer_;
  Lost on_lost_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<uint64_t, uint64_t> held_;  // match id -> epoch
  bool stopping_ = false;
  bool renewing_ = false;  // a renewal is queued on the writer: the next waits for it
  std::thread thread_;
};

}  // namespace frontier::server
