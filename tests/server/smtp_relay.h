// A real SMTP server for the e-mail tests: Debian's aiosmtpd (python3-aiosmtpd) started as a child
// process on a free loopback port, with a small handler that writes each message it accepts to a
// scratch folder twice: as received (NNN.eml) and as Python's e-mail parser reads it (NNN.txt:
// the envelope and every header decoded, then each part's decoded text after "=== type/subtype").
// It refuses every message (451, "try later") while refuse(true), and can be stopped and started
// again on the same port, as a relay that is down and comes back.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace frontier::testing {

class SmtpRelay {
 public:
  SmtpRelay();
  ~SmtpRelay();

  // Starts (again) on the same port; false when it did not come up.
  bool start();
  void stop();
  void refuse(bool on);

  uint16_t port() const { return port_; }
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  // The accepted messages so far, as parsed (NNN.txt), oldest first.
  std::vector<std::string> messages() const;
  // Waits until at least `n` messages were accepted.
  bool await_messages(size_t n, std::chrono::milliseconds timeout = std::chrono::seconds(10)) const;

 private:
  std::filesystem::path dir_;
  uint16_t port_ = 0;
  pid_t pid_ = -1;
};

// The value of header `name` in a parsed message ("" when absent).
std::string mail_header(const std::string& parsed, const std::string& name);
// The decoded text of the message's part of type `type` ("text/plain", "text/html").
std::string mail_part(const std::string& parsed, const std::string& type);

}  // namespace frontier::testing
