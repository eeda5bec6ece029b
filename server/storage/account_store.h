// Accounts and session tokens (migrations/0001, 0005_bots.sql): one concern of the Store (store.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/status.h"

namespace frontier::storage {

struct UserRow {
  uint64_t id = 0;
  std::string name;
  std::string password_hash;
};

// A session token as stored: its hash (the token itself is never kept) and when it was issued.
struct TokenRow {
  std::string hash;
  int64_t created_at = 0;
};

class AccountStore {
 public:
  virtual ~AccountStore() = default;

  // create_user fails with InvalidArgument when the name is taken.
  virtual core::Result<uint64_t> create_user(const std::string& name, const std::string& password_hash,
                                             int64_t now) = 0;
  virtual core::Result<std::optional<UserRow>> find_user_by_name(const std::string& name) = 0;
  virtual core::Result<std::optional<UserRow>> find_user(uint64_t id) = 0;
  virtual core::Status put_token(const std::string& token_hash, uint64_t user_id, int64_t now) = 0;
  // The user of a token issued at or after `issued_after` (unix seconds): older ones have expired.
  virtual core::Result<std::optional<uint64_t>> user_for_token(const std::string& token_hash,
                                                               int64_t issued_after) = 0;
  virtual core::Status delete_token(const std::string& token_hash) = 0;
  // Sessions (docs/operations.md, Limits). Every token of `user_id`, expired or not, newest first.
  virtual core::Result<std::vector<TokenRow>> tokens_of_user(uint64_t user_id) = 0;
  // Removes every account's tokens issued before `before` (unix seconds): expired ones.
  virtual core::Status delete_tokens_issued_before(int64_t before) = 0;
  // Computer opponents (migrations/0005_bots.sql): the id of the bot account `name` playing at
  // `level`, made (unable to log in) when missing.
  virtual core::Result<uint64_t> ensure_bot_account(const std::string& name, const std::string& level,
                                                    int64_t now) = 0;
};

}  // namespace frontier::storage
