#include "storage/leadership.h"

#include <spdlog/spdlog.h>

#include "storage/pg_connection.h"

namespace frontier::storage {

namespace {
// pg_advisory_lock key of the leader: "FRLEADER" in ASCII (the migrations hold "FRONTIER").
constexpr int64_t kLeaderLock = 0x46524c4541444552;
}  // namespace

std::unique_ptr<Leadership> Leadership::single() {
  auto l = std::unique_ptr<Leadership>(new Leadership({}, std::chrono::seconds(1)));
  l->leader_ = true;
  return l;
}

std::unique_ptr<Leadership> Leadership::postgres(std::string url, std::chrono::milliseconds retry) {
  return std::unique_ptr<Leadership>(new Leadership(std::move(url), retry));
}

Leadership::Leadership(std::string url, std::chrono::milliseconds retry)
    : url_(std::move(url)), retry_(retry) {}

Leadership::~Leadership() {
  stop();
}

void Leadership::on_change(std::function<void(bool leader)> listener) {
  listeners_.push_back(std::move(listener));
}

void Leadership::start() {
  if (!clustered()) return;
  step();
  thread_ = std::thread([this] { loop(); });
}

void Leadership::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  // Closing the connection ends the session, which frees the lock for the next leader now
  // rather than when the process exits.
  conn_.reset();
  if (clustered()) leader_ = false;
}

void Leadership::loop() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    cv_.wait_for(lock, retry_);
    if (stopping_) break;
    lock.unlock();
    step();
    lock.lock();
  }
}

void Leadership::step() {
  if (leader_) {
    // The lock lives as long as its session: a connection that fails a trivial query may have
    // lost it already, and another node may lead now, so this one stops at once.
    if (conn_->alive() && conn_->exec("SELECT 1")) return;
    spdlog::warn("leader: lost the database connection ({}); no longer the leader", conn_->error());
    conn_.reset();
    set(false);
    return;
  }
  if (!conn_ || !conn_->alive()) {
    auto opened = pg::Connection::open(url_);
    if (!opened) {
      spdlog::debug("leader: cannot connect: {}", opened.status().message());
      conn_.reset();
      return;
    }
    conn_ = std::move(opened.value());
  }
  auto r = conn_->exec("SELECT pg_try_advisory_lock(" + std::to_string(kLeaderLock) + ")");
  if (!r) {
    spdlog::debug("leader: {}", r.status().message());
    conn_.reset();
    return;
  }
  if (r.value().count() == 1 && r.value().str(0, 0) == "t") {
    spdlog::info("leader: this node is the leader (clocks, tournaments, webhooks and e-mail run here)");
    set(true);
  }
}

void Leadership::set(bool leader) {
  leader_ = leader;
  for (auto& listener : listeners_) listener(leader);
}

}  // namespace frontier::storage
