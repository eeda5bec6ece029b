// Computer opponents (docs/ai.md). A bot is an account with a level ("bot-easy", "bot-normal",
// "bot-hard", made at start-up, unable to log in). When a match settles with a bot's seat
// prompted, the driver copies the state on the match's strand, searches on its own worker pool
// (rules/ai: it sees only what its seat may see) and submits the move on the strand through
// Match::submit, the gate every person's move passes: a stale or illegal move is refused there.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <tuple>

#include "ai/level.h"
#include "ai/turn.h"
#include "match/match.h"
#include "match/registry.h"
#include "storage/writer.h"

namespace boost::asio {
class thread_pool;
}

namespace frontier::server::bots {

struct BotConfig {
  int threads = 1;  // worker threads thinking for every bot; 0 = bots do not move (maintenance)
  std::chrono::milliseconds think_limit{3000};  // a decision's deadline, whatever its level
};

class BotDriver {
 public:
  explicit BotDriver(BotConfig config);
  ~BotDriver();
  BotDriver(const BotDriver&) = delete;
  BotDriver& operator=(const BotDriver&) = delete;

  // Finds or makes the bot accounts (start-up, before serving).
  core::Status load_accounts(storage::Writer& writer, int64_t now);
  // The account that plays at `level`.
  std::optional<SeatHolder> account(ai::Level level) const;
  bool is_bot(uint64_t user_id) const;
  // The connection a bot's requests come from (nullptr for a person): its answers go nowhere.
  std::shared_ptr<Connection> connection_of(uint64_t user_id) const;
  std::optional<ai::Level> level_of(uint64_t user_id) const;

  // On `match`'s strand after a change settled (MatchServices::on_settled): starts a decision for
  // every prompted seat a bot holds that is not already being decided.
  void prompted(const std::shared_ptr<Match>& match);
  // After start-up: every running match where a bot is to move is loaded and prompted, so a
  // restart resumes the bots' games.
  void resume(MatchRegistry& matches, storage::Writer& writer);
  // Waits for decisions under way; later prompts are ignored.
  void stop();

  uint64_t decisions() const;

 private:
  struct Account {
    ai::Level level;
    std::string name;
    std::shared_ptr<Connection> connection;  // the bot's side of the gate: replies go nowhere
  };
  void decide(const std::shared_ptr<Match>& match, core::Seat seat, uint32_t seq,
              const std::shared_ptr<const core::GameState>& state, const Account& account);

  BotConfig config_;
  std::unique_ptr<boost::asio::thread_pool> pool_;
  mutable std::mutex mu_;
  std::map<uint64_t, Account> accounts_;                           // by user id
  std::set<std::tuple<uint64_t, core::Seat, uint32_t>> deciding_;  // (match, seat, seq)
  // What each bot seat carries from one decision to the next (ai/turn.h): the turn's budget, which
  // goes on while the bot is prompted at the seq right after its own last move (nobody else moved),
  // and the trail of the stack it is moving. Forgotten all at once past kMaxTurns entries, and at
  // a restart: a bot then only gets a fresh turn's budget.
  struct SeatTurn {
    uint32_t next_seq;
    ai::TurnBudget budget;
    ai::MoveTrail trail;
  };
  static constexpr size_t kMaxTurns = 4096;
  std::map<std::pair<uint64_t, core::Seat>, SeatTurn> turns_;  // by (match, seat)
  std::atomic<bool> stopped_{false};
  uint64_t decisions_ = 0;
};

}  // namespace frontier::server::bots
