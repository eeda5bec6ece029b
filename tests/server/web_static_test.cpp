// The browser client's files and session cookie, over real HTTP against frontierd-fixture:
// content types, caching and security headers, HEAD, path traversal (plain, encoded, symlinks),
// the "not built" page, POST/DELETE /api/session, and the WebSocket authenticated by the
// cookie only from our own origin (a foreign Origin stays anonymous: no cross-site hijacking).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <map>

#include "harness.h"
#include "net/session_cookie.h"
#include "net/static_files.h"

namespace frontier::testing {
namespace {

namespace fs = std::filesystem;

void write_file(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

class WebStaticTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(site_ / "dist" / "index.html", "<!doctype html><title>Frontier</title>");
    write_file(site_ / "dist" / "assets" / "app-3f9a1c.js", "console.log('frontier');");
    write_file(site_ / "dist" / "assets" / "app-3f9a1c.css", "body{}");
    write_file(site_ / "dist" / "assets" / "app-3f9a1c.js.gz", "GZIPPED-JS");  // bytes as the build left them
    write_file(site_ / "dist" / "board.svg", "<svg/>");
    write_file(site_ / "dist" / "games.json", "{}");
    write_file(site_ / "dist" / "sub" / "index.html", "sub index");
    write_file(site_ / "secret.txt", "TOP-SECRET");
    fs::create_symlink(site_ / "secret.txt", site_ / "dist" / "leak.txt");
    std::string error;
    ASSERT_TRUE(server_.start(&error)) << error;
  }
  void TearDown() override { fs::remove_all(site_); }

  fs::path site_ = fs::temp_directory_path() / ("frontier-web-" + std::to_string(::getpid()));
  ServerProcess server_{{"--web-root", (site_ / "dist").string()}};
};

TEST_F(WebStaticTest, ServesFilesWithTypesCachingAndSecurityHeaders) {
  auto index = http(server_.port(), "GET", "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.body, "<!doctype html><title>Frontier</title>");
  EXPECT_EQ(index.header("content-type"), "text/html; charset=utf-8");
  EXPECT_EQ(index.header("cache-control"), "no-cache");
  EXPECT_EQ(index.header("content-security-policy"),
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            "frame-ancestors 'none'");
  EXPECT_EQ(index.header("x-content-type-options"), "nosniff");
  EXPECT_EQ(index.header("referrer-policy"), "same-origin");

  auto js = http(server_.port(), "GET", "/assets/app-3f9a1c.js?v=1");
  EXPECT_EQ(js.status, 200);
  EXPECT_EQ(js.header("content-type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(js.header("cache-control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(http(server_.port(), "GET", "/assets/app-3f9a1c.css").header("content-type"),
            "text/css; charset=utf-8");
  EXPECT_EQ(http(server_.port(), "GET", "/board.svg").header("content-type"), "image/svg+xml");
  EXPECT_EQ(http(server_.port(), "GET", "/games.json").header("content-type"), "application/json");
  EXPECT_EQ(http(server_.port(), "GET", "/sub/").body, "sub index");
  EXPECT_EQ(server::content_type_for("x.wasm"), "application/wasm");
  EXPECT_EQ(server::content_type_for("x.woff2"), "font/woff2");
  EXPECT_EQ(server::content_type_for("x.png"), "image/png");
  EXPECT_EQ(server::content_type_for("x.ico"), "image/x-icon");
  EXPECT_EQ(server::content_type_for("x.js.map"), "application/json");

  auto head = http(server_.port(), "HEAD", "/");
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("content-length"), std::to_string(index.body.size()));
  EXPECT_TRUE(head.body.empty());
  EXPECT_EQ(head.header("content-security-policy"), index.header("content-security-policy"));

  auto post = http(server_.port(), "POST", "/index.html", {}, "x");
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(post.header("allow"), "GET, HEAD");
  EXPECT_EQ(http(server_.port(), "GET", "/missing.js").status, 404);
  EXPECT_EQ(http(server_.port(), "GET", "/healthz").body, "ok\n");
}

// The 230 KB script goes compressed to browsers that take gzip (issue 15); others, and files
// without a precompressed sibling, get the plain bytes.
TEST_F(WebStaticTest, PrecompressedFilesGoToClientsThatAcceptGzip) {
  auto gz = http(server_.port(), "GET", "/assets/app-3f9a1c.js", {{"Accept-Encoding", "gzip, deflate, br"}});
  EXPECT_EQ(gz.status, 200);
  EXPECT_EQ(gz.body, "GZIPPED-JS");
  EXPECT_EQ(gz.header("content-encoding"), "gzip");
  EXPECT_EQ(gz.header("content-type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(gz.header("vary"), "Accept-Encoding");
  EXPECT_EQ(gz.header("cache-control"), "public, max-age=31536000, immutable");

  for (const char* refusing : {"", "identity", "gzip;q=0, identity", "br"}) {
    auto plain = http(server_.port(), "GET", "/assets/app-3f9a1c.js", {{"Accept-Encoding", refusing}});
    EXPECT_EQ(plain.body, "console.log('frontier');") << refusing;
    EXPECT_EQ(plain.header("content-encoding"), "") << refusing;
    EXPECT_EQ(plain.header("vary"), "Accept-Encoding") << refusing;
  }
  auto svg = http(server_.port(), "GET", "/board.svg", {{"Accept-Encoding", "gzip"}});
  EXPECT_EQ(svg.body, "<svg/>");
  EXPECT_EQ(svg.header("content-encoding"), "");
  // The .gz itself is a file like any other (no double encoding).
  auto raw = http(server_.port(), "GET", "/assets/app-3f9a1c.js.gz", {{"Accept-Encoding", "gzip"}});
  EXPECT_EQ(raw.body, "GZIPPED-JS");
  EXPECT_EQ(raw.header("content-encoding"), "");
}

TEST(AcceptEncoding, ReadsCodingsAndQualities) {
  EXPECT_TRUE(server::accepts_gzip("gzip"));
  EXPECT_TRUE(server::accepts_gzip("deflate, GZIP;q=0.5"));
  EXPECT_TRUE(server::accepts_gzip("*"));
  EXPECT_FALSE(server::accepts_gzip(""));
  EXPECT_FALSE(server::accepts_gzip("br, deflate"));
  EXPECT_FALSE(server::accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(
      server::accepts_gzip("gzip; q=0.000, *"));  // gzip named and refused: "*" does not bring it back
  EXPECT_FALSE(server::accepts_gzip("*;q=0"));
}

TEST_F(WebStaticTest, NoPathLeavesTheWebRoot) {
  for (const char* target :
       {"/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt",
        "/assets/%2E%2E/%2E%2E/secret.txt", "/..%5csecret.txt", "/leak.txt", "/%00index.html", "/%zz"}) {
    auto r = http(server_.port(), "GET", target);
    EXPECT_EQ(r.status, 404) << target;
    EXPECT_EQ(r.body.find("TOP-SECRET"), std::string::npos) << target;
  }
}

TEST(WebStaticNotBuilt, SaysSoAtTheRoot) {
  ServerProcess server({"--web-root", "/nonexistent/frontier-web"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  auto r = http(server.port(), "GET", "/");
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.body.find("web client is not built"), std::string::npos);
  EXPECT_EQ(http(server.port(), "GET", "/app.js").status, 404);
}

uint64_t hello_user(uint16_t port, const std::vector<std::pair<std::string, std::string>>& headers) {
  client::ProtocolClient c;
  c.handshake_headers = headers;
  if (!c.connect("127.0.0.1", port)) return ~0ull;
  auto r = c.hello();
  return r && r->has_hello() ? r->hello().user_id() : ~0ull;
}

TEST_F(WebStaticTest, SessionCookieIsSetUsedOnlyFromOurOriginAndCleared) {
  Player p;
  ASSERT_TRUE(register_player(p, server_.port(), "cookie"));
  std::string own = "http://127.0.0.1:" + std::to_string(server_.port());

  EXPECT_EQ(http(server_.port(), "POST", "/api/session", {{"Origin", "http://evil.example"}}, p.token).status,
            403);
  EXPECT_EQ(http(server_.port(), "POST", "/api/session", {}, std::string(64, 'a')).status, 401);
  EXPECT_EQ(http(server_.port(), "POST", "/api/session", {}, "not a token").status, 401);
  auto set = http(server_.port(), "POST", "/api/session", {{"Origin", own}}, p.token);
  EXPECT_EQ(set.status, 204);
  EXPECT_EQ(set.header("set-cookie"), "frontier_session=" + p.token + "; HttpOnly; SameSite=Strict; Path=/");

  std::string cookie = "theme=dark; frontier_session=" + p.token;
  EXPECT_EQ(hello_user(server_.port(), {{"Cookie", cookie}}), p.user_id) << "no Origin: a non-browser client";
  EXPECT_EQ(hello_user(server_.port(), {{"Cookie", cookie}, {"Origin", own}}), p.user_id);
  EXPECT_EQ(hello_user(server_.port(), {{"Cookie", cookie}, {"Origin", "http://evil.example"}}), 0u)
      << "another site's page stays anonymous";
  EXPECT_EQ(hello_user(server_.port(), {{"Cookie", "frontier_session=" + std::string(64, 'b')}}), 0u)
      << "a stale cookie leaves the connection anonymous";

  EXPECT_EQ(
      http(server_.port(), "DELETE", "/api/session", {{"Origin", "http://evil.example"}, {"Cookie", cookie}})
          .status,
      403);
  auto cleared = http(server_.port(), "DELETE", "/api/session", {{"Cookie", cookie}});
  EXPECT_EQ(cleared.status, 204);
  EXPECT_NE(cleared.header("set-cookie").find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(hello_user(server_.port(), {{"Cookie", cookie}}), 0u) << "the token was revoked";
  client::ProtocolClient c;
  ASSERT_TRUE(c.connect("127.0.0.1", server_.port()));
  auto r = c.hello(p.token);
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), wire::BAD_TOKEN);
}

TEST(WebSessionSecure, PublicHttpsUrlMakesCookiesSecureAndIsTheOnlyOrigin) {
  ServerProcess server({"--public-url", "https://frontier.example"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "secure"));
  EXPECT_EQ(http(server.port(), "POST", "/api/session",
                 {{"Origin", "http://127.0.0.1:" + std::to_string(server.port())}}, p.token)
                .status,
            403);
  auto set = http(server.port(), "POST", "/api/session", {{"Origin", "https://frontier.example"}}, p.token);
  EXPECT_EQ(set.status, 204);
  EXPECT_NE(set.header("set-cookie").find("; Secure"), std::string::npos);
}

TEST(SessionCookie, ParsesAndComparesOrigins) {
  EXPECT_EQ(server::cookie_value("a=1; frontier_session=abc ;b=2", "frontier_session"), "abc");
  EXPECT_EQ(server::cookie_value("xfrontier_session=abc", "frontier_session"), std::nullopt);
  EXPECT_TRUE(server::is_own_origin("http://host:8080", "host:8080", ""));
  EXPECT_TRUE(server::is_own_origin("https://host:8080", "host:8080", ""));
  EXPECT_FALSE(server::is_own_origin("http://host:8081", "host:8080", ""));
  EXPECT_FALSE(server::is_own_origin("null", "host:8080", ""));
  EXPECT_TRUE(server::is_own_origin("https://f.example", "anything", "https://f.example/play/"));
  EXPECT_FALSE(server::is_own_origin("http://f.example", "f.example", "https://f.example"));
}

}  // namespace
}  // namespace frontier::testing
