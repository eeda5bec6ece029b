#include "bots/bot_driver.h"

#include <spdlog/spdlog.h>

#include <fmt/format.h>

#include <algorithm>

namespace frontier::server::bots {

namespace {

constexpr ai::Level kLevels[] = {ai::Level::kEasy, ai::Level::kNormal, ai::Level::kHard};

std::string account_name(ai::Level level) {
  return std::string("bot-") + ai::level_name(level);
}

}  // namespace

BotDriver::BotDriver(BotConfig config) : config_(std::move(config)), watcher_([this] { watch(); }) {}

BotDriver::~BotDriver() {
  stop();
  if (watcher_.joinable()) watcher_.join();
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
  Match::BotTurn turn = match->bot_turn([this](uint64_t user) { return is_bot(user); });
  for (const auto& [prompted_seat, user] : turn.seats) {
    core::Seat seat = prompted_seat;  // a plain variable: clang 14 cannot capture a structured binding
    Key key{match->id(), seat, turn.seq};
    {
      std::lock_guard lock(mu_);
      if (stopped_ || decisions_.count(key)) continue;
    }
    // The seat's own update, as a person in it would be sent (no log lines: the view carries
    // every public fact the search needs).
    wire::ServerMessage m;
    wire::BotDecision* d = m.mutable_decision();
    match->fill_update(seat, turn.seq, *d->mutable_update());
    for (const frontier::Option& o : turn.options) *d->add_options() = o;
    d->set_think_ms(static_cast<uint32_t>(config_.think_limit.count()));
    std::lock_guard lock(mu_);
    auto account = accounts_.find(user);
    if (account == accounts_.end()) continue;
    d->set_level(ai::level_name(account->second.level));
    Decision& decision = decisions_[key];
    decision.match = match;
    decision.bot = user;
    decision.person = turn.person;
    decision.frame = std::make_shared<const std::string>(m.SerializeAsString());
    decision.queued = Clock::now();
    auto& queue = queues_[turn.person];
    if (queue.empty()) turns_.push_back(turn.person);
    queue.push_back(key);
    dispatch_locked();
  }
}

void BotDriver::requeue_locked(const Key& key, Decision& d) {
  d.worker = nullptr;
  auto& queue = queues_[d.person];
  if (queue.empty()) turns_.push_front(d.person);
  queue.push_front(key);
}

void BotDriver::dispatch_locked() {
  while (!stopped_ && !turns_.empty()) {
    Worker* idle = nullptr;
    const Connection* id = nullptr;
    std::shared_ptr<Connection> conn;
    for (auto& [key, worker] : workers_) {
      if (worker.busy || (idle && idle->last_given <= worker.last_given)) continue;
      auto c = worker.conn.lock();
      if (!c || c->closed()) continue;
      idle = &worker;
      id = key;
      conn = std::move(c);
    }
    if (!idle) return;
    // The person whose turn it is gives their oldest decision, then goes to the back of the line.
    uint64_t person = turns_.front();
    turns_.pop_front();
    auto& queue = queues_[person];
    Key key = queue.front();
    queue.pop_front();
    if (!queue.empty())
      turns_.push_back(person);
    else
      queues_.erase(person);
    Decision& d = decisions_.at(key);
    d.worker = id;
    d.assigned = Clock::now();
    idle->busy = key;
    idle->last_given = d.assigned;
    conn->send(d.frame);
  }
}

bool BotDriver::handle(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                       const wire::ClientMessage& msg) {
  if (msg.has_worker_hello()) {
    worker_hello(conn, request_id, msg.worker_hello());
    return true;
  }
  if (msg.has_bot_move()) {
    bot_move(conn, request_id, msg.bot_move());
    return true;
  }
  return false;
}

void BotDriver::worker_hello(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                             const wire::WorkerHello& req) {
  // Compared in constant time: the token is the workers' password.
  bool good = !token_.empty() && req.token().size() == token_.size();
  unsigned char differ = 0;
  for (size_t i = 0; good && i < token_.size(); ++i)
    differ |= static_cast<unsigned char>(req.token()[i] ^ token_[i]);
  good = good && differ == 0;
  if (!good) return send_error(*conn, request_id, wire::BAD_TOKEN, "That is not this server's worker token");
  if (conn->user_id() != 0)
    return send_error(*conn, request_id, wire::INVALID_ARGUMENT, "A worker's connection holds no account");
  {
    std::lock_guard lock(mu_);
    workers_.try_emplace(conn.get(), Worker{conn, std::nullopt, Clock::time_point()});
  }
  spdlog::info("bots: a worker connected from {}", conn->remote());
  send_ok(*conn, request_id);
  std::lock_guard lock(mu_);
  dispatch_locked();
}

void BotDriver::bot_move(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                         const wire::SubmitAction& req) {
  Key key{req.match_id(), req.has_seat() ? req.seat() : core::kObserver, req.expected_seq()};
  std::shared_ptr<Match> match;
  std::shared_ptr<Connection> as_bot;
  {
    std::lock_guard lock(mu_);
    auto worker = workers_.find(conn.get());
    if (worker == workers_.end())
      return send_error(*conn, request_id, wire::NOT_LOGGED_IN,
                        "Only a worker (WorkerHello) sends bot moves");
    auto it = decisions_.find(key);
    if (it == decisions_.end() || it->second.worker != conn.get() || it->second.answered) {
      // Given to another worker meanwhile (this one was late), or never this worker's.
      return send_error(*conn, request_id, wire::STALE_SEQ,
                        "That decision is not yours (any more): another worker has it or the match moved on");
    }
    Decision& d = it->second;
    d.answered = true;
    worker->second.busy.reset();
    match = d.match;
    const Account& account = accounts_.at(d.bot);
    as_bot = conn->acting_as({d.bot, account.name, {}});
    dispatch_locked();
  }
  match->post([this, match, key, as_bot, request_id, req] {
    // The same gate as a person's move: a position that moved on meanwhile refuses it (STALE_SEQ
    // to the worker), and the next settled change prompts the bot again. A takeback on offer
    // goes first (the bot accepts it; its end, or a withdrawal, prompts again).
    if (match->takeback_pending())
      send_error(*as_bot, request_id, wire::NOT_YOUR_TURN,
                 "A takeback is on offer; the bot is asked again after it");
    else
      match->submit(as_bot, request_id, req);
    std::lock_guard lock(mu_);
    decisions_.erase(key);
    ++moves_;
  });
}

void BotDriver::watch() {
  std::unique_lock lock(mu_);
  while (!stopped_) {
    wake_.wait_for(lock, std::chrono::milliseconds(100));
    auto now = Clock::now();
    for (auto it = workers_.begin(); it != workers_.end();) {
      auto conn = it->second.conn.lock();
      if (conn && !conn->closed()) {
        ++it;
        continue;
      }
      // Gone (killed mid-thought, or its connection lost): its decision goes to another worker.
      if (it->second.busy) {
        auto d = decisions_.find(*it->second.busy);
        if (d != decisions_.end() && d->second.worker == it->first && !d->second.answered)
          requeue_locked(d->first, d->second);
      }
      spdlog::info("bots: a worker left");
      it = workers_.erase(it);
    }
    for (auto& [key, d] : decisions_) {
      if (!d.worker || d.answered || now - d.assigned < config_.think_limit + kGrace) continue;
      // Late: the worker is stuck or far too slow. Its answer, if it comes, is refused.
      spdlog::warn("bots: match {} seat {}: no move within {} ms; asking another worker", std::get<0>(key),
                   std::get<1>(key), (config_.think_limit + kGrace).count());
      auto w = workers_.find(d.worker);
      if (w != workers_.end()) w->second.busy.reset();
      requeue_locked(key, d);
    }
    dispatch_locked();
  }
}

void BotDriver::resume(MatchRegistry& matches, storage::Writer& writer) {
  std::vector<uint64_t> ids;
  writer.run_sync([&](storage::Store& s) {
    auto read = s.matches_awaiting_bots();
    if (read) {
      ids = std::move(read.value());
    } else {  // each match's bot is asked again when it is next prompted
      spdlog::error("bots: cannot read the matches where a bot is to move: {}", read.status().message());
    }
  });
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
    stopped_ = true;
  }
  wake_.notify_all();
}

uint64_t BotDriver::decisions() const {
  std::lock_guard lock(mu_);
  return moves_;
}

std::string BotDriver::render_metrics() const {
  std::lock_guard lock(mu_);
  size_t waiting = 0;
  auto oldest = Clock::now();
  for (const auto& [key, d] : decisions_) {
    if (d.answered) continue;
    oldest = std::min(oldest, d.queued);
    if (!d.worker) ++waiting;
  }
  double age = std::chrono::duration<double>(Clock::now() - oldest).count();
  return fmt::format(
      "# HELP frontier_bot_decisions_waiting Computer opponents' decisions waiting for a worker\n"
      "# TYPE frontier_bot_decisions_waiting gauge\nfrontier_bot_decisions_waiting {}\n"
      "# HELP frontier_bot_oldest_decision_seconds Age of the oldest decision not yet answered\n"
      "# TYPE frontier_bot_oldest_decision_seconds gauge\nfrontier_bot_oldest_decision_seconds {:.3f}\n"
      "# HELP frontier_bot_workers Worker processes connected (frontier-bot)\n"
      "# TYPE frontier_bot_workers gauge\nfrontier_bot_workers {}\n"
      "# HELP frontier_bot_moves_total Bot moves handed to the match gate\n"
      "# TYPE frontier_bot_moves_total counter\nfrontier_bot_moves_total {}\n",
      waiting, age, workers_.size(), moves_);
}

}  // namespace frontier::server::bots
