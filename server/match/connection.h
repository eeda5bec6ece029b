// What the match layer knows of a client connection, without any networking types: a Peer to
// send frames to (the net layer's session) and the identity the connection has proven.
// The seat a request acts for always comes from here, never from the message (trust boundary).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "metrics/metrics.h"
#include "wire.pb.h"

namespace frontier::server {

using Frame = std::shared_ptr<const std::string>;

class Peer {
 public:
  virtual ~Peer() = default;
  // Thread-safe; queues the frame (or drops it when the connection is closing).
  virtual void send(Frame frame) = 0;
  // Thread-safe; sends a close frame with `code` and `reason`, then closes.
  virtual void close(uint16_t code, std::string reason) = 0;
};

// Runs posted work one item at a time, in order (an Asio strand in the server).
class Strand {
 public:
  virtual ~Strand() = default;
  virtual void post(std::function<void()> work) = 0;
};
using StrandFactory = std::function<std::unique_ptr<Strand>()>;

struct Identity {
  uint64_t user_id = 0;  // 0 = anonymous
  std::string user_name;
  std::string token_hash;
  int64_t token_issued_at = 0;  // unix seconds; the session ends --session-days after it
};

class Connection {
 public:
  Connection(uint64_t id, std::string remote, std::weak_ptr<Peer> peer, Metrics* metrics = nullptr)
      : id_(id), remote_(std::move(remote)), peer_(std::move(peer)), metrics_(metrics) {}

  uint64_t id() const { return id_; }
  const std::string& remote() const { return remote_; }
  // A request another node forwarded here (docs/architecture.md, "Several nodes"): its remote is
  // "node <origin>". It was checked and counted at the origin, and is never forwarded again.
  static constexpr const char* kForwardedPrefix = "node ";
  bool forwarded() const { return remote_.rfind(kForwardedPrefix, 0) == 0; }

  Identity identity() const {
    std::lock_guard lock(mu_);
    return identity_;
  }
  void set_identity(Identity identity) {
    std::lock_guard lock(mu_);
    identity_ = std::move(identity);
  }
  uint64_t user_id() const {
    std::lock_guard lock(mu_);
    return identity_.user_id;
  }
  // When the connection's session token was issued; 0 without one. Checked on every request,
  // so it copies no strings.
  int64_t token_issued_at() const {
    std::lock_guard lock(mu_);
    return identity_.token_hash.empty() ? 0 : identity_.token_issued_at;
  }

  // A connection acting as `identity` over this one's peer: a bot worker's move is made in the
  // bot account's name (Match::submit checks that account's seat) and answered to the worker.
  std::shared_ptr<Connection> acting_as(Identity identity) const {
    auto c = std::make_shared<Connection>(id_, remote_, peer_, metrics_);
    c->set_identity(std::move(identity));
    c->hello_done = true;
    return c;
  }

  // Set once Hello succeeded; only the connection's own strand writes it.
  std::atomic<bool> hello_done{false};

  // The device token (auth/device_token.h) of the last login or registration on this connection:
  // kept through logout, so a login after it on the same connection shows the same device.
  std::string device_token() const {
    std::lock_guard lock(mu_);
    return device_token_;
  }
  void set_device_token(std::string token) {
    std::lock_guard lock(mu_);
    device_token_ = std::move(token);
  }

  void send(const wire::ServerMessage& message) const {
    if (metrics_ && message.has_error()) metrics_->count_error(message.error().code());
    if (auto p = peer_.lock()) p->send(std::make_shared<const std::string>(message.SerializeAsString()));
  }
  // An encoded frame (errors in it are counted by whoever encoded it).
  void send(Frame frame) const {
    if (auto p = peer_.lock()) p->send(std::move(frame));
  }
  // The network side has let go of this connection: nothing sent to it arrives.
  bool closed() const { return peer_.expired(); }
  void close(uint16_t code, std::string reason) const {
    if (auto p = peer_.lock()) p->close(code, std::move(reason));
  }

 private:
  uint64_t id_;
  std::string remote_;
  std::weak_ptr<Peer> peer_;
  Metrics* metrics_;
  mutable std::mutex mu_;
  Identity identity_;
  std::string device_token_;
};

// Reply helpers shared by the request handlers.
inline void send_error(const Connection& c, uint64_t request_id, wire::ErrorCode code, std::string message) {
  wire::ServerMessage m;
  m.set_request_id(request_id);
  m.mutable_error()->set_code(code);
  m.mutable_error()->set_message(std::move(message));
  c.send(m);
}
inline void send_ok(const Connection& c, uint64_t request_id) {
  wire::ServerMessage m;
  m.set_request_id(request_id);
  m.set_ok(true);
  c.send(m);
}

}  // namespace frontier::server
