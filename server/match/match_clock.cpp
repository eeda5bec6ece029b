// A match's clocks and notifications. Every change passes commit(), which calls settle_clocks():
// clocks start for seats that gained a prompt and stop (charged, plus the increment) for seats
// that lost one, in the same transaction as the change, so a restart resumes them exactly.
// Timeouts and reminders come from on_clock_wake(), called by the server's clock driver.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <limits>
#include <set>

#include "clock/time_control.h"
#include "match/match.h"

namespace frontier::server {

bool Match::timed() const {
  return clock::timed(meta_.time_control);
}

clock::Pauses Match::pauses_of(size_t seat) const {
  if (!services_.vacations || seat >= meta_.seats.size() || meta_.seats[seat].user_id == 0) return {};
  return services_.vacations->pauses(meta_.seats[seat].user_id);
}

std::string Match::title() const {
  return game_.info().title() + " #" + std::to_string(meta_.id);
}

wire::Notification Match::note(wire::Notification::Kind kind, const std::string& text) const {
  wire::Notification n;
  n.set_kind(kind);
  n.set_match_id(meta_.id);
  n.set_game(game_.id());
  n.set_text(text);
  n.set_at(services_.now());
  return n;
}

bool Match::user_is_looking(uint64_t user) const {
  return std::any_of(subscribers_.begin(), subscribers_.end(), [user](const Subscriber& s) {
    auto conn = s.conn.lock();
    return conn && conn->user_id() == user;
  });
}

void Match::notify_user(uint64_t user, const wire::Notification& n) const {
  if (!services_.notifier || user == 0 || user_is_looking(user)) return;
  services_.notifier->notify(user, n);
}

Match::ClockChange Match::settle_clocks() {
  ClockChange change;
  int64_t now = services_.now();
  uint32_t mask = awaiting_mask();
  if (timed()) {
    change.timed = true;
    clock::Pace pace = clock::pace_of(meta_.time_control);
    if (clocks_.size() != meta_.seats.size())
      clocks_.assign(meta_.seats.size(), clock::SeatClock{pace.initial});
    for (size_t i = 0; i < clocks_.size(); ++i) {
      uint32_t bit = core::seat_bit(static_cast<core::Seat>(i));
      bool was = clock_mask_ & bit;
      bool is = mask & bit;
      // The increment rewards a completed move, not the end of the match.
      if (was && !is) clock::end_turn(clocks_[i], now, pauses_of(i), pace, !finished());
      if (!was && is) clock::start_turn(clocks_[i], now);
    }
    change.state = clock::encode(clocks_);
    change.wake_at = next_wake();
  }
  // Who hears of this change: each user once, whatever seats they hold.
  auto tell = [&](uint32_t seats, wire::Notification::Kind kind, const std::string& text) {
    std::set<uint64_t> told;
    for (size_t i = 0; i < meta_.seats.size(); ++i) {
      uint64_t user = meta_.seats[i].user_id;
      if (user == 0 || !(seats & core::seat_bit(static_cast<core::Seat>(i))) || !told.insert(user).second)
        continue;
      change.notes.emplace_back(user, note(kind, text));
    }
  };
  uint32_t all = (1u << meta_.seats.size()) - 1;
  uint32_t newly = mask & ~clock_mask_;
  if (clock_status_ != wire::RUNNING && meta_.status == wire::RUNNING) {
    tell(all, wire::Notification::MATCH_STARTED, title() + " has started");
  } else if (newly != 0) {
    tell(newly, wire::Notification::YOUR_TURN,
         "Your turn in " + title() + " (move " + std::to_string(history_.seq + 1) + ")");
  }
  if (clock_status_ != wire::FINISHED && meta_.status == wire::FINISHED) {
    std::string result = result_text();
    tell(all, wire::Notification::MATCH_ENDED, title() + " is over" + (result.empty() ? "" : ": " + result));
  }
  clock_mask_ = mask;
  clock_status_ = meta_.status;
  for (auto& n : queued_notes_) change.notes.push_back(std::move(n));
  queued_notes_.clear();
  return change;
}

void Match::schedule_wake(const ClockChange& change) {
  if (!change.timed) return;
  stored_wake_ = change.wake_at;
  if (change.wake_at != 0 && change.wake_at <= services_.now()) {
    // Already due (the clock moved while this change was being stored): look now rather than at
    // the driver's next pass, which a manual clock would never make.
    auto self = shared_from_this();
    post([self] { self->on_clock_wake([] {}); });
    return;
  }
  if (services_.wakeups) services_.wakeups->set(meta_.id, change.wake_at);
}

void Match::send_notes(const std::vector<std::pair<uint64_t, wire::Notification>>& notes) {
  for (const auto& [user, n] : notes) notify_user(user, n);
}

int64_t Match::next_wake() const {
  if (!timed() || meta_.status != wire::RUNNING) return 0;
  int64_t wake = std::numeric_limits<int64_t>::max();
  for (size_t i = 0; i < clocks_.size(); ++i) {
    const clock::SeatClock& c = clocks_[i];
    if (!c.running) continue;
    clock::Pauses pauses = pauses_of(i);
    wake = std::min(wake, clock::deadline(c, pauses));
    if (auto r = clock::reminder_at(c, pauses)) wake = std::min(wake, *r);
  }
  return wake == std::numeric_limits<int64_t>::max() ? 0 : wake;
}

void Match::on_clock_wake(const std::function<void()>& done) {
  if (follower()) return done();  // the owner's clocks decide
  if (!timed() || meta_.status != wire::RUNNING) return done();
  // A match that became running without a change of its own (created with every seat filled):
  // its first commit starts the clocks.
  if (clock_mask_ != awaiting_mask() || clocks_.size() != meta_.seats.size()) return commit(nullptr, done);
  int64_t now = services_.now();
  core::Seat out = core::kObserver;
  int64_t earliest = std::numeric_limits<int64_t>::max();
  for (size_t i = 0; i < clocks_.size(); ++i) {
    if (!clocks_[i].running) continue;
    int64_t d = clock::deadline(clocks_[i], pauses_of(i));
    if (d <= now && d < earliest) {
      earliest = d;
      out = static_cast<core::Seat>(i);
    }
  }
  if (out != core::kObserver) {
    uint32_t seq = history_.seq + 1;
    apply_timeout(game_, history_, seq, out);
    meta_.status = wire::FINISHED;
    spdlog::info("match {}: {} ran out of time at seq {}", meta_.id, game_.seat_name(out), seq);
    uint64_t id = meta_.id;
    commit([id, row = event_row(seq, out, storage::EventKind::kTimeout, 0)](
               storage::Store& s) { return s.append_event(id, row); },
           done);
    return;
  }
  bool reminded = false;
  for (size_t i = 0; i < clocks_.size(); ++i) {
    auto at = clock::reminder_at(clocks_[i], pauses_of(i));
    if (!at || *at > now) continue;
    clocks_[i].reminded = true;
    reminded = true;
    int64_t left = clock::remaining_at(clocks_[i], now, pauses_of(i));
    queued_notes_.emplace_back(meta_.seats[i].user_id, note(wire::Notification::TIME_LOW,
                                                            "Time is running low in " + title() + ": " +
                                                                std::to_string(left / 3600) + " h left"));
  }
  if (reminded) return commit(nullptr, done);
  // Nothing due yet (a vacation moved the deadline): schedule again, and store the new wake so a
  // restart does not fire late (an early end of a vacation brings deadlines forward).
  int64_t wake = next_wake();
  if (services_.wakeups) services_.wakeups->set(meta_.id, wake);
  if (wake != stored_wake_) {
    stored_wake_ = wake;
    services_.writer->submit(fenced([id = meta_.id, state = clock::encode(clocks_),
                                     wake](storage::Store& s) { return s.put_clock(id, state, wake); },
                                    std::make_shared<bool>(false)));
  }
  if (committed_seq_ == history_.seq) broadcast();  // clocks shown as paused or running again
  done();
}

std::vector<int64_t> Match::clock_remaining() const {
  std::vector<int64_t> out;
  if (!timed()) return out;
  int64_t now = services_.now();
  for (size_t i = 0; i < meta_.seats.size(); ++i) {
    out.push_back(i < clocks_.size() ? clock::remaining_at(clocks_[i], now, pauses_of(i))
                                     : clock::pace_of(meta_.time_control).initial);
  }
  return out;
}

void Match::fill_clock_view(wire::MatchUpdate& u) const {
  int64_t now = services_.now();
  u.set_server_time(now);
  u.set_end_reason(end_reason());
  if (!timed()) return;
  *u.mutable_time_control() = meta_.time_control;
  clock::Pace pace = clock::pace_of(meta_.time_control);
  for (size_t i = 0; i < meta_.seats.size(); ++i) {
    clock::SeatClock c = i < clocks_.size() ? clocks_[i] : clock::SeatClock{pace.initial};
    *u.add_clocks() = clock::to_wire(static_cast<int>(i), c, pauses_of(i), now);
  }
}

}  // namespace frontier::server
