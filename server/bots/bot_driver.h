// Computer opponents (docs/ai.md). A bot is an account with a level ("bot-easy", "bot-normal",
// "bot-hard", made at start-up, unable to log in). frontierd runs no search itself: when a match
// settles with a bot's seat prompted, the driver queues a decision holding that seat's update
// (what a person in the seat would be sent, never the state) and hands it to one connected
// worker process (frontier-bot, server/bot_worker; WorkerHello in docs/protocol.md). The worker
// searches from the view and answers bot_move, which goes through Match::submit in the bot
// account's name, the gate every person's move passes: a stale or illegal move is refused there.
//
// Fairness: decisions wait in one queue per person (the first seat holder who is not a bot), and
// idle workers serve the queues in turn, so one account's many games against the computer do not
// delay another's. A worker that disconnects, or does not answer within --bot-think-ms plus
// kGrace, has its decision given to another.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <tuple>

#include "ai/level.h"
#include "match/match.h"
#include "match/registry.h"
#include "storage/writer.h"

namespace frontier::server::bots {

struct BotConfig {
  // Local frontier-bot processes frontierd starts (and restarts); 0 = none, external workers
  // connect with the token (docs/operations.md).
  int workers = 1;
  std::chrono::milliseconds think_limit{3000};  // a decision's deadline, whatever its level
  std::string token_file;   // the worker token; empty = "<db>.bot-token" (or ./frontier-bot.token)
  std::string worker_path;  // the worker executable; empty = frontier-bot beside frontierd
};

class BotDriver {
 public:
  // A decision not answered this long after its deadline goes to another worker.
  static constexpr std::chrono::milliseconds kGrace{2000};

  explicit BotDriver(BotConfig config);
  ~BotDriver();
  BotDriver(const BotDriver&) = delete;
  BotDriver& operator=(const BotDriver&) = delete;

  // Finds or makes the bot accounts (start-up, before serving).
  core::Status load_accounts(storage::Writer& writer, int64_t now);
  // The token workers present (WorkerHello); set before serving.
  void set_token(std::string token) { token_ = std::move(token); }
  // The account that plays at `level`.
  std::optional<SeatHolder> account(ai::Level level) const;
  bool is_bot(uint64_t user_id) const;
  // The connection a bot's requests come from (nullptr for a person): its answers go nowhere.
  std::shared_ptr<Connection> connection_of(uint64_t user_id) const;
  std::optional<ai::Level> level_of(uint64_t user_id) const;

  // On `match`'s strand after a change settled (MatchServices::on_settled): queues a decision for
  // every prompted seat a bot holds that is not already queued or being decided.
  void prompted(const std::shared_ptr<Match>& match);
  // After start-up: every running match where a bot is to move is loaded and prompted, so a
  // restart resumes the bots' games.
  void resume(MatchRegistry& matches, storage::Writer& writer);
  // A worker's request (WorkerHello, bot_move): true when it was one (answered here).
  bool handle(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::ClientMessage& msg);
  // Later prompts are ignored and no decision is handed out; moves still arriving are refused by
  // the gate (shutting down).
  void stop();

  uint64_t decisions() const;
  // Prometheus lines: decisions waiting, the oldest one's age, workers connected, moves made.
  std::string render_metrics() const;

 private:
  using Key = std::tuple<uint64_t, core::Seat, uint32_t>;  // (match, seat, seq)
  using Clock = std::chrono::steady_clock;
  struct Account {
    ai::Level level;
    std::string name;
    std::shared_ptr<Connection> connection;  // the bot's side of the gate: replies go nowhere
  };
  struct Decision {
    std::shared_ptr<Match> match;
    uint64_t bot = 0;
    uint64_t person = 0;  // whose queue it waits in
    Frame frame;          // the BotDecision push
    Clock::time_point queued;
    const Connection* worker = nullptr;  // assigned to; nullptr while waiting
    Clock::time_point assigned;
    bool answered = false;  // the move is on its way through Match::submit
  };
  struct Worker {
    std::weak_ptr<Connection> conn;
    std::optional<Key> busy;
    Clock::time_point last_given;  // decisions go to the worker idle the longest, so all get work
  };

  void worker_hello(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                    const wire::WorkerHello& req);
  void bot_move(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::SubmitAction& req);
  // Under mu_: puts `key` back in its person's queue (at the front: it waited longest).
  void requeue_locked(const Key& key, Decision& d);
  // Under mu_: hands waiting decisions to idle workers, the persons' queues in turn.
  void dispatch_locked();
  // Every 100 ms: workers gone or late give their decisions back.
  void watch();

  BotConfig config_;
  std::string token_;
  mutable std::mutex mu_;
  std::condition_variable wake_;
  std::map<uint64_t, Account> accounts_;  // by user id
  std::map<Key, Decision> decisions_;
  std::map<uint64_t, std::deque<Key>> queues_;  // waiting decisions by person
  std::deque<uint64_t> turns_;                  // persons with a waiting decision, next served first
  std::map<const Connection*, Worker> workers_;
  bool stopped_ = false;
  uint64_t moves_ = 0;
  std::thread watcher_;
};

}  // namespace frontier::server::bots
