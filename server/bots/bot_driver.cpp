#include "bots/bot_driver.h"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include "ai/ismcts.h"
#include "core/engine.h"

namespace frontier::server::bots {

namespace {

constexpr ai::Level kLevels[] = {ai::Level::kEasy, ai::Level::kNormal, ai::Level::kHard};

std::string account_name(ai::Level level) {
  return std::string("bot-") + ai::level_name(level);
}

// Public facts only (the match's seed stays secret until the end): the same position asked
// twice gets the same answer.
uint64_t decision_seed(uint64_t user, uint64_t match, uint32_t seq, core::Seat seat) {
  uint64_t h = 1469598103934665603ULL;
  for (uint64_t v : {user, match, static_cast<uint64_t>(seq), static_cast<uint64_t>(seat)}) {
    h ^= v;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace

BotDriver::BotDriver(BotConfig config)
    : config_(config),
      pool_(config.threads > 0 ? std::make_unique<boost::asio::thread_pool>(config.threads) : nullptr) {}

BotDriver::~BotDriver() {
  stop();
}

core::Status BotDriver::load_accounts(storage::Writer& writer, int64_t now) {
  core::Status status;
  std::map<uint64_t, Account> found;
  writer.run_sync([&](storage::Store& s) {
    for (ai::Level level : kLevels) {
      auto id = s.ensure_bot_account(account_name(level), ai::level_name(level), now);
      if (!id) {
        // That level stays unavailable; the others still play.
        if (status) status = id.status();
        continue;
      }
      found[id.value()] = {level, account_name(level), nullptr};
    }
  });
  std::lock_guard lock(mu_);
  for (auto& [user, account] : found) {
    // A connection with no peer: the match answers it like anyone, and the answer goes nowhere.
    account.connection = std::make_shared<Connection>(0, "bot", std::weak_ptr<Peer>());
    account.connection->set_identity({user, account.name, {}});
    account.connection->hello_done = true;
    accounts_[user] = std::move(account);
  }
  return status;
}

std::optional<SeatHolder> BotDriver::account(ai::Level level) const {
  std::lock_guard lock(mu_);
  for (const auto& [user, account] : accounts_)
    if (account.level == level) return SeatHolder{user, account.name};
  return std::nullopt;
}

bool BotDriver::is_bot(uint64_t user_id) const {
  std::lock_guard lock(mu_);
  return accounts_.count(user_id) > 0;
}

std::shared_ptr<Connection> BotDriver::connection_of(uint64_t user_id) const {
  std::lock_guard lock(mu_);
  auto it = accounts_.find(user_id);
  return it == accounts_.end() ? nullptr : it->second.connection;
}

std::optional<ai::Level> BotDriver::level_of(uint64_t user_id) const {
  std::lock_guard lock(mu_);
  auto it = accounts_.find(user_id);
  if (it == accounts_.end()) return std::nullopt;
  return it->second.level;
}

void BotDriver::prompted(const std::shared_ptr<Match>& match) {
  if (!pool_) return;
  Match::BotTurn turn = match->bot_turn([this](uint64_t user) { return is_bot(user); });
  for (const auto& [prompted_seat, user] : turn.seats) {
    core::Seat seat = prompted_seat;  // a plain variable: clang 14 cannot capture a structured binding
    Account account;
    {
      std::lock_guard lock(mu_);
      if (stopped_ || !deciding_.insert({match->id(), seat, turn.seq}).second) continue;
      account = accounts_.at(user);
    }
    boost::asio::post(*pool_, [this, match, seat, seq = turn.seq, state = turn.state, account] {
      decide(match, seat, seq, state, account);
    });
  }
}

void BotDriver::decide(const std::shared_ptr<Match>& match, core::Seat seat, uint32_t seq,
                       const std::shared_ptr<const core::GameState>& state, const Account& account) {
  uint64_t user = account.connection->user_id();
  const core::Game& game = match->game();
  SeatTurn turn{seq + 1, ai::TurnBudget(account.level), {}};
  {
    std::lock_guard lock(mu_);
    if (auto it = turns_.find({match->id(), seat}); it != turns_.end()) {
      if (it->second.next_seq == seq) turn.budget = it->second.budget;  // the same turn goes on
      turn.trail = it->second.trail;
    }
  }
  ai::SearchLimits limits = turn.budget.next(game, *state, seat);
  turn.trail.avoid(game, *state, seat, limits.root_avoid);
  auto deadline = std::chrono::steady_clock::now() + config_.think_limit;
  limits.stop = [this, deadline] { return stopped_ || std::chrono::steady_clock::now() >= deadline; };
  auto started = std::chrono::steady_clock::now();
  ai::SearchResult result =
      ai::search(game, *state, seat, decision_seed(user, match->id(), seq, seat), limits);
  turn.budget.spent(result.iterations);
  turn.trail.played(game, *state, seat, result.action);
  {
    std::lock_guard lock(mu_);
    if (turns_.size() >= kMaxTurns && !turns_.count({match->id(), seat})) turns_.clear();
    turns_.insert_or_assign({match->id(), seat}, std::move(turn));
  }
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
  spdlog::debug("match {}: {} decided at seq {} in {} ms ({} iterations)", match->id(), account.name, seq,
                ms.count(), result.iterations);
  wire::SubmitAction submit;
  submit.set_match_id(match->id());
  submit.set_expected_seq(seq);
  submit.set_seat(seat);
  submit.set_client_action_id("bot-" + std::to_string(seq) + "-" + std::to_string(seat));
  *submit.mutable_action() = core::to_proto(result.action);
  match->post([this, match, seat, seq, submit, connection = account.connection] {
    // The same gate as a person's move: a position that moved on meanwhile refuses it, and the
    // next settled change prompts the bot again. A takeback on offer goes first (the bot accepts
    // it; its end, or a withdrawal, prompts again). Nothing is decided once the server stops.
    if (!stopped_ && !match->takeback_pending()) match->submit(connection, 0, submit);
    std::lock_guard lock(mu_);
    deciding_.erase({match->id(), seat, seq});
    ++decisions_;
  });
}

void BotDriver::resume(MatchRegistry& matches, storage::Writer& writer) {
  std::vector<uint64_t> ids;
  writer.run_sync([&](storage::Store& s) { ids = s.matches_awaiting_bots(); });
  for (uint64_t id : ids) {
    matches.with(id, [this](const std::shared_ptr<Match>& match) {
      if (match) prompted(match);
    });
  }
  if (!ids.empty()) spdlog::info("bots: resuming {} matches where a bot is to move", ids.size());
}

void BotDriver::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopped_) return;
    stopped_ = true;
  }
  if (pool_) pool_->join();
}

uint64_t BotDriver::decisions() const {
  std::lock_guard lock(mu_);
  return decisions_;
}

}  // namespace frontier::server::bots
