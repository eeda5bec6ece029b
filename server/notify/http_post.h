// A plain-HTTP POST client for webhooks (Beast). Only http:// URLs: this build has no TLS, so
// https:// webhooks are refused when a user sets them (docs/operations.md says so).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "core/status.h"

namespace boost::asio {
class io_context;
}  // namespace boost::asio

namespace frontier::server::notify {

struct HttpUrl {
  std::string host;
  uint16_t port = 80;
  std::string target = "/";  // path and query
  // "host:port", the host in lower case: deliveries are capped and backed off per destination.
  std::string destination() const;
};

// Checks a webhook URL a user sent (untrusted): http:// only, a host, an optional port, at most
// 2000 characters, no spaces or control characters.
core::Result<HttpUrl> parse_webhook_url(const std::string& url);

// POSTs `json` to `url` on `ioc` without blocking it; `done` runs once on `ioc`, ok when the
// receiver answered 2xx within `timeout` (resolve, connect, send and answer together).
void post_json_async(boost::asio::io_context& ioc, const HttpUrl& url, std::string json,
                     std::chrono::milliseconds timeout, std::function<void(core::Status)> done);

}  // namespace frontier::server::notify
