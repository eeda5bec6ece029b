// Integration-test harness: the real server binary started as a child process on an ephemeral
// loopback port with a temporary database, and small helpers that play over real WebSockets.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/registry.h"
#include "protocol_client/client.h"

namespace frontier::testing {

class ServerProcess {
 public:
  // `extra` flags are added after the defaults (--listen 127.0.0.1:0 --db <db()> --kdf min).
  explicit ServerProcess(std::vector<std::string> extra = {});
  ~ServerProcess();

  // The flags of the next start (a restart with other settings).
  void set_extra(std::vector<std::string> extra) { extra_ = std::move(extra); }
  // Starts the binary and waits for "listening on"; false (with the log in `error`) otherwise.
  bool start(std::string* error = nullptr);
  void kill_hard();       // SIGKILL, like a crash
  int stop_gracefully();  // SIGTERM; the exit status
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  uint16_t port() const { return port_; }
  // Starts the server with this RLIMIT_NOFILE (soft and hard), as an operator's ulimit would.
  void set_descriptor_limit(size_t limit) { descriptor_limit_ = limit; }
  // Resident memory (KiB) and CPU time used so far (user + system, seconds), from /proc.
  size_t rss_kib() const;
  double cpu_seconds() const;
  // One value from /metrics (e.g. "frontier_connections"); nullopt when unreadable.
  std::optional<double> metric(const std::string& name) const;
  const std::filesystem::path& dir() const { return dir_; }
  std::string db_path() const { return (dir_ / "frontier.db").string(); }
  // What --db is given: db_path(), or with FRONTIER_TEST_DB=postgres in the environment (the
  // *_postgres tests) a fresh database of the test process's PostgreSQL
  // (tests/support/postgres_server.h), so the same tests run frontierd on PostgreSQL.
  const std::string& db() const { return db_; }
  // Another --db for the next start: several nodes on one PostgreSQL database.
  void set_db(std::string db) { db_ = std::move(db); }
  std::string log() const;

 private:
  std::vector<std::string> extra_;
  std::filesystem::path dir_;
  std::string db_;
  pid_t pid_ = -1;
  uint16_t port_ = 0;
  int starts_ = 0;
  size_t descriptor_limit_ = 0;  // 0 = inherited
};

// One plain HTTP request on a fresh connection, which it asks the server to close after the answer
// (tests/server/keep_alive_test.cpp keeps connections open).
struct HttpResult {
  int status = 0;                                   // 0 = no answer
  std::multimap<std::string, std::string> headers;  // names lowercased
  std::string body;
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  }
};
// A plain TCP connection to the server on loopback (a descriptor, or -1): says nothing itself.
int loopback_socket(uint16_t port);
HttpResult http(uint16_t port, const std::string& method, const std::string& target,
                const std::vector<std::pair<std::string, std::string>>& headers = {},
                const std::string& body = {});

// A logged-in client holding (at most) one seat in one match, with the last update it saw.
struct Player {
  std::unique_ptr<client::ProtocolClient> c = std::make_unique<client::ProtocolClient>();
  std::string name;
  std::string token;
  uint64_t user_id = 0;
  wire::MatchUpdate last;
};

// Connects and sends Hello; `token` resumes a session.
bool connect(client::ProtocolClient& c, uint16_t port, const std::string& token = {});
// Registers a new user with a unique name built from `stem`.
bool register_player(Player& p, uint16_t port, const std::string& stem, std::string* why = nullptr);
// Reconnects `p` with its token and rejoins its match, asking for log lines after `since`.
bool reconnect(Player& p, uint16_t port, uint64_t match_id, uint32_t since);

wire::ClientMessage create_match_msg(const std::string& game, const std::string& side,
                                     wire::Visibility visibility = wire::PUBLIC);
wire::ClientMessage join_msg(uint64_t match_id, const std::string& side = {}, uint32_t since = 0);
wire::ClientMessage submit_msg(uint64_t match_id, uint32_t expected_seq, const frontier::Action& a,
                               const std::string& client_action_id);

// The fixture race game's actions (tests/fixture): a secret bid, then rolls.
frontier::Action race_bid(int amount);
frontier::Action race_roll();

// Creates a match of `game` for two fresh players (seat 0 creates, seat 1 joins); both
// hold the RUNNING update afterwards. Returns the match id (0 on failure, said in `why`).
uint64_t start_two_player_match(Player& a, Player& b, uint16_t port, const std::string& game,
                                const std::string& stem, std::string* why = nullptr);

// Reads pushed updates into p.last until one satisfies `pred` (true), or none comes (false).
bool await_update(Player& p, const std::function<bool(const wire::MatchUpdate&)>& pred);

// Takes the update an acknowledgement carries (the submitter gets no separate push for it).
void absorb(Player& p, const core::Result<wire::ServerMessage>& reply);
// Waits until `p` holds an update with seq >= `seq` (pushes are consumed in order).
bool await_seq(Player& p, uint32_t seq);

// One random legal step by whichever player holds a prompt; every player then catches up.
// Returns the acknowledged seq, or 0 when nobody holds a prompt.
struct Step {
  uint32_t seq = 0;
  int seat = -1;
  frontier::Action action;
};
// One random legal move by a prompted player, seen by all; seq 0 when it failed (`why` says how).
Step play_random_step(std::vector<Player*> players, std::mt19937& rng, const std::string& client_id_prefix,
                      std::string* why = nullptr);

// Path of frontierd-fixture (set by CMake).
std::string fixture_server_path();

}  // namespace frontier::testing
