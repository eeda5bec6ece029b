#include "storage/pg_listener.h"

#include <poll.h>

#include <chrono>

#include "storage/pg_connection.h"

namespace frontier::storage {

PgListener::PgListener(std::string url, std::vector<std::string> channels, Notice notice,
                       std::function<void()> resync, std::function<void()> tick)
    : url_(std::move(url)),
      channels_(std::move(channels)),
      notice_(std::move(notice)),
      resync_(std::move(resync)),
      tick_(std::move(tick)) {}

PgListener::~PgListener() {
  stop();
}

core::Status PgListener::listen() {
  std::string sql = "SET application_name = 'frontierd-listen'";
  // Channel names are ours (letters, digits, _), quoted as identifiers.
  for (const auto& c : channels_) sql += "; LISTEN \"" + c + "\"";
  auto r = conn_->exec(sql);
  return r ? core::Status::ok() : r.status();
}

core::Status PgListener::start() {
  auto conn = pg::Connection::open(url_);
  if (!conn) return conn.status();
  conn_ = std::move(conn.value());
  if (auto st = listen(); !st) return st;
  thread_ = std::thread([this] { loop(); });
  return core::Status::ok();
}

void PgListener::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

void PgListener::loop() {
  auto last_tick = std::chrono::steady_clock::now();
  while (!stopping_) {
    if (!conn_->alive()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      if (conn_->reset() && listen() && resync_) resync_();
    } else {
      pollfd fd{conn_->socket(), POLLIN, 0};
      (void)::poll(&fd, 1, 200);  // wakes on a notification, or after 200 ms for the tick
      for (auto& [channel, payload] : conn_->notifications()) notice_(channel, payload);
    }
    auto now = std::chrono::steady_clock::now();
    if (tick_ && now - last_tick >= std::chrono::milliseconds(200)) {
      last_tick = now;
      tick_();
    }
  }
}

}  // namespace frontier::storage
