// Connection set-up and the back-off loop. A fresh ProtocolClient per attempt: a WebSocket
// stream that has failed is not reusable.
#include "app/session.h"

#include <charconv>
#include <cstdlib>
#include <thread>

namespace frontier::cli {

core::Result<ServerAddress> parse_server_url(const std::string& url) {
  std::string rest = url;
  if (rest.rfind("wss://", 0) == 0)
    return core::Status::invalid_argument(
        "wss:// is not spoken by this client; put TLS at the reverse proxy and use ws:// on the local hop "
        "(docs/operations.md)");
  if (rest.rfind("ws://", 0) == 0) rest = rest.substr(5);
  ServerAddress a;
  auto slash = rest.find('/');
  if (slash != std::string::npos) {
    a.path = rest.substr(slash);
    rest = rest.substr(0, slash);
  }
  auto colon = rest.rfind(':');
  a.host = rest.substr(0, colon);
  a.port = 80;
  if (colon != std::string::npos) {
    std::string port = rest.substr(colon + 1);
    unsigned value = 0;
    auto [p, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (ec != std::errc() || p != port.data() + port.size() || value == 0 || value > 65535)
      return core::Status::invalid_argument("'" + port + "' is not a port number in " + url);
    a.port = static_cast<uint16_t>(value);
  }
  if (a.host.empty()) return core::Status::invalid_argument("No host in server URL '" + url + "'");
  return a;
}

std::string error_code_name(int code) {
  if (wire::ErrorCode_IsValid(code)) return wire::ErrorCode_Name(static_cast<wire::ErrorCode>(code));
  return "ERROR_" + std::to_string(code);
}

core::Status reply_status(const wire::ServerMessage& reply) {
  if (!reply.has_error()) return core::Status::ok();
  return core::Status::invalid_argument(error_code_name(reply.error().code()) + ": " +
                                        reply.error().message());
}

Session::Session(ServerAddress address, std::string token)
    : address_(std::move(address)), token_(std::move(token)) {}

core::Status Session::open() {
  client_ = std::make_unique<client::ProtocolClient>();
  if (auto st = client_->connect(address_.host, address_.port, address_.path); !st) return st;
  wire::ClientMessage m;
  m.mutable_hello()->set_protocol_version(1);
  m.mutable_hello()->set_token(token_);
  m.mutable_hello()->set_client("frontier-cli 0.1");
  auto reply = client_->request(std::move(m));
  if (!reply) return reply.status();
  if (auto st = reply_status(*reply); !st) return st;
  hello_ = reply->hello();
  return core::Status::ok();
}

core::Status Session::reopen(const std::function<void(const std::string&)>& note) {
  const char* env = std::getenv("FRONTIER_RECONNECT_SECONDS");
  auto give_up_after = std::chrono::seconds(env != nullptr ? std::atoi(env) : 120);
  auto deadline = std::chrono::steady_clock::now() + give_up_after;
  auto delay = std::chrono::milliseconds(250);
  core::Status last;
  for (int attempt = 1;; ++attempt) {
    if (note)
      note("connection lost; reconnecting in " + std::to_string(delay.count()) + " ms (attempt " +
           std::to_string(attempt) + ")");
    std::this_thread::sleep_for(delay);
    last = open();
    if (last) return last;
    // A refused token will not get better by retrying.
    if (last.message().rfind("BAD_TOKEN", 0) == 0) return last;
    if (std::chrono::steady_clock::now() >= deadline) break;
    delay = std::min(delay * 2, std::chrono::milliseconds(8000));
  }
  return core::Status::not_found("Gave up reconnecting after " + std::to_string(give_up_after.count()) +
                                 " s: " + last.message());
}

core::Result<wire::ServerMessage> Session::request(wire::ClientMessage msg,
                                                   std::chrono::milliseconds timeout) {
  if (!client_) return core::Status::not_found("Not connected");
  return client_->request(std::move(msg), timeout);
}

core::Result<wire::ServerMessage> Session::call(wire::ClientMessage msg) {
  auto reply = request(std::move(msg));
  if (!reply) return reply;
  if (auto st = reply_status(*reply); !st) return st;
  return reply;
}

}  // namespace frontier::cli
