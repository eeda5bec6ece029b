// One logged-in (or anonymous) connection to frontierd, over the protocol client, with the
// reconnect policy of the terminal client: exponential back-off from 250 ms to 8 s, giving up
// after FRONTIER_RECONNECT_SECONDS (default 120). Server errors come back as Status values
// whose message is "<CODE>: <sentence>", and the code stays available for callers that react
// to a particular one (STALE_SEQ, ILLEGAL_ACTION).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/status.h"
#include "protocol_client/client.h"
#include "wire.pb.h"

namespace frontier::cli {

struct ServerAddress {
  std::string host;
  uint16_t port = 0;
  std::string path = "/";
};

// "ws://host:port/path" (port defaults to 80). wss:// is refused with advice: TLS ends at the
// reverse proxy in front of frontierd, and the client speaks plain WebSocket on a trusted hop.
core::Result<ServerAddress> parse_server_url(const std::string& url);

// A reply that is an Error, as a Status (Ok for any other reply).
core::Status reply_status(const wire::ServerMessage& reply);
// "STALE_SEQ" etc.
std::string error_code_name(int code);

class Session {
 public:
  Session(ServerAddress address, std::string token);

  // Connects and says hello (with the token, if any). BAD_TOKEN is reported as such.
  core::Status open();
  // Tries to open again with back-off; `note` hears each attempt ("reconnecting in 2 s").
  core::Status reopen(const std::function<void(const std::string&)>& note);
  bool is_open() const { return client_ && client_->is_open(); }

  // Sends and waits for the reply; a transport failure is an error Status, a server Error a reply.
  core::Result<wire::ServerMessage> request(wire::ClientMessage msg,
                                            std::chrono::milliseconds timeout = std::chrono::seconds(30));
  // The same, turning an Error reply into an error Status.
  core::Result<wire::ServerMessage> call(wire::ClientMessage msg);

  client::ProtocolClient& client() { return *client_; }
  const wire::HelloReply& hello() const { return hello_; }
  const std::string& token() const { return token_; }
  void set_token(std::string token) { token_ = std::move(token); }

 private:
  ServerAddress address_;
  std::string token_;
  std::unique_ptr<client::ProtocolClient> client_;
  wire::HelloReply hello_;
};

}  // namespace frontier::cli
