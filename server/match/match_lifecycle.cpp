// The life of a match around play: abort before everyone has moved, rematch after the end, who
// may read a private match, what each player has seen ("my matches"), and the notifications
// these produce. Every change goes through Match::commit, so it is durable before it is told.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "auth/auth.h"
#include "match/match.h"
#include "match/registry.h"

namespace frontier::server {

wire::EndReason Match::end_reason() const {
  if (!finished()) return wire::END_REASON_UNSPECIFIED;
  if (history_.aborted) return wire::END_BY_ABORT;
  if (history_.timed_out >= 0) return wire::END_BY_TIMEOUT;
  if (history_.resigned >= 0) return wire::END_BY_RESIGNATION;
  return wire::END_BY_RULES;
}

bool Match::admitted(const Connection& conn, uint64_t request_id) const {
  if (meta_.visibility != wire::PRIVATE || !seats_of(conn.user_id()).empty()) return true;
  for (const auto& sub : subscribers_) {
    if (auto c = sub.conn.lock(); c && c.get() == &conn) return true;  // watched with the code
  }
  send_error(conn, request_id, wire::BAD_INVITE,
             "Match " + std::to_string(meta_.id) + " is private: watch it with its invite code first");
  return false;
}

bool Match::abort_available() const {
  if (meta_.status != wire::OPEN && meta_.status != wire::RUNNING) return false;
  if (meta_.tournament_id != 0) return false;
  uint32_t all = (1u << game_.seat_count()) - 1;
  return (moved_seats(history_) & all) != all;
}

std::vector<uint64_t> Match::looking_users() const {
  std::vector<uint64_t> out;
  for (const auto& sub : subscribers_) {
    auto conn = sub.conn.lock();
    if (!conn || sub.seat < 0) continue;
    uint64_t user = conn->user_id();
    if (user != 0 && std::find(out.begin(), out.end(), user) == out.end()) out.push_back(user);
  }
  return out;
}

void Match::notify(uint64_t user_id, wire::Notification::Kind kind, const std::string& text,
                   uint64_t new_match_id) const {
  wire::Notification n = note(kind, text);
  n.set_new_match_id(new_match_id);
  notify_user(user_id, n);
}

void Match::with_events(EventsRead then, uint32_t snapshot_below) {
  auto self = shared_from_this();
  struct Read {
    std::vector<storage::EventRow> events;
    std::optional<Snapshot> snapshot;
    core::Status status;
  };
  auto read = std::make_shared<Read>();
  uint64_t id = meta_.id;
  // The writer runs jobs in order, so the read sees every change queued before it.
  services_.writer->submit(
      [read, id, snapshot_below](storage::Store& s) {
        auto events = s.events(id, 1);
        read->status = events.status();
        if (!events) return read->status;
        read->events = std::move(events.value());
        if (snapshot_below > 0) {
          auto snapshot = s.snapshot_below(id, snapshot_below);
          read->status = snapshot.status();
          if (!snapshot) return read->status;
          read->snapshot = std::move(snapshot.value());
        }
        return core::Status::ok();
      },
      [self, read, then = std::move(then)](bool ok) {
        if (!ok && read->status.is_ok()) read->status = core::Status::corruption("the read's batch failed");
        if (!ok) read->events.clear();
        self->post([read, then] { then(read->status, read->events, read->snapshot); });
      });
}

void Match::abort_match(const std::shared_ptr<Connection>& conn, uint64_t request_id) {
  std::vector<core::Seat> mine = seats_of(conn->user_id());
  if (mine.empty()) {
    send_error(*conn, request_id, wire::NOT_YOUR_SEAT, "Only a player of the match may abort it");
    return;
  }
  if (meta_.status != wire::OPEN && meta_.status != wire::RUNNING) {
    send_error(*conn, request_id, wire::MATCH_NOT_RUNNING, "Match " + std::to_string(meta_.id) + " is over");
    return;
  }
  if (meta_.tournament_id != 0) {
    send_error(
        *conn, request_id, wire::ABORT_NOT_ALLOWED,
        "Tournament matches cannot be aborted (tournament " + std::to_string(meta_.tournament_id) + ")");
    return;
  }
  if (!abort_available()) {
    send_error(*conn, request_id, wire::ABORT_NOT_ALLOWED,
               "Every side has made its first move: the match can no longer be aborted (resign instead)");
    return;
  }
  uint32_t seq = history_.seq + 1;
  apply_abort(game_, history_, seq, mine[0]);
  takeback_by_ = core::kObserver;
  meta_.status = wire::FINISHED;
  spdlog::info("match {}: aborted by {} at seq {}", meta_.id, game_.seat_name(mine[0]), seq);
  commit_and_ok(event_row(seq, mine[0], storage::EventKind::kAbort, conn->user_id()), conn, request_id);
}

void Match::rematch(const std::shared_ptr<Connection>& conn, uint64_t request_id) {
  auto reply = [self = shared_from_this(), conn, request_id] {
    wire::ServerMessage m;
    m.set_request_id(request_id);
    m.mutable_rematch()->set_match_id(self->meta_.id);
    m.mutable_rematch()->set_new_match_id(self->meta_.rematch_match_id);
    conn->send(m);
  };
  if (!finished() || committed_seq_ != history_.seq) {
    send_error(*conn, request_id, wire::MATCH_NOT_FINISHED,
               "Match " + std::to_string(meta_.id) + " is not over: a rematch comes after the end");
    return;
  }
  std::vector<core::Seat> mine = seats_of(conn->user_id());
  if (mine.empty()) {
    send_error(*conn, request_id, wire::NOT_YOUR_SEAT, "Only the players of a match may ask for its rematch");
    return;
  }
  if (meta_.rematch_match_id != 0 || rematch_creating_) return reply();  // asked again: same answer
  if (std::any_of(meta_.seats.begin(), meta_.seats.end(), [](const auto& h) { return h.user_id == 0; })) {
    send_error(
        *conn, request_id, wire::INVALID_ARGUMENT,
        "Match " + std::to_string(meta_.id) + " never had all its players: create a new match instead");
    return;
  }
  uint32_t asked = meta_.rematch_asked;
  for (core::Seat s : mine) asked |= core::seat_bit(s);
  uint32_t all = (1u << game_.seat_count()) - 1;
  uint64_t id = meta_.id;
  auto self = shared_from_this();
  if (asked != all || !services_.start_rematch) {
    bool first_ask = asked != meta_.rematch_asked;
    meta_.rematch_asked = asked;
    commit([id, asked](storage::Store& s) { return s.set_rematch(id, asked, 0); },
           [self, reply, mine, first_ask, asker = conn->user_id()] {
             reply();
             if (!first_ask) return;
             std::string text = self->game_.seat_name(mine[0]) + " offers a rematch of match " +
                                std::to_string(self->meta_.id) + " with sides swapped";
             for (const auto& holder : self->meta_.seats) {
               if (holder.user_id != asker)
                 self->notify(holder.user_id, wire::Notification::REMATCH_OFFERED, text);
             }
           });
    return;
  }
  // Everyone asked: the new match, sides swapped (two players), seats taken, running at once.
  meta_.rematch_asked = asked;
  rematch_creating_ = true;
  MatchServices::Rematch spec;
  spec.of = id;
  spec.asked = asked;
  spec.setup = meta_.setup;
  spec.setup.clear_seed();
  size_t n = meta_.seats.size();
  for (size_t i = 0; i < n; ++i) {
    const SeatHolder& h = meta_.seats[n == 2 ? 1 - i : i];
    spec.seats.emplace_back(h.user_id, h.user_name);
  }
  spec.visibility = meta_.visibility;
  spec.time_control = meta_.time_control.SerializeAsString();
  spec.rated = meta_.rated;
  services_.start_rematch(std::move(spec), [self, reply, conn, request_id, asked](uint64_t new_id) {
    self->post([self, reply, conn, request_id, asked, new_id] {
      self->rematch_creating_ = false;
      if (new_id == 0) {
        send_error(*conn, request_id, wire::INTERNAL, "The rematch could not be stored; ask again");
        return;
      }
      self->meta_.rematch_match_id = new_id;
      spdlog::info("match {}: rematch is match {}", self->meta_.id, new_id);
      // The link was stored with the new match; this commit only orders the push after it.
      uint64_t mid = self->meta_.id;
      self->commit([mid, asked, new_id](storage::Store& s) { return s.set_rematch(mid, asked, new_id); },
                   [self, reply, new_id] {
                     reply();
                     for (const auto& holder : self->meta_.seats)
                       self->notify(holder.user_id, wire::Notification::REMATCH_OFFERED,
                                    "The rematch of match " + std::to_string(self->meta_.id) + " has begun",
                                    new_id);
                   });
    });
  });
}

void Match::mark_seen(const std::shared_ptr<Connection>& conn, uint64_t request_id) {
  uint64_t user = conn->user_id();
  uint64_t id = meta_.id;
  services_.writer->submit([user, id](storage::Store& s) { return s.mark_seen(user, id); },
                           [conn, request_id](bool) { send_ok(*conn, request_id); });
}

void Match::unsubscribe(const std::shared_ptr<Connection>& conn, uint64_t request_id) {
  std::erase_if(subscribers_, [&](const Subscriber& s) {
    auto c = s.conn.lock();
    return !c || c == conn;
  });
  send_ok(*conn, request_id);
}

// Defined here, beside the request it serves: a rematch is a match created with its seats
// assigned, like a tournament board's, and linked to the match it follows in one transaction.
void MatchRegistry::create_rematch(MatchServices::Rematch spec, std::function<void(uint64_t)> done) {
  CreateRequest create;
  create.game = games_.find(spec.setup.game());
  if (!create.game) return done(0);
  create.setup = std::move(spec.setup);
  create.setup.set_seed(auth::random_u64());
  create.seed_nonce = auth::random_hex(16);
  auto initial = create.game->initial(create.setup);
  if (!initial) {
    spdlog::error("rematch of match {}: {}", spec.of, initial.status().message());
    return done(0);
  }
  create.initial = std::move(initial.value());
  for (auto& [user, name] : spec.seats) create.assigned.push_back({user, name});
  create.creator = create.assigned.empty() ? 0 : create.assigned[0].user_id;
  create.creator_name = create.assigned.empty() ? std::string() : create.assigned[0].user_name;
  create.visibility = spec.visibility;
  if (spec.visibility == wire::PRIVATE) create.invite_code = auth::random_hex(8);
  create.time_control = std::move(spec.time_control);
  create.rated = spec.rated;
  create.also = [of = spec.of, asked = spec.asked](storage::Store& s, uint64_t new_id) {
    return s.set_rematch(of, asked, new_id);
  };
  this->create(std::move(create), [done = std::move(done)](const std::shared_ptr<Match>& match) {
    done(match ? match->id() : 0);
  });
}

}  // namespace frontier::server
