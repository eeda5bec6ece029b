// A real HAProxy (Debian's haproxy) for tests, started in a scratch folder in front of several
// frontierd nodes on loopback: WebSocket upgrades pass through (HTTP mode, tunnel timeout), each
// node is checked on /healthz every 200 ms and taken out after two failures, and with
// `option redispatch` a connection refused by a dead node is retried on another. It is stopped
// and its folder removed when the object goes; if the test process dies first, the kernel
// kills it (PR_SET_PDEATHSIG).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace frontier::testing {

class HaProxy {
 public:
  HaProxy() = default;
  ~HaProxy();
  HaProxy(const HaProxy&) = delete;
  HaProxy& operator=(const HaProxy&) = delete;

  // Writes the configuration for `nodes` (loopback ports) and starts HAProxy on a free loopback
  // port; false with the reason in `error`. `balance` is HAProxy's algorithm ("roundrobin",
  // "source": one client address stays on one node while it is up).
  bool start(const std::vector<uint16_t>& nodes, const std::string& balance = "roundrobin",
             std::string* error = nullptr);
  void stop();
  uint16_t port() const { return port_; }
  // Waits until HAProxy's health checks see `up` nodes serving (from its stats socket).
  bool await_up(size_t up, int timeout_ms = 5000) const;
  std::string config() const;
  std::string log() const;

 private:
  std::filesystem::path dir_;
  pid_t pid_ = -1;
  uint16_t port_ = 0;
};

// The HAProxy configuration for `nodes`, listening on `listen` ("127.0.0.1:8080"), as the
// tests run it; docker/haproxy.cfg is the same design for three nodes.
std::string haproxy_config(const std::string& listen, const std::vector<uint16_t>& nodes,
                           const std::string& balance, const std::string& stats_socket);

}  // namespace frontier::testing
