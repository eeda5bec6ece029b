#include "notify/webhook_sender.h"

#include <spdlog/spdlog.h>

#include "notify/http_post.h"

namespace frontier::server::notify {

WebhookSender::WebhookSender(storage::Writer& writer, std::function<int64_t()> now, WebhookPolicy policy)
    : writer_(writer), now_(std::move(now)), policy_(std::move(policy)) {}

WebhookSender::~WebhookSender() {
  stop();
}

void WebhookSender::start() {
  std::vector<storage::OutboxRow> stored;
  writer_.run_sync([&stored](storage::Store& s) { stored = s.outbox(); });
  {
    std::lock_guard lock(mu_);
    pending_.insert(pending_.end(), stored.begin(), stored.end());
  }
  if (!stored.empty()) spdlog::info("webhooks: {} deliveries pending from before the restart", stored.size());
  thread_ = std::thread([this] { loop(); });
}

void WebhookSender::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void WebhookSender::enqueue(storage::OutboxRow row) {
  {
    std::lock_guard lock(mu_);
    pending_.push_back(std::move(row));
  }
  cv_.notify_all();
}

void WebhookSender::poke() {
  cv_.notify_all();
}

void WebhookSender::loop() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    int64_t now = now_();
    auto due =
        std::find_if(pending_.begin(), pending_.end(), [now](const auto& r) { return r.next_at <= now; });
    if (due == pending_.end()) {
      // The real clock moves on its own: look again every second. The manual one pokes.
      cv_.wait_for(lock, std::chrono::seconds(1));
      continue;
    }
    storage::OutboxRow row = std::move(*due);
    pending_.erase(due);
    lock.unlock();
    deliver(std::move(row));
    lock.lock();
  }
}

void WebhookSender::deliver(storage::OutboxRow row) {
  auto url = parse_webhook_url(row.url);
  core::Status st = url ? post_json(url.value(), row.body, policy_.timeout) : url.status();
  ++row.attempts;
  if (st) {
    spdlog::info("webhook for user {} delivered (attempt {})", row.user_id, row.attempts);
    writer_.submit([id = row.id](storage::Store& s) { return s.delete_outbox(id); });
    return;
  }
  if (!url || row.attempts > static_cast<int>(policy_.retry_after.size())) {
    spdlog::warn("webhook for user {} given up after {} attempts: {}", row.user_id, row.attempts,
                 st.message());
    writer_.submit([id = row.id](storage::Store& s) { return s.delete_outbox(id); });
    return;
  }
  row.next_at = now_() + policy_.retry_after[static_cast<size_t>(row.attempts) - 1];
  spdlog::info("webhook for user {} failed (attempt {}): {}; next try at {}", row.user_id, row.attempts,
               st.message(), row.next_at);
  writer_.submit([id = row.id, attempts = row.attempts, next = row.next_at](storage::Store& s) {
    return s.retry_outbox(id, attempts, next);
  });
  std::lock_guard lock(mu_);
  pending_.push_back(std::move(row));
}

}  // namespace frontier::server::notify
