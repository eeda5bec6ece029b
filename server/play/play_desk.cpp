#include "play/play_desk.h"

#include <spdlog/spdlog.h>

#include <atomic>

#include "notify/http_post.h"

namespace frontier::server {

namespace {
constexpr int64_t kDay = 86400;
constexpr uint64_t kMaxAdvance = 10ull * 366 * kDay;
}  // namespace

PlayDesk::PlayDesk(PlayDeskConfig config, MatchRegistry& matches, storage::Writer& writer,
                   clock::ServerClock& clock, clock::VacationBook& vacations, clock::WakeQueue& wakeups,
                   notify::WebhookSender& sender)
    : config_(config),
      matches_(matches),
      writer_(writer),
      clock_(clock),
      vacations_(vacations),
      wakeups_(wakeups),
      sender_(sender) {}

PlayDesk::~PlayDesk() {
  stop();
}

namespace {

// The vacations ending after `since` and (with `wakes`) every match's due time. A failed read
// keeps nothing and says so; the leader reads them again within a second.
void read_clocks(storage::Store& s, int64_t since, bool wakes, std::vector<storage::VacationRow>& vacations,
                 std::vector<std::pair<uint64_t, int64_t>>& due) {
  auto v = s.vacations(since);
  using Wakes = std::vector<std::pair<uint64_t, int64_t>>;
  auto w = wakes ? s.clock_wakes() : core::Result<Wakes>(Wakes{});
  if (!v || !w) {
    spdlog::error("clocks: cannot read the vacations and due times: {}",
                  (!v ? v.status() : w.status()).message());
    return;
  }
  vacations = std::move(v.value());
  due = std::move(w.value());
}

// A user's notification profile and e-mail settings, both or neither.
core::Status read_profile(storage::Store& s, uint64_t user, storage::ProfileRow& row,
                          std::optional<storage::EmailRow>& email) {
  auto p = s.profile(user);
  if (!p) return p.status();
  auto e = s.email(user);
  if (!e) return e.status();
  row = std::move(p.value());
  email = std::move(e.value());
  return core::Status::ok();
}

}  // namespace

void PlayDesk::start() {
  std::vector<storage::VacationRow> vacations;
  std::vector<std::pair<uint64_t, int64_t>> wakes;
  // Vacations of this year and later: the allowance counts this year's, clocks skip any.
  int64_t since = clock::year_start(clock_.now());
  writer_.run_sync([&](storage::Store& s) { read_clocks(s, since, true, vacations, wakes); });
  for (const auto& v : vacations) vacations_.put(v);
  for (const auto& [id, when] : wakes) wakeups_.set(id, when);
  spdlog::info("clocks: {} timed matches waiting, {} vacations", wakes.size(), vacations.size());
  fire_due([] {});
  if (!clock_.is_manual()) driver_ = std::thread([this] { driver_loop(); });
}

void PlayDesk::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (driver_.joinable()) driver_.join();
}

void PlayDesk::driver_loop() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    cv_.wait_for(lock, std::chrono::seconds(1));
    if (stopping_) break;
    lock.unlock();
    // Every node's matches pause for vacations taken through any node; the leader reads them
    // (with the due times) in fire_due.
    bool leading = !leadership_ || leadership_->is_leader();
    if (leadership_ && leadership_->clustered() && !leading) read_shared(false);
    fire_due([] {});
    lock.lock();
  }
}

void PlayDesk::read_shared(bool wakes) {
  std::vector<storage::VacationRow> vacations;
  std::vector<std::pair<uint64_t, int64_t>> due;
  int64_t since = clock::year_start(clock_.now());
  writer_.run_sync([&](storage::Store& s) { read_clocks(s, since, wakes, vacations, due); });
  for (const auto& v : vacations) vacations_.put(v);
  // A wake read here that the match's own node has meanwhile moved only makes the match look
  // at its clock once more, which changes nothing unless something is due.
  for (const auto& [id, when] : due) wakeups_.set(id, when);
}

void PlayDesk::fire_due(std::function<void()> done) {
  // Every node fires what its own queue holds: the match's lease decides who writes it (a
  // follower copy leaves the wake to the owner, a match loaded nowhere is loaded and taken here),
  // and the fence makes a timeout commit once. The leader also reads every node's due times, so a
  // match whose queue was on a node that died still wakes.
  if (leadership_ && leadership_->clustered() && leadership_->is_leader()) read_shared(true);
  wake_all(wakeups_.pop_due(clock_.now()), std::move(done));
}

bool PlayDesk::handle(const ConnPtr& conn, uint64_t rid, const wire::ClientMessage& msg) {
  switch (msg.body_case()) {
    case wire::ClientMessage::kGetProfile:
      get_profile(conn, rid);
      return true;
    case wire::ClientMessage::kUpdateProfile:
      update_profile(conn, rid, msg.update_profile());
      return true;
    case wire::ClientMessage::kSetVacation:
      set_vacation(conn, rid, msg.set_vacation());
      return true;
    case wire::ClientMessage::kAdvanceClock:
      if (!clock_.is_manual()) return false;  // only test servers know it: UNKNOWN_MESSAGE
      advance_clock(conn, rid, msg.advance_clock());
      return true;
    default:
      return false;
  }
}

void PlayDesk::reply_profile(const ConnPtr& conn, uint64_t rid, const storage::ProfileRow& row,
                             const std::optional<storage::EmailRow>& email, const std::string& name) {
  int64_t now = clock_.now();
  wire::ServerMessage m;
  m.set_request_id(rid);
  auto* p = m.mutable_profile();
  p->set_user_id(row.user_id);
  p->set_user_name(name);
  p->set_webhook_url(row.webhook_url);
  p->set_notify_your_turn(row.notify_flags & storage::kNotifyYourTurn);
  p->set_notify_match_start_end(row.notify_flags & storage::kNotifyStartEnd);
  p->set_notify_time_low(row.notify_flags & storage::kNotifyTimeLow);
  uint32_t used = vacations_.days_used(row.user_id, now);
  p->set_vacation_days_per_year(config_.vacation_days_per_year);
  p->set_vacation_days_left(used >= config_.vacation_days_per_year ? 0
                                                                   : config_.vacation_days_per_year - used);
  if (auto v = vacations_.current(row.user_id, now)) p->set_vacation_until(v->ends_at);
  if (email_) email_->fill(email, *p->mutable_email());
  conn->send(m);
}

void PlayDesk::get_profile(const ConnPtr& conn, uint64_t rid) {
  Identity who = conn->identity();
  auto row = std::make_shared<storage::ProfileRow>();
  auto email = std::make_shared<std::optional<storage::EmailRow>>();
  writer_.submit(
      [row, email, user = who.user_id](storage::Store& s) { return read_profile(s, user, *row, *email); },
      [this, conn, rid, row, email, who](bool ok) {
        if (!ok) return send_error(*conn, rid, wire::INTERNAL, "The profile could not be read; try again");
        reply_profile(conn, rid, *row, *email, who.user_name);
      });
}

void PlayDesk::update_profile(const ConnPtr& conn, uint64_t rid, const wire::UpdateProfile& req) {
  if (req.has_webhook_url() && !req.webhook_url().empty()) {
    if (auto url = notify::parse_webhook_url(req.webhook_url()); !url)
      return send_error(*conn, rid, wire::INVALID_ARGUMENT, url.status().message());
  }
  Identity who = conn->identity();
  auto row = std::make_shared<storage::ProfileRow>();
  auto email = std::make_shared<std::optional<storage::EmailRow>>();
  writer_.submit(
      [row, email, req, user = who.user_id](storage::Store& s) {
        if (auto st = read_profile(s, user, *row, *email); !st) return st;
        if (req.has_webhook_url()) row->webhook_url = req.webhook_url();
        auto set = [&](bool has, bool on, uint32_t flag) {
          if (has) row->notify_flags = on ? (row->notify_flags | flag) : (row->notify_flags & ~flag);
        };
        set(req.has_notify_your_turn(), req.notify_your_turn(), storage::kNotifyYourTurn);
        set(req.has_notify_match_start_end(), req.notify_match_start_end(), storage::kNotifyStartEnd);
        set(req.has_notify_time_low(), req.notify_time_low(), storage::kNotifyTimeLow);
        return s.put_profile(*row);
      },
      [this, conn, rid, row, email, who](bool ok) {
        if (!ok) return send_error(*conn, rid, wire::INTERNAL, "Could not store the profile");
        reply_profile(conn, rid, *row, *email, who.user_name);
      });
}

void PlayDesk::set_vacation(const ConnPtr& conn, uint64_t rid, const wire::SetVacation& req) {
  Identity who = conn->identity();
  int64_t now = clock_.now();
  auto current = vacations_.current(who.user_id, now);
  storage::VacationRow row;
  if (req.days() == 0) {
    if (!current) return send_error(*conn, rid, wire::VACATION_REFUSED, "You are not on vacation");
    row = *current;
    row.ends_at = now;  // whole days not begun return to the allowance (days_charged rounds up)
  } else {
    if (current) {
      return send_error(*conn, rid, wire::VACATION_REFUSED,
                        "You are already on vacation until " + std::to_string(current->ends_at) +
                            " (unix time); end it first (days 0)");
    }
    uint32_t used = vacations_.days_used(who.user_id, now);
    uint32_t left = used >= config_.vacation_days_per_year ? 0 : config_.vacation_days_per_year - used;
    if (req.days() > left) {
      return send_error(*conn, rid, wire::VACATION_REFUSED,
                        "You have " + std::to_string(left) + " vacation days left this year; asked for " +
                            std::to_string(req.days()));
    }
    row = {0, who.user_id, now, now + static_cast<int64_t>(req.days()) * kDay};
  }
  {
    std::lock_guard lock(mu_);
    if (!vacation_changing_.insert(who.user_id).second)
      return send_error(*conn, rid, wire::VACATION_REFUSED,
                        "Your previous vacation request is still being stored");
  }
  auto stored = std::make_shared<storage::VacationRow>(row);
  auto profile = std::make_shared<storage::ProfileRow>();
  auto email = std::make_shared<std::optional<storage::EmailRow>>();
  writer_.submit(
      [stored, profile, email](storage::Store& s) {
        if (stored->id == 0) {
          auto added = s.add_vacation(*stored);
          if (!added) return added.status();
          stored->id = added.value();
        } else if (auto st = s.end_vacation(stored->id, stored->ends_at); !st) {
          return st;
        }
        return read_profile(s, stored->user_id, *profile, *email);
      },
      [this, conn, rid, stored, profile, email, who](bool ok) {
        {
          std::lock_guard lock(mu_);
          vacation_changing_.erase(who.user_id);
        }
        if (!ok) return send_error(*conn, rid, wire::INTERNAL, "Could not store the vacation");
        vacations_.put(*stored);
        spdlog::info("user {}: vacation {} to {}", who.user_id, stored->starts_at, stored->ends_at);
        // The reply waits for the clocks to move, so what the user sees next already shows it.
        reschedule_user(who.user_id, [this, conn, rid, profile, email, who] {
          reply_profile(conn, rid, *profile, *email, who.user_name);
        });
      });
}

void PlayDesk::reschedule_user(uint64_t user, std::function<void()> done) {
  auto ids = std::make_shared<std::vector<uint64_t>>();
  writer_.submit(
      [ids, user](storage::Store& s) {
        auto rows = s.matches_of_user(user, 100000);
        if (!rows) return rows.status();
        for (const auto& row : *rows) {
          if (row.status == wire::RUNNING) ids->push_back(row.id);
        }
        return core::Status::ok();
      },
      [this, ids, user, done = std::move(done)](bool ok) {
        // The vacation is stored; its matches' clocks catch up at their next wake.
        if (!ok) spdlog::error("user {}: cannot read the matches to reschedule their clocks", user);
        wake_all(*ids, done);
      });
}

void PlayDesk::wake_all(const std::vector<uint64_t>& ids, std::function<void()> done) {
  if (ids.empty()) return done();
  auto left = std::make_shared<std::atomic<size_t>>(ids.size());
  auto finish = [left, done = std::move(done)] {
    if (--*left == 0) done();
  };
  for (uint64_t id : ids) {
    matches_.with(id, [this, id, finish](const std::shared_ptr<Match>& match) {
      if (!match) return finish();
      if (!match->follower()) return match->on_clock_wake(finish);
      // Another node runs it and its clocks decide; but a node that died renews nothing, and
      // once its lease ran out this node takes the match over and fires the clock here.
      matches_.take_if_free(id, [this, id, finish] {
        matches_.with(id, [finish](const std::shared_ptr<Match>& now) {
          if (!now) return finish();
          now->on_clock_wake(finish);  // a follower copy still: the owner lives, and decides
        });
      });
    });
  }
}

void PlayDesk::advance_clock(const ConnPtr& conn, uint64_t rid, const wire::AdvanceClock& req) {
  if (req.seconds() > kMaxAdvance)
    return send_error(*conn, rid, wire::INVALID_ARGUMENT, "AdvanceClock moves at most 10 years at once");
  int64_t now = clock_.advance(static_cast<int64_t>(req.seconds()));
  sender_.poke();
  if (mailer_) mailer_->poke();
  // Deadlines passed by this step fire before the reply: a test sees their effect at once.
  fire_due([conn, rid, now] {
    wire::ServerMessage m;
    m.set_request_id(rid);
    m.set_clock(now);
    conn->send(m);
  });
}

}  // namespace frontier::server
