// A real PostgreSQL server for tests, started in a scratch folder: initdb, then `postgres`
// listening only on a Unix socket in that folder (listen_addresses = ''), fsync on, no system
// service. As root (tests run as root in CI) the server runs as the unprivileged `postgres`
// account, since PostgreSQL refuses to run as root. It is stopped and its folder removed when
// the object goes; if the test process dies first, the kernel tells the server to quit
// (PR_SET_PDEATHSIG), so no postmaster outlives its test.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>

namespace frontier::testing {

class PostgresServer {
 public:
  PostgresServer() = default;
  ~PostgresServer();
  PostgresServer(const PostgresServer&) = delete;
  PostgresServer& operator=(const PostgresServer&) = delete;

  // initdb (first time only) and start; false with the reason in `error`. Call it from a
  // thread that lives as long as the server: the server is told to quit when that thread ends.
  bool start(std::string* error = nullptr);
  // Fast shutdown (SIGINT: open sessions are ended, committed data kept); waits for the exit.
  void stop();
  // SIGKILL of the postmaster, like a crash; start() recovers from the WAL. Its backends may
  // live (and commit) for a moment longer, until they notice.
  void kill_hard();
  // Immediate shutdown (SIGQUIT): every backend is ended before the postmaster exits, with no
  // checkpoint; start() recovers from the WAL. No session outlives it.
  void crash();
  bool running() const { return pid_ > 0; }

  // A libpq connection URL for `database` over the Unix socket (user `frontier`, no password).
  std::string url(const std::string& database) const;
  // CREATE DATABASE `name` (letters, digits and _ only); false with the reason in `error`.
  bool create_database(const std::string& name, std::string* error = nullptr) const;
  // Runs one SQL command (or several, separated by ';') on `database`; false with the reason.
  bool execute(const std::string& database, const std::string& sql, std::string* error = nullptr) const;
  const std::filesystem::path& dir() const { return dir_; }
  std::string log() const;

 private:
  bool init(std::string* error);
  void signal_and_wait(int signal);

  std::filesystem::path dir_;  // the scratch folder: data/, the socket, server.log
  pid_t pid_ = -1;
  uid_t uid_ = 0;  // the account the server runs as (root only drops to it)
  gid_t gid_ = 0;
  bool drop_ = false;
};

// The server every test of this process shares, started on first use (from the main thread)
// and stopped at exit. Aborts the test binary with the server's log if it cannot start.
PostgresServer& shared_postgres();

// A fresh database of shared_postgres() named `stem` and a number (letters, digits and _), for
// several frontierd nodes of one test to share; its URL. Aborts the test binary if it cannot.
std::string fresh_shared_database(const std::string& stem);

// The folder of initdb and postgres: $FRONTIER_PG_BIN, else Debian's PostgreSQL 15.
std::filesystem::path postgres_bin_dir();

}  // namespace frontier::testing
