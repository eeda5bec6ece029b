// An e-mail notice as bytes for the relay: RFC 5322 headers (From, To, Subject, Date, Message-ID,
// List-Unsubscribe with RFC 8058 one-click), and a MIME multipart/alternative body with a
// plain-text and an HTML part, each in base64 so no line or byte trips a relay.
#pragma once

#include <cstdint>
#include <string>

#include "core/status.h"

namespace frontier::server::notify {

struct MailParts {
  std::string from;  // "Frontier <frontier@example.org>" or a bare address
  std::string to;
  std::string subject;  // UTF-8; encoded (RFC 2047) when not plain ASCII
  std::string text;
  std::string html;
  std::string unsubscribe_url;
  int64_t date = 0;        // unix seconds
  std::string message_id;  // without the angle brackets: "<unique>@<domain>"
};

std::string build_message(const MailParts& parts);

// An address a user gave (untrusted): one local part and a domain with a dot, at most 254
// characters, printable ASCII without spaces, quotes, angle brackets, commas or semicolons, so
// it can go into a header and an SMTP command as is.
core::Status check_address(const std::string& address);

// The address inside "Name <addr>", or the whole text when it has no angle brackets.
std::string bare_address(const std::string& from);

// Text made safe inside HTML (&, <, >, ").
std::string html_escape(const std::string& text);

}  // namespace frontier::server::notify
