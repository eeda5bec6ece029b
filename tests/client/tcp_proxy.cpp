// Blocking sockets, two threads per connection; shutdown() on every socket unblocks them all.
// Sockets are close-on-exec (clients forked by the test must not inherit the listening socket,
// or a reconnect would reach a socket nobody accepts on) and writes never raise SIGPIPE (a peer
// gone mid-write would kill the whole test process).
#include "tcp_proxy.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

namespace frontier::testing {

namespace {

sockaddr_in loopback(uint16_t port) {
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return a;
}

}  // namespace

TcpProxy::TcpProxy(uint16_t target_port) : target_(target_port) {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a = loopback(0);
  ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
  ::listen(listen_fd_, 16);
  socklen_t len = sizeof a;
  ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&a), &len);
  port_ = ntohs(a.sin_port);
  acceptor_ = std::thread([this] { accept_loop(); });
}

TcpProxy::~TcpProxy() {
  stopping_ = true;
  ::shutdown(listen_fd_, SHUT_RDWR);
  ::close(listen_fd_);
  acceptor_.join();
  drop_all();
  for (auto& t : threads_) t.join();
  for (int fd : fds_) ::close(fd);
}

void TcpProxy::pipe_bytes(int from, int to, bool upstream) {
  char buf[16384];
  for (;;) {
    ssize_t n = ::read(from, buf, sizeof buf);
    if (n <= 0) break;
    if (!upstream && swallowing_) continue;
    for (ssize_t off = 0; off < n;) {
      ssize_t w = ::send(to, buf + off, static_cast<size_t>(n - off), MSG_NOSIGNAL);
      if (w <= 0) return (void)::shutdown(from, SHUT_RDWR);
      off += w;
    }
    if (!upstream) delivered_ += static_cast<size_t>(n);
    if (upstream && lose_next_reply_.exchange(false)) {
      swallowing_ = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      reply_lost_ = true;
      drop_all();
      swallowing_ = false;
    }
  }
  ::shutdown(to, SHUT_RDWR);
}

void TcpProxy::accept_loop() {
  while (!stopping_) {
    int client = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (client < 0) return;
    int server = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a = loopback(target_);
    if (::connect(server, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(client);
      ::close(server);
      continue;
    }
    int one = 1;
    ::setsockopt(server, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    ::setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    ++accepted_;
    std::lock_guard lock(mu_);
    fds_.push_back(client);
    fds_.push_back(server);
    threads_.emplace_back([this, client, server] { pipe_bytes(client, server, true); });
    threads_.emplace_back([this, client, server] { pipe_bytes(server, client, false); });
  }
}

void TcpProxy::drop_all() {
  std::lock_guard lock(mu_);
  for (int fd : fds_) ::shutdown(fd, SHUT_RDWR);
}

}  // namespace frontier::testing
