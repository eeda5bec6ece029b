// Child-process control with plain POSIX calls; the log goes to a file in the temp dir so a
// chatty server can never block on a full pipe.
#include "harness.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "postgres_server.h"

namespace frontier::testing {

namespace fs = std::filesystem;

std::string fixture_server_path() {
  return FRONTIERD_FIXTURE_PATH;
}

ServerProcess::ServerProcess(std::vector<std::string> extra) : extra_(std::move(extra)) {
  static std::atomic<int> counter{0};
  dir_ = fs::temp_directory_path() /
         ("frontierd-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(dir_);
  fs::create_directories(dir_);
  db_ = db_path();
  if (const char* backend = std::getenv("FRONTIER_TEST_DB"); backend && std::string(backend) == "postgres") {
    static std::atomic<int> databases{0};
    std::string name = "frontierd_" + std::to_string(databases++);
    std::string error;
    if (!shared_postgres().create_database(name, &error)) {
      std::fprintf(stderr, "cannot create the test database %s: %s\n", name.c_str(), error.c_str());
      std::abort();
    }
    db_ = shared_postgres().url(name);
  }
}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) kill_hard();
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

std::string ServerProcess::log() const {
  std::ifstream in(dir_ / "server.log");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool ServerProcess::start(std::string* error) {
  // A restart reuses the port, so clients of the test can keep their address.
  std::string listen = "127.0.0.1:" + std::to_string(starts_ > 0 ? port_ : 0);
  std::vector<std::string> args = {
      fixture_server_path(), "--listen", listen, "--db", db_, "--kdf", "min", "--log-level", "info",
      // Tests register many users from one address and fetch logs at machine
      // speed; the hardening test sets these limits itself.
      "--registrations", "0", "--heavy-rate", "100000", "--heavy-rate-total", "0"};
  args.insert(args.end(), extra_.begin(), extra_.end());
  std::string log_path = (dir_ / "server.log").string();
  std::ofstream(log_path, std::ios::app) << "---- start " << starts_ << "\n";
  ++starts_;
  pid_ = ::fork();
  if (pid_ == 0) {
    // Dies with the test process, so a crashed or killed test leaves no server behind.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (descriptor_limit_ > 0) {
      rlimit rl{descriptor_limit_, descriptor_limit_};
      ::setrlimit(RLIMIT_NOFILE, &rl);
    }
    int fd = ::open(log_path.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    std::string text = log();
    auto start_marker = text.rfind("---- start");
    auto at = text.find("listening on 127.0.0.1:", start_marker);
    if (at != std::string::npos) {
      port_ = static_cast<uint16_t>(std::stoi(text.substr(at + 23)));
      return true;
    }
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (error) *error = "server did not start:\n" + log();
  return false;
}

size_t ServerProcess::rss_kib() const {
  std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoul(line.substr(6));
  }
  return 0;
}

double ServerProcess::cpu_seconds() const {
  std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  std::istringstream rest(text.substr(text.rfind(')') + 2));
  std::vector<std::string> fields;
  for (std::string f; rest >> f;) fields.push_back(f);
  if (fields.size() < 13) return 0;
  return static_cast<double>(std::stoull(fields[11]) + std::stoull(fields[12])) /
         static_cast<double>(::sysconf(_SC_CLK_TCK));
}

std::optional<double> ServerProcess::metric(const std::string& name) const {
  HttpResult r = http(port_, "GET", "/metrics");
  if (r.status != 200) return std::nullopt;
  std::istringstream lines(r.body);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(name + " ", 0) == 0) return std::stod(line.substr(name.size() + 1));
  }
  return std::nullopt;
}

namespace {
std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
}  // namespace

int loopback_socket(uint16_t port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

HttpResult http(uint16_t port, const std::string& method, const std::string& target,
                const std::vector<std::pair<std::string, std::string>>& headers, const std::string& body) {
  HttpResult out;
  int fd = loopback_socket(port);
  if (fd < 0) return out;
  timeval timeout{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  std::string req = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n";
  for (const auto& [k, v] : headers) req += k + ": " + v + "\r\n";
  req += "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
  (void)::write(fd, req.data(), req.size());
  std::string raw;
  char buf[4096];
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) raw.append(buf, static_cast<size_t>(n));
  ::close(fd);
  auto end = raw.find("\r\n\r\n");
  if (end == std::string::npos || raw.size() < 12) return out;
  out.status = std::stoi(raw.substr(9, 3));
  size_t pos = raw.find("\r\n") + 2;
  while (pos < end) {
    size_t eol = raw.find("\r\n", pos);
    std::string line = raw.substr(pos, eol - pos);
    auto colon = line.find(':');
    std::string value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.erase(0, 1);
    out.headers.emplace(lower(line.substr(0, colon)), value);
    pos = eol + 2;
  }
  out.body = raw.substr(end + 4);
  return out;
}

void ServerProcess::kill_hard() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

int ServerProcess::stop_gracefully() {
  if (pid_ <= 0) return -1;
  ::kill(pid_, SIGTERM);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

bool connect(client::ProtocolClient& c, uint16_t port, const std::string& token) {
  if (!c.connect("127.0.0.1", port)) return false;
  auto r = c.hello(token);
  return r && r->has_hello();
}

namespace {
// What went wrong with one request of a test: a transport failure or the server's error.
std::string failure(const std::string& step, const core::Result<wire::ServerMessage>& r) {
  if (!r) return step + ": " + r.status().message();
  if (r->has_error()) return step + ": server error " + r->error().message();
  return step + ": unexpected reply " + r->ShortDebugString();
}
}  // namespace

bool register_player(Player& p, uint16_t port, const std::string& stem, std::string* why) {
  static std::atomic<int> counter{0};
  p.name = stem + std::to_string(counter++);
  if (!connect(*p.c, port)) {
    if (why) *why = "connect or hello failed";
    return false;
  }
  auto r = p.c->register_user(p.name, "correct horse battery");
  if (!r || !r->has_auth()) {
    if (why) *why = failure("register", r);
    return false;
  }
  p.token = r->auth().token();
  p.user_id = r->auth().user_id();
  return true;
}

bool reconnect(Player& p, uint16_t port, uint64_t match_id, uint32_t since) {
  p.c = std::make_unique<client::ProtocolClient>();
  if (!connect(*p.c, port, p.token)) return false;
  auto r = p.c->request(join_msg(match_id, {}, since));
  if (!r || !r->has_update()) return false;
  p.last = r->update();
  return true;
}

wire::ClientMessage create_match_msg(const std::string& game, const std::string& side,
                                     wire::Visibility visibility) {
  wire::ClientMessage m;
  m.mutable_create_match()->set_game(game);
  m.mutable_create_match()->set_side(side);
  m.mutable_create_match()->set_visibility(visibility);
  return m;
}

wire::ClientMessage join_msg(uint64_t match_id, const std::string& side, uint32_t since) {
  wire::ClientMessage m;
  m.mutable_join_match()->set_match_id(match_id);
  m.mutable_join_match()->set_side(side);
  m.mutable_join_match()->set_since_seq(since);
  return m;
}

wire::ClientMessage submit_msg(uint64_t match_id, uint32_t expected_seq, const frontier::Action& a,
                               const std::string& client_action_id) {
  wire::ClientMessage m;
  auto* s = m.mutable_submit_action();
  s->set_match_id(match_id);
  s->set_expected_seq(expected_seq);
  *s->mutable_action() = a;
  s->set_client_action_id(client_action_id);
  return m;
}

void absorb(Player& p, const core::Result<wire::ServerMessage>& reply) {
  if (reply && reply->has_submitted() && reply->submitted().has_update())
    p.last = reply->submitted().update();
}

bool await_seq(Player& p, uint32_t seq) {
  if (p.last.seq() >= seq && p.last.match_id() != 0) return true;
  for (;;) {
    auto m = p.c->wait_for([](const wire::ServerMessage& x) { return x.has_update(); });
    if (!m) return false;
    p.last = m->update();
    if (p.last.seq() >= seq) return true;
  }
}

uint64_t start_two_player_match(Player& a, Player& b, uint16_t port, const std::string& game,
                                const std::string& stem, std::string* why) {
  auto fail = [why](std::string what) -> uint64_t {
    if (why) *why = std::move(what);
    return 0;
  };
  std::string reason;
  if (!register_player(a, port, stem + "a", &reason)) return fail("registering a: " + reason);
  if (!register_player(b, port, stem + "b", &reason)) return fail("registering b: " + reason);
  auto created = a.c->request(create_match_msg(game, ""));
  if (!created || !created->has_created()) return fail(failure("create", created));
  uint64_t id = created->created().match_id();
  auto joined = b.c->request(join_msg(id));
  if (!joined || !joined->has_update()) return fail(failure("join", joined));
  b.last = joined->update();
  // The creator hears of the join by a push showing the match running.
  for (;;) {
    auto m = a.c->wait_for([](const wire::ServerMessage& x) { return x.has_update(); });
    if (!m) return fail(failure("waiting for the join", m));
    a.last = m->update();
    if (a.last.status() == wire::RUNNING) break;
  }
  return id;
}

bool await_update(Player& p, const std::function<bool(const wire::MatchUpdate&)>& pred) {
  if (pred(p.last)) return true;
  for (;;) {
    auto m = p.c->wait_for([](const wire::ServerMessage& x) { return x.has_update(); });
    if (!m) return false;
    p.last = m->update();
    if (pred(p.last)) return true;
  }
}

Step play_random_step(std::vector<Player*> players, std::mt19937& rng, const std::string& client_id_prefix,
                      std::string* why) {
  auto fail = [why](std::string what) -> Step {
    if (why) *why = std::move(what);
    return {};
  };
  std::vector<Player*> prompted;
  for (Player* p : players) {
    if (p->last.status() == wire::RUNNING && p->last.prompts_size() > 0) prompted.push_back(p);
  }
  if (prompted.empty()) return fail("nobody is prompted");
  Player* p = prompted[rng() % prompted.size()];
  const auto& choices = p->last.prompts(0).choices();
  const auto& choice = choices[static_cast<int>(rng() % static_cast<unsigned>(choices.size()))];
  static std::atomic<uint64_t> counter{0};
  std::string id = client_id_prefix + std::to_string(counter++);
  auto r = p->c->request(submit_msg(p->last.match_id(), p->last.seq(), choice.action(), id));
  if (!r || !r->has_submitted()) return fail(failure("submit", r));
  absorb(*p, r);
  Step step{r->submitted().seq(), p->last.your_seat(), choice.action()};
  for (Player* q : players) {
    if (!await_seq(*q, step.seq))
      return fail("seat " + std::to_string(q->last.your_seat()) + " never saw event " +
                  std::to_string(step.seq));
  }
  return step;
}

frontier::Action race_bid(int amount) {
  frontier::Action a;
  a.set_kind(1);
  a.set_a(amount);
  return a;
}

frontier::Action race_roll() {
  frontier::Action a;
  a.set_kind(2);
  return a;
}

}  // namespace frontier::testing
