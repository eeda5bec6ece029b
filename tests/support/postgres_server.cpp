#include "postgres_server.h"

#include <fcntl.h>
#include <grp.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace frontier::testing {
namespace {

// Every test server listens on this port number; only the socket file's name depends on it,
// and each server has its own folder, so servers of parallel tests never meet.
constexpr const char* kPort = "5432";
constexpr const char* kUser = "frontier";

// Starts `argv` with stdout and stderr appended to `log`, as the unprivileged account when
// `drop` is set, told to quit (SIGQUIT: PostgreSQL's immediate shutdown) when the thread that
// started it ends. Everything the child needs is prepared before fork: after it, only
// async-signal-safe calls.
pid_t spawn(const std::vector<std::string>& args, const std::filesystem::path& log,
            const std::filesystem::path& cwd, bool drop, uid_t uid, gid_t gid) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  // A small fixed environment: the test's own (PGDATA, LANG, PGPORT...) must not leak in.
  std::string path_env = "PATH=/usr/bin:/bin";
  std::string lc_env = "LC_ALL=C";
  std::vector<char*> envp = {path_env.data(), lc_env.data(), nullptr};
  std::string log_path = log.string();
  std::string cwd_path = cwd.string();
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid != 0) return pid;
  int fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd >= 0) {
    dup2(fd, 1);
    dup2(fd, 2);
  }
  if (drop && (setgroups(0, nullptr) != 0 || setgid(gid) != 0 || setuid(uid) != 0)) _exit(126);
  // After setuid: a change of credentials clears the parent-death signal.
  prctl(PR_SET_PDEATHSIG, SIGQUIT);
  if (getppid() != parent) _exit(125);  // the test already ended
  if (chdir(cwd_path.c_str()) != 0) _exit(124);
  execve(argv[0], argv.data(), envp.data());
  _exit(127);
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string percent_encode(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.') {
      out += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

bool valid_name(const std::string& name) {
  if (name.empty() || name.size() > 63) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

}  // namespace

std::filesystem::path postgres_bin_dir() {
  if (const char* env = std::getenv("FRONTIER_PG_BIN"); env && *env) return env;
  return "/usr/lib/postgresql/15/bin";
}

PostgresServer::~PostgresServer() {
  // Immediate shutdown (SIGQUIT): the folder is removed next, so the shutdown checkpoint of a
  // fast stop (syncing every database the tests made) would be time thrown away.
  signal_and_wait(SIGQUIT);
  std::error_code ec;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
}

bool PostgresServer::init(std::string* error) {
  // /tmp, not $TMPDIR: a Unix socket path must stay under 108 bytes.
  char tmpl[] = "/tmp/frontier-pg-XXXXXX";
  if (!mkdtemp(tmpl)) {
    if (error) *error = "mkdtemp failed";
    return false;
  }
  dir_ = tmpl;
  if (geteuid() == 0) {
    // PostgreSQL will not run as root: hand the folder to the postgres account.
    const passwd* pw = getpwnam("postgres");
    if (!pw) {
      if (error) *error = "running as root and there is no 'postgres' account to run the server as";
      return false;
    }
    drop_ = true;
    uid_ = pw->pw_uid;
    gid_ = pw->pw_gid;
    if (chown(dir_.c_str(), uid_, gid_) != 0) {
      if (error) *error = "cannot chown " + dir_.string();
      return false;
    }
  }
  auto bin = postgres_bin_dir();
  // --no-sync: only initdb's own files skip the sync (a test cluster is thrown away); the
  // server itself runs with fsync on.
  std::vector<std::string> args = {(bin / "initdb").string(),
                                   "-D",
                                   (dir_ / "data").string(),
                                   "-U",
                                   kUser,
                                   "--auth=trust",
                                   "-E",
                                   "UTF8",
                                   "--locale=C",
                                   "--no-sync",
                                   "--no-instructions"};
  pid_t pid = spawn(args, dir_ / "initdb.log", dir_, drop_, uid_, gid_);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    if (error) *error = "initdb failed:\n" + read_file(dir_ / "initdb.log");
    return false;
  }
  return true;
}

bool PostgresServer::start(std::string* error) {
  if (running()) return true;
  if (dir_.empty() && !init(error)) return false;
  auto bin = postgres_bin_dir();
  std::vector<std::string> args = {(bin / "postgres").string(),
                                   "-D",
                                   (dir_ / "data").string(),
                                   "-k",
                                   dir_.string(),
                                   "-p",
                                   kPort,
                                   "-c",
                                   "listen_addresses=",
                                   "-c",
                                   "fsync=on",
                                   "-c",
                                   "synchronous_commit=on",
                                   "-c",
                                   "shared_buffers=16MB",
                                   "-c",
                                   "max_connections=60",
                                   "-c",
                                   "log_min_messages=warning"};
  std::string conninfo = "host=" + dir_.string() + " port=" + kPort + " dbname=postgres user=" + kUser;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    if (!running()) {
      pid_ = spawn(args, dir_ / "server.log", dir_, drop_, uid_, gid_);
      if (pid_ < 0) {
        if (error) *error = "fork failed";
        return false;
      }
    }
    if (PQping(conninfo.c_str()) == PQPING_OK) return true;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      // After kill_hard() the old server's backends may hold its shared memory for a moment
      // longer (they notice the postmaster's death and quit): that start is tried again.
      if (log().find("still in use") == std::string::npos) {
        if (error) *error = "postgres exited at start-up:\n" + log();
        return false;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill_hard();
  if (error) *error = "postgres did not accept connections within 30 s:\n" + log();
  return false;
}

void PostgresServer::stop() {
  signal_and_wait(SIGINT);
}

void PostgresServer::kill_hard() {
  signal_and_wait(SIGKILL);
}

void PostgresServer::crash() {
  signal_and_wait(SIGQUIT);
}

void PostgresServer::signal_and_wait(int signal) {
  if (!running()) return;
  kill(pid_, signal);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

std::string PostgresServer::url(const std::string& database) const {
  return std::string("postgresql://") + kUser + "@/" + database + "?host=" + percent_encode(dir_.string()) +
         "&port=" + kPort;
}

bool PostgresServer::execute(const std::string& database, const std::string& sql, std::string* error) const {
  PGconn* conn = PQconnectdb(url(database).c_str());
  bool ok = PQstatus(conn) == CONNECTION_OK;
  if (ok) {
    PGresult* res = PQexec(conn, sql.c_str());
    ok = PQresultStatus(res) == PGRES_COMMAND_OK || PQresultStatus(res) == PGRES_TUPLES_OK;
    PQclear(res);
  }
  if (!ok && error) *error = PQerrorMessage(conn);
  PQfinish(conn);
  return ok;
}

bool PostgresServer::create_database(const std::string& name, std::string* error) const {
  if (!valid_name(name)) {
    if (error) *error = "a test database name is letters, digits and _";
    return false;
  }
  return execute("postgres", "CREATE DATABASE " + name, error);
}

std::string PostgresServer::log() const {
  return read_file(dir_ / "server.log");
}

PostgresServer& shared_postgres() {
  static PostgresServer server;
  static const bool started = [] {
    std::string error;
    if (!server.start(&error)) {
      std::fprintf(stderr, "cannot start the test PostgreSQL: %s\n", error.c_str());
      std::abort();
    }
    return true;
  }();
  (void)started;
  return server;
}

std::string fresh_shared_database(const std::string& stem) {
  static std::atomic<int> counter{0};
  std::string name = stem + "_" + std::to_string(counter++);
  std::string error;
  if (!shared_postgres().create_database(name, &error)) {
    std::fprintf(stderr, "cannot create the test database %s: %s\n", name.c_str(), error.c_str());
    std::abort();
  }
  return shared_postgres().url(name);
}

}  // namespace frontier::testing
