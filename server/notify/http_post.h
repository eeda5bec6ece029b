// A plain-HTTP POST client for webhooks (Beast). Only http:// URLs: this build has no TLS, so
// https:// webhooks are refused when a user sets them (docs/operations.md says so).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "core/status.h"

namespace frontier::server::notify {

struct HttpUrl {
  std::string host;
  uint16_t port = 80;
  std::string target = "/";  // path and query
};

// Checks a webhook URL a user sent (untrusted): http:// only, a host, an optional port, at most
// 2000 characters, no spaces or control characters.
core::Result<HttpUrl> parse_webhook_url(const std::string& url);

// POSTs `json` to `url`; ok when the receiver answered 2xx within `timeout` (connect, send and
// answer together). Blocking: call it from the webhook thread only.
core::Status post_json(const HttpUrl& url, const std::string& json, std::chrono::milliseconds timeout);

}  // namespace frontier::server::notify
