// Cookie attributes: HttpOnly (no script reads it), SameSite=Strict (no other site's request
// carries it), Path=/ (the API and the WebSocket share it), Secure when served over https.
#include "net/session_cookie.h"

#include <algorithm>

namespace frontier::server {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// scheme://authority of a URL, without path or trailing slash.
std::string_view origin_of(std::string_view url) {
  auto scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return url;
  auto path = url.find('/', scheme_end + 3);
  return path == std::string_view::npos ? url : url.substr(0, path);
}

}  // namespace

std::optional<std::string> cookie_value(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    auto semi = header.find(';');
    std::string_view pair = trim(header.substr(0, semi));
    header = semi == std::string_view::npos ? std::string_view() : header.substr(semi + 1);
    auto eq = pair.find('=');
    if (eq == std::string_view::npos || trim(pair.substr(0, eq)) != name) continue;
    std::string_view value = trim(pair.substr(eq + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
      value = value.substr(1, value.size() - 2);
    return std::string(value);
  }
  return std::nullopt;
}

std::string session_cookie(const std::string& token, bool secure) {
  return std::string(kSessionCookieName) + "=" + token + "; HttpOnly; SameSite=Strict; Path=/" +
         (secure ? "; Secure" : "");
}

std::string cleared_session_cookie(bool secure) {
  return std::string(kSessionCookieName) + "=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0" +
         (secure ? "; Secure" : "");
}

std::string device_cookie(const std::string& device_token, bool secure) {
  return std::string(kDeviceCookieName) + "=" + device_token +
         "; HttpOnly; SameSite=Strict; Path=/; Max-Age=34560000" + (secure ? "; Secure" : "");
}

std::string client_address(const std::string& peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted_proxies) {
  if (std::find(trusted_proxies.begin(), trusted_proxies.end(), peer) == trusted_proxies.end()) return peer;
  auto comma = forwarded_for.rfind(',');
  std::string_view last =
      trim(comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1));
  return last.empty() ? peer : std::string(last);
}

bool is_own_origin(std::string_view origin, std::string_view host, std::string_view public_url) {
  if (origin.empty()) return false;
  if (!public_url.empty()) return origin == origin_of(public_url);
  if (host.empty()) return false;
  std::string_view rest;
  if (origin.starts_with("http://")) {
    rest = origin.substr(7);
  } else if (origin.starts_with("https://")) {
    rest = origin.substr(8);
  } else {
    return false;
  }
  return rest == host;
}

bool looks_like_token(std::string_view token) {
  if (token.size() != 64) return false;
  for (char c : token) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

}  // namespace frontier::server
