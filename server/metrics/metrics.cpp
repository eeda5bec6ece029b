// Rendering is the only non-trivial part: Prometheus histograms are cumulative per bucket.
#include "metrics/metrics.h"

#include <fmt/format.h>

namespace frontier::server {

void Metrics::observe_commit(uint64_t micros) {
  size_t i = 0;
  while (i < kLatencyBuckets.size() && micros > kLatencyBuckets[i]) ++i;
  latency_[i]++;
  latency_sum_ += micros;
  latency_count_++;
}

std::string Metrics::render(const char* (*error_name)(int), uint64_t writer_queue) const {
  std::string out;
  auto gauge = [&](const char* name, const char* help, const char* type, auto value) {
    out += fmt::format("# HELP {} {}\n# TYPE {} {}\n{} {}\n", name, help, name, type, name, value);
  };
  gauge("frontier_connections", "Open WebSocket connections", "gauge", connections.load());
  gauge("frontier_connections_total", "Accepted WebSocket connections", "counter", connections_total.load());
  gauge("frontier_connections_refused_total", "Connections refused at the limit", "counter",
        connections_refused.load());
  gauge("frontier_sockets", "Open sockets (WebSockets and plain HTTP requests)", "gauge", sockets.load());
  gauge("frontier_sessions_tracked", "WebSocket sessions held for the shutdown close", "gauge",
        sessions_tracked.load());
  gauge("frontier_queued_bytes", "Bytes queued for clients, not yet written", "gauge", queued_bytes.load());
  gauge("frontier_slow_clients_closed_total", "Connections closed for not reading their replies", "counter",
        slow_clients_closed.load());
  gauge("frontier_accept_errors_total", "Failed accepts (e.g. out of file descriptors)", "counter",
        accept_errors.load());
  gauge("frontier_matches_loaded", "Matches held in memory", "gauge", matches_loaded.load());
  gauge("frontier_matches_created_total", "Matches created", "counter", matches_created.load());
  gauge("frontier_actions_total", "Acknowledged (committed) actions; rate() gives actions/s", "counter",
        actions_total.load());
  gauge("frontier_frames_in_total", "Frames received", "counter", frames_in.load());
  gauge("frontier_frames_out_total", "Frames sent", "counter", frames_out.load());
  gauge("frontier_writer_queue", "Jobs waiting for the database writer", "gauge", writer_queue);

  out += "# HELP frontier_commit_latency_seconds Submit to durable commit of a change\n";
  out += "# TYPE frontier_commit_latency_seconds histogram\n";
  uint64_t cumulative = 0;
  for (size_t i = 0; i < kLatencyBuckets.size(); ++i) {
    cumulative += latency_[i].load();
    out += fmt::format("frontier_commit_latency_seconds_bucket{{le=\"{}\"}} {}\n",
                       static_cast<double>(kLatencyBuckets[i]) / 1e6, cumulative);
  }
  cumulative += latency_[kLatencyBuckets.size()].load();
  out += fmt::format("frontier_commit_latency_seconds_bucket{{le=\"+Inf\"}} {}\n", cumulative);
  out +=
      fmt::format("frontier_commit_latency_seconds_sum {}\n", static_cast<double>(latency_sum_.load()) / 1e6);
  out += fmt::format("frontier_commit_latency_seconds_count {}\n", latency_count_.load());

  out += "# HELP frontier_errors_total Error replies by code\n# TYPE frontier_errors_total counter\n";
  for (int code = 1; code < kErrorCodes; ++code) {
    uint64_t n = errors[static_cast<size_t>(code)].load();
    if (n > 0) out += fmt::format("frontier_errors_total{{code=\"{}\"}} {}\n", error_name(code), n);
  }
  return out;
}

}  // namespace frontier::server
