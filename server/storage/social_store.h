// Play-by-web's social side (migrations/0004_social.sql, 0003_clocks.sql, 0006_email.sql): chat,
// prompts, what each user has seen, "my matches", notification profiles and e-mail settings. One
// concern of the Store (store.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/status.h"
#include "storage/match_store.h"

namespace frontier::storage {

// One row of "my matches" (ListMatches MINE), with what the user has seen of it.
struct MyMatchRow {
  MatchRow match;
  bool your_turn = false;
  int64_t turn_since = 0;  // with your_turn: when the earliest of your prompts began
  uint32_t unread_chat = 0;
  bool unseen_result = false;
};

struct ChatRow {
  uint64_t match_id = 0;
  uint64_t user_id = 0;
  int seat = -1;
  std::string text;
  int64_t at = 0;
};

// A stored chat line as it is read back: with its author's name.
struct ChatLine {
  ChatRow row;
  std::string user_name;
};

// A user's notification settings (migrations/0003_clocks.sql).
struct ProfileRow {
  uint64_t user_id = 0;
  std::string webhook_url;
  uint32_t notify_flags = 7;  // ProfileFlag bits
};
enum ProfileFlag : uint32_t { kNotifyYourTurn = 1, kNotifyStartEnd = 2, kNotifyTimeLow = 4 };

// E-mail notices (migrations/0006_email.sql). Numbers are stored: never renumber.
enum EmailChoice : uint32_t {
  kEmailYourTurn = 1,
  kEmailDigest = 2,
  kEmailClock = 4,
  kEmailPairings = 8,
  kEmailGameOver = 16,
};
struct EmailRow {
  uint64_t user_id = 0;
  std::string address;
  bool verified = false;
  std::string code_hash;  // of the verification code mailed; "" = none pending
  int64_t code_expires = 0;
  int code_tries = 0;
  int64_t code_sent_at = 0;
  uint32_t choices = kEmailYourTurn | kEmailClock | kEmailPairings | kEmailGameOver;
  int64_t turn_delay = 3600;  // seconds
  std::string unsubscribe;    // the one-click unsubscribe link's secret
  int64_t digest_due = 0;
};

class SocialStore {
 public:
  virtual ~SocialStore() = default;

  virtual core::Status add_chat(const ChatRow& chat) = 0;
  // The latest `limit` chat lines of a match, oldest first.
  virtual core::Result<std::vector<ChatLine>> chat_lines(uint64_t match_id, uint32_t limit) = 0;
  // How many chat lines the match has stored (the per-match cap).
  virtual core::Result<uint32_t> chat_line_count(uint64_t match_id) = 0;

  // After a committed change: when the seats in `prompt_started` (a seat bit mask) began their prompt.
  virtual core::Status prompts_started(uint64_t match_id, int64_t now, uint32_t prompt_started) = 0;
  // `user` has seen the match as it stands (its seq and every chat line so far).
  virtual core::Status mark_seen(uint64_t user_id, uint64_t match_id) = 0;
  // The match's seq when `user_id` last looked at it; 0 = never.
  virtual core::Result<uint32_t> seen_seq(uint64_t user_id, uint64_t match_id) = 0;
  // The user's matches: their turn first (longest waiting first), then unread chat, then
  // finished and not seen since, then the rest by latest activity.
  virtual core::Result<std::vector<MyMatchRow>> my_matches(uint64_t user_id, uint32_t limit) = 0;

  // Notification profiles (migrations/0003_clocks.sql).
  virtual core::Result<ProfileRow> profile(uint64_t user_id) = 0;
  virtual core::Status put_profile(const ProfileRow& row) = 0;

  // E-mail settings (migrations/0006_email.sql).
  virtual core::Result<std::optional<EmailRow>> email(uint64_t user_id) = 0;
  virtual core::Result<std::optional<EmailRow>> email_by_unsubscribe(const std::string& secret) = 0;
  // Stores the row; an empty address removes it (and its pending turn mails).
  virtual core::Status put_email(const EmailRow& row) = 0;
  // Verified addresses with the digest chosen whose digest is due.
  virtual core::Result<std::vector<EmailRow>> digests_due(int64_t now, uint32_t limit) = 0;
};

}  // namespace frontier::storage
