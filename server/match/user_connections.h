// Which open connections speak for which user: notifications go to all of a user's
// connections, and a logout closes every other connection that used the same token.
// Connections are held weakly and leave lazily, so a closed one costs nothing for long.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "match/connection.h"

namespace frontier::server {

class UserConnections {
 public:
  // Thread-safe: `conn` now speaks for its user (after login, registration or a token Hello).
  void track(const std::shared_ptr<Connection>& conn);
  // Calls `fn` for each open connection still logged in as `user` (under a lock: keep it short).
  void for_each(uint64_t user, const std::function<void(Connection&)>& fn);
  // The token `token_hash` of `user` was revoked: every connection using it but `except` becomes
  // anonymous and is closed (close code 4001); returns how many.
  size_t revoke(uint64_t user, const std::string& token_hash, const Connection* except);

  // Close code sent to connections whose session was logged out elsewhere.
  static constexpr uint16_t kLoggedOutCloseCode = 4001;

 private:
  std::mutex mu_;
  std::multimap<uint64_t, std::weak_ptr<Connection>> connections_;
  uint64_t tracked_ = 0;
};

}  // namespace frontier::server
