#include "notify/email_notices.h"

#include "auth/auth.h"
#include "notify/email_message.h"

namespace frontier::server::notify {

namespace {

struct Body {
  std::string subject;
  std::string text;  // paragraphs separated by blank lines
  std::string html;  // inner HTML
};

std::string match_url(const MailIdentity& id, uint64_t match_id) {
  return id.public_url + "/#/match/" + std::to_string(match_id);
}

std::string link(const std::string& url, const std::string& label) {
  return "<a href=\"" + html_escape(url) + "\">" + html_escape(label) + "</a>";
}

// Every mail ends saying why it came and how to stop it.
storage::EmailOutboxRow finish(const MailIdentity& id, const storage::EmailRow& email,
                               const std::string& dedupe, const Body& body, int64_t now) {
  std::string settings = id.public_url + "/#/settings";
  std::string unsubscribe = unsubscribe_url(id, email);
  MailParts p;
  p.from = id.from;
  p.to = email.address;
  p.subject = body.subject;
  p.text = body.text + "\n\n-- \nYou get this mail because you asked Frontier for it (" + settings +
           ").\nUnsubscribe from every Frontier mail with one click: " + unsubscribe + "\n";
  p.html = "<!DOCTYPE html><html><body>" + body.html +
           "<hr><p style=\"font-size:small\">You get this mail "
           "because you asked Frontier for it (" +
           link(settings, "your settings") + "). " +
           link(unsubscribe, "Unsubscribe from every Frontier mail") + " with one click.</p></body></html>\n";
  p.unsubscribe_url = unsubscribe;
  p.date = now;
  std::string domain = bare_address(id.from);
  domain = domain.substr(domain.find('@') + 1);
  p.message_id = "frontier." + std::to_string(now) + "." + auth::random_hex(8) + "@" + domain;
  storage::EmailOutboxRow row;
  row.user_id = email.user_id;
  row.dedupe = dedupe;
  row.to = email.address;
  row.message = build_message(p);
  row.next_at = now;
  row.created_at = now;
  return row;
}

}  // namespace

std::string unsubscribe_url(const MailIdentity& id, const storage::EmailRow& email) {
  return id.public_url + "/email/unsubscribe?t=" + email.unsubscribe;
}

storage::EmailOutboxRow notice_mail(const MailIdentity& id, const storage::EmailRow& email,
                                    const wire::Notification& n, const std::string& dedupe, int64_t now) {
  std::string url = match_url(id, n.match_id());
  Body b;
  b.subject = n.text();
  std::string action;
  switch (n.kind()) {
    case wire::Notification::YOUR_TURN:
      action = "Make your move";
      break;
    case wire::Notification::TIME_LOW:  // "Time is running low in Khartoum #12: 20 h left"
      action = "Move before your time runs out";
      break;
    case wire::Notification::MATCH_STARTED:
      b.subject = "Your tournament match: " + n.text();
      action = "Open the match";
      break;
    default:
      action = "See the match";
  }
  b.text = n.text() + ".\n\n" + action + ": " + url;
  b.html = "<p>" + html_escape(n.text()) + ".</p><p>" + link(url, action) + "</p>";
  return finish(id, email, dedupe, b, now);
}

storage::EmailOutboxRow verification_mail(const MailIdentity& id, const storage::EmailRow& email,
                                          const std::string& user_name, const std::string& code,
                                          int64_t now) {
  std::string settings = id.public_url + "/#/settings";
  Body b;
  b.subject = "Your Frontier verification code: " + code;
  b.text = "Someone, probably you, gave this address to the Frontier account " + user_name +
           ".\n\nYour verification code: " + code + "\n\nEnter it within 24 hours in your settings (" +
           settings + "), or in the terminal:\n\n    frontier email verify " + code +
           "\n\nUntil then nothing else is mailed to you. Not you? Ignore this mail, or "
           "remove the address with the unsubscribe link below.";
  b.html = "<p>Someone, probably you, gave this address to the Frontier account <b>" +
           html_escape(user_name) + "</b>.</p><p>Your verification code: <b style=\"font-size:large\">" +
           html_escape(code) + "</b></p><p>Enter it within 24 hours in " + link(settings, "your settings") +
           ", or in the terminal: <code>frontier email verify " + html_escape(code) +
           "</code></p><p>Until then nothing else is mailed to you. Not you? Ignore this mail, or remove "
           "the address with the unsubscribe link below.</p>";
  return finish(id, email, "verify:" + std::to_string(email.user_id) + ":" + std::to_string(now), b, now);
}

storage::EmailOutboxRow digest_mail(const MailIdentity& id, const storage::EmailRow& email,
                                    const std::vector<storage::MyMatchRow>& waiting, int64_t now) {
  Body b;
  size_t n = waiting.size();
  b.subject = n == 1 ? "Frontier: 1 match waits for your move"
                     : "Frontier: " + std::to_string(n) + " matches wait for your move";
  b.text = "Your move in:\n";
  b.html = "<p>Your move in:</p><ul>";
  for (const auto& m : waiting) {
    std::string title = m.match.game + " #" + std::to_string(m.match.id);
    std::string url = match_url(id, m.match.id);
    b.text += "\n- " + title + ": " + url;
    b.html += "<li>" + link(url, title) + "</li>";
  }
  b.html += "</ul>";
  // One digest a day: the day number keeps a second pass the same day from queueing another.
  return finish(id, email, "digest:" + std::to_string(email.user_id) + ":" + std::to_string(now / 86400), b,
                now);
}

}  // namespace frontier::server::notify
