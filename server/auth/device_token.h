// Device tokens (OWASP's "device cookies"): a login that proves the password is given a token
// bound to the account's name, HMAC'd with a server key, so a later login from the same device
// can show it has succeeded before. Such a login is judged by its own device's failures and is
// not held by the limits anonymous guessers share (LoginPolicy), so nobody can lock the owner out.
// Holding a token proves nothing about the password: it is not a credential, only a pass
// through the locks that are meant for strangers.
#pragma once

#include <string>
#include <string_view>

#include "core/status.h"

namespace frontier::auth {

class DeviceTokens {
 public:
  // `key`: 32 raw bytes (load_device_key); any other length makes a random key, good until exit.
  explicit DeviceTokens(std::string key);

  // A new token for the account `name` (compared case-insensitively, as logins are):
  // 32 hex digits of nonce, then 64 of HMAC-SHA256 over the name and the nonce.
  std::string issue(std::string_view name) const;
  // The device's id (the nonce) when `token` was issued for `name` with this key; empty when not.
  std::string device_of(std::string_view token, std::string_view name) const;

 private:
  std::string mac_hex(std::string_view name, std::string_view nonce) const;
  std::string key_;
};

// The key kept in `path` (64 hex digits), made with mode 0600 when the file is missing, so
// tokens stay valid across restarts and are shared by every node pointed at the same file.
core::Result<std::string> load_device_key(const std::string& path);

}  // namespace frontier::auth
