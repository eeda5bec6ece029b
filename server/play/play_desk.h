// Play-by-web services that are not one match's business: the clock driver (fires matches whose
// clock is due, on the real clock every second or on AdvanceClock with the manual one), and the
// GetProfile, UpdateProfile, SetVacation and AdvanceClock requests.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "clock/server_clock.h"
#include "clock/vacations.h"
#include "clock/wake_queue.h"
#include "match/registry.h"
#include "notify/email_desk.h"
#include "notify/notifier.h"
#include "notify/webhook_sender.h"
#include "storage/leadership.h"

namespace frontier::server {

struct PlayDeskConfig {
  uint32_t vacation_days_per_year = 30;
};

class PlayDesk {
 public:
  PlayDesk(PlayDeskConfig config, MatchRegistry& matches, storage::Writer& writer, clock::ServerClock& clock,
           clock::VacationBook& vacations, clock::WakeQueue& wakeups, notify::WebhookSender& sender);
  ~PlayDesk();

  // The profile shows the e-mail settings; AdvanceClock tells the mailer the clock moved.
  void set_email(notify::EmailDesk* email, notify::Mailer* mailer) {
    email_ = email;
    mailer_ = mailer;
  }

  // Only the leader fires clocks (storage/leadership.h); on a shared database the leader reads
  // every node's due times and vacations before it fires. Without it this node always fires.
  void set_leadership(const storage::Leadership* leadership) { leadership_ = leadership; }

  // Loads vacations and the due times of timed matches (blocking), fires what fell due while the
  // server was down, then starts the driver (real clock only). Call once before serving.
  void start();
  void stop();

  // Answers a play-by-web request; false when `msg` is none of this desk's.
  bool handle(const std::shared_ptr<Connection>& conn, uint64_t rid, const wire::ClientMessage& msg);

  // Fires every match due now (the leader only); `done` runs once each has committed what it
  // changed.
  void fire_due(std::function<void()> done);

 private:
  using ConnPtr = std::shared_ptr<Connection>;
  void get_profile(const ConnPtr& conn, uint64_t rid);
  void update_profile(const ConnPtr& conn, uint64_t rid, const wire::UpdateProfile& req);
  void set_vacation(const ConnPtr& conn, uint64_t rid, const wire::SetVacation& req);
  void advance_clock(const ConnPtr& conn, uint64_t rid, const wire::AdvanceClock& req);
  void reply_profile(const ConnPtr& conn, uint64_t rid, const storage::ProfileRow& row,
                     const std::optional<storage::EmailRow>& email, const std::string& name);
  // Every running match of `user` recomputes its clocks (a vacation began or ended).
  // `done` runs once each has.
  void reschedule_user(uint64_t user, std::function<void()> done);
  // Each match in `ids` looks at its clock; `done` runs once all have committed.
  void wake_all(const std::vector<uint64_t>& ids, std::function<void()> done);
  void driver_loop();
  // On a shared database: the due times and vacations every node stored (blocking read).
  void read_shared(bool wakes);

  PlayDeskConfig config_;
  MatchRegistry& matches_;
  storage::Writer& writer_;
  clock::ServerClock& clock_;
  clock::VacationBook& vacations_;
  clock::WakeQueue& wakeups_;
  notify::WebhookSender& sender_;
  notify::EmailDesk* email_ = nullptr;
  notify::Mailer* mailer_ = nullptr;
  const storage::Leadership* leadership_ = nullptr;
  std::mutex mu_;
  std::set<uint64_t> vacation_changing_;  // users whose SetVacation is being stored
  std::condition_variable cv_;
  bool stopping_ = false;
  std::thread driver_;
};

}  // namespace frontier::server
