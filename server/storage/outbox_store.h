// What waits to leave the site (migrations/0003_clocks.sql, 0006_email.sql): webhook deliveries,
// queued mails and "your turn" mails waiting for their delay. One concern of the Store (store.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"

namespace frontier::storage {

// A webhook delivery still to be made.
struct OutboxRow {
  uint64_t id = 0;
  uint64_t user_id = 0;
  std::string url;
  std::string body;
  int attempts = 0;
  int64_t next_at = 0;
};
// A mail queued for the relay.
struct EmailOutboxRow {
  uint64_t id = 0;
  uint64_t user_id = 0;
  std::string dedupe;  // one notice, one key: queued (and so sent) once
  std::string to;
  std::string message;  // RFC 5322, sent as is
  int attempts = 0;
  int64_t next_at = 0;
  int64_t created_at = 0;
};
// A "your turn" mail waiting for the user's delay.
struct TurnEmailRow {
  uint64_t user_id = 0;
  uint64_t match_id = 0;
  uint32_t seq = 0;
  int64_t due_at = 0;
  std::string text;
};

class OutboxStore {
 public:
  virtual ~OutboxStore() = default;

  // Webhooks.
  virtual core::Result<uint64_t> add_outbox(const OutboxRow& row) = 0;
  virtual core::Status retry_outbox(uint64_t id, int attempts, int64_t next_at) = 0;
  virtual core::Status delete_outbox(uint64_t id) = 0;
  virtual core::Result<std::vector<OutboxRow>> outbox() = 0;

  // Mails. Queues a mail unless one with its dedupe key was ever queued; true when queued now.
  virtual core::Result<bool> add_email(const EmailOutboxRow& row) = 0;
  // Unsent mails due by `now`, earliest first.
  virtual core::Result<std::vector<EmailOutboxRow>> emails_due(int64_t now, uint32_t limit) = 0;
  // The earliest next_at of an unsent mail or a waiting turn mail (or a due digest); 0 = none.
  virtual core::Result<int64_t> email_next_at() = 0;
  // The relay took it; sent mails older than `forget_before` are dropped.
  virtual core::Status email_sent(uint64_t id, int64_t at, int64_t forget_before) = 0;
  virtual core::Status email_retry(uint64_t id, int attempts, int64_t next_at) = 0;
  // An earlier wait for the same match stands.
  virtual core::Status add_turn_email(const TurnEmailRow& row) = 0;
  virtual core::Result<std::vector<TurnEmailRow>> turn_emails_due(int64_t now, uint32_t limit) = 0;
  virtual core::Status delete_turn_email(uint64_t user_id, uint64_t match_id) = 0;
};

}  // namespace frontier::storage
