// A real SMTP server for the e-mail tests: Debian's aiosmtpd (python3-aiosmtpd) running
// tests/server/smtp_relay.py as a child process on a free loopback port, writing each message it
// accepts to a scratch folder twice: as received (NNN.eml) and as Python's e-mail parser reads it
// (NNN.txt: the envelope, whether the session was under TLS and who logged in, every header
// decoded, then each part's decoded text after "=== type/subtype"). It refuses every message (451,
// "try later") while refuse(true), and can be stopped and started again on the same port, as a
// relay that is down and comes back. A secured one (SmtpRelay::Secured) is a submission server as
// providers run them: STARTTLS with a throwaway self-signed certificate made by `openssl` in the
// scratch folder, then AUTH LOGIN or PLAIN with one user name and password, before any mail.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace frontier::testing {

class SmtpRelay {
 public:
  // STARTTLS required, then a login required (only over TLS).
  struct Secured {
    std::string user;
    std::string password;
    std::string only_mechanism;  // "LOGIN" or "PLAIN" offered alone; "" both
  };

  SmtpRelay();
  explicit SmtpRelay(Secured secured);
  ~SmtpRelay();

  // Starts (again) on the same port; false when it did not come up.
  bool start();
  void stop();
  void refuse(bool on);
  // Secured: the AUTH mechanism offered alone from the next start() on ("" both).
  void offer_only(const std::string& mechanism);

  uint16_t port() const { return port_; }
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  // Secured: the certificate (PEM, for 127.0.0.1 and localhost), which is its own CA.
  std::string certificate() const { return (dir_ / "cert.pem").string(); }
  // Secured: one line per login tried, "accepted NAME MECHANISM" or "refused NAME MECHANISM".
  std::string logins() const;
  // The relay's error output so far (its start-up failures).
  std::string log() const;
  // The accepted messages so far, as parsed (NNN.txt), oldest first.
  std::vector<std::string> messages() const;
  // Waits until at least `n` messages were accepted.
  bool await_messages(size_t n, std::chrono::milliseconds timeout = std::chrono::seconds(10)) const;

 private:
  explicit SmtpRelay(std::optional<Secured> secured);

  std::filesystem::path dir_;
  std::optional<Secured> secured_;
  uint16_t port_ = 0;
  pid_t pid_ = -1;
};

// The value of header `name` in a parsed message ("" when absent).
std::string mail_header(const std::string& parsed, const std::string& name);
// The decoded text of the message's part of type `type` ("text/plain", "text/html").
std::string mail_part(const std::string& parsed, const std::string& type);

}  // namespace frontier::testing
