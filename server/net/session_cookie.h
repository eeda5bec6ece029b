// The browser session cookie (docs/play-by-web.md, "Sessions in the browser"): the token from
// AuthReply lives in an HttpOnly, SameSite=Strict cookie that page scripts cannot read and other
// sites cannot send, and a WebSocket upgrade is authenticated by it only when it comes from this
// server's own origin (or carries no Origin: a non-browser client), which is what stops
// cross-site WebSocket hijacking. Pure string handling: no networking types here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace frontier::server {

inline constexpr std::string_view kSessionCookieName = "frontier_session";

// The value of cookie `name` in a Cookie header ("a=1; frontier_session=..."), if present.
std::optional<std::string> cookie_value(std::string_view cookie_header, std::string_view name);

// Set-Cookie values that set and clear the session cookie.
std::string session_cookie(const std::string& token, bool secure);
std::string cleared_session_cookie(bool secure);

// True when `origin` (an Origin header) is this server's own: the scheme://host[:port] of
// `public_url` when one is configured, else http:// or https:// followed by the request's Host.
bool is_own_origin(std::string_view origin, std::string_view host, std::string_view public_url);

// A session token as AuthReply gives it: 64 lowercase hex digits.
bool looks_like_token(std::string_view token);

}  // namespace frontier::server
