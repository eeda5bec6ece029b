// Beast sessions in the shape of STYLE.md: one session object per connection kept alive by its
// pending operations, one strand per connection, a bounded queue of shared immutable frames
// written one at a time, explicit limits (frame size, timeouts, queue) and quiet normal closes.
#include "net/server.h"

#include <sched.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
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
#include "net/session_cookie.h"
#include "net/static_files.h"

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

// With one network thread, handlers already run one at a time, and the work one thread posts runs
// in the order posted: a strand would only add a lock, a queue and an allocation to every
// hand-off (about four per action).
class LoopStrand final : public Strand {
 public:
  explicit LoopStrand(net::io_context& ioc) : ioc_(ioc) {}
  void post(std::function<void()> work) override { net::post(ioc_, std::move(work)); }

 private:
  net::io_context& ioc_;
};

std::atomic<uint64_t> next_connection_id{1};

// The CPUs this process may run on: its affinity mask, which `taskset` and a container's cpuset
// narrow and std::thread::hardware_concurrency ignores. More network threads than that only take
// turns on the same CPUs, and every turn is a context switch (pinned to one CPU at 5,000
// actions/s, two threads made 8 switches per action, one made 2.6).
int usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return 2;
  return std::max(1, CPU_COUNT(&set));
}

// Descriptors kept back from connections: the database and its WAL, the log, webhook requests.
constexpr size_t kReservedDescriptors = 96;
// Room above max_connections for plain HTTP requests and for telling refused clients why.
constexpr size_t kRefusalRoom = 32;
// Sockets the admin listener may hold at once, taken from kReservedDescriptors: monitoring gets
// its answers when the main listener is at its limit, and a flood of the admin port cannot take
// the database's descriptors.
constexpr int kMaxAdminSockets = 16;
// HTTP/1.1 keeps a connection open for the next request (a page's script, style, data files and
// its WebSocket upgrade come over the same few sockets instead of one each). Each request still
// has to arrive within the handshake timeout; a connection answers at most this many before it
// says `Connection: close`, so no client holds one socket forever by asking slowly.
constexpr unsigned kMaxRequestsPerConnection = 100;

// Raises the soft descriptor limit to the hard one and returns it.
size_t descriptor_limit() {
  rlimit rl{};
  if (getrlimit(RLIMIT_NOFILE, &rl) != 0) return 1024;
  if (rl.rlim_cur < rl.rlim_max) {
    rlimit raised = rl;
    raised.rlim_cur = rl.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) rl = raised;
  }
  if (rl.rlim_cur == RLIM_INFINITY) return 1 << 20;
  return static_cast<size_t>(rl.rlim_cur);
}

// Out of descriptors or memory: accepting again at once would fail again at once.
bool accept_should_back_off(const boost::system::error_code& ec) {
  int v = ec.value();
  return ec.category() == boost::system::system_category() &&
         (v == EMFILE || v == ENFILE || v == ENOBUFS || v == ENOMEM);
}

}  // namespace

// Holds one count in Metrics::sockets for as long as any owner keeps it: the HTTP session
// and then, after an upgrade, the WebSocket session.
using SocketSlot = std::shared_ptr<void>;

class WsSession;

struct NetServer::Impl {
  NetConfig config;
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  tcp::acceptor admin_acceptor{ioc};
  std::atomic<int> admin_sockets{0};
  net::steady_timer admin_backoff{ioc};
  net::signal_set signals{ioc, SIGINT, SIGTERM};
  Service* service = nullptr;
  Metrics* metrics = nullptr;
  std::function<std::string()> metrics_text;
  std::vector<std::pair<std::string, HttpRoute>> routes;
  std::mutex sessions_mu;
  std::set<std::weak_ptr<WsSession>, std::owner_less<std::weak_ptr<WsSession>>> sessions;
  std::atomic<bool> accepting{false};
  size_t max_sockets = 0;  // set at listen() from the descriptor limit
  net::steady_timer accept_backoff{ioc};
  std::chrono::steady_clock::time_point last_accept_warning{};

  explicit Impl(NetConfig c) : config(std::move(c)) {}
  void do_accept();
  void on_accept(beast::error_code ec, tcp::socket socket);
  void do_admin_accept();
  void on_admin_accept(beast::error_code ec, tcp::socket socket);
  // Fits max_connections under the process's descriptor limit.
  void fit_to_descriptor_limit();
  void forget(const std::weak_ptr<WsSession>& session) {
    std::lock_guard lock(sessions_mu);
    sessions.erase(session);
    metrics->sessions_tracked = static_cast<int64_t>(sessions.size());
  }
};

class WsSession final : public Peer, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(NetServer::Impl& server, tcp::socket&& socket, std::string remote, SocketSlot slot)
      : server_(server), ws_(std::move(socket)), remote_(std::move(remote)), slot_(std::move(slot)) {}
  ~WsSession() override { server_.metrics->queued_bytes -= static_cast<int64_t>(queued_bytes_); }

  void run(http::request<http::string_body> req, std::string cookie_token, std::string device_cookie) {
    req_ = std::move(req);
    cookie_token_ = std::move(cookie_token);
    device_cookie_ = std::move(device_cookie);
    websocket::stream_base::timeout t{};
    t.handshake_timeout = server_.config.handshake_timeout;
    t.idle_timeout = server_.config.idle_timeout;
    t.keep_alive_pings = true;
    ws_.set_option(t);
    ws_.read_message_max(server_.config.max_frame_bytes);
    ws_.binary(true);
    // One WebSocket frame per message, written with one sendmsg: Beast's default splits a message
    // into 4 KB frames, which cost a Khartoum update (~4.5 KB) a second system call.
    ws_.auto_fragment(false);
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
    state_.cookie_token = std::move(cookie_token_);
    state_.device_cookie = std::move(device_cookie_);
    server_.service->configure(state_);
    {
      std::lock_guard lock(server_.sessions_mu);
      server_.sessions.insert(weak_from_this());
      m.sessions_tracked = static_cast<int64_t>(server_.sessions.size());
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
    // The first frame of an empty queue always goes: a client that reads gets every reply.
    const NetConfig& c = server_.config;
    size_t bytes = frame->size();
    bool backlog = !queue_.empty();
    if (backlog && (queue_.size() >= c.max_queued_frames || queued_bytes_ + bytes > c.max_queued_bytes ||
                    over_total_and_fair_share(bytes))) {
      return drop_slow_client();
    }
    queue_.push_back(std::move(frame));
    queued_bytes_ += bytes;
    server_.metrics->queued_bytes += static_cast<int64_t>(bytes);
    if (queue_.size() == 1) do_write();
  }

  // With every queue together over max_queued_bytes_total, only a client holding at least its
  // fair share (the total divided among the open connections) is closed: the clients that hog
  // the budget go, and one that reads normally, with a frame or two queued, is never punished
  // for them. Memory stays bounded: those under their share can at most reach it.
  bool over_total_and_fair_share(size_t bytes) const {
    const NetConfig& c = server_.config;
    if (static_cast<size_t>(server_.metrics->queued_bytes.load()) + bytes <= c.max_queued_bytes_total)
      return false;
    auto open = static_cast<size_t>(std::max<int64_t>(1, server_.metrics->connections.load()));
    return queued_bytes_ + bytes > c.max_queued_bytes_total / open;
  }

  // A client that does not read its replies gets no close handshake (it would not read that
  // either): its socket is shut and the frames it left are freed at once.
  void drop_slow_client() {
    spdlog::warn("connection {} ({}): not reading ({} frames, {} bytes queued), closed", state_.conn->id(),
                 remote_, queue_.size(), queued_bytes_);
    server_.metrics->slow_clients_closed++;
    closing_ = true;
    // The front frame may be in an async_write; the rest can go now.
    while (queue_.size() > 1) {
      size_t bytes = queue_.back()->size();
      queued_bytes_ -= bytes;
      server_.metrics->queued_bytes -= static_cast<int64_t>(bytes);
      queue_.pop_back();
    }
    beast::get_lowest_layer(ws_).close();
    finish();
  }

  void do_write() {
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, size_t) {
    if (ec) return finish();
    server_.metrics->frames_out++;
    size_t bytes = queue_.front()->size();
    queued_bytes_ -= bytes;
    server_.metrics->queued_bytes -= static_cast<int64_t>(bytes);
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
    server_.forget(weak_from_this());
  }

  NetServer::Impl& server_;
  websocket::stream<beast::tcp_stream> ws_;
  std::string remote_;
  http::request<http::string_body> req_;
  std::string cookie_token_;
  std::string device_cookie_;
  beast::flat_buffer buffer_;
  ConnectionState state_;
  SocketSlot slot_;
  std::deque<Frame> queue_;
  size_t queued_bytes_ = 0;
  bool closing_ = false;
  bool close_after_write_ = false;
  bool counted_ = false;
  websocket::close_reason close_reason_;
};

// Reads one HTTP request: a WebSocket upgrade becomes a WsSession; /healthz and /metrics answer;
// /api/session sets or clears the browser's session cookie; anything else is a web client file.
std::string_view field_of(const http::request<http::string_body>& req, http::field f) {
  auto v = req[f];
  return {v.data(), v.size()};
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `admin`: from the admin listener, which answers /healthz and /metrics and nothing else.
  HttpSession(NetServer::Impl& server, tcp::socket&& socket, SocketSlot slot, bool admin = false)
      : server_(server), stream_(std::move(socket)), slot_(std::move(slot)), admin_(admin) {}

  // Reads a request; after each answer the next one on a kept-alive connection. The timeout
  // covers the wait for it as well as its bytes: an idle connection is closed after it.
  void run() {
    parser_.emplace();
    parser_->body_limit(16 * 1024);
    stream_.expires_after(server_.config.handshake_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

 private:
  // Whether the connection stays open after this answer: the client asks for it (HTTP/1.1 by
  // default), it is under its request cap, and sockets are not scarce (near the limit, idle
  // connections would keep new clients out).
  bool keep_alive(const http::request<http::string_body>& req) {
    if (!req.keep_alive() || ++requests_ >= kMaxRequestsPerConnection) return false;
    if (admin_) return server_.admin_sockets.load() <= kMaxAdminSockets / 2;
    return static_cast<size_t>(server_.metrics->sockets.load()) <= server_.max_sockets / 2;
  }

  void on_read(beast::error_code ec, size_t) {
    if (ec) return;
    auto req = parser_->release();
    keep_alive_ = keep_alive(req);
    std::string origin(req[http::field::origin]);
    bool own_origin =
        origin.empty() || is_own_origin(origin, field_of(req, http::field::host), server_.config.public_url);
    if (admin_ && req.target() != "/healthz" && req.target() != "/metrics") {
      HttpReply r;
      r.status = 404;
      r.body = "The admin listener serves /healthz and /metrics only\n";
      return write(std::move(r), req.version(), false);
    }
    if (websocket::is_upgrade(req)) {
      beast::error_code rec;
      auto endpoint = stream_.socket().remote_endpoint(rec);
      auto forwarded = req["X-Forwarded-For"];
      std::string remote = client_address(rec ? "?" : endpoint.address().to_string(),
                                          std::string_view(forwarded.data(), forwarded.size()),
                                          server_.config.trusted_proxies);
      // A page of another site may open a WebSocket here and the browser would attach our
      // cookie: only our own pages (or clients sending no Origin) are authenticated by it.
      std::string cookie_token, device;
      if (own_origin) {
        cookie_token = cookie_value(field_of(req, http::field::cookie), kSessionCookieName).value_or("");
        device = cookie_value(field_of(req, http::field::cookie), kDeviceCookieName).value_or("");
      }
      std::make_shared<WsSession>(server_, stream_.release_socket(), remote, std::move(slot_))
          ->run(std::move(req), std::move(cookie_token), std::move(device));
      return;
    }
    std::string target(req.target());
    unsigned version = req.version();
    bool head = req.method() == http::verb::head;
    if (target == "/healthz") {
      HttpReply r;
      r.body = "ok\n";
      return write(std::move(r), version, head);
    }
    if (target == "/metrics") {
      HttpReply r;
      r.content_type = "text/plain; version=0.0.4";
      r.body = server_.metrics_text();
      return write(std::move(r), version, head);
    }
    if (target == "/api/session") return session(req, own_origin);
    for (const auto& [prefix, route] : server_.routes) {
      if (!target.starts_with(prefix)) continue;
      auto self = shared_from_this();
      route(HttpRequest{std::string(req.method_string()), target, req.body()},
            [self, version, head](HttpReply r) {
              net::post(self->stream_.get_executor(), [self, version, head, r = std::move(r)]() mutable {
                self->write(std::move(r), version, head);
              });
            });
      return;
    }
    StaticFiles files(server_.config.web_root);
    write(files.serve(std::string(req.method_string()), target, field_of(req, http::field::accept_encoding)),
          version, head);
  }

  // POST sets the cookie from the token in the body (204, or 401 for an unknown token);
  // DELETE revokes the cookie's token and clears it. Other sites' pages are refused (403).
  void session(const http::request<http::string_body>& req, bool own_origin) {
    unsigned version = req.version();
    bool secure = server_.config.secure_cookies || server_.config.public_url.starts_with("https:");
    auto reply = [](int status, std::string body) {
      HttpReply r;
      r.status = status;
      r.body = std::move(body);
      r.headers.emplace_back("Cache-Control", "no-store");
      return r;
    };
    if (!own_origin) return write(reply(403, "Requests from other sites are refused\n"), version, false);
    auto self = shared_from_this();
    auto answer = [self, version](HttpReply r) {
      net::post(self->stream_.get_executor(),
                [self, version, r = std::move(r)]() mutable { self->write(std::move(r), version, false); });
    };
    if (req.method() == http::verb::post) {
      std::string token(req.body());
      while (!token.empty() && (token.back() == '\n' || token.back() == '\r' || token.back() == ' '))
        token.pop_back();
      if (!looks_like_token(token)) return write(reply(401, "Not a session token\n"), version, false);
      server_.service->check_session_token(
          token, [answer, reply, token, secure](core::Result<bool> checked, const std::string& device) {
            if (!checked) return answer(reply(503, checked.status().message() + "\n"));
            bool valid = *checked;
            HttpReply r = reply(valid ? 204 : 401, valid ? "" : "Unknown or logged-out session token\n");
            if (valid) r.headers.emplace_back("Set-Cookie", session_cookie(token, secure));
            if (valid && !device.empty()) r.headers.emplace_back("Set-Cookie", device_cookie(device, secure));
            answer(std::move(r));
          });
      return;
    }
    if (req.method() == http::verb::delete_) {
      auto clear = [reply, secure] {
        HttpReply r = reply(204, "");
        r.headers.emplace_back("Set-Cookie", cleared_session_cookie(secure));
        return r;
      };
      auto token = cookie_value(field_of(req, http::field::cookie), kSessionCookieName);
      if (!token || !looks_like_token(*token)) return write(clear(), version, false);
      // The cookie goes either way; a 503 tells the token itself could not be revoked (the
      // database could not be read), so the client may log out again.
      server_.service->revoke_session_token(*token, [answer, clear](bool ok) {
        HttpReply r = clear();
        if (!ok) {
          r.status = 503;
          r.body = "The session could not be ended; try again\n";
        }
        answer(std::move(r));
      });
      return;
    }
    HttpReply r = reply(405, "POST or DELETE\n");
    r.headers.emplace_back("Allow", "POST, DELETE");
    write(std::move(r), version, false);
  }

  // Sends `r`, then reads the next request or closes; for HEAD only the headers, with the body's
  // length.
  void write(HttpReply r, unsigned version, bool head) {
    auto res =
        std::make_shared<http::response<http::string_body>>(static_cast<http::status>(r.status), version);
    res->set(http::field::server, "frontierd");
    res->keep_alive(keep_alive_);
    if (r.status != 204) res->set(http::field::content_type, r.content_type);
    for (auto& [name, value] : r.headers) res->insert(name, value);
    size_t length = r.body.size();
    if (!head) res->body() = std::move(r.body);
    res->prepare_payload();
    if (head) res->content_length(length);
    if (r.status == 204) res->erase(http::field::content_length);
    auto sr = std::make_shared<http::response_serializer<http::string_body>>(*res);
    if (head) sr->split(true);
    auto done = [self = shared_from_this(), res, sr](beast::error_code ec, size_t) {
      if (ec) return;
      if (self->keep_alive_) return self->run();
      beast::error_code ignored;
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    };
    if (head) {
      http::async_write_header(stream_, *sr, std::move(done));
    } else {
      http::async_write(stream_, *res, std::move(done));
    }
  }

  NetServer::Impl& server_;
  beast::tcp_stream stream_;
  SocketSlot slot_;
  bool admin_ = false;
  unsigned requests_ = 0;  // answered or being answered on this connection
  bool keep_alive_ = false;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

void NetServer::Impl::do_accept() {
  net::any_io_executor executor = config.threads == 1 ? net::any_io_executor(ioc.get_executor())
                                                      : net::any_io_executor(net::make_strand(ioc));
  acceptor.async_accept(executor, beast::bind_front_handler(&Impl::on_accept, this));
}

void NetServer::Impl::on_accept(beast::error_code ec, tcp::socket socket) {
  if (!accepting) return;
  if (ec) {
    metrics->accept_errors++;
    if (!accept_should_back_off(ec)) return do_accept();
    // Out of descriptors: retrying at once spins a core and starves every other handler.
    auto now = std::chrono::steady_clock::now();
    if (now - last_accept_warning > std::chrono::seconds(10)) {
      last_accept_warning = now;
      spdlog::warn("accept failed ({}); pausing accepts for 100 ms at a time", ec.message());
    }
    accept_backoff.expires_after(std::chrono::milliseconds(100));
    accept_backoff.async_wait([this](beast::error_code wait_ec) {
      if (!wait_ec) do_accept();
    });
    return;
  }
  if (static_cast<size_t>(metrics->sockets.load()) >= max_sockets) {
    // Even the refusal needs descriptors the process may not have: close straight away.
    metrics->connections_refused++;
    beast::error_code ignored;
    socket.close(ignored);
    return do_accept();
  }
  socket.set_option(tcp::no_delay(true), ec);
  ++metrics->sockets;
  SocketSlot slot(nullptr, [m = metrics](void*) { --m->sockets; });
  std::make_shared<HttpSession>(*this, std::move(socket), std::move(slot))->run();
  do_accept();
}

void NetServer::Impl::do_admin_accept() {
  admin_acceptor.async_accept(net::make_strand(ioc), beast::bind_front_handler(&Impl::on_admin_accept, this));
}

void NetServer::Impl::on_admin_accept(beast::error_code ec, tcp::socket socket) {
  if (!accepting) return;
  if (ec) {
    if (!accept_should_back_off(ec)) return do_admin_accept();
    admin_backoff.expires_after(std::chrono::milliseconds(100));
    admin_backoff.async_wait([this](beast::error_code wait_ec) {
      if (!wait_ec) do_admin_accept();
    });
    return;
  }
  // Not counted in Metrics::sockets (the main listener's limit): these come out of the reserve.
  if (++admin_sockets > kMaxAdminSockets) {
    --admin_sockets;
    beast::error_code ignored;
    socket.close(ignored);
    return do_admin_accept();
  }
  SocketSlot slot(nullptr, [this](void*) { --admin_sockets; });
  std::make_shared<HttpSession>(*this, std::move(socket), std::move(slot), /*admin=*/true)->run();
  do_admin_accept();
}

void NetServer::Impl::fit_to_descriptor_limit() {
  size_t limit = descriptor_limit();
  max_sockets = limit > 2 * kReservedDescriptors ? limit - kReservedDescriptors : limit / 2;
  size_t fits = max_sockets > 2 * kRefusalRoom ? max_sockets - kRefusalRoom : max_sockets / 2;
  if (config.max_connections > fits) {
    spdlog::warn("--max-connections {} lowered to {}: the descriptor limit is {} (raise it with ulimit -n)",
                 config.max_connections, fits, limit);
    config.max_connections = std::max<size_t>(fits, 1);
  }
}

NetServer::NetServer(NetConfig config) : impl_(std::make_unique<Impl>(std::move(config))) {
  if (impl_->config.threads <= 0) impl_->config.threads = usable_cpus();
}
NetServer::~NetServer() = default;

StrandFactory NetServer::strand_factory() {
  return [this]() -> std::unique_ptr<Strand> {
    if (impl_->config.threads == 1) return std::make_unique<LoopStrand>(impl_->ioc);
    return std::make_unique<AsioStrand>(impl_->ioc);
  };
}

std::function<void(std::function<void()>)> NetServer::poster() {
  return [this](std::function<void()> work) { net::post(impl_->ioc, std::move(work)); };
}

void NetServer::attach(Service* service, Metrics* metrics, std::function<std::string()> metrics_text) {
  impl_->service = service;
  impl_->metrics = metrics;
  impl_->metrics_text = std::move(metrics_text);
}

void NetServer::add_route(std::string prefix, HttpRoute route) {
  impl_->routes.emplace_back(std::move(prefix), std::move(route));
}

namespace {

// Opens, binds and listens; `what` names the flag in the error ("" for --listen).
core::Status bind_acceptor(tcp::acceptor& a, const std::string& host, uint16_t port,
                           const std::string& what) {
  beast::error_code ec;
  auto address = net::ip::make_address(host, ec);
  if (ec) return core::Status::invalid_argument("Bad listen address '" + host + "'" + what);
  tcp::endpoint endpoint(address, port);
  a.open(endpoint.protocol(), ec);
  if (!ec) a.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(net::socket_base::max_listen_connections, ec);
  if (ec)
    return core::Status::invalid_argument("Cannot listen on " + host + ":" + std::to_string(port) + what +
                                          ": " + ec.message());
  return core::Status::ok();
}

}  // namespace

core::Result<uint16_t> NetServer::listen() {
  const NetConfig& c = impl_->config;
  if (auto st = bind_acceptor(impl_->acceptor, c.address, c.port, ""); !st) return st;
  if (c.admin_enabled) {
    if (auto st = bind_acceptor(impl_->admin_acceptor, c.admin_address, c.admin_port, " (--admin-listen)");
        !st)
      return st;
  }
  impl_->fit_to_descriptor_limit();
  impl_->accepting = true;
  impl_->do_accept();
  if (impl_->config.admin_enabled) impl_->do_admin_accept();
  return impl_->acceptor.local_endpoint().port();
}

uint16_t NetServer::admin_port() const {
  beast::error_code ec;
  if (!impl_->admin_acceptor.is_open()) return 0;
  auto endpoint = impl_->admin_acceptor.local_endpoint(ec);
  return ec ? 0 : endpoint.port();
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
    impl_->admin_acceptor.close(ec);
    impl_->accept_backoff.cancel();
    impl_->admin_backoff.cancel();
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
    impl_->metrics->sessions_tracked = 0;
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
