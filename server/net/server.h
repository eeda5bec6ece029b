// The network side of frontierd: an Asio io_context on a small thread pool, the TCP listener,
// HTTP (/healthz, /metrics) and WebSocket sessions. Beast stays inside server.cpp (a Beast
// translation unit costs ~20 s to compile); this header shows none of it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/status.h"
#include "match/connection.h"

namespace frontier::server {

class Service;
class Metrics;
struct HttpReply;  // net/static_files.h

// A plain HTTP request to a path a route serves (outside the web client's files).
struct HttpRequest {
  std::string method;  // GET, HEAD, POST, ...
  std::string target;  // path and query
  std::string body;
};
// Answers a request by calling `answer` once, from any thread.
using HttpRoute = std::function<void(const HttpRequest&, std::function<void(HttpReply)> answer)>;

struct NetConfig {
  std::string address = "127.0.0.1";
  uint16_t port = 8080;  // 0 = any free port (tests)
  int threads = 0;       // 0: one per CPU this process may run on (see NetServer::run)
  size_t max_frame_bytes = 64 * 1024;
  // Lowered at listen() to what the process's file-descriptor limit allows (see fd_budget), so
  // a full server answers TOO_MANY_CONNECTIONS instead of failing to accept.
  size_t max_connections = 20000;
  // A client that stops reading is closed once this much is queued for it; so is a client holding
  // at least its fair share that adds to its queue while every queue together holds
  // max_queued_bytes_total. Frame counts
  // alone do not bound memory: one list reply can be megabytes.
  size_t max_queued_frames = 1024;
  size_t max_queued_bytes = 2 * 1024 * 1024;
  size_t max_queued_bytes_total = 128 * 1024 * 1024;
  std::chrono::seconds idle_timeout{120};  // pings are sent at half of it; no answer closes
  std::chrono::seconds handshake_timeout{10};
  // The browser client (net/static_files.h) and its session cookie (net/session_cookie.h).
  std::string web_root;    // served at /; empty or missing: a page saying it is not built
  std::string public_url;  // e.g. https://frontier.example: the own origin, and Secure cookies
  bool secure_cookies = false;
  // Addresses of reverse proxies whose X-Forwarded-For is believed: a WebSocket from one of
  // them counts as coming from the address the proxy appended last (the limits per client
  // address need the client's, not the proxy's). Anyone else's header is ignored.
  std::vector<std::string> trusted_proxies;
  // A second listener serving /healthz and /metrics only (--admin-listen), with sockets of its
  // own beyond the main listener's limit, so monitoring still answers while clients flood it.
  bool admin_enabled = false;
  std::string admin_address = "127.0.0.1";
  uint16_t admin_port = 0;
};

class NetServer {
 public:
  explicit NetServer(NetConfig config);
  ~NetServer();
  NetServer(const NetServer&) = delete;
  NetServer& operator=(const NetServer&) = delete;

  // Strands for matches and a way to post work onto the pool (both usable before listen()).
  StrandFactory strand_factory();
  std::function<void(std::function<void()>)> poster();

  // `metrics_text` renders /metrics. Must be called before listen().
  void attach(Service* service, Metrics* metrics, std::function<std::string()> metrics_text);

  // Requests whose path starts with `prefix` go to `route`. Must be called before listen().
  void add_route(std::string prefix, HttpRoute route);

  // Binds and starts accepting; returns the bound port.
  core::Result<uint16_t> listen();
  // The admin listener's bound port once listen() succeeded (0 without --admin-listen).
  uint16_t admin_port() const;

  // Runs the pool until stop(); calls `on_signal` (once, on a pool thread) at SIGINT/SIGTERM.
  void run(std::function<void()> on_signal);

  void stop_accepting();
  // Sends every WebSocket a close frame (1001 going away) and waits up to `grace` for them to end.
  void close_all(std::chrono::milliseconds grace);
  void stop();

  struct Impl;  // public only so the sessions in server.cpp can name it

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace frontier::server
