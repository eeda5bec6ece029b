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

// The handler aiosmtpd loads (-c relay.Relay DIR).
constexpr const char* kHandler = R"PY(import email, email.policy, os

class Relay:
    def __init__(self, folder):
        self.folder = folder

    @classmethod
    def from_cli(cls, parser, *args):
        return cls(*args)

    async def handle_DATA(self, server, session, envelope):
        if os.path.exists(os.path.join(self.folder, 'refuse')):
            return '451 4.3.0 Try again later'
        n = len([f for f in os.listdir(self.folder) if f.endswith('.eml')]) + 1
        base = os.path.join(self.folder, '%03d' % n)
        msg = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        out = ['Envelope-From: ' + envelope.mail_from, 'Envelope-To: ' + ','.join(envelope.rcpt_tos)]
        out += ['%s: %s' % (k, v) for k, v in msg.items()]
        for part in msg.walk():
            if part.get_content_maintype() == 'multipart':
                continue
            out += ['=== ' + part.get_content_type(), part.get_content()]
        with open(base + '.txt', 'w') as f:
            f.write('\n'.join(out) + '\n')
        with open(base + '.tmp', 'wb') as f:
            f.write(envelope.original_content)
        os.rename(base + '.tmp', base + '.eml')  # counted once complete
        return '250 OK'
)PY";

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

}  // namespace

SmtpRelay::SmtpRelay() {
  std::random_device rd;
  dir_ = std::filesystem::temp_directory_path() / ("frontier-smtp-" + std::to_string(rd()));
  std::filesystem::create_directories(dir_ / "mail");
  std::ofstream(dir_ / "relay.py") << kHandler;
  port_ = free_port();
  start();
}

SmtpRelay::~SmtpRelay() {
  stop();
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

bool SmtpRelay::start() {
  if (pid_ > 0) return true;
  std::string listen = "127.0.0.1:" + std::to_string(port_);
  std::string mail = (dir_ / "mail").string();
  std::string pythonpath = dir_.string();
  pid_ = ::fork();
  if (pid_ == 0) {
    ::setenv("PYTHONPATH", pythonpath.c_str(), 1);
    // Debian's interpreter: python3-aiosmtpd is installed for it (scripts/install-deps.sh).
    ::execl("/usr/bin/python3", "python3", "-m", "aiosmtpd", "-n", "-l", listen.c_str(), "-c", "relay.Relay",
            mail.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  for (int i = 0; i < 500; ++i) {
    if (accepts(port_)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
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
