// The browser session cookie (docs/play-by-web.md, "Sessions in the browser"): the token from
// AuthReply lives in an HttpOnly, SameSite=Strict cookie that page scripts cannot read and other
// sites cannot send, and a WebSocket upgrade is authenticated by it only when it comes from this
// server's own origin (or carries no Origin: a non-browser client), which is what stops
// cross-site WebSocket hijacking. Pure string handling: no networking types here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace frontier::server {

inline constexpr std::string_view kSessionCookieName = "frontier_session";
// The device cookie (auth/device_token.h): set beside the session cookie and kept after logout,
// so a later login from this browser shows it has logged in to the account before.
inline constexpr std::string_view kDeviceCookieName = "frontier_device";

// The value of cookie `name` in a Cookie header ("a=1; frontier_session=..."), if present.
std::optional<std::string> cookie_value(std::string_view cookie_header, std::string_view name);

// Set-Cookie values that set and clear the session cookie.
std::string session_cookie(const std::string& token, bool secure);
std::string cleared_session_cookie(bool secure);
// Set-Cookie value of the device cookie: 400 days, the longest browsers keep one.
std::string device_cookie(const std::string& device_token, bool secure);

// The client's address: `peer`, or when `peer` is one of `trusted_proxies`, the last address in
// its X-Forwarded-For header (the one that proxy appended; earlier ones the client may forge).
std::string client_address(const std::string& peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted_proxies);

// True when `origin` (an Origin header) is this server's own: the scheme://host[:port] of
// `public_url` when one is configured, else http:// or https:// followed by the request's Host.
bool is_own_origin(std::string_view origin, std::string_view host, std::string_view public_url);

// A session token as AuthReply gives it: 64 lowercase hex digits.
bool looks_like_token(std::string_view token);

}  // namespace frontier::server
