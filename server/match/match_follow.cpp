// A follower copy (docs/architecture.md, "Several nodes"): a match another node runs, kept here
// for the connections of this node that watch or play it. It never commits: it catches up from
// the stored events (replayed through the same rules, so it reaches the owner's state bit for
// bit) whenever the owner's commit notification arrives, and pushes each subscriber's own
// filtered view as the owner would. Changes asked here were forwarded to the owner (ClusterBus);
// their answers come back through answer_forwarded.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "auth/auth.h"
#include "match/lease_keeper.h"
#include "match/match.h"

namespace frontier::server {

std::string node_tag(const std::string& node) {
  return auth::sha256_hex(node).substr(0, 24);
}

std::string commit_notice(uint64_t match_id, uint32_t seq, const std::string& node) {
  return std::to_string(match_id) + " " + std::to_string(seq) + " " + node_tag(node);
}

std::string chat_notice(uint64_t match_id, uint32_t seq, const std::string& node,
                        const wire::ChatMessage& line) {
  return commit_notice(match_id, seq, node) + " chat " + to_hex(line.SerializeAsString());
}

std::string takeback_notice(uint64_t match_id, uint32_t seq, const std::string& node, int by, uint32_t to) {
  return commit_notice(match_id, seq, node) + " takeback " + std::to_string(by) + " " + std::to_string(to);
}

std::string user_notice(uint64_t user, const std::string& node, const wire::Notification& n) {
  return "note " + std::to_string(user) + " " + node_tag(node) + " " + to_hex(n.SerializeAsString());
}

std::string to_hex(const std::string& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

std::optional<std::string> from_hex(const std::string& text) {
  if (text.size() % 2 != 0) return std::nullopt;
  std::string out;
  out.reserve(text.size() / 2);
  auto value = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  for (size_t i = 0; i < text.size(); i += 2) {
    int hi = value(text[i]);
    int lo = value(text[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out += static_cast<char>(hi * 16 + lo);
  }
  return out;
}

bool Match::runs_elsewhere(const wire::ClientMessage& msg, const Connection& conn) const {
  if (!follower()) return false;
  // A seated player's join is a reconnect: it subscribes here. Taking a seat is a change.
  if (msg.has_join_match()) return seats_of(conn.user_id()).empty();
  return true;
}

void Match::follow(uint32_t seq, Then refreshed) {
  if (!follower()) {
    if (refreshed) refreshed();
    return;
  }
  want_seq_ = std::max(want_seq_, seq);
  if (refreshed) refresh_waiters_.push_back(std::move(refreshed));
  // seq 0 asks for a fresh read whatever this copy holds (the seats or status may have changed
  // without an event: a join, a chat line).
  if (catching_up_) {
    read_again_ = true;
    return;
  }
  if (seq != 0 && seq <= history_.seq && refresh_waiters_.empty()) return;
  catching_up_ = true;
  read_again_ = false;
  struct Read {
    std::optional<storage::MatchRow> row;
    std::vector<storage::SeatRow> seats;
    std::vector<storage::EventRow> events;
  };
  auto read = std::make_shared<Read>();
  auto waiters = std::make_shared<std::vector<Then>>(std::move(refresh_waiters_));
  refresh_waiters_.clear();
  uint64_t id = meta_.id;
  uint32_t from = history_.seq + 1;
  auto self = shared_from_this();
  storage::Writer* reader = services_.follow_reader ? services_.follow_reader : services_.writer;
  reader->submit(
      [read, id, from](storage::Store& s) {
        auto row = s.load_match(id);
        if (!row) return row.status();
        auto seats = s.seats(id);
        if (!seats) return seats.status();
        auto events = s.events(id, from);
        if (!events) return events.status();
        read->row = std::move(row.value());
        read->seats = std::move(seats.value());
        read->events = std::move(events.value());
        return core::Status::ok();
      },
      [self, read, waiters](bool ok) {
        self->post([self, read, waiters, ok] {
          self->catching_up_ = false;
          if (ok && read->row) self->apply_followed(*read->row, read->seats, read->events);
          for (auto& w : *waiters) w();
          // Asked again meanwhile, or a commit told of is not read yet: read once more. An empty
          // read ends it (nothing newer is stored).
          if (self->read_again_ || (!read->events.empty() && self->want_seq_ > self->history_.seq))
            self->follow(0);
        });
      });
}

void Match::apply_followed(const storage::MatchRow& row, const std::vector<storage::SeatRow>& seats,
                           const std::vector<storage::EventRow>& events) {
  meta_.status = static_cast<wire::MatchStatus>(row.status);
  for (auto& s : meta_.seats) s = {};
  for (const auto& s : seats) {
    if (s.seat >= 0 && static_cast<size_t>(s.seat) < meta_.seats.size())
      meta_.seats[static_cast<size_t>(s.seat)] = {s.user_id, s.user_name};
  }
  meta_.rematch_asked = row.rematch_asked;
  meta_.rematch_match_id = row.rematch_match_id;
  meta_.clock_state = row.clock;
  if (auto stored = clock::decode(meta_.clock_state)) clocks_ = std::move(*stored);
  if (!events.empty()) {
    // The tail on top of this copy; an undo or takeback reaching back past it needs the whole
    // history, which the match's load path rebuilds: this copy leaves memory and the next
    // request loads it afresh.
    History next;
    next.state = history_.state->clone();
    next.seq = history_.seq;
    next.resigned = history_.resigned;
    next.timed_out = history_.timed_out;
    next.aborted = history_.aborted;
    next.standing = history_.standing;
    next.effective = history_.effective;
    if (history_.last.before) {
      next.last.seat = history_.last.seat;
      next.last.reversible = history_.last.reversible;
      next.last.before = history_.last.before->clone();
    }
    if (auto st = replay_events(game_, next, events); !st) {
      spdlog::info("match {}: the follower copy cannot replay the tail ({}); it is loaded afresh", meta_.id,
                   st.message());
      if (services_.on_lease_lost) services_.on_lease_lost(meta_.id, 0);
      return;
    }
    std::vector<LogLine> lines = std::move(history_.log);
    for (auto& line : next.log) lines.push_back(std::move(line));
    next.log = std::move(lines);
    next.from_snapshot = history_.from_snapshot;
    history_ = std::move(next);
  }
  if (!events.empty()) takeback_by_ = core::kObserver;  // any change at the owner ends an offer
  committed_seq_ = history_.seq;
  committed_awaiting_ = awaiting_mask();
  track_prompts(core::kObserver);
  run_pending();
  broadcast();
}

void Match::answer_forwarded(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                             wire::ServerMessage m, const wire::ClientMessage& original) {
  auto self = shared_from_this();
  // After a fresh read (the owner committed before it answered), so the reply's view is the
  // owner's state as of the answer.
  follow(0, [self, conn, request_id, m = std::move(m), original]() mutable {
    if (m.has_update()) {  // the seat was taken at the owner: subscribe here, as a reconnect
      self->join(conn, request_id, original.join_match());
      return;
    }
    m.set_request_id(request_id);
    uint64_t user = conn->user_id();
    auto mine = self->seats_of(user);
    core::Seat seat = original.has_submit_action() && original.submit_action().has_seat()
                          ? original.submit_action().seat()
                          : (mine.empty() ? core::kObserver : mine[0]);
    if (m.has_submitted() && !m.submitted().duplicate() && self->history_.seq >= m.submitted().seq()) {
      for (auto& sub : self->subscribers_) {
        if (sub.seat != seat || sub.conn.lock() != conn) continue;
        self->fill_update(seat, sub.last_sent, *m.mutable_submitted()->mutable_update());
        sub.last_sent = self->history_.seq;
        break;
      }
    }
    if (m.has_error() && m.error().code() == wire::STALE_SEQ && seat >= 0) {
      uint32_t expected = original.has_submit_action() ? original.submit_action().expected_seq() : 0;
      self->fill_update(seat, expected, *m.mutable_error()->mutable_current());
    }
    conn->send(m);
  });
}

void Match::followed_chat(const wire::ServerMessage& push) {
  if (!follower()) return;
  push_to_subscribers(push);
  // What the users looking at this copy are shown counts as seen, as at the owner.
  std::vector<uint64_t> looking = looking_users();
  if (looking.empty()) return;
  services_.writer->submit([looking, id = meta_.id](storage::Store& s) {
    for (uint64_t user : looking) {
      if (auto st = s.mark_seen(user, id); !st) return st;
    }
    return core::Status::ok();
  });
}

void Match::followed_takeback(uint32_t seq, core::Seat by, uint32_t to) {
  if (!follower()) return;
  auto self = shared_from_this();
  // After a read up to the owner's seq: an offer told for an older seq was ended by the change
  // that followed it (the owner tells notices in commit order).
  follow(seq, [self, seq, by, to] {
    if (self->history_.seq != seq || self->meta_.status != wire::RUNNING) return;
    self->takeback_by_ = by;
    self->takeback_to_ = to;
    self->broadcast();
  });
}

void Match::tell_followers_takeback() const {
  if (!services_.followers || follower()) return;
  std::string payload =
      takeback_notice(meta_.id, history_.seq, services_.leases->node(), takeback_by_, takeback_to_);
  services_.writer->submit([payload](storage::Store& s) { return s.notify(kCommitChannel, payload); });
}

std::vector<Match::Watcher> Match::hand_over() {
  moved_ = true;  // a request that still finds this copy is told to retry, and lands on the new one
  std::vector<Watcher> out;
  for (const auto& sub : subscribers_) out.push_back({sub.conn, sub.seat, sub.last_sent});
  subscribers_.clear();
  pending_.clear();
  refresh_waiters_.clear();
  return out;
}

}  // namespace frontier::server
