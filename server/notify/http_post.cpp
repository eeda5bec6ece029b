// One request per connection (Connection: close): webhook traffic is a trickle, and a fresh
// connection never inherits a receiver's half-closed state.
#include "notify/http_post.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <charconv>

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

core::Status post_json(const HttpUrl& url, const std::string& json, std::chrono::milliseconds timeout) {
  asio::io_context ioc;
  tcp::resolver resolver(ioc);
  beast::tcp_stream stream(ioc);
  http::request<http::string_body> req{http::verb::post, url.target, 11};
  req.set(http::field::host, url.host);
  req.set(http::field::user_agent, "frontierd-webhook");
  req.set(http::field::content_type, "application/json");
  req.set(http::field::connection, "close");
  req.body() = json;
  req.prepare_payload();
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  beast::error_code failure;
  auto fail = [&](beast::error_code ec) {
    if (ec && !failure) failure = ec;
    return bool(ec);
  };
  // The whole exchange shares one deadline: the stream's timer covers connect, write and read.
  stream.expires_after(timeout);
  resolver.async_resolve(
      url.host, std::to_string(url.port), [&](beast::error_code ec, const tcp::resolver::results_type& r) {
        if (fail(ec)) return;
        stream.async_connect(r, [&](beast::error_code ec2, const tcp::endpoint&) {
          if (fail(ec2)) return;
          http::async_write(stream, req, [&](beast::error_code ec3, size_t) {
            if (fail(ec3)) return;
            http::async_read(stream, buffer, res, [&](beast::error_code ec4, size_t) { fail(ec4); });
          });
        });
      });
  ioc.run_for(timeout + std::chrono::seconds(1));
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  if (failure) return core::Status::failed_check(url.host + ": " + failure.message());
  if (!ioc.stopped()) return core::Status::failed_check(url.host + ": no answer in time");
  unsigned code = res.result_int();
  if (code < 200 || code > 299)
    return core::Status::failed_check(url.host + " answered HTTP " + std::to_string(code));
  return core::Status::ok();
}

}  // namespace frontier::server::notify
