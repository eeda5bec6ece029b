// Accounts' cryptography and policy: argon2id password hashes (libsodium), random session
// tokens kept only as SHA-256 hashes, name/password rules and login throttling.
// hash_password and verify_password are deliberately slow (memory-hard): call them on the
// blocking pool, never on a network thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "core/status.h"

namespace frontier::auth {

// argon2id cost. interactive() is libsodium's recommendation for logins; minimal() keeps tests fast.
struct KdfCost {
  uint64_t ops = 0;
  size_t mem_bytes = 0;
  static KdfCost interactive();
  static KdfCost minimal();
};

// Initialises libsodium once (thread-safe); false if the library cannot start.
bool init_crypto();

std::string hash_password(const std::string& password, const KdfCost& cost);
bool verify_password(const std::string& stored_hash, const std::string& password);

// 32 random bytes as 64 hex digits.
std::string new_token();
// SHA-256 of the token (32 raw bytes): what the database keeps.
std::string token_hash(std::string_view token);
std::string sha256_hex(std::string_view bytes);
std::string random_hex(size_t bytes);
uint64_t random_u64();
// Uniform in [0, n), from the system generator (never the match Rng).
uint32_t random_below(uint32_t n);

core::Status validate_name(const std::string& name);
// Names beginning "bot-" (any case) belong to the computer opponents: nobody can register one,
// so the name marks a bot wherever it is shown.
bool is_bot_name(std::string_view name);
core::Status validate_password(const std::string& password);

// Counts failed logins per key (account name, lower-cased, and client address): after
// `max_failures` within `window`, the key is refused until `lockout` has passed since its
// last failure. Thread-safe.
class LoginThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  LoginThrottle(int max_failures = 5, Clock::duration window = std::chrono::minutes(1),
                Clock::duration lockout = std::chrono::seconds(30))
      : max_failures_(max_failures), window_(window), lockout_(lockout) {}

  // Seconds to wait, or 0 when a login may be tried now.
  int64_t wait_seconds(const std::string& key, Clock::time_point now = Clock::now());
  // Counts one attempt against `key` (a failed login, or any registration).
  void failure(const std::string& key, Clock::time_point now = Clock::now());
  // Takes back one counted attempt: logins are counted before they are checked.
  void forgive(const std::string& key);
  void success(const std::string& key);

 private:
  struct Entry {
    int failures = 0;
    Clock::time_point first;
    Clock::time_point last;
  };
  int max_failures_;
  Clock::duration window_;
  Clock::duration lockout_;
  std::mutex mu_;
  std::map<std::string, Entry> entries_;
};

}  // namespace frontier::auth
