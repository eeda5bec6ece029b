#include "notify/mailer.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <memory>
#include <utility>

#include "core/game.h"
#include "notify/email_message.h"

namespace frontier::server::notify {

namespace {

constexpr int64_t kDay = 86400;
constexpr uint32_t kBatch = 50;

std::string key(const char* kind, uint64_t user, uint64_t match, int64_t extra) {
  return std::string(kind) + ":" + std::to_string(user) + ":" + std::to_string(match) + ":" +
         std::to_string(extra);
}

// Whether `user` holds a seat of `match` that is prompted now.
core::Result<bool> prompted(storage::Store& s, const storage::MatchRow& match, uint64_t user) {
  auto seats = s.seats(match.id);
  if (!seats) return seats.status();
  for (const auto& seat : *seats) {
    if (seat.user_id == user && (match.awaiting & core::seat_bit(static_cast<core::Seat>(seat.seat))))
      return true;
  }
  return false;
}

// "Your turn" mails whose delay has passed, for users who have not looked at the match since
// and still hold the prompt.
core::Status promote_turns(storage::Store& s, const MailIdentity& id, int64_t now) {
  auto due = s.turn_emails_due(now, kBatch);
  if (!due) return due.status();
  for (const auto& t : *due) {
    if (auto st = s.delete_turn_email(t.user_id, t.match_id); !st) return st;
    auto found = s.email(t.user_id);
    if (!found) return found.status();
    const auto& email = *found;
    if (!email || !email->verified || !(email->choices & storage::kEmailYourTurn)) continue;
    auto loaded = s.load_match(t.match_id);
    if (!loaded) return loaded.status();
    const auto& match = *loaded;
    if (!match || match->status != wire::RUNNING) continue;
    auto holds = prompted(s, *match, t.user_id);
    if (!holds) return holds.status();
    if (!*holds) continue;
    auto seen = s.seen_seq(t.user_id, t.match_id);
    if (!seen) return seen.status();
    if (*seen >= t.seq) continue;  // looked since the turn began
    wire::Notification n;
    n.set_kind(wire::Notification::YOUR_TURN);
    n.set_match_id(t.match_id);
    n.set_game(match->game);
    n.set_text(t.text);
    auto added = s.add_email(notice_mail(id, *email, n, key("turn", t.user_id, t.match_id, t.seq), now));
    if (!added) return added.status();
  }
  return core::Status::ok();
}

// When the mailer next has something to do; a failed read counts as "now", so it looks again
// at its next pass rather than sleeping on mail it could not see.
int64_t next_email_due(storage::Store& s) {
  auto next = s.email_next_at();
  if (next) return *next;
  spdlog::warn("mailer: could not read when mail is due: {}", next.status().message());
  return 1;
}

core::Status promote_digests(storage::Store& s, const MailIdentity& id, int64_t now) {
  auto due = s.digests_due(now, kBatch);
  if (!due) return due.status();
  for (auto email : *due) {
    email.digest_due = now + kDay;
    if (auto st = s.put_email(email); !st) return st;
    std::vector<storage::MyMatchRow> waiting;
    auto mine = s.my_matches(email.user_id, 200);
    if (!mine) return mine.status();
    for (auto& row : *mine) {
      if (row.your_turn) waiting.push_back(std::move(row));
    }
    if (waiting.empty()) continue;  // nothing waits: no mail that day
    auto added = s.add_email(digest_mail(id, email, waiting, now));
    if (!added) return added.status();
  }
  return core::Status::ok();
}

}  // namespace

Mailer::Mailer(MailerConfig config, storage::Writer& writer, std::function<int64_t()> now)
    : config_(std::move(config)), writer_(writer), now_(std::move(now)) {}

Mailer::~Mailer() {
  stop();
}

void Mailer::start() {
  if (!enabled()) return;
  smtp_global_init();
  thread_ = std::thread([this] { loop(); });
}

void Mailer::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Mailer::poke() {
  {
    std::lock_guard lock(mu_);
    poked_ = true;
  }
  cv_.notify_all();
}

void Mailer::notice(uint64_t user, const wire::Notification& n) {
  if (!enabled()) return;
  int64_t now = now_();
  // Most notifications mail nothing (no verified address, not chosen): only a stored mail or wait
  // wakes the mailer, which would otherwise read the outbox after every move.
  auto stored = std::make_shared<bool>(false);
  writer_.submit(
      [this, user, n, now, stored](storage::Store& s) {
        auto found = s.email(user);
        if (!found) return found.status();
        const auto& email = *found;
        if (!email || !email->verified) return core::Status::ok();  // nothing to an unverified address
        uint64_t match = n.match_id();
        switch (n.kind()) {
          case wire::Notification::YOUR_TURN: {
            if (!(email->choices & storage::kEmailYourTurn)) return core::Status::ok();
            auto loaded = s.load_match(match);
            if (!loaded) return loaded.status();
            const auto& row = *loaded;
            if (!row) return core::Status::ok();
            *stored = true;
            // The delay counts from when the turn began (the notification's time), not from when
            // this job runs.
            return s.add_turn_email({user, match, row->seq, n.at() + email->turn_delay, n.text()});
          }
          case wire::Notification::TIME_LOW: {
            if (!(email->choices & storage::kEmailClock)) return core::Status::ok();
            *stored = true;
            return s
                .add_email(notice_mail(config_.identity, *email, n, key("clock", user, match, n.at()), now))
                .status();
          }
          case wire::Notification::MATCH_ENDED: {
            if (!(email->choices & storage::kEmailGameOver)) return core::Status::ok();
            *stored = true;
            return s.add_email(notice_mail(config_.identity, *email, n, key("over", user, match, 0), now))
                .status();
          }
          case wire::Notification::MATCH_STARTED: {
            // A pairing is a tournament match starting; other matches start because the user asked.
            auto loaded = s.load_match(match);
            if (!loaded) return loaded.status();
            const auto& row = *loaded;
            if (!row || row->tournament_id == 0 || !(email->choices & storage::kEmailPairings))
              return core::Status::ok();
            *stored = true;
            return s.add_email(notice_mail(config_.identity, *email, n, key("pairing", user, match, 0), now))
                .status();
          }
          default:
            return core::Status::ok();
        }
      },
      [this, stored](bool ok) {
        if (ok && *stored) poke();
      });
}

int64_t Mailer::retry_delay(int attempts) const {
  size_t i = std::min(static_cast<size_t>(std::max(attempts, 1)) - 1, config_.retry_after.size() - 1);
  return config_.retry_after[i];
}

void Mailer::loop() {
  std::unique_lock lock(mu_);
  int64_t next_due = 0;  // 0: nothing known to be due
  while (!stopping_) {
    // The real clock moves on its own: look every second. The manual one pokes.
    if (!poked_) cv_.wait_for(lock, std::chrono::seconds(1));
    if (stopping_) break;
    bool poked = std::exchange(poked_, false);
    if (leadership_ && !leadership_->is_leader()) continue;  // the leader sends what this node queued
    if (!poked && leadership_ && leadership_->clustered()) {
      lock.unlock();
      writer_.run_sync([&next_due](storage::Store& s) { next_due = next_email_due(s); });
      lock.lock();
    }
    // While the relay rests after a failure nothing can be sent: the next look is when it ends.
    if (!poked && (next_due == 0 || std::max(next_due, relay_rests_until_) > now_())) continue;
    lock.unlock();
    pass();
    writer_.run_sync([&next_due](storage::Store& s) { next_due = next_email_due(s); });
    lock.lock();
  }
}

void Mailer::pass() {
  const std::string from = bare_address(config_.identity.from);
  for (;;) {
    int64_t now = now_();
    std::vector<storage::EmailOutboxRow> due;
    writer_.run_sync([&](storage::Store& s) {
      // Promotion and the read share one transaction; a failed promotion is retried next pass.
      (void)promote_turns(s, config_.identity, now);
      (void)promote_digests(s, config_.identity, now);
      auto read = s.emails_due(now, kBatch);
      if (read) {
        due = std::move(read.value());
      } else {
        spdlog::warn("mailer: could not read the outbox: {}", read.status().message());
      }
    });
    if (due.empty() || now < relay_rests_until_) return;
    for (auto& mail : due) {
      {
        std::lock_guard lock(mu_);
        if (stopping_) return;
      }
      core::Status st = smtp_send(config_.smtp, from, mail.to, mail.message);
      int64_t t = now_();
      if (st) {
        spdlog::info("mail {} for user {} handed to the relay", mail.dedupe, mail.user_id);
        // Marked before the next is sent: a mail the relay took is never handed over again.
        writer_.run_sync([&](storage::Store& s) { (void)s.email_sent(mail.id, t, t - 30 * kDay); });
        continue;
      }
      ++mail.attempts;
      if (t - mail.created_at >= config_.give_up_after) {
        spdlog::warn("mail {} for user {} given up after {} attempts: {}", mail.dedupe, mail.user_id,
                     mail.attempts, st.message());
        writer_.run_sync([&](storage::Store& s) { (void)s.email_sent(mail.id, t, t - 30 * kDay); });
        continue;
      }
      int64_t next = t + retry_delay(mail.attempts);
      spdlog::warn("mail {} for user {} not taken (attempt {}): {}; next try at {}", mail.dedupe,
                   mail.user_id, mail.attempts, st.message(), next);
      writer_.run_sync([&](storage::Store& s) { (void)s.email_retry(mail.id, mail.attempts, next); });
      // The relay refused or is down: the other mails wait with this one rather than each
      // failing now.
      relay_rests_until_ = next;
      return;
    }
  }
}

}  // namespace frontier::server::notify
