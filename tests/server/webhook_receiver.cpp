#include "webhook_receiver.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <tuple>
#include <utility>

namespace frontier::testing {

namespace {

// A listening loopback socket on a free port: (descriptor, port).
std::pair<int, uint16_t> listen_loopback() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  ::listen(fd, 16);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  return {fd, ntohs(addr.sin_port)};
}

}  // namespace

WebhookReceiver::WebhookReceiver() {
  std::tie(listen_fd_, port_) = listen_loopback();
  thread_ = std::thread([this] { serve(); });
}

WebhookReceiver::~WebhookReceiver() {
  stopping_ = true;
  thread_.join();
  ::close(listen_fd_);
}

void WebhookReceiver::serve() {
  while (!stopping_) {
    pollfd p{listen_fd_, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    int fd = ::accept(listen_fd_, nullptr, nullptr);
    if (fd < 0) continue;
    std::string in;
    char buf[4096];
    size_t body_at = std::string::npos;
    size_t length = 0;
    // Headers, then Content-Length bytes of body (the sender always sets it).
    for (;;) {
      pollfd q{fd, POLLIN, 0};
      if (::poll(&q, 1, 2000) <= 0) break;
      ssize_t n = ::read(fd, buf, sizeof buf);
      if (n <= 0) break;
      in.append(buf, static_cast<size_t>(n));
      if (body_at == std::string::npos) {
        size_t end = in.find("\r\n\r\n");
        if (end == std::string::npos) continue;
        body_at = end + 4;
        size_t cl = in.find("Content-Length: ");
        if (cl != std::string::npos) length = std::strtoul(in.c_str() + cl + 16, nullptr, 10);
      }
      if (in.size() >= body_at + length) break;
    }
    // The answer is chosen before the request is counted: a test that changes the answer once it
    // has seen n requests must not change the answer to the n-th.
    int status = status_;
    if (body_at != std::string::npos) {
      std::lock_guard lock(mu_);
      bodies_.push_back(in.substr(body_at, length));
    }
    std::string reply = "HTTP/1.1 " + std::to_string(status) + (status == 200 ? " OK" : " Error") +
                        "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    (void)!::write(fd, reply.data(), reply.size());
    ::close(fd);
  }
}

SilentEndpoint::SilentEndpoint() {
  std::tie(listen_fd_, port_) = listen_loopback();
  thread_ = std::thread([this] {
    while (!stopping_) {
      pollfd p{listen_fd_, POLLIN, 0};
      if (::poll(&p, 1, 50) <= 0) continue;
      int fd = ::accept(listen_fd_, nullptr, nullptr);
      if (fd < 0) continue;
      held_.push_back(fd);  // kept open, never read nor answered, until the test ends
      ++accepted_;
    }
    for (int fd : held_) ::close(fd);
  });
}

SilentEndpoint::~SilentEndpoint() {
  stopping_ = true;
  thread_.join();
  ::close(listen_fd_);
}

bool WebhookReceiver::await_requests(size_t n, std::chrono::milliseconds timeout) {
  auto until = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < until) {
    {
      std::lock_guard lock(mu_);
      if (bodies_.size() >= n) return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

std::vector<std::string> WebhookReceiver::bodies() const {
  std::lock_guard lock(mu_);
  return bodies_;
}

}  // namespace frontier::testing
