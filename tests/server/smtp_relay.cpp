#include "smtp_relay.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

namespace frontier::testing {

namespace {

uint16_t free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(fd);
  return ntohs(addr.sin_port);
}

bool accepts(uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  ::close(fd);
  return ok;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A throwaway certificate for the loopback relay, valid for its address and name, made with the
// openssl command (Debian's `openssl`, scripts/install-deps.sh).
bool make_certificate(const std::filesystem::path& dir) {
  std::string command =
      "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2"
      " -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1,DNS:localhost -keyout '" +
      (dir / "key.pem").string() + "' -out '" + (dir / "cert.pem").string() + "' 2>'" +
      (dir / "openssl.log").string() + "'";
  return std::system(command.c_str()) == 0;
}

}  // namespace

SmtpRelay::SmtpRelay() : SmtpRelay(std::optional<Secured>()) {}

SmtpRelay::SmtpRelay(Secured secured) : SmtpRelay(std::optional<Secured>(std::move(secured))) {}

SmtpRelay::SmtpRelay(std::optional<Secured> secured) {
  std::random_device rd;
  dir_ = std::filesystem::temp_directory_path() / ("frontier-smtp-" + std::to_string(rd()));
  std::filesystem::create_directories(dir_ / "mail");
  port_ = free_port();
  secured_ = std::move(secured);
  // Without its certificate a secured relay does not come up, and the test says so (log()).
  if (secured_ && !make_certificate(dir_)) return;
  start();
}

SmtpRelay::~SmtpRelay() {
  stop();
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

bool SmtpRelay::start() {
  if (pid_ > 0) return true;
  std::vector<std::string> args = {"python3",  FRONTIER_SMTP_RELAY_SCRIPT,
                                   "--listen", "127.0.0.1:" + std::to_string(port_),
                                   "--folder", (dir_ / "mail").string()};
  if (secured_) {
    args.insert(args.end(), {"--tls-cert", certificate(), "--tls-key", (dir_ / "key.pem").string(), "--user",
                             secured_->user, "--password", secured_->password});
    if (!secured_->only_mechanism.empty())
      args.insert(args.end(), {"--only-mechanism", secured_->only_mechanism});
  }
  std::string errors = (dir_ / "relay.log").string();
  pid_ = ::fork();
  if (pid_ == 0) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (FILE* f = std::freopen(errors.c_str(), "a", stderr); f == nullptr) ::_exit(126);
    // Debian's interpreter: python3-aiosmtpd is installed for it (scripts/install-deps.sh).
    ::execv("/usr/bin/python3", argv.data());
    ::_exit(127);
  }
  for (int i = 0; i < 500; ++i) {
    if (accepts(port_)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

std::string SmtpRelay::logins() const {
  return read_file(dir_ / "mail" / "auth.log");
}

std::string SmtpRelay::log() const {
  return read_file(dir_ / "relay.log") + read_file(dir_ / "openssl.log");
}

void SmtpRelay::offer_only(const std::string& mechanism) {
  if (secured_) secured_->only_mechanism = mechanism;
}

void SmtpRelay::stop() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

void SmtpRelay::refuse(bool on) {
  auto flag = dir_ / "mail" / "refuse";
  if (on) {
    std::ofstream(flag) << "refuse\n";
  } else {
    std::filesystem::remove(flag);
  }
}

std::vector<std::string> SmtpRelay::messages() const {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir_ / "mail")) {
    if (e.path().extension() == ".eml") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> out;
  for (auto p : files) out.push_back(read_file(p.replace_extension(".txt")));
  return out;
}

bool SmtpRelay::await_messages(size_t n, std::chrono::milliseconds timeout) const {
  auto until = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < until) {
    if (messages().size() >= n) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

std::string mail_header(const std::string& parsed, const std::string& name) {
  std::string key = "\n" + name + ": ";
  size_t at = ("\n" + parsed).find(key);
  if (at == std::string::npos) return "";
  size_t start = at + key.size() - 1;
  return parsed.substr(start, parsed.find('\n', start) - start);
}

std::string mail_part(const std::string& parsed, const std::string& type) {
  std::string key = "=== " + type + "\n";
  size_t at = parsed.find(key);
  if (at == std::string::npos) return "";
  size_t start = at + key.size();
  size_t end = parsed.find("\n=== ", start);
  return parsed.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

}  // namespace frontier::testing
