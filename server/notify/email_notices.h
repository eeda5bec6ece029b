// What each e-mail notice says: its subject, plain text and HTML, with a link to the match (or
// the settings page) and the one-click unsubscribe link, made into an outbox row. Pure: the
// mailer calls these inside writer jobs, so a notice is queued in the transaction that decided it.
#pragma once

#include <string>
#include <vector>

#include "storage/store.h"
#include "wire.pb.h"

namespace frontier::server::notify {

struct MailIdentity {
  std::string from;        // the From header, e.g. "Frontier <frontier@example.org>"
  std::string public_url;  // the base of links, e.g. https://frontier.example
};

// The one-click unsubscribe link of `email` (GET shows a button, POST unsubscribes).
std::string unsubscribe_url(const MailIdentity& id, const storage::EmailRow& email);

// The mail for a notification of `kind` about a match (its title and text are the notification's).
storage::EmailOutboxRow notice_mail(const MailIdentity& id, const storage::EmailRow& email,
                                    const wire::Notification& n, const std::string& dedupe, int64_t now);
// The verification code for a new address.
storage::EmailOutboxRow verification_mail(const MailIdentity& id, const storage::EmailRow& email,
                                          const std::string& user_name, const std::string& code, int64_t now);
// The daily digest: the matches waiting for the user's move.
storage::EmailOutboxRow digest_mail(const MailIdentity& id, const storage::EmailRow& email,
                                    const std::vector<storage::MyMatchRow>& waiting, int64_t now);

}  // namespace frontier::server::notify
