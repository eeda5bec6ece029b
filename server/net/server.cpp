// Beast sessions in the shape of STYLE.md: one session object per connection kept alive by its
// pending operations, one strand per connection, a bounded queue of shared immutable frames
// written one at a time, explicit limits (frame size, timeouts, queue) and quiet normal closes.
#include "net/server.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <mutex>
#include <set>
#include <thread>

#include "api/service.h"
#include "metrics/metrics.h"

namespace frontier::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

class AsioStrand final : public Strand {
 public:
  explicit AsioStrand(net::io_context& ioc) : strand_(net::make_strand(ioc)) {}
  void post(std::function<void()> work) override { net::post(strand_, std::move(work)); }

 private:
  net::strand<net::io_context::executor_type> strand_;
};

std::atomic<uint64_t> next_connection_id{1};

}  // namespace

class WsSession;

struct NetServer::Impl {
  NetConfig config;
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  net::signal_set signals{ioc, SIGINT, SIGTERM};
  Service* service = nullptr;
  Metrics* metrics = nullptr;
  std::function<std::string()> metrics_text;
  std::mutex sessions_mu;
  std::set<std::weak_ptr<WsSession>, std::owner_less<std::weak_ptr<WsSession>>> sessions;
  std::atomic<bool> accepting{false};

  explicit Impl(NetConfig c) : config(std::move(c)) {}
  void do_accept();
  void on_accept(beast::error_code ec, tcp::socket socket);
};

class WsSession final : public Peer, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(NetServer::Impl& server, tcp::socket&& socket, std::string remote)
      : server_(server), ws_(std::move(socket)), remote_(std::move(remote)) {}

  void run(http::request<http::string_body> req) {
    req_ = std::move(req);
    websocket::stream_base::timeout t{};
    t.handshake_timeout = server_.config.handshake_timeout;
    t.idle_timeout = server_.config.idle_timeout;
    t.keep_alive_pings = true;
    ws_.set_option(t);
    ws_.read_message_max(server_.config.max_frame_bytes);
    ws_.binary(true);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "frontierd"); }));
    beast::get_lowest_layer(ws_).expires_never();
    ws_.async_accept(req_, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
  }

  void send(Frame frame) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
      self->queue_frame(std::move(frame));
    });
  }

  void close(uint16_t code, std::string reason) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
      self->start_close(code, reason);
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return;
    auto& m = *server_.metrics;
    state_.conn = std::make_shared<Connection>(next_connection_id++, remote_, weak_from_this(), &m);
    server_.service->configure(state_);
    {
      std::lock_guard lock(server_.sessions_mu);
      server_.sessions.insert(weak_from_this());
    }
    counted_ = true;
    int64_t open = ++m.connections;
    m.connections_total++;
    if (static_cast<size_t>(open) > server_.config.max_connections) {
      m.connections_refused++;
      // Queued directly (we are on the strand), so it goes out before the close frame.
      wire::ServerMessage refusal;
      refusal.mutable_error()->set_code(wire::TOO_MANY_CONNECTIONS);
      refusal.mutable_error()->set_message("The server is full (" +
                                           std::to_string(server_.config.max_connections) +
                                           " connections); try again later");
      m.count_error(wire::TOO_MANY_CONNECTIONS);
      queue_frame(std::make_shared<const std::string>(refusal.SerializeAsString()));
      start_close(websocket::close_code::try_again_later, "too many connections");
      return;
    }
    do_read();
  }

  void do_read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, size_t) {
    if (ec) {
      // message_too_big: Beast has already sent close code 1009; other errors are plain hang-ups.
      if (ec == websocket::error::message_too_big) {
        server_.metrics->count_error(wire::FRAME_TOO_LARGE);
        spdlog::info("connection {}: frame over {} bytes, closed", state_.conn->id(),
                     server_.config.max_frame_bytes);
      }
      return finish();
    }
    auto data = buffer_.cdata();
    server_.service->on_frame(state_, std::string_view(static_cast<const char*>(data.data()), data.size()),
                              ws_.got_binary());
    buffer_.consume(buffer_.size());
    if (!closing_) do_read();
  }

  void queue_frame(Frame frame) {
    if (closing_) return;
    if (queue_.size() >= server_.config.max_queued_frames) {
      spdlog::warn("connection {}: client too slow ({} frames queued), closing", state_.conn->id(),
                   queue_.size());
      return start_close(websocket::close_code::policy_error, "too slow to read");
    }
    queue_.push_back(std::move(frame));
    if (queue_.size() == 1) do_write();
  }

  void do_write() {
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, size_t) {
    if (ec) return finish();
    server_.metrics->frames_out++;
    queue_.pop_front();
    if (!queue_.empty()) {
      do_write();
    } else if (close_after_write_) {
      do_close();
    }
  }

  void start_close(uint16_t code, const std::string& reason) {
    if (closing_) return;
    closing_ = true;
    close_reason_.code = code;
    close_reason_.reason = reason;
    // Let queued replies (an error explaining the close) go out first.
    if (queue_.empty()) {
      do_close();
    } else {
      close_after_write_ = true;
    }
  }

  void do_close() {
    ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code) { self->finish(); });
  }

  void finish() {
    if (!counted_) return;
    counted_ = false;
    closing_ = true;
    --server_.metrics->connections;
  }

  NetServer::Impl& server_;
  websocket::stream<beast::tcp_stream> ws_;
  std::string remote_;
  http::request<http::string_body> req_;
  beast::flat_buffer buffer_;
  ConnectionState state_;
  std::deque<Frame> queue_;
  bool closing_ = false;
  bool close_after_write_ = false;
  bool counted_ = false;
  websocket::close_reason close_reason_;
};

// Reads one HTTP request: a WebSocket upgrade becomes a WsSession; /healthz and /metrics answer.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(NetServer::Impl& server, tcp::socket&& socket) : server_(server), stream_(std::move(socket)) {}

  void run() {
    parser_.emplace();
    parser_->body_limit(16 * 1024);
    stream_.expires_after(server_.config.handshake_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

 private:
  void on_read(beast::error_code ec, size_t) {
    if (ec) return;
    auto req = parser_->release();
    if (websocket::is_upgrade(req)) {
      beast::error_code rec;
      auto endpoint = stream_.socket().remote_endpoint(rec);
      std::string remote = rec ? "?" : endpoint.address().to_string();
      std::make_shared<WsSession>(server_, stream_.release_socket(), remote)->run(std::move(req));
      return;
    }
    auto res = std::make_shared<http::response<http::string_body>>(http::status::ok, req.version());
    res->set(http::field::server, "frontierd");
    res->keep_alive(false);
    std::string target(req.target());
    if (target == "/healthz") {
      res->set(http::field::content_type, "text/plain");
      res->body() = "ok\n";
    } else if (target == "/metrics") {
      res->set(http::field::content_type, "text/plain; version=0.0.4");
      res->body() = server_.metrics_text();
    } else {
      res->result(http::status::not_found);
      res->set(http::field::content_type, "text/plain");
      res->body() = "Not found. The game protocol is a WebSocket on this port (see docs/protocol.md).\n";
    }
    res->prepare_payload();
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code, size_t) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    });
  }

  NetServer::Impl& server_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

void NetServer::Impl::do_accept() {
  acceptor.async_accept(net::make_strand(ioc), beast::bind_front_handler(&Impl::on_accept, this));
}

void NetServer::Impl::on_accept(beast::error_code ec, tcp::socket socket) {
  if (!accepting) return;
  if (!ec) {
    socket.set_option(tcp::no_delay(true), ec);
    std::make_shared<HttpSession>(*this, std::move(socket))->run();
  }
  do_accept();
}

NetServer::NetServer(NetConfig config) : impl_(std::make_unique<Impl>(std::move(config))) {}
NetServer::~NetServer() = default;

StrandFactory NetServer::strand_factory() {
  return [this] { return std::make_unique<AsioStrand>(impl_->ioc); };
}

std::function<void(std::function<void()>)> NetServer::poster() {
  return [this](std::function<void()> work) { net::post(impl_->ioc, std::move(work)); };
}

void NetServer::attach(Service* service, Metrics* metrics, std::function<std::string()> metrics_text) {
  impl_->service = service;
  impl_->metrics = metrics;
  impl_->metrics_text = std::move(metrics_text);
}

core::Result<uint16_t> NetServer::listen() {
  beast::error_code ec;
  auto address = net::ip::make_address(impl_->config.address, ec);
  if (ec) return core::Status::invalid_argument("Bad listen address '" + impl_->config.address + "'");
  tcp::endpoint endpoint(address, impl_->config.port);
  auto& a = impl_->acceptor;
  a.open(endpoint.protocol(), ec);
  if (!ec) a.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(net::socket_base::max_listen_connections, ec);
  if (ec) {
    return core::Status::invalid_argument("Cannot listen on " + impl_->config.address + ":" +
                                          std::to_string(impl_->config.port) + ": " + ec.message());
  }
  impl_->accepting = true;
  impl_->do_accept();
  return a.local_endpoint().port();
}

void NetServer::run(std::function<void()> on_signal) {
  impl_->signals.async_wait([on_signal = std::move(on_signal)](beast::error_code ec, int) {
    if (!ec && on_signal) on_signal();
  });
  std::vector<std::thread> threads;
  for (int i = 1; i < impl_->config.threads; ++i) threads.emplace_back([this] { impl_->ioc.run(); });
  impl_->ioc.run();
  for (auto& t : threads) t.join();
}

void NetServer::stop_accepting() {
  net::post(impl_->ioc, [this] {
    impl_->accepting = false;
    beast::error_code ec;
    impl_->acceptor.close(ec);
  });
}

void NetServer::close_all(std::chrono::milliseconds grace) {
  std::vector<std::shared_ptr<WsSession>> open;
  {
    std::lock_guard lock(impl_->sessions_mu);
    for (auto& w : impl_->sessions) {
      if (auto s = w.lock()) open.push_back(std::move(s));
    }
    impl_->sessions.clear();
  }
  for (auto& s : open) s->close(websocket::close_code::going_away, "server shutting down");
  open.clear();
  auto deadline = std::chrono::steady_clock::now() + grace;
  while (impl_->metrics->connections.load() > 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

void NetServer::stop() {
  impl_->ioc.stop();
}

}  // namespace frontier::server
