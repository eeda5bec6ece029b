// libsodium does the cryptography; this file only chooses parameters and encodings.
#include "auth/auth.h"

#include <sodium.h>

#include <algorithm>
#include <cctype>

namespace frontier::auth {

KdfCost KdfCost::interactive() {
  return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}
KdfCost KdfCost::minimal() {
  return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN};
}

bool init_crypto() {
  static const bool ok = sodium_init() >= 0;
  return ok;
}

std::string hash_password(const std::string& password, const KdfCost& cost) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.ops, cost.mem_bytes,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    return {};  // out of memory: the caller reports an internal error
  }
  return out;
}

bool verify_password(const std::string& stored_hash, const std::string& password) {
  return !stored_hash.empty() &&
         crypto_pwhash_str_verify(stored_hash.c_str(), password.data(), password.size()) == 0;
}

static std::string to_hex(const unsigned char* data, size_t n) {
  std::string out(n * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), data, n);
  out.pop_back();
  return out;
}

std::string random_hex(size_t bytes) {
  std::string raw(bytes, '\0');
  randombytes_buf(raw.data(), raw.size());
  return to_hex(reinterpret_cast<const unsigned char*>(raw.data()), raw.size());
}

std::string new_token() {
  return random_hex(32);
}

std::string token_hash(std::string_view token) {
  unsigned char h[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(h, reinterpret_cast<const unsigned char*>(token.data()), token.size());
  return std::string(reinterpret_cast<const char*>(h), sizeof h);
}

std::string sha256_hex(std::string_view bytes) {
  std::string h = token_hash(bytes);
  return to_hex(reinterpret_cast<const unsigned char*>(h.data()), h.size());
}

uint64_t random_u64() {
  uint64_t v = 0;
  randombytes_buf(&v, sizeof v);
  return v;
}

uint32_t random_below(uint32_t n) {
  return randombytes_uniform(n);
}

core::Status validate_name(const std::string& name) {
  bool chars_ok = std::all_of(name.begin(), name.end(),
                              [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '-'; });
  if (name.size() < 3 || name.size() > 32 || !chars_ok) {
    return core::Status::invalid_argument("A name has 3 to 32 characters: letters, digits, '_' or '-'");
  }
  return core::Status::ok();
}

bool is_bot_name(std::string_view name) {
  constexpr std::string_view kPrefix = "bot-";
  if (name.size() < kPrefix.size()) return false;
  for (size_t i = 0; i < kPrefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(name[i])) != kPrefix[i]) return false;
  }
  return true;
}

core::Status validate_password(const std::string& password) {
  if (password.size() < 8 || password.size() > 1024) {
    return core::Status::invalid_argument("A password has 8 to 1024 characters");
  }
  return core::Status::ok();
}

int64_t LoginThrottle::wait_seconds(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mu_);
  auto it = entries_.find(key);
  if (it == entries_.end() || it->second.failures < max_failures_) return 0;
  auto until = it->second.last + lockout_;
  if (now >= until) {
    entries_.erase(it);
    return 0;
  }
  return std::chrono::duration_cast<std::chrono::seconds>(until - now).count() + 1;
}

void LoginThrottle::failure(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mu_);
  // Bound memory under a flood of made-up names: drop what has expired first (a flood must not
  // wipe the count against a real account), and forget everything only rather than grow forever.
  if (entries_.size() > 100000) {
    std::erase_if(entries_, [&](const auto& kv) {
      return now - kv.second.first > window_ && now - kv.second.last > lockout_;
    });
    if (entries_.size() > 100000) entries_.clear();
  }
  Entry& e = entries_[key];
  if (e.failures == 0 || now - e.first > window_) {
    e.failures = 0;
    e.first = now;
  }
  ++e.failures;
  e.last = now;
}

void LoginThrottle::forgive(const std::string& key) {
  std::lock_guard lock(mu_);
  auto it = entries_.find(key);
  if (it != entries_.end() && --it->second.failures <= 0) entries_.erase(it);
}

void LoginThrottle::success(const std::string& key) {
  std::lock_guard lock(mu_);
  entries_.erase(key);
}

}  // namespace frontier::auth
