// A small synchronous client of the frontierd protocol (docs/protocol.md): one WebSocket, one
// thread. request() sends a ClientMessage and waits for the reply with its request id; pushes
// (MatchUpdate, ChatMessage) that arrive meanwhile are kept, in order, for next()/wait_for().
// Beast stays inside client.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"
#include "wire.pb.h"

namespace frontier::client {

using namespace std::chrono_literals;

class ProtocolClient {
 public:
  ProtocolClient();
  ~ProtocolClient();
  ProtocolClient(const ProtocolClient&) = delete;
  ProtocolClient& operator=(const ProtocolClient&) = delete;

  // Gives up (and returns an error) when TCP connect plus the WebSocket handshake take longer
  // than `timeout`, e.g. a listener that accepts but never answers.
  core::Status connect(const std::string& host, uint16_t port, const std::string& path = "/",
                       std::chrono::milliseconds timeout = 10s);
  void close();
  bool is_open() const;
  // The close code the server sent, once it closed the connection.
  std::optional<int> close_code() const { return close_code_; }

  // Sends bytes as one frame (tests of bad input use this directly).
  core::Status send_raw(std::string_view bytes, bool binary = true);
  // Gives `msg` a fresh request id (returned) and sends it.
  core::Result<uint64_t> send(wire::ClientMessage msg);
  // Sends and waits for the reply to it. Errors from the server are replies (has_error()).
  core::Result<wire::ServerMessage> request(wire::ClientMessage msg, std::chrono::milliseconds timeout = 10s);
  // The next message in arrival order (kept pushes first).
  core::Result<wire::ServerMessage> next(std::chrono::milliseconds timeout = 10s);
  // The first kept or arriving message matching `match`; the ones skipped stay kept.
  core::Result<wire::ServerMessage> wait_for(const std::function<bool(const wire::ServerMessage&)>& match,
                                             std::chrono::milliseconds timeout = 10s);
  // Drops every kept message.
  void clear() { inbox_.clear(); }

  // Conveniences over request().
  core::Result<wire::ServerMessage> hello(const std::string& token = {}, uint32_t version = 1);
  core::Result<wire::ServerMessage> register_user(const std::string& name, const std::string& password);
  core::Result<wire::ServerMessage> login(const std::string& name, const std::string& password);

  // Extra headers of the next connect()'s WebSocket upgrade (a browser's Origin and Cookie, in tests).
  std::vector<std::pair<std::string, std::string>> handshake_headers;

  // The local address the next connect() binds to (e.g. 127.0.0.2, so tests act as another
  // client address); empty: any.
  std::string local_address;

  // Called with the raw bytes of every frame received (leak checks read everything).
  std::function<void(const std::string&)> on_frame;

 private:
  struct Impl;
  // Runs the connection until a frame is kept or the deadline passes; false on timeout/close.
  bool pump(std::chrono::steady_clock::time_point deadline);

  std::unique_ptr<Impl> impl_;
  std::deque<wire::ServerMessage> inbox_;
  uint64_t next_request_id_ = 1;
  std::optional<int> close_code_;
};

}  // namespace frontier::client
