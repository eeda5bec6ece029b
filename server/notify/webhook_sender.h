// Delivers queued webhooks off the match strands: one thread, one POST at a time, a 5 s timeout,
// then retries at +10 s, +60 s and +5 min on the server clock (so tests with the manual clock see
// them when they advance it). Every delivery is a row of webhook_outbox until it succeeds or is
// given up, so a restart resumes the pending ones.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "storage/writer.h"

namespace frontier::server::notify {

struct WebhookPolicy {
  std::chrono::milliseconds timeout{5000};
  std::vector<int64_t> retry_after{10, 60, 300};  // seconds after each failed attempt
};

class WebhookSender {
 public:
  WebhookSender(storage::Writer& writer, std::function<int64_t()> now, WebhookPolicy policy = {});
  ~WebhookSender();

  // Loads the outbox (blocking) and starts the thread.
  void start();
  void stop();
  // Thread-safe: a delivery already stored in the outbox.
  void enqueue(storage::OutboxRow row);
  // The clock moved (manual clock): look for due deliveries now.
  void poke();

 private:
  void loop();
  void deliver(storage::OutboxRow row);

  storage::Writer& writer_;
  std::function<int64_t()> now_;
  WebhookPolicy policy_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<storage::OutboxRow> pending_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace frontier::server::notify
