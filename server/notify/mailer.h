// E-mail notices: decides what to mail for each notification (in a writer job, so the decision
// and the queued mail commit together), and a thread that hands due mails to the relay one at a
// time. A mail is a row of email_outbox from the moment it is decided: it survives a restart, is
// retried with back-off while the relay refuses or is down, and is marked sent right after the
// relay accepts it, so it is never handed over twice (short of a crash within that moment). The
// same thread promotes "your turn" mails whose delay has passed and the daily digests. Only the
// leader hands mails over (storage/leadership.h); on a shared database it looks at the outbox
// every second, since other nodes queue mails it is not told of.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "notify/email_notices.h"
#include "notify/smtp.h"
#include "storage/leadership.h"
#include "storage/writer.h"
#include "wire.pb.h"

namespace frontier::server::notify {

struct MailerConfig {
  SmtpConfig smtp;  // smtp.url empty: no mail is ever queued
  MailIdentity identity;
  std::vector<int64_t> retry_after{60, 300, 900, 3600};  // seconds; the last one repeats
  int64_t give_up_after = 3 * 86400;                     // a mail still not taken is dropped
};

class Mailer {
 public:
  Mailer(MailerConfig config, storage::Writer& writer, std::function<int64_t()> now);
  ~Mailer();
  Mailer(const Mailer&) = delete;
  Mailer& operator=(const Mailer&) = delete;

  bool enabled() const { return !config_.smtp.url.empty(); }
  const MailerConfig& config() const { return config_; }

  // Set before start(); without it this node always sends.
  void set_leadership(const storage::Leadership* leadership) { leadership_ = leadership; }
  void start();
  void stop();
  // Something was queued, or the (manual) clock moved: look now.
  void poke();
  // Thread-safe, never blocks: what `n` means for `user`'s mail (if they verified an address and
  // chose this kind): a "your turn" waits for the user's delay, the others are queued at once.
  void notice(uint64_t user, const wire::Notification& n);

 private:
  void loop();
  // Promotes due turn mails and digests, then sends what is due; returns when nothing more is.
  void pass();
  int64_t retry_delay(int attempts) const;

  MailerConfig config_;
  storage::Writer& writer_;
  std::function<int64_t()> now_;
  const storage::Leadership* leadership_ = nullptr;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  bool poked_ = true;
  int64_t relay_rests_until_ = 0;  // the loop's thread only
  std::thread thread_;
};

}  // namespace frontier::server::notify
