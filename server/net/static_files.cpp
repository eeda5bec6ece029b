// Caching: index.html (and any other page) is revalidated every time (no-cache) so a new build
// is picked up at once; files under /assets/ carry a content hash in their names, so they may be
// cached for a year. Traversal is refused twice: by the decoded path's segments, then by the
// canonical path having to stay under the canonical root.
#include "net/static_files.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

namespace frontier::server {

namespace fs = std::filesystem;

namespace {

HttpReply text_reply(int status, std::string body) {
  HttpReply r;
  r.status = status;
  r.body = std::move(body);
  add_security_headers(r);
  r.headers.emplace_back("Cache-Control", "no-cache");
  return r;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The percent-decoded path of `target` as safe relative segments; false when it is not one.
bool relative_path(std::string_view target, std::vector<std::string>& segments) {
  target = target.substr(0, target.find_first_of("?#"));
  if (target.empty() || target.front() != '/') return false;
  std::string decoded;
  for (size_t i = 0; i < target.size(); ++i) {
    if (target[i] != '%') {
      decoded += target[i];
      continue;
    }
    if (i + 2 >= target.size()) return false;
    int hi = hex_value(target[i + 1]), lo = hex_value(target[i + 2]);
    if (hi < 0 || lo < 0) return false;
    decoded += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  std::string segment;
  std::istringstream in(decoded);
  while (std::getline(in, segment, '/')) {
    if (segment.empty()) continue;
    if (segment == "." || segment == ".." || segment.find('\\') != std::string::npos ||
        segment.find('\0') != std::string::npos)
      return false;
    segments.push_back(segment);
  }
  if (decoded.back() == '/') segments.push_back("index.html");
  if (segments.empty()) segments.push_back("index.html");
  return true;
}

constexpr const char* kNotBuilt =
    "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>Frontier</title></head><body>\n"
    "<h1>Frontier</h1>\n<p>The web client is not built. Run <code>make run</code> (or build the "
    "<code>web</code> folder) and reload; the game protocol itself is a WebSocket on this port "
    "(docs/protocol.md).</p>\n</body></html>\n";

}  // namespace

void add_security_headers(HttpReply& reply) {
  reply.headers.emplace_back("Content-Security-Policy",
                             "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                             "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'");
  reply.headers.emplace_back("X-Content-Type-Options", "nosniff");
  reply.headers.emplace_back("Referrer-Policy", "same-origin");
}

std::string content_type_for(std::string_view name) {
  static const std::pair<std::string_view, std::string_view> kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".json", "application/json"},
      {".wasm", "application/wasm"},
      {".ico", "image/x-icon"},
      {".map", "application/json"},
      {".woff2", "font/woff2"},
      {".txt", "text/plain; charset=utf-8"},
  };
  for (const auto& [ext, type] : kTypes) {
    if (name.ends_with(ext)) return std::string(type);
  }
  return "application/octet-stream";
}

bool accepts_gzip(std::string_view header) {
  auto trim = [](std::string_view v) {
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
    return v;
  };
  bool star = false;
  while (!header.empty()) {
    size_t comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    size_t semi = item.find(';');
    std::string coding(trim(item.substr(0, semi)));
    std::transform(coding.begin(), coding.end(), coding.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    double q = 1.0;  // RFC 9110 12.5.3: "q=0" means "not acceptable"
    if (semi != std::string_view::npos) {
      std::string params(item.substr(semi));
      if (size_t at = params.find("q="); at != std::string::npos)
        q = std::strtod(params.c_str() + at + 2, nullptr);
    }
    if (coding == "gzip") return q > 0;
    if (coding == "*") star = q > 0;
  }
  return star;
}

HttpReply StaticFiles::serve(std::string_view method, std::string_view target,
                             std::string_view accept_encoding) const {
  if (method != "GET" && method != "HEAD") {
    HttpReply r = text_reply(405, "Only GET and HEAD are served here\n");
    r.headers.emplace_back("Allow", "GET, HEAD");
    return r;
  }
  std::vector<std::string> segments;
  if (!relative_path(target, segments)) return text_reply(404, "Not found\n");
  std::error_code ec;
  fs::path root = fs::canonical(root_, ec);
  bool is_index = segments.size() == 1 && segments[0] == "index.html";
  if (ec) {
    if (!is_index) return text_reply(404, "Not found (the web client is not built)\n");
    HttpReply r = text_reply(200, kNotBuilt);
    r.content_type = "text/html; charset=utf-8";
    return r;
  }
  fs::path path = root;
  for (const auto& s : segments) path /= s;
  fs::path real = fs::canonical(path, ec);
  // Symlinks may not lead out of the root.
  auto [root_end, real_it] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
  if (ec || root_end != root.end() || !fs::is_regular_file(real, ec)) return text_reply(404, "Not found\n");
  // The precompressed sibling, when the build made one; it must lie under the root too.
  fs::path gz = real;
  gz += ".gz";
  fs::path real_gz = fs::canonical(gz, ec);
  bool has_gz = !ec && fs::is_regular_file(real_gz, ec) &&
                std::mismatch(root.begin(), root.end(), real_gz.begin(), real_gz.end()).first == root.end();
  bool send_gz = has_gz && accepts_gzip(accept_encoding);
  std::ifstream in(send_gz ? real_gz : real, std::ios::binary);
  if (!in.is_open()) return text_reply(404, "Not found\n");
  HttpReply r;
  r.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  r.content_type = content_type_for(segments.back());
  add_security_headers(r);
  if (send_gz) r.headers.emplace_back("Content-Encoding", "gzip");
  if (has_gz) r.headers.emplace_back("Vary", "Accept-Encoding");  // caches keep both forms apart
  bool hashed_asset = segments.size() > 1 && segments[0] == "assets";
  r.headers.emplace_back("Cache-Control", hashed_asset ? "public, max-age=31536000, immutable" : "no-cache");
  return r;
}

}  // namespace frontier::server
