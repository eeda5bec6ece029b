#include "haproxy.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

namespace frontier::testing {
namespace {

namespace fs = std::filesystem;

// A loopback port nobody listens on now (the kernel's choice); HAProxy binds it right after.
uint16_t free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  uint16_t port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
    port = ntohs(a.sin_port);
  ::close(fd);
  return port;
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// One command on HAProxy's stats socket; its answer.
std::string ask(const fs::path& socket_path, const std::string& command) {
  int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  std::string path = socket_path.string();
  if (path.size() >= sizeof a.sun_path) {
    ::close(fd);
    return {};
  }
  std::copy(path.begin(), path.end(), a.sun_path);
  std::string out;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0) {
    std::string line = command + "\n";
    if (::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size())) {
      char buf[4096];
      for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) out.append(buf, static_cast<size_t>(n));
    }
  }
  ::close(fd);
  return out;
}

}  // namespace

std::string haproxy_config(const std::string& listen, const std::vector<uint16_t>& nodes,
                           const std::string& balance, const std::string& stats_socket) {
  std::ostringstream c;
  c << "global\n"
       "  maxconn 2000\n"
    << "  stats socket " << stats_socket << " mode 600 level admin\n"
    << "  log stderr format raw local0 info\n"
    << "defaults\n"
       "  mode http\n"
       "  log global\n"
       "  option httplog\n"
       "  option http-server-close\n"
       // A dead node refuses at once on loopback; across a network, connect gives up soon and
       // the request goes to another node (redispatch). A refused connection is retried after
       // this long too.
       "  timeout connect 300ms\n"
       "  timeout client 60s\n"
       "  timeout server 60s\n"
       // A WebSocket is a tunnel once upgraded: idle games must not be cut (clients ping).
       "  timeout tunnel 1h\n"
       "  retries 3\n"
       // Every retry goes to another node: a dead one refuses until its checks fail.
       "  option redispatch 1\n"
       "frontend players\n"
    << "  bind " << listen << "\n"
    << "  default_backend frontierd\n"
       "backend frontierd\n"
    << "  balance " << balance << "\n"
    << "  option httpchk GET /healthz\n"
       "  http-check expect status 200\n"
       // Down after two failed checks 200 ms apart, or at once when a player's connection is
       // refused (observe layer4), up again after one good check.
       "  default-server inter 200ms fall 2 rise 1 observe layer4 error-limit 1 on-error mark-down\n";
  for (size_t i = 0; i < nodes.size(); ++i)
    c << "  server node" << i << " 127.0.0.1:" << nodes[i] << " check\n";
  return c.str();
}

HaProxy::~HaProxy() {
  stop();
  std::error_code ec;
  if (!dir_.empty()) fs::remove_all(dir_, ec);
}

bool HaProxy::start(const std::vector<uint16_t>& nodes, const std::string& balance, std::string* error) {
  static std::atomic<int> counter{0};
  dir_ = fs::temp_directory_path() /
         ("haproxy-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(dir_);
  fs::create_directories(dir_);
  port_ = free_port();
  std::string cfg = (dir_ / "haproxy.cfg").string();
  std::ofstream(cfg) << haproxy_config("127.0.0.1:" + std::to_string(port_), nodes, balance,
                                       (dir_ / "stats.sock").string());
  std::string log_path = (dir_ / "haproxy.log").string();
  std::vector<std::string> args = {"/usr/sbin/haproxy", "-db", "-f", cfg};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    int fd = ::open(log_path.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  // Ready when the stats socket answers.
  for (int i = 0; i < 250; ++i) {
    if (!ask(dir_ / "stats.sock", "show info").empty()) return true;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (error) *error = "haproxy did not start:\n" + log() + "\n" + config();
  return false;
}

void HaProxy::stop() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

bool HaProxy::await_up(size_t up, int timeout_ms) const {
  auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (std::chrono::steady_clock::now() < until) {
    // "show servers state": one line per server; field 6 is its operational state (2 = up).
    std::istringstream lines(ask(dir_ / "stats.sock", "show servers state frontierd"));
    size_t count = 0;
    for (std::string line; std::getline(lines, line);) {
      std::istringstream f(line);
      std::vector<std::string> fields;
      for (std::string x; f >> x;) fields.push_back(x);
      if (fields.size() > 5 && fields[0] != "#" && fields[1] == "frontierd" && fields[5] == "2") ++count;
    }
    if (count == up) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

std::string HaProxy::config() const {
  return read_all(dir_ / "haproxy.cfg");
}

std::string HaProxy::log() const {
  return read_all(dir_ / "haproxy.log");
}

}  // namespace frontier::testing
