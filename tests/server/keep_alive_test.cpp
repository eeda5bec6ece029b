// HTTP/1.1 persistent connections against frontierd-fixture (issue 49): several requests, one
// after another or sent together, answered over one connection; `Connection: close` when the
// client asks (or speaks HTTP/1.0), at the per-connection request cap, and while sockets are
// scarce; a WebSocket upgrade after a plain request on the same connection.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>

#include "harness.h"

namespace frontier::testing {
namespace {

namespace fs = std::filesystem;

// One client connection that reads answers by their Content-Length, so the next request can go
// over the same socket.
class HttpConnection {
 public:
  explicit HttpConnection(uint16_t port) : fd_(loopback_socket(port)) {
    timeval timeout{5, 0};
    if (fd_ >= 0) ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  }
  ~HttpConnection() {
    if (fd_ >= 0) ::close(fd_);
  }
  HttpConnection(const HttpConnection&) = delete;
  HttpConnection& operator=(const HttpConnection&) = delete;
  bool open() const { return fd_ >= 0; }

  void send(const std::string& bytes) {
    ASSERT_EQ(::write(fd_, bytes.data(), bytes.size()), ssize_t(bytes.size()));
  }

  // The next answer (status 0 when the connection ended first). `head`: an answer to HEAD,
  // whose Content-Length announces a body that does not follow.
  HttpResult answer(bool head = false) {
    HttpResult out;
    size_t end;
    while ((end = pending_.find("\r\n\r\n")) == std::string::npos) {
      if (!fill()) return out;
    }
    out.status = std::stoi(pending_.substr(9, 3));
    for (size_t pos = pending_.find("\r\n") + 2; pos < end;) {
      size_t eol = pending_.find("\r\n", pos);
      std::string line = pending_.substr(pos, eol - pos);
      size_t colon = line.find(':');
      std::string name = line.substr(0, colon), value = line.substr(colon + 1);
      for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      while (!value.empty() && value.front() == ' ') value.erase(0, 1);
      out.headers.emplace(name, value);
      pos = eol + 2;
    }
    std::string length = out.header("content-length");
    size_t body = head || length.empty() ? 0 : std::stoul(length);
    while (pending_.size() < end + 4 + body) {
      if (!fill()) return HttpResult{};
    }
    out.body = pending_.substr(end + 4, body);
    pending_.erase(0, end + 4 + body);
    return out;
  }

  // Whether the server has closed its side (after everything it sent was read).
  bool closed_by_server() {
    if (!pending_.empty()) return false;
    char c;
    return ::read(fd_, &c, 1) == 0;
  }

 private:
  bool fill() {
    char buf[4096];
    ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n <= 0) return false;
    pending_.append(buf, static_cast<size_t>(n));
    return true;
  }

  int fd_;
  std::string pending_;
};

std::string get(const std::string& target, const std::string& extra = "",
                const std::string& version = "1.1") {
  return "GET " + target + " HTTP/" + version + "\r\nHost: 127.0.0.1\r\n" + extra + "\r\n";
}

class KeepAliveTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(site_ / "assets");
    std::ofstream(site_ / "index.html") << "<!doctype html><title>Frontier</title>";
    std::ofstream(site_ / "assets" / "app-3f9a1c.js") << "console.log('frontier');";
    std::string error;
    ASSERT_TRUE(server_.start(&error)) << error;
  }
  void TearDown() override { fs::remove_all(site_); }

  fs::path site_ = fs::temp_directory_path() / ("frontier-keepalive-" + std::to_string(::getpid()));
  ServerProcess server_{{"--web-root", site_.string()}};
};

TEST_F(KeepAliveTest, SeveralRequestsGoOverOneConnection) {
  HttpConnection c(server_.port());
  ASSERT_TRUE(c.open());
  c.send(get("/"));
  auto page = c.answer();
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.body, "<!doctype html><title>Frontier</title>");
  EXPECT_EQ(page.header("connection"), "") << "HTTP/1.1 is persistent unless said otherwise";
  c.send(get("/assets/app-3f9a1c.js"));
  auto script = c.answer();
  EXPECT_EQ(script.status, 200);
  EXPECT_EQ(script.body, "console.log('frontier');");

  // Sent together (pipelined), answered in order; a HEAD's announced length is not a body.
  c.send(get("/healthz") + "HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + get("/missing.js"));
  EXPECT_EQ(c.answer().body, "ok\n");
  auto head = c.answer(/*head=*/true);
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("content-length"), std::to_string(page.body.size()));
  EXPECT_EQ(c.answer().status, 404);

  // The client's own close is honoured: answered, then the server ends the connection.
  c.send(get("/healthz", "Connection: close\r\n"));
  auto last = c.answer();
  EXPECT_EQ(last.body, "ok\n");
  EXPECT_EQ(last.header("connection"), "close");
  EXPECT_TRUE(c.closed_by_server());
}

TEST_F(KeepAliveTest, Http10ClosesUnlessAskedToKeepAlive) {
  HttpConnection plain(server_.port());
  plain.send(get("/healthz", "", "1.0"));
  EXPECT_EQ(plain.answer().body, "ok\n");
  EXPECT_TRUE(plain.closed_by_server());

  HttpConnection kept(server_.port());
  kept.send(get("/healthz", "Connection: keep-alive\r\n", "1.0"));
  auto first = kept.answer();
  EXPECT_EQ(first.header("connection"), "keep-alive");
  kept.send(get("/healthz", "Connection: keep-alive\r\n", "1.0"));
  EXPECT_EQ(kept.answer().body, "ok\n");
}

// A connection answers at most 100 requests (kMaxRequestsPerConnection): the last says so.
TEST_F(KeepAliveTest, TheRequestCapEndsAConnection) {
  HttpConnection c(server_.port());
  std::string many;
  for (int i = 0; i < 100; ++i) many += get("/healthz");
  c.send(many);
  for (int i = 1; i <= 100; ++i) {
    auto r = c.answer();
    ASSERT_EQ(r.body, "ok\n") << "request " << i;
    EXPECT_EQ(r.header("connection"), i == 100 ? "close" : "") << "request " << i;
  }
  EXPECT_TRUE(c.closed_by_server());
}

TEST_F(KeepAliveTest, WebSocketUpgradeAfterAPlainRequest) {
  HttpConnection c(server_.port());
  c.send(get("/"));
  EXPECT_EQ(c.answer().status, 200);
  c.send(get("/",
             "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"));
  auto upgraded = c.answer(/*head=*/true);
  EXPECT_EQ(upgraded.status, 101);
  // RFC 6455 1.3: the example key's accept value.
  EXPECT_EQ(upgraded.header("sec-websocket-accept"), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

// With half the sockets the descriptor limit allows in use, idle connections would keep new
// clients out: answers then close their connection.
TEST(KeepAliveScarceSockets, AnswersCloseWhileSocketsAreScarce) {
  ServerProcess server;
  server.set_descriptor_limit(256);  // 160 sockets for clients (256 less the 96 kept back)
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  {
    HttpConnection c(server.port());
    c.send(get("/healthz"));
    EXPECT_EQ(c.answer().header("connection"), "") << "sockets are plentiful";
  }
  std::vector<std::unique_ptr<HttpConnection>> silent;
  for (int i = 0; i < 90; ++i) silent.push_back(std::make_unique<HttpConnection>(server.port()));
  HttpConnection c(server.port());
  c.send(get("/healthz"));
  auto r = c.answer();
  EXPECT_EQ(r.body, "ok\n");
  EXPECT_EQ(r.header("connection"), "close");
  EXPECT_TRUE(c.closed_by_server());
}

}  // namespace
}  // namespace frontier::testing
