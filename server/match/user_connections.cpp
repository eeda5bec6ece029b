#include "match/user_connections.h"

#include <iterator>

namespace frontier::server {

void UserConnections::track(const std::shared_ptr<Connection>& conn) {
  uint64_t user = conn->user_id();
  std::lock_guard lock(mu_);
  // Closed connections leave lazily: this user's now, everyone's once every 1024 logins (a burst
  // of logins must not rescan every connection each time).
  auto [first, last] = connections_.equal_range(user);
  for (auto it = first; it != last;) it = it->second.expired() ? connections_.erase(it) : std::next(it);
  if (++tracked_ % 1024 == 0)
    std::erase_if(connections_, [](const auto& entry) { return entry.second.expired(); });
  if (user != 0) connections_.emplace(user, conn);
}

void UserConnections::for_each(uint64_t user, const std::function<void(Connection&)>& fn) {
  std::lock_guard lock(mu_);
  auto [first, last] = connections_.equal_range(user);
  for (auto it = first; it != last; ++it) {
    // A connection that logged out or in as someone else since is not this user's any more.
    if (auto conn = it->second.lock(); conn && conn->user_id() == user) fn(*conn);
  }
}

size_t UserConnections::revoke(uint64_t user, const std::string& token_hash, const Connection* except) {
  size_t closed = 0;
  for_each(user, [&](Connection& conn) {
    if (&conn == except || conn.identity().token_hash != token_hash) return;
    conn.set_identity({});
    conn.close(kLoggedOutCloseCode, "logged out");
    ++closed;
  });
  return closed;
}

}  // namespace frontier::server
