// Server counters and gauges, updated lock-free from any thread and rendered as Prometheus
// text on /metrics: connections, loaded matches, actions, commit latency, errors by code.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>

namespace frontier::server {

class Metrics {
 public:
  static constexpr int kErrorCodes = 48;
  // Upper bounds (microseconds) of the commit-latency histogram buckets.
  static constexpr std::array<uint64_t, 10> kLatencyBuckets = {250,   500,   1000,  2000,   5000,
                                                               10000, 25000, 50000, 100000, 1000000};

  std::atomic<int64_t> connections{0};
  std::atomic<uint64_t> connections_total{0};
  std::atomic<uint64_t> connections_refused{0};
  // Every accepted socket, upgraded or still a plain HTTP request: what uses file descriptors.
  std::atomic<int64_t> sockets{0};
  // WebSocket sessions the server keeps a handle on (for the close at shutdown); equals
  // `connections` unless handles leak.
  std::atomic<int64_t> sessions_tracked{0};
  // Bytes queued for clients that have not read them yet, over all connections.
  std::atomic<int64_t> queued_bytes{0};
  std::atomic<uint64_t> slow_clients_closed{0};
  std::atomic<uint64_t> accept_errors{0};
  std::atomic<int64_t> matches_loaded{0};
  std::atomic<uint64_t> matches_created{0};
  std::atomic<uint64_t> actions_total{0};
  std::atomic<uint64_t> frames_in{0};
  std::atomic<uint64_t> frames_out{0};
  std::array<std::atomic<uint64_t>, kErrorCodes> errors{};

  void count_error(int code) { errors[static_cast<size_t>(code < 0 || code >= kErrorCodes ? 0 : code)]++; }
  // Submit-to-commit latency of one acknowledged change.
  void observe_commit(uint64_t micros);

  // Prometheus text exposition format; `error_name` maps a code to its label.
  std::string render(const char* (*error_name)(int), uint64_t writer_queue) const;

 private:
  std::array<std::atomic<uint64_t>, kLatencyBuckets.size() + 1> latency_{};
  std::atomic<uint64_t> latency_sum_{0};
  std::atomic<uint64_t> latency_count_{0};
};

}  // namespace frontier::server
