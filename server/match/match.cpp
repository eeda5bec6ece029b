// Requests that change a match, and the commit-then-acknowledge path they share.
#include "match/match.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>

#include "match/frame_encoder.h"
#include "match/lease_keeper.h"

namespace frontier::server {

Match::Match(const MatchServices& services, std::unique_ptr<Strand> strand, const core::Game& game,
             MatchMeta meta, History history, bool log_complete)
    : services_(services),
      strand_(std::move(strand)),
      game_(game),
      meta_(std::move(meta)),
      history_(std::move(history)),
      log_complete_(log_complete),
      committed_seq_(history_.seq) {
  committed_awaiting_ = awaiting_mask();
  track_prompts(core::kObserver);
  if (auto stored = clock::decode(meta_.clock_state)) clocks_ = std::move(*stored);
  for (size_t i = 0; i < clocks_.size(); ++i) {
    if (clocks_[i].running) clock_mask_ |= core::seat_bit(static_cast<core::Seat>(i));
  }
  clock_status_ = meta_.just_created ? wire::OPEN : meta_.status;
}

std::vector<core::Seat> Match::seats_of(uint64_t user) const {
  std::vector<core::Seat> out;
  if (user == 0) return out;
  for (size_t i = 0; i < meta_.seats.size(); ++i) {
    if (meta_.seats[i].user_id == user) out.push_back(static_cast<core::Seat>(i));
  }
  return out;
}

std::optional<core::Seat> Match::acting_seat(const Connection& conn, uint64_t request_id,
                                             const std::optional<int>& wanted, bool must_be_prompted) {
  std::vector<core::Seat> mine = seats_of(conn.user_id());
  if (mine.empty()) {
    send_error(conn, request_id, wire::NOT_YOUR_SEAT,
               "You hold no seat in match " + std::to_string(meta_.id) + "; spectators cannot act");
    return std::nullopt;
  }
  if (wanted) {
    if (std::find(mine.begin(), mine.end(), *wanted) == mine.end()) {
      send_error(conn, request_id, wire::NOT_YOUR_SEAT,
                 "You do not hold seat " + std::to_string(*wanted) + " in match " + std::to_string(meta_.id));
      return std::nullopt;
    }
    return *wanted;
  }
  if (mine.size() == 1) return mine[0];
  if (must_be_prompted) {
    uint32_t awaiting = awaiting_mask();
    std::vector<core::Seat> prompted;
    for (core::Seat s : mine) {
      if (awaiting & core::seat_bit(s)) prompted.push_back(s);
    }
    if (prompted.size() == 1) return prompted[0];
  }
  send_error(conn, request_id, wire::INVALID_ARGUMENT,
             "You hold several seats here: say which one acts (seat)");
  return std::nullopt;
}

std::optional<core::Seat> Match::seat_in_running_match(const Connection& conn, uint64_t request_id,
                                                       const std::optional<int>& wanted) {
  if (meta_.status != wire::RUNNING) {
    send_error(conn, request_id, wire::MATCH_NOT_RUNNING,
               "Match " + std::to_string(meta_.id) + " is not running");
    return std::nullopt;
  }
  return acting_seat(conn, request_id, wanted, false);
}

uint32_t Match::awaiting_mask() const {
  return meta_.status == wire::RUNNING ? game_.awaiting(*history_.state) : 0;
}

void Match::track_prompts(core::Seat actor) {
  prompts_.after_event(history_.seq, actor, awaiting_mask(), [this](core::Seat seat) {
    return core::prompt_with_choices(game_, *history_.state, seat).SerializeAsString();
  });
}

std::string Match::result_text(const History& h) const {
  if (h.aborted) return "aborted";
  if (h.timed_out >= 0) {
    std::string text = game_.seat_name(h.timed_out) + " loses on time";
    if (game_.seat_count() == 1) text += ": the match is abandoned";
    return text;
  }
  if (h.resigned >= 0) {
    std::string text = game_.seat_name(h.resigned) + " resigns";
    if (game_.seat_count() == 2) text += "; " + game_.seat_name(1 - h.resigned) + " wins";
    return text;
  }
  // A game with a seat to prompt is running: no result, and no status built to say so (this runs
  // on every commit).
  if (game_.awaiting(*h.state) != 0) return {};
  frontier::GameStatus gs;
  game_.status(*h.state, gs);
  return gs.finished() ? gs.result() : std::string();
}

Match::Outcome Match::outcome() const {
  Outcome o;
  o.finished = finished();
  o.awaiting = awaiting_mask();
  o.remaining = clock_remaining();
  o.aborted = history_.aborted;
  o.rated = meta_.rated;
  o.tournament_id = meta_.tournament_id;
  o.seats = meta_.seats;
  if (!o.finished || history_.aborted) return o;
  if (history_.timed_out >= 0) {
    o.winner = game_.seat_count() == 2 ? 1 - history_.timed_out : -1;
    return o;
  }
  if (history_.resigned >= 0) {
    o.winner = game_.seat_count() == 2 ? 1 - history_.resigned : -1;
    return o;
  }
  frontier::GameStatus gs;
  game_.status(*history_.state, gs);
  o.winner = gs.draw() ? -1 : gs.winner();
  return o;
}

void Match::tell_settled() {
  if (follower()) return;  // the owner's bots move
  if (services_.on_settled && meta_.status == wire::RUNNING && committed_seq_ == history_.seq)
    services_.on_settled(shared_from_this());
}

Match::BotTurn Match::bot_turn(const std::function<bool(uint64_t)>& is_bot) const {
  BotTurn turn;
  // A follower copy's bots are the owner's to move: one node decides, once.
  if (follower() || meta_.status != wire::RUNNING || committed_seq_ != history_.seq) return turn;
  uint32_t awaiting = awaiting_mask();
  for (size_t seat = 0; seat < meta_.seats.size(); ++seat) {
    uint64_t user = meta_.seats[seat].user_id;
    if ((awaiting & core::seat_bit(static_cast<core::Seat>(seat))) && user != 0 && is_bot(user))
      turn.seats.emplace_back(static_cast<core::Seat>(seat), user);
  }
  if (turn.seats.empty()) return turn;
  turn.seq = history_.seq;
  for (const SeatHolder& holder : meta_.seats) {
    if (holder.user_id != 0 && !is_bot(holder.user_id)) {
      turn.person = holder.user_id;
      break;
    }
  }
  turn.options.assign(meta_.setup.options().begin(), meta_.setup.options().end());
  return turn;
}

void Match::check_finished() {
  if (meta_.status == wire::RUNNING && game_.awaiting(*history_.state) == 0) meta_.status = wire::FINISHED;
}

void Match::commit(storage::Writer::Work work, Then then, bool push, bool adds_chat, Then refused) {
  if (follower()) {
    // Changes go to the owner before they reach a follower copy (Service::on_match); one that
    // still got here (an internal caller) changed this copy only: it is dropped and reloaded.
    spdlog::warn("match {}: a change reached the follower copy; it is reloaded", meta_.id);
    if (services_.on_lease_lost) services_.on_lease_lost(meta_.id, 0);
    lease_lost();
    if (refused) refused();
    return;
  }
  auto clock_change = std::make_shared<ClockChange>(settle_clocks());
  uint64_t id = meta_.id;
  int status = meta_.status;
  uint32_t seq = history_.seq;
  uint32_t awaiting = awaiting_mask();
  std::string result = result_text();
  int64_t now = services_.now();
  int64_t finished_at = finished() ? now : 0;
  // Prompts that begin with this change ("my matches": longest waiting first).
  uint32_t prompt_started = awaiting & ~committed_awaiting_;
  committed_awaiting_ = awaiting;
  // What a user has seen is read only for a finished match's result (seen_seq) and for unread
  // chat (seen_chat_id): while the match runs and no chat line comes, the stored row already says
  // everything a reader asks, so the writer is spared two row writes per action.
  std::vector<uint64_t> looking;
  if (meta_.status != wire::RUNNING || adds_chat) looking = looking_users();
  auto started = std::chrono::steady_clock::now();
  auto self = shared_from_this();
  // The next wake is queued before the acknowledgement (an AdvanceClock answered after it finds
  // it); notifications go after it, once the requester (a joiner) has subscribed and so counts as
  // looking at the match.
  then = [self, then = std::move(then), clock_change] {
    self->schedule_wake(*clock_change);
    if (then) then();
    self->send_notes(clock_change->notes);
  };
  auto fence_refused = std::make_shared<bool>(false);
  services_.writer->submit(
      fenced(
          [work = std::move(work), id, status, seq, awaiting, result, finished_at, now, prompt_started,
           looking = std::move(looking), clock_change,
           node = services_.followers ? services_.leases->node() : std::string()](storage::Store& store) {
            if (work) {
              if (auto st = work(store); !st) return st;
            }
            if (auto st = store.update_match(id, status, seq, awaiting, result, finished_at, now); !st)
              return st;
            if (prompt_started != 0) {
              if (auto st = store.prompts_started(id, now, prompt_started); !st) return st;
            }
            for (uint64_t user : looking) {
              if (auto st = store.mark_seen(user, id); !st) return st;
            }
            if (clock_change->timed) {
              if (auto st = store.put_clock(id, clock_change->state, clock_change->wake_at); !st) return st;
            }
            // Nodes with a follower copy catch up once this commits (told only if it does).
            if (!node.empty()) return store.notify(kCommitChannel, commit_notice(id, seq, node));
            return core::Status::ok();
          },
          fence_refused),
      [self, seq, started, then = std::move(then), push, fence_refused,
       refused = std::move(refused)](bool ok) {
        if (!ok && self->services_.leases) {
          // Several nodes: the database failed (down, or the connection lost mid-commit, so the
          // outcome may be unknown). Memory is ahead of what is surely stored, so this copy stops,
          // as a fail-stop of this match alone: later commits queued for it write nothing (the
          // flag is read by their fence, and this runs on the writer's thread before the next
          // batch), it leaves memory, and the next request loads it again from the database once
          // that answers. The requester is told UNAVAILABLE; nothing was acknowledged.
          self->store_failed_->store(true);
          spdlog::error(
              "match {}: commit of seq {} failed; the match leaves memory until the database answers",
              self->id(), seq);
          if (self->services_.on_lease_lost) self->services_.on_lease_lost(self->id(), self->lease_epoch_);
          self->post([self, refused] {
            self->lease_lost();
            if (refused) refused();  // answers the request with UNAVAILABLE
          });
          return;
        }
        if (ok && *fence_refused) {
          // Another node took the lease: nothing of this change was stored or acknowledged. Only
          // this match stops here; the server and its other matches go on. (After a failed commit
          // of this copy, its later ones are refused the same way, without a lease lost.)
          if (!self->store_failed_->load()) self->services_.leases->refused_commits++;
          spdlog::warn("match {}: commit of seq {} refused: the lease (epoch {}) is lost", self->id(), seq,
                       self->lease_epoch_);
          if (self->services_.on_lease_lost) self->services_.on_lease_lost(self->id(), self->lease_epoch_);
          self->post([self, refused] {
            self->lease_lost();
            if (refused) refused();  // answers the request with MATCH_MOVED
          });
          return;
        }
        if (!ok) {
          // Fail-stop: memory is ahead of the database and nothing of it was acknowledged.
          // Stopping keeps every acknowledged action true; a restart reloads from the file.
          spdlog::critical("match {}: commit of seq {} failed; stopping the server", self->id(), seq);
          std::abort();
        }
        self->post([self, seq, started, then, push] { self->on_committed(seq, started, then, push); });
      });
}

void Match::on_committed(uint32_t seq, std::chrono::steady_clock::time_point started, const Then& then,
                         bool push) {
  committed_seq_ = std::max(committed_seq_, seq);
  auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);
  services_.metrics->observe_commit(static_cast<uint64_t>(micros.count()));
  if (then) then();
  run_pending();
  // Later changes are still on their way to the disk; their own commit will push.
  if (push && committed_seq_ == history_.seq) broadcast();
  tell_settled();
  if (finished() && committed_seq_ == history_.seq && !finish_reported_) {
    finish_reported_ = true;
    if (services_.on_finished) services_.on_finished(meta_.id);
  }
}

void Match::run_pending() {
  std::vector<Then> ready;
  auto it = std::stable_partition(pending_.begin(), pending_.end(),
                                  [&](const auto& p) { return p.first > committed_seq_; });
  for (auto r = it; r != pending_.end(); ++r) ready.push_back(std::move(r->second));
  pending_.erase(it, pending_.end());
  for (auto& r : ready) r();
}

void Match::broadcast() {
  // A seat's updates go only to connections of the user holding it: one that logged out (or
  // in as someone else) since it subscribed hears no more of that seat.
  std::erase_if(subscribers_, [this](const Subscriber& s) {
    auto conn = s.conn.lock();
    return !conn || conn->closed() ||
           (s.seat >= 0 && conn->user_id() != meta_.seats[static_cast<size_t>(s.seat)].user_id);
  });
  // Connections watching the same seat from the same point (spectators, a player's second tab)
  // are sent the same frame, built once.
  struct Built {
    core::Seat seat;
    uint32_t since;
    Frame frame;
  };
  std::vector<Built> built;
  for (auto& sub : subscribers_) {
    if (sub.fresh) {
      sub.fresh = false;
      continue;
    }
    auto conn = sub.conn.lock();
    if (!conn) continue;
    auto same = std::find_if(built.begin(), built.end(),
                             [&](const Built& b) { return b.seat == sub.seat && b.since == sub.last_sent; });
    if (same == built.end()) {
      Frame frame = encode_frame(
          [&](wire::ServerMessage& m) { fill_update(sub.seat, sub.last_sent, *m.mutable_update()); });
      same = built.insert(built.end(), {sub.seat, sub.last_sent, std::move(frame)});
    }
    conn->send(same->frame);
    sub.last_sent = history_.seq;
  }
}

void Match::send_update(const Connection& conn, uint64_t request_id, core::Seat seat, uint32_t since) const {
  conn.send(encode_frame([&](wire::ServerMessage& m) {
    m.set_request_id(request_id);
    fill_update(seat, since, *m.mutable_update());
  }));
}

void Match::subscribe(const std::shared_ptr<Connection>& conn, core::Seat seat, uint32_t since,
                      uint64_t request_id) {
  since = std::min(since, history_.seq);
  auto self = shared_from_this();
  with_log_from(since + 1, [self, conn, seat, since, request_id](const core::Status& read) {
    if (!read) {
      send_error(*conn, request_id, wire::INTERNAL, "The match's history could not be read; try again");
      return;
    }
    auto send = [self, conn, seat, since, request_id] {
      auto it = std::find_if(self->subscribers_.begin(), self->subscribers_.end(),
                             [&](const Subscriber& s) { return s.seat == seat && s.conn.lock() == conn; });
      if (it == self->subscribers_.end())
        it = self->subscribers_.insert(self->subscribers_.end(), {conn, seat, 0});
      it->last_sent = self->history_.seq;
      self->send_update(*conn, request_id, seat, since);
      // Joining or watching shows the match as it stands: it counts as seen.
      if (uint64_t user = conn->user_id(); user != 0 && !self->seats_of(user).empty()) {
        uint64_t id = self->meta_.id;
        self->services_.writer->submit([user, id](storage::Store& s) { return s.mark_seen(user, id); },
                                       nullptr);
      }
    };
    if (self->committed_seq_ == self->history_.seq) {
      send();
    } else {
      self->pending_.emplace_back(self->history_.seq, send);
    }
  });
}

void Match::subscribe_creator(const std::shared_ptr<Connection>& conn, uint64_t request_id, int seat) {
  subscribers_.push_back({conn, seat, history_.seq});
  wire::ServerMessage m;
  m.set_request_id(request_id);
  m.mutable_created()->set_match_id(meta_.id);
  m.mutable_created()->set_seat(seat);
  m.mutable_created()->set_invite_code(meta_.invite_code);
  m.mutable_created()->set_rated(meta_.rated);
  conn->send(m);
  send_update(*conn, 0, seat, 0);
}

void Match::join(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::JoinMatch& req) {
  uint64_t user = conn->user_id();
  std::vector<core::Seat> mine = seats_of(user);
  core::Seat wanted = req.side().empty() ? core::kObserver : game_.seat_by_name(req.side());
  if (!req.side().empty() && wanted < 0) {
    std::string sides;
    for (const auto& s : game_.info().seats()) sides += (sides.empty() ? "" : ", ") + s;
    send_error(*conn, request_id, wire::INVALID_ARGUMENT,
               "'" + req.side() + "' is not a side of " + game_.info().title() + " (sides: " + sides + ")");
    return;
  }
  if (!mine.empty()) {  // already seated: this is a reconnect, resubscribe
    for (core::Seat s : mine) {
      if (wanted < 0 || wanted == s) subscribe(conn, s, req.since_seq(), request_id);
    }
    if (wanted >= 0 && std::find(mine.begin(), mine.end(), wanted) == mine.end()) {
      send_error(*conn, request_id, wire::MATCH_FULL, game_.seat_name(wanted) + " is held by another player");
    }
    return;
  }
  // Checked before anything else is said of a private match (even whether a seat is free).
  if (meta_.visibility == wire::PRIVATE && req.invite_code() != meta_.invite_code) {
    send_error(*conn, request_id, wire::BAD_INVITE,
               "Match " + std::to_string(meta_.id) + " is private: joining it needs its invite code");
    return;
  }
  if (meta_.status != wire::OPEN) {
    send_error(*conn, request_id, finished() ? wire::MATCH_NOT_RUNNING : wire::MATCH_FULL,
               "Match " + std::to_string(meta_.id) + (finished() ? " is over" : " has no free seat") +
                   "; you may watch it");
    return;
  }
  core::Seat seat = wanted;
  if (seat < 0) {
    for (size_t i = 0; i < meta_.seats.size() && seat < 0; ++i) {
      if (meta_.seats[i].user_id == 0) seat = static_cast<core::Seat>(i);
    }
  } else if (meta_.seats[static_cast<size_t>(seat)].user_id != 0) {
    send_error(*conn, request_id, wire::MATCH_FULL, game_.seat_name(seat) + " is taken");
    return;
  }
  Identity who = conn->identity();
  meta_.seats[static_cast<size_t>(seat)] = {who.user_id, who.user_name};
  bool full =
      std::all_of(meta_.seats.begin(), meta_.seats.end(), [](const auto& s) { return s.user_id != 0; });
  if (full) {
    meta_.status = wire::RUNNING;
    track_prompts(core::kObserver);  // the prompts begin now, not when the match was created
  }
  uint64_t id = meta_.id;
  spdlog::info("match {}: user {} ({}) takes {}", id, who.user_id, who.user_name, game_.seat_name(seat));
  auto self = shared_from_this();
  commit([id, seat, user](storage::Store& s) { return s.set_seat(id, seat, user); },
         [self, conn, seat, request_id, since = req.since_seq()] {
           self->subscribe(conn, seat, since, request_id);
         });
}

void Match::watch(const std::shared_ptr<Connection>& conn, uint64_t request_id, const wire::WatchMatch& req) {
  if (meta_.visibility == wire::PRIVATE && seats_of(conn->user_id()).empty() &&
      req.invite_code() != meta_.invite_code) {
    send_error(*conn, request_id, wire::BAD_INVITE,
               "Match " + std::to_string(meta_.id) + " is private: watching it needs its invite code");
    return;
  }
  subscribe(conn, core::kObserver, req.since_seq(), request_id);
}

void Match::submit(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                   const wire::SubmitAction& req) {
  uint64_t user = conn->user_id();
  auto self = shared_from_this();
  auto reply = [self, conn, request_id](uint32_t seq, bool duplicate, core::Seat seat) {
    conn->send(encode_frame([&](wire::ServerMessage& m) {
      m.set_request_id(request_id);
      auto* ack = m.mutable_submitted();
      ack->set_match_id(self->meta_.id);
      ack->set_seq(seq);
      ack->set_duplicate(duplicate);
      if (duplicate || self->committed_seq_ != self->history_.seq) return;
      for (auto& sub : self->subscribers_) {
        if (sub.seat != seat || sub.conn.lock() != conn) continue;
        self->fill_update(seat, sub.last_sent, *ack->mutable_update());
        sub.last_sent = self->history_.seq;
        sub.fresh = true;
        break;
      }
    }));
  };
  // Stored with the action for as long as the match lives, undone or not.
  if (req.client_action_id().size() > kMaxClientActionIdBytes) {
    send_error(*conn, request_id, wire::INVALID_ARGUMENT,
               "client_action_id has at most " + std::to_string(kMaxClientActionIdBytes) + " bytes");
    return;
  }
  std::pair<uint64_t, std::string> key{user, req.client_action_id()};
  if (!req.client_action_id().empty()) {
    if (auto it = client_ids_.find(key); it != client_ids_.end()) {
      uint32_t seq = it->second;
      // Answer the retry once the original is durable, exactly as the original would have been.
      if (seq <= committed_seq_) {
        reply(seq, true, core::kObserver);
      } else {
        pending_.emplace_back(seq, [reply, seq] { reply(seq, true, core::kObserver); });
      }
      return;
    }
  }
  if (meta_.status != wire::RUNNING) {
    send_error(*conn, request_id, wire::MATCH_NOT_RUNNING,
               "Match " + std::to_string(meta_.id) + (finished() ? " is over" : " is waiting for players"));
    return;
  }
  auto seat =
      acting_seat(*conn, request_id, req.has_seat() ? std::optional<int>(req.seat()) : std::nullopt, true);
  if (!seat) return;
  // Overtaken by another seat's choice while this seat's own prompt stood unchanged (both seats
  // bidding at once): the action answers the prompt it still holds, so it is judged on its merits.
  // Only for a seat the request names or the user's only seat: a seat picked as "the one
  // prompted now" may not be the one the action was chosen for.
  bool seat_named = req.has_seat() || seats_of(user).size() == 1;
  if (req.expected_seq() != history_.seq &&
      !(seat_named && prompts_.unchanged_since(*seat, req.expected_seq(), history_.seq))) {
    auto stale = [self, conn, request_id, seat = *seat, expected = req.expected_seq()] {
      self->services_.metrics->count_error(wire::STALE_SEQ);
      conn->send(encode_frame([&](wire::ServerMessage& m) {
        m.set_request_id(request_id);
        auto* e = m.mutable_error();
        e->set_code(wire::STALE_SEQ);
        e->set_message("The match has moved on to seq " + std::to_string(self->history_.seq) +
                       " (you acted on " + std::to_string(expected) + "); nothing was applied");
        self->fill_update(seat, expected, *e->mutable_current());
      }));
    };
    if (committed_seq_ == history_.seq) {
      stale();
    } else {
      pending_.emplace_back(history_.seq, stale);
    }
    return;
  }
  auto action = core::from_proto(req.action());
  if (!action) {
    send_error(*conn, request_id, wire::INVALID_ARGUMENT, action.status().message());
    return;
  }
  uint32_t seq = history_.seq + 1;
  core::Status st = apply_action(game_, history_, seq, *seat, *action);
  if (!st) {
    send_error(*conn, request_id,
               st.code() == core::StatusCode::kNotYourTurn ? wire::NOT_YOUR_TURN : wire::ILLEGAL_ACTION,
               st.message());
    return;
  }
  services_.metrics->actions_total++;
  check_finished();
  track_prompts(*seat);
  takeback_by_ = core::kObserver;  // any new action clears a takeback offer
  if (!req.client_action_id().empty()) client_ids_[key] = seq;
  if (finished()) spdlog::info("match {}: finished at seq {}: {}", meta_.id, seq, result_text());
  storage::EventRow row = event_row(seq, *seat, storage::EventKind::kAction, user);
  row.action = req.action().SerializeAsString();
  row.client_action_id = req.client_action_id();
  std::string snapshot;
  if (services_.snapshot_every > 0 && seq % services_.snapshot_every == 0)
    snapshot = core::snapshot(game_, *history_.state);
  uint64_t id = meta_.id;
  commit(
      [id, row = std::move(row), snapshot = std::move(snapshot)](storage::Store& s) {
        if (auto appended = s.append_event(id, row); !appended || snapshot.empty()) return appended;
        return s.put_snapshot(id, row.seq, snapshot);
      },
      [reply, seq, seat = *seat] { reply(seq, false, seat); }, true, false,
      [self, conn, request_id] { self->served_here(*conn, request_id); });
}

}  // namespace frontier::server
