// One read is always outstanding once connected; the io_context runs only while the caller
// waits (pump), so the client stays single-threaded and a timeout never cancels a read
// half-way (which would leave the WebSocket unusable).
#include "protocol_client/client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace frontier::client {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

struct ProtocolClient::Impl {
  net::io_context ioc;
  websocket::stream<beast::tcp_stream> ws{ioc};
  beast::flat_buffer buffer;
  bool reading = false;
  bool frame_ready = false;
  bool closed = true;
  beast::error_code read_error;

  void start_read() {
    reading = true;
    ws.async_read(buffer, [this](beast::error_code ec, size_t) {
      reading = false;
      if (ec) {
        read_error = ec;
        closed = true;
      } else {
        frame_ready = true;
      }
    });
  }
};

ProtocolClient::ProtocolClient() : impl_(std::make_unique<Impl>()) {}
ProtocolClient::~ProtocolClient() {
  // A destructor must not throw; a close that fails leaves nothing to tidy up anyway.
  try {
    close();
  } catch (...) {
  }
}

core::Status ProtocolClient::connect(const std::string& host, uint16_t port, const std::string& path,
                                     std::chrono::milliseconds timeout) {
  // Connect and handshake run asynchronously under one deadline: a synchronous connect ignores
  // the stream's expiry, so a server that accepts TCP but never answers would hang the caller.
  auto where = host + ":" + std::to_string(port);
  auto fail = [&](const std::string& why) {
    beast::error_code ignored;
    beast::get_lowest_layer(impl_->ws).socket().close(ignored);
    return core::Status::not_found("Cannot connect to " + where + ": " + why);
  };
  tcp::resolver resolver(impl_->ioc);
  beast::error_code ec;
  auto results = resolver.resolve(host, std::to_string(port), ec);
  if (ec) return fail(ec.message());
  auto& stream = beast::get_lowest_layer(impl_->ws);
  stream.expires_after(timeout);
  bool done = false;
  auto connected = [&](beast::error_code e) {
    if (e) {
      ec = e;
      done = true;
      return;
    }
    stream.socket().set_option(tcp::no_delay(true), e);
    impl_->ws.set_option(
        websocket::stream_base::decorator([headers = handshake_headers](websocket::request_type& req) {
          for (const auto& [name, value] : headers) req.set(name, value);
        }));
    impl_->ws.async_handshake(where, path, [&](beast::error_code h) {
      ec = h;
      done = true;
    });
  };
  if (local_address.empty()) {
    stream.async_connect(results, [&](beast::error_code e, const tcp::endpoint&) { connected(e); });
  } else {
    // Bound before connecting, so the server sees this address (tests acting as other clients).
    tcp::endpoint remote = *results.begin();
    auto local = net::ip::make_address(local_address, ec);
    if (ec) return fail("local address " + local_address + ": " + ec.message());
    stream.socket().open(remote.protocol(), ec);
    if (!ec) stream.socket().bind(tcp::endpoint(local, 0), ec);
    if (ec) return fail("cannot bind to " + local_address + ": " + ec.message());
    stream.async_connect(remote, connected);
  }
  impl_->ioc.restart();
  // The stream's expiry cancels a stalled step; the extra second only guards against a bug.
  impl_->ioc.run_for(timeout + std::chrono::seconds(1));
  if (!done) return fail("no answer within " + std::to_string(timeout.count()) + " ms");
  if (ec)
    return fail(ec == beast::error::timeout ? "no answer within " + std::to_string(timeout.count()) + " ms"
                                            : ec.message());
  stream.expires_never();
  impl_->ws.read_message_max(size_t{64} * 1024 * 1024);
  impl_->ws.binary(true);
  impl_->closed = false;
  impl_->start_read();
  return core::Status::ok();
}

bool ProtocolClient::is_open() const {
  return !impl_->closed;
}

void ProtocolClient::close() {
  if (impl_->closed) return;
  impl_->closed = true;
  bool done = false;
  impl_->ws.async_close(websocket::close_code::normal, [&](beast::error_code) { done = true; });
  impl_->ioc.restart();
  impl_->ioc.run_for(std::chrono::seconds(2));
  beast::error_code ec;
  beast::get_lowest_layer(impl_->ws).socket().close(ec);
}

core::Status ProtocolClient::send_raw(std::string_view bytes, bool binary) {
  if (impl_->closed) return core::Status::not_found("The connection is closed");
  impl_->ws.binary(binary);
  bool done = false;
  beast::error_code result;
  impl_->ws.async_write(net::buffer(bytes.data(), bytes.size()), [&](beast::error_code ec, size_t) {
    done = true;
    result = ec;
  });
  impl_->ioc.restart();
  while (!done && impl_->ioc.run_one_for(std::chrono::seconds(10)) > 0) {
  }
  impl_->ws.binary(true);
  if (!done || result)
    return core::Status::not_found("Write failed: " + (done ? result.message() : "timeout"));
  return core::Status::ok();
}

core::Result<uint64_t> ProtocolClient::send(wire::ClientMessage msg) {
  uint64_t id = next_request_id_++;
  msg.set_request_id(id);
  if (auto st = send_raw(msg.SerializeAsString()); !st) return st;
  return id;
}

bool ProtocolClient::pump(std::chrono::steady_clock::time_point deadline) {
  impl_->ioc.restart();
  while (!impl_->frame_ready) {
    if (impl_->closed && !impl_->reading) {
      // The close frame may have been read even when echoing it failed (the server hung up first).
      if (!close_code_ && impl_->ws.reason().code != websocket::close_code::none) {
        close_code_ = impl_->ws.reason().code;
      }
      return false;
    }
    if (impl_->ioc.run_one_until(deadline) == 0) return impl_->frame_ready;
  }
  return true;
}

core::Result<wire::ServerMessage> ProtocolClient::next(std::chrono::milliseconds timeout) {
  return wait_for([](const wire::ServerMessage&) { return true; }, timeout);
}

core::Result<wire::ServerMessage> ProtocolClient::wait_for(
    const std::function<bool(const wire::ServerMessage&)>& match, std::chrono::milliseconds timeout) {
  for (auto it = inbox_.begin(); it != inbox_.end(); ++it) {
    if (match(*it)) {
      wire::ServerMessage m = std::move(*it);
      inbox_.erase(it);
      return m;
    }
  }
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (!pump(deadline)) {
      return core::Status::not_found(impl_->closed ? "The server closed the connection"
                                                   : "No matching message within the timeout");
    }
    impl_->frame_ready = false;
    std::string bytes = beast::buffers_to_string(impl_->buffer.data());
    impl_->buffer.consume(impl_->buffer.size());
    impl_->start_read();
    if (on_frame) on_frame(bytes);
    wire::ServerMessage m;
    if (!m.ParseFromString(bytes))
      return core::Status::corruption("The server sent a frame that does not decode");
    if (match(m)) return m;
    inbox_.push_back(std::move(m));
  }
}

core::Result<wire::ServerMessage> ProtocolClient::request(wire::ClientMessage msg,
                                                          std::chrono::milliseconds timeout) {
  auto id = send(std::move(msg));
  if (!id) return id.status();
  uint64_t rid = id.value();
  return wait_for([rid](const wire::ServerMessage& m) { return m.request_id() == rid; }, timeout);
}

core::Result<wire::ServerMessage> ProtocolClient::hello(const std::string& token, uint32_t version) {
  wire::ClientMessage m;
  m.mutable_hello()->set_protocol_version(version);
  m.mutable_hello()->set_token(token);
  m.mutable_hello()->set_client("frontier protocol client");
  return request(std::move(m));
}

core::Result<wire::ServerMessage> ProtocolClient::register_user(const std::string& name,
                                                                const std::string& password) {
  wire::ClientMessage m;
  m.mutable_register_()->set_name(name);
  m.mutable_register_()->set_password(password);
  return request(std::move(m));
}

core::Result<wire::ServerMessage> ProtocolClient::login(const std::string& name,
                                                        const std::string& password) {
  wire::ClientMessage m;
  m.mutable_login()->set_name(name);
  m.mutable_login()->set_password(password);
  return request(std::move(m));
}

}  // namespace frontier::client
