// The notifier: a notification for a user goes to each of their open connections
// (ServerMessage.notification), when they set a webhook and want this kind, into the webhook
// outbox, and to the mailer, which decides what their e-mail choices make of it. Matches have already left
// out users who are looking at the match (match_clock.cpp).
#pragma once

#include <functional>
#include <string>

#include "match/user_connections.h"
#include "notify/mailer.h"
#include "notify/sink.h"
#include "notify/webhook_sender.h"
#include "storage/writer.h"

namespace frontier::server::notify {

class Notifier final : public Sink {
 public:
  // `public_url` is the base of links in webhook bodies ("http://host:port").
  Notifier(storage::Writer& writer, WebhookSender& sender, UserConnections& connections,
           std::function<int64_t()> now, std::string public_url, Mailer* mailer = nullptr);

  void notify(uint64_t user, const wire::Notification& n) override;

  // Several nodes (docs/architecture.md, "Several nodes"): this node's id. A notification made
  // here is then also told on the site channel, and the other nodes push it to the user's
  // connections there; the webhook and the mail are still queued once, here.
  void set_cluster_node(std::string node) { node_ = std::move(node); }

  // The JSON body POSTed for `n` (docs/play-by-web.md).
  std::string webhook_body(const wire::Notification& n) const;

 private:
  storage::Writer& writer_;
  WebhookSender& sender_;
  std::function<int64_t()> now_;
  UserConnections& connections_;
  std::string public_url_;
  Mailer* mailer_;
  std::string node_;
};

// The profile flag that enables webhooks of `kind` (takeback and rematch offers ride on "your turn":
// they ask the user to act).
uint32_t flag_for(wire::Notification::Kind kind);
// "your_turn", "match_started", ...
std::string kind_name(wire::Notification::Kind kind);

}  // namespace frontier::server::notify
