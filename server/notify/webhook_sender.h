// Delivers queued webhooks off the match strands, asynchronously on one thread of its own: each
// destination (host:port) has its own queue and at most `per_destination` deliveries in flight,
// so a receiver that never answers holds only its own slots while every other destination's
// deliveries go out at once. A failed delivery is retried at +10 s, +60 s and +5 min on the
// server clock (so tests with the manual clock see them when they advance it), and its
// destination rests for a while that doubles with each further failure in a row: a dead
// endpoint backs off alone. Every delivery is a row of webhook_outbox until it succeeds or is
// given up, so a restart resumes the pending ones. Only the leader sends (storage/leadership.h):
// on a shared database it reads the outbox every second, so rows stored by any node go out once,
// and a node that stops leading drops what it held (the rows stay for the next leader).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "storage/leadership.h"
#include "storage/writer.h"

namespace frontier::server::notify {

struct WebhookPolicy {
  std::chrono::milliseconds timeout{5000};        // one delivery: resolve, connect, send, answer
  std::vector<int64_t> retry_after{10, 60, 300};  // seconds after each failed attempt
  size_t per_destination = 2;                     // deliveries in flight to one host:port
  size_t in_flight = 128;                         // deliveries in flight to all destinations
  int64_t rest_after_failure = 10;                // seconds; doubles per failure in a row
  int64_t rest_max = 600;
};

class WebhookSender {
 public:
  WebhookSender(storage::Writer& writer, std::function<int64_t()> now, WebhookPolicy policy = {});
  ~WebhookSender();
  WebhookSender(const WebhookSender&) = delete;
  WebhookSender& operator=(const WebhookSender&) = delete;

  // Set before start(); without it this node always sends.
  void set_leadership(const storage::Leadership* leadership);
  // Loads the outbox (blocking) and starts the thread.
  void start();
  // Deliveries in flight are dropped; their rows stay in the outbox for the next start.
  void stop();
  // Thread-safe: a delivery already stored in the outbox.
  void enqueue(storage::OutboxRow row);
  // The clock moved (manual clock): look for due deliveries now.
  void poke();

  struct Impl;  // public only so the delivery callbacks in webhook_sender.cpp can name it

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace frontier::server::notify
