// Hands one message to the operator's mail relay with libcurl's SMTP: smtp:// with STARTTLS
// (tried, or required), smtps:// with TLS from the start, and a user name and password when the
// relay wants them. Blocking: the mailer's thread calls it, one message at a time.
#pragma once

#include <chrono>
#include <string>

#include "core/status.h"

namespace frontier::server::notify {

struct SmtpConfig {
  std::string url;  // smtp://host:587 or smtps://host:465; "" = this server sends no mail
  std::string user;
  std::string password;
  bool require_tls = false;  // smtp://: refuse to send unless STARTTLS succeeds
  std::string ca_file;       // PEM certificates the relay's is checked against; "" = the system's store
  std::chrono::seconds timeout{30};
};

// Once per process, before any thread sends.
void smtp_global_init();

// Ok when the relay accepted the message for `to`; otherwise what went wrong, the relay's
// answer code included.
core::Status smtp_send(const SmtpConfig& config, const std::string& envelope_from, const std::string& to,
                       const std::string& message);

}  // namespace frontier::server::notify
