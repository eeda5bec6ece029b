#include "notify/notifier.h"

#include <algorithm>
#include <cctype>

#include "sim/json.h"

namespace frontier::server::notify {

uint32_t flag_for(wire::Notification::Kind kind) {
  switch (kind) {
    case wire::Notification::MATCH_STARTED:
    case wire::Notification::MATCH_ENDED:
      return storage::kNotifyStartEnd;
    case wire::Notification::TIME_LOW:
      return storage::kNotifyTimeLow;
    default:
      return storage::kNotifyYourTurn;
  }
}

std::string kind_name(wire::Notification::Kind kind) {
  std::string name = wire::Notification::Kind_Name(kind);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name;
}

Notifier::Notifier(storage::Writer& writer, WebhookSender& sender, std::function<int64_t()> now,
                   std::string public_url)
    : writer_(writer), sender_(sender), now_(std::move(now)), public_url_(std::move(public_url)) {}

void Notifier::track(const std::shared_ptr<Connection>& conn) {
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

std::string Notifier::webhook_body(const wire::Notification& n) const {
  std::string url = public_url_ + "/#/match/" + std::to_string(n.match_id());
  return "{\"kind\":" + sim::json_string(kind_name(n.kind())) +
         ",\"match_id\":" + std::to_string(n.match_id()) + ",\"game\":" + sim::json_string(n.game()) +
         ",\"text\":" + sim::json_string(n.text()) + ",\"at\":" + std::to_string(n.at()) +
         ",\"url\":" + sim::json_string(url) + "}";
}

void Notifier::notify(uint64_t user, const wire::Notification& n) {
  wire::ServerMessage m;
  *m.mutable_notification() = n;
  {
    std::lock_guard lock(mu_);
    auto [first, last] = connections_.equal_range(user);
    for (auto it = first; it != last; ++it) {
      // A connection that logged out or in as someone else since is not this user's any more.
      if (auto conn = it->second.lock(); conn && conn->user_id() == user) conn->send(m);
    }
  }
  storage::OutboxRow row;
  row.user_id = user;
  row.body = webhook_body(n);
  row.next_at = now_();
  auto stored = std::make_shared<storage::OutboxRow>(row);
  uint32_t flag = flag_for(n.kind());
  writer_.submit(
      [stored, flag](storage::Store& s) {
        storage::ProfileRow profile = s.profile(stored->user_id);
        if (profile.webhook_url.empty() || !(profile.notify_flags & flag)) return;
        stored->url = profile.webhook_url;
        stored->id = s.add_outbox(*stored);
      },
      [this, stored](bool ok) {
        if (ok && stored->id != 0) sender_.enqueue(*stored);
      });
}

}  // namespace frontier::server::notify
