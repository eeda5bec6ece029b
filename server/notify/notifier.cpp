#include "notify/notifier.h"

#include <algorithm>
#include <cctype>

#include "match/match.h"
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

Notifier::Notifier(storage::Writer& writer, WebhookSender& sender, UserConnections& connections,
                   std::function<int64_t()> now, std::string public_url, Mailer* mailer)
    : writer_(writer),
      sender_(sender),
      now_(std::move(now)),
      connections_(connections),
      public_url_(std::move(public_url)),
      mailer_(mailer) {}

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
  connections_.for_each(user, [&m](Connection& conn) { conn.send(m); });
  if (!node_.empty()) {
    writer_.submit([payload = user_notice(user, node_, n)](storage::Store& s) {
      return s.notify(kCommitChannel, payload);
    });
  }
  if (mailer_) mailer_->notice(user, n);
  storage::OutboxRow row;
  row.user_id = user;
  row.body = webhook_body(n);
  row.next_at = now_();
  auto stored = std::make_shared<storage::OutboxRow>(row);
  uint32_t flag = flag_for(n.kind());
  writer_.submit(
      [stored, flag](storage::Store& s) {
        auto read = s.profile(stored->user_id);
        if (!read) return read.status();  // no webhook queued: the database could not be read
        const storage::ProfileRow& profile = *read;
        if (profile.webhook_url.empty() || !(profile.notify_flags & flag)) return core::Status::ok();
        stored->url = profile.webhook_url;
        auto added = s.add_outbox(*stored);
        if (!added) return added.status();
        stored->id = added.value();
        return core::Status::ok();
      },
      [this, stored](bool ok) {
        if (ok && stored->id != 0) sender_.enqueue(*stored);
      });
}

}  // namespace frontier::server::notify
