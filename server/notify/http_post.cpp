// One request per connection (Connection: close): webhook traffic is a trickle, and a fresh
// connection never inherits a receiver's half-closed state.
#include "notify/http_post.h"

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cctype>
#include <charconv>
#include <memory>

namespace frontier::server::notify {

namespace beast = boost::beast;
namespace http = beast::http;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

core::Result<HttpUrl> parse_webhook_url(const std::string& url) {
  if (url.size() > 2000) return core::Status::invalid_argument("A webhook URL is at most 2000 characters");
  for (unsigned char c : url) {
    if (c <= 0x20 || c >= 0x7f)
      return core::Status::invalid_argument("A webhook URL may not contain spaces or control characters");
  }
  if (url.rfind("https://", 0) == 0) {
    return core::Status::invalid_argument(
        "This server delivers webhooks over http:// only (it is built without TLS); use an http:// URL");
  }
  if (url.rfind("http://", 0) != 0)
    return core::Status::invalid_argument("A webhook URL starts with http://");
  std::string rest = url.substr(7);
  size_t slash = rest.find_first_of("/?");
  std::string authority = rest.substr(0, slash);
  HttpUrl out;
  out.target = slash == std::string::npos ? "/" : rest.substr(slash);
  if (out.target[0] == '?') out.target = "/" + out.target;
  if (authority.find('@') != std::string::npos)
    return core::Status::invalid_argument("A webhook URL may not carry a user name or password");
  size_t colon = authority.rfind(':');
  out.host = authority.substr(0, colon);
  if (colon != std::string::npos) {
    std::string port = authority.substr(colon + 1);
    auto [p, ec] = std::from_chars(port.data(), port.data() + port.size(), out.port);
    if (ec != std::errc() || p != port.data() + port.size() || out.port == 0)
      return core::Status::invalid_argument("The webhook URL's port is not a number from 1 to 65535");
  }
  if (out.host.empty()) return core::Status::invalid_argument("The webhook URL names no host");
  return out;
}

std::string HttpUrl::destination() const {
  std::string lower = host;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower + ":" + std::to_string(port);
}

namespace {

// One delivery: its sockets, buffers and a deadline over the whole exchange. Every step holds the
// object alive through shared_from_this; `finish` runs `done` once, whichever comes first.
class Post : public std::enable_shared_from_this<Post> {
 public:
  Post(asio::io_context& ioc, HttpUrl url, std::string json, std::function<void(core::Status)> done)
      : resolver_(ioc), stream_(ioc), deadline_(ioc), url_(std::move(url)), done_(std::move(done)) {
    req_ = {http::verb::post, url_.target, 11};
    req_.set(http::field::host, url_.host);
    req_.set(http::field::user_agent, "frontierd-webhook");
    req_.set(http::field::content_type, "application/json");
    req_.set(http::field::connection, "close");
    req_.body() = std::move(json);
    req_.prepare_payload();
    // Only the status matters: a receiver cannot make the server hold a large answer.
    parser_.body_limit(64 * 1024);
  }

  void start(std::chrono::milliseconds timeout) {
    auto self = shared_from_this();
    // The resolver has no timeout of its own: one timer bounds resolve, connect, write and read.
    deadline_.expires_after(timeout);
    deadline_.async_wait([self](beast::error_code ec) {
      if (ec) return;  // cancelled: the exchange ended first
      self->finish(core::Status::failed_check(self->url_.host + ": no answer in time"));
      self->resolver_.cancel();
      beast::error_code ignored;
      self->stream_.socket().close(ignored);
    });
    resolver_.async_resolve(url_.host, std::to_string(url_.port),
                            [self](beast::error_code ec, const tcp::resolver::results_type& r) {
                              if (self->failed(ec)) return;
                              self->connect(r);
                            });
  }

 private:
  void connect(const tcp::resolver::results_type& endpoints) {
    auto self = shared_from_this();
    stream_.async_connect(endpoints, [self](beast::error_code ec, const tcp::endpoint&) {
      if (self->failed(ec)) return;
      http::async_write(self->stream_, self->req_, [self](beast::error_code ec2, size_t) {
        if (self->failed(ec2)) return;
        http::async_read(self->stream_, self->buffer_, self->parser_, [self](beast::error_code ec3, size_t) {
          if (self->failed(ec3)) return;
          unsigned code = self->parser_.get().result_int();
          beast::error_code ignored;
          self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
          self->finish(
              code >= 200 && code <= 299
                  ? core::Status::ok()
                  : core::Status::failed_check(self->url_.host + " answered HTTP " + std::to_string(code)));
        });
      });
    });
  }

  bool failed(beast::error_code ec) {
    if (!ec) return false;
    finish(core::Status::failed_check(url_.host + ": " + ec.message()));
    return true;
  }

  void finish(core::Status st) {
    if (!done_) return;
    deadline_.cancel();
    auto done = std::move(done_);
    done_ = nullptr;
    done(std::move(st));
  }

  tcp::resolver resolver_;
  beast::tcp_stream stream_;
  asio::steady_timer deadline_;
  HttpUrl url_;
  http::request<http::string_body> req_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
  std::function<void(core::Status)> done_;
};

}  // namespace

void post_json_async(asio::io_context& ioc, const HttpUrl& url, std::string json,
                     std::chrono::milliseconds timeout, std::function<void(core::Status)> done) {
  std::make_shared<Post>(ioc, url, std::move(json), std::move(done))->start(timeout);
}

}  // namespace frontier::server::notify
