// Loading is a read on the writer thread (so it sees every commit) and a replay on the
// match's own strand; requests that arrive meanwhile wait in `loading_`.
#include "match/registry.h"

#include <spdlog/spdlog.h>

#include "clock/time_control.h"
#include "core/seed_commitment.h"
#include "match/lease_keeper.h"

namespace frontier::server {

MatchRegistry::MatchRegistry(const core::Registry& games, MatchServices services, StrandFactory strands,
                             std::chrono::seconds finished_ttl)
    : games_(games),
      services_(std::move(services)),
      strands_(std::move(strands)),
      finished_ttl_(finished_ttl) {
  services_.on_finished = [this](uint64_t id) {
    {
      std::lock_guard lock(mu_);
      finished_.emplace_back(std::chrono::steady_clock::now(), id);
    }
    if (finish_listener_) finish_listener_(id);
  };
  services_.on_lease_lost = [this](uint64_t id, uint64_t epoch) { unload(id, epoch); };
  services_.start_rematch = [this](MatchServices::Rematch spec, std::function<void(uint64_t)> done) {
    create_rematch(std::move(spec), std::move(done));
  };
}

void MatchRegistry::evict_expired_locked() {
  auto now = std::chrono::steady_clock::now();
  while (!finished_.empty() && now - finished_.front().first >= finished_ttl_) {
    // Requests already holding the match finish on it; the next one loads it afresh.
    if (auto it = matches_.find(finished_.front().second); it != matches_.end()) {
      if (services_.leases) services_.leases->release(it->first, it->second->lease_epoch());
      matches_.erase(it);
      services_.metrics->matches_loaded--;
    }
    finished_.pop_front();
  }
}

size_t MatchRegistry::loaded() const {
  std::lock_guard lock(mu_);
  return matches_.size();
}

void MatchRegistry::unload(uint64_t id, uint64_t epoch) {
  std::shared_ptr<Match> match;
  {
    std::lock_guard lock(mu_);
    auto it = matches_.find(id);
    // A copy loaded again since (a newer epoch) stays.
    if (it == matches_.end() || it->second->lease_epoch() != epoch) return;
    match = it->second;
    matches_.erase(it);
    services_.metrics->matches_loaded--;
  }
  if (services_.leases) services_.leases->dropped(id, epoch);
  match->post([match] { match->lease_lost(); });
}

void MatchRegistry::follow(uint64_t id, uint32_t seq) {
  with_follower(id, [seq](const std::shared_ptr<Match>& match) { match->follow(seq); });
}

void MatchRegistry::with_follower(uint64_t id, std::function<void(const std::shared_ptr<Match>&)> fn) {
  std::lock_guard lock(mu_);
  if (auto it = matches_.find(id); it != matches_.end() && it->second->follower()) {
    auto match = it->second;
    match->post([match, fn = std::move(fn)] { fn(match); });
  }
}

void MatchRegistry::take_if_free(uint64_t id, std::function<void()> then) {
  LeaseKeeper* leases = services_.leases;
  if (!leases) return then();
  auto epoch = std::make_shared<uint64_t>(0);
  services_.writer->submit(
      [epoch, id, node = leases->node(), lease_ms = leases->lease_ms()](storage::Store& s) {
        auto take = s.take_lease(id, node, lease_ms);
        if (!take)
          return take.status().code() == core::StatusCode::kNotFound ? core::Status::ok() : take.status();
        *epoch = take->epoch;
        return core::Status::ok();
      },
      [this, epoch, id, then = std::move(then)](bool ok) {
        if (!ok || *epoch == 0) return then();  // the owner lives (or the database is away)
        spdlog::info("match {}: its node stopped renewing; this node takes it over", id);
        take_over(id, then);
      });
}

void MatchRegistry::take_over(uint64_t id, std::function<void()> then) {
  std::shared_ptr<Match> old;
  {
    std::lock_guard lock(mu_);
    if (auto it = matches_.find(id); it != matches_.end() && it->second->follower()) {
      old = it->second;
      matches_.erase(it);
      services_.metrics->matches_loaded--;
    }
  }
  if (!old) return then();
  old->post([this, old, id, then = std::move(then)] {
    auto watchers = std::make_shared<std::vector<Match::Watcher>>(old->hand_over());
    with(id, [watchers, then](const std::shared_ptr<Match>& fresh) {
      if (fresh) {
        for (const auto& w : *watchers) {
          if (auto conn = w.conn.lock()) fresh->resubscribe(conn, w.seat, w.since);
        }
        fresh->tell_settled();  // a computer opponent to move moves here now
      }
      then();
    });
  });
}

void MatchRegistry::follow_all() {
  std::lock_guard lock(mu_);
  for (const auto& entry : matches_) {
    const std::shared_ptr<Match>& match = entry.second;
    if (match->follower()) match->post([match] { match->follow(0); });
  }
}

void MatchRegistry::with(uint64_t id, Found found, Elsewhere elsewhere, Failed failed) {
  {
    std::lock_guard lock(mu_);
    evict_expired_locked();
    if (auto it = matches_.find(id); it != matches_.end()) {
      auto match = it->second;
      match->post([match, found = std::move(found)] { found(match); });
      return;
    }
    auto& waiting = loading_[id];
    waiting.push_back({std::move(found), std::move(elsewhere), std::move(failed)});
    if (waiting.size() > 1) return;  // already loading
  }
  struct Loaded {
    std::optional<storage::MatchRow> row;
    std::vector<storage::SeatRow> seats;
    std::optional<std::pair<uint32_t, std::string>> snapshot;
    std::vector<storage::EventRow> events;
    uint64_t epoch = 0;
    std::string held_by;  // another node holds the lease
    core::Status read;    // a failed read: the match may well exist
  };
  auto loaded = std::make_shared<Loaded>();
  LeaseKeeper* leases = services_.leases;
  bool followers = services_.followers;
  services_.writer->submit(
      [loaded, id, leases, followers](storage::Store& s) {
        // The lease first, then the reads: a take waits for no commit, and once it is ours no
        // other node commits to the match, so what is read below is the whole history.
        if (leases) {
          auto take = s.take_lease(id, leases->node(), leases->lease_ms());
          if (!take)
            return take.status().code() == core::StatusCode::kNotFound ? core::Status::ok() : take.status();
          if (take->epoch == 0) {
            loaded->held_by = take->holder;
            // Another node runs it: this node keeps a follower copy, read like any load.
            if (!followers) return core::Status::ok();
          }
          loaded->epoch = take->epoch;
        }
        // A failed read fails the job (and its batch, the lease's take with it): the waiters are
        // told it failed, not that there is no such match.
        auto row = s.load_match(id);
        if (!row) return loaded->read = row.status();
        loaded->row = std::move(row.value());
        if (!loaded->row) return core::Status::ok();
        auto seats = s.seats(id);
        if (!seats) return loaded->read = seats.status();
        loaded->seats = std::move(seats.value());
        // Strictly below the last seq, so the tail holds the last action and undo still works.
        if (loaded->row->seq > 0) {
          auto snapshot = s.snapshot_below(id, loaded->row->seq);
          if (!snapshot) return loaded->read = snapshot.status();
          loaded->snapshot = std::move(snapshot.value());
        }
        auto events = s.events(id, 1);
        if (!events) return loaded->read = events.status();
        loaded->events = std::move(events.value());
        return core::Status::ok();
      },
      [this, loaded, id](bool ok) {
        if (ok && loaded->epoch > 0) services_.leases->held(id, loaded->epoch);
        if (!ok) loaded->row.reset();  // the take did not commit either
        // Whatever failed the batch, nothing was read: the match may exist.
        if (!ok && loaded->read.is_ok()) loaded->read = core::Status::corruption("its batch failed");
        auto replay = [this, loaded, id] {
          std::shared_ptr<Match> match;
          if (loaded->row)
            match = build(id, *loaded->row, loaded->seats, loaded->snapshot, loaded->events, loaded->epoch,
                          loaded->held_by);
          // A lease taken for a match that does not build is given back at once.
          if (!match && loaded->epoch > 0) services_.leases->release(id, loaded->epoch);
          finish_load(id, match, loaded->held_by, loaded->read);
        };
        if (services_.background) {
          services_.background(std::move(replay));
        } else {
          replay();
        }
      });
}

void MatchRegistry::finish_load(uint64_t id, const std::shared_ptr<Match>& match, const std::string& held_by,
                                const core::Status& read) {
  std::vector<Waiter> waiting;
  {
    std::lock_guard lock(mu_);
    waiting = std::move(loading_[id]);
    loading_.erase(id);
    if (match) {
      matches_[id] = match;
      services_.metrics->matches_loaded++;
      if (match->finished()) {  // not yet shared with any thread: safe to read here
        match->finish_reported_ = true;
        finished_.emplace_back(std::chrono::steady_clock::now(), id);
      }
    }
  }
  if (!held_by.empty() && !match) services_.leases->busy++;
  for (auto& w : waiting) {
    if (match) {
      match->post([match, f = std::move(w.found)] { f(match); });
    } else if (!held_by.empty() && w.elsewhere) {
      w.elsewhere(held_by);
    } else if (!read && w.failed) {
      w.failed(read);
    } else {
      w.found(nullptr);
    }
  }
}

std::shared_ptr<Match> MatchRegistry::build(uint64_t id, const storage::MatchRow& row,
                                            const std::vector<storage::SeatRow>& seats,
                                            const std::optional<Snapshot>& snapshot,
                                            const std::vector<storage::EventRow>& events, uint64_t epoch,
                                            const std::string& owner) {
  const core::Game* game = games_.find(row.game);
  if (!game) {
    spdlog::error("match {}: game '{}' is not in this build", id, row.game);
    return nullptr;
  }
  MatchMeta meta;
  meta.id = id;
  if (!meta.setup.ParseFromString(row.setup)) {
    spdlog::error("match {}: stored setup does not decode", id);
    return nullptr;
  }
  meta.seed_nonce = row.seed_nonce;
  meta.seed_commitment = row.seed_commitment;
  meta.status = static_cast<wire::MatchStatus>(row.status);
  meta.visibility = static_cast<wire::Visibility>(row.visibility);
  meta.created_at = row.created_at;
  (void)meta.time_control.ParseFromString(row.time_control);  // unparsable = untimed
  meta.clock_state = row.clock;
  meta.invite_code = row.invite_code;
  meta.tournament_id = row.tournament_id;
  meta.rematch_asked = row.rematch_asked;
  meta.rematch_match_id = row.rematch_match_id;
  meta.rated = row.rated;
  meta.seats.resize(static_cast<size_t>(game->seat_count()));
  for (const auto& s : seats) {
    if (s.seat >= 0 && s.seat < game->seat_count())
      meta.seats[static_cast<size_t>(s.seat)] = {s.user_id, s.user_name};
  }

  // Snapshot + tail first; the whole history from the seed when there is no usable snapshot
  // (or the tail takes back an action from before it).
  auto h = history_at(*game, meta.setup, events, ~0u, snapshot);
  if (!h) {
    spdlog::error("match {}: history does not replay: {}", id, h.status().message());
    return nullptr;
  }
  bool log_complete = !h->from_snapshot;
  auto match = std::make_shared<Match>(services_, strands_(), *game, std::move(meta), std::move(h.value()),
                                       log_complete);
  match->lease_epoch_ = epoch;
  match->owner_ = owner;
  // Actions a takeback cut away no longer count: resubmitting one applies it afresh.
  for (const auto& e : surviving_events(events)) {
    if (!e.client_action_id.empty()) match->client_ids_[{e.user_id, e.client_action_id}] = e.seq;
  }
  return match;
}

void MatchRegistry::create(CreateRequest request, Found created) {
  auto req = std::make_shared<CreateRequest>(std::move(request));
  storage::MatchRow row;
  row.game = req->game->id();
  row.scenario = req->setup.scenario();
  row.setup = req->setup.SerializeAsString();
  row.seed_nonce = req->seed_nonce;
  row.seed_commitment = core::seed_commitment(req->setup.seed(), req->seed_nonce);
  bool full = req->game->seat_count() == 1 || !req->assigned.empty();
  row.status = full ? wire::RUNNING : wire::OPEN;
  row.visibility = req->visibility;
  row.time_control = req->time_control;
  row.created_by = req->creator;
  row.created_at = services_.now();
  row.awaiting = full ? req->game->awaiting(*req->initial) : 0;
  row.invite_code = req->invite_code;
  row.tournament_id = req->tournament_id;
  row.rated = req->rated;
  // A match created running (every seat given) starts its clocks in its creating transaction, so no
  // crash can leave it running untimed; wake_at = now makes the clock driver settle it at once.
  wire::TimeControl tc;
  if (full && tc.ParseFromString(req->time_control) && clock::timed(tc)) {
    std::vector<clock::SeatClock> clocks(static_cast<size_t>(req->game->seat_count()),
                                         clock::SeatClock{clock::pace_of(tc).initial});
    for (size_t i = 0; i < clocks.size(); ++i) {
      if (row.awaiting & core::seat_bit(static_cast<core::Seat>(i)))
        clock::start_turn(clocks[i], row.created_at);
    }
    row.clock = clock::encode(clocks);
    row.wake_at = row.created_at;
  }
  auto id = std::make_shared<uint64_t>(0);
  auto epoch = std::make_shared<uint64_t>(0);
  auto over_limit = std::make_shared<std::string>();
  LeaseKeeper* leases = services_.leases;
  services_.writer->submit(
      [row, id, epoch, req, over_limit, leases](storage::Store& s) {
        if (req->max_open_of_creator > 0) {
          auto open = s.open_matches_created_by(req->creator);
          if (!open) return open.status();  // no match is made: answered as not stored
          if (*open >= req->max_open_of_creator) {
            *over_limit = "You already have " + std::to_string(req->max_open_of_creator) +
                          " matches waiting for an opponent; wait for them to fill or abort one";
            return core::Status::ok();
          }
        }
        if (req->max_unfinished_of_creator > 0) {
          auto unfinished = s.unfinished_matches_of(req->creator);
          if (!unfinished) return unfinished.status();
          if (*unfinished >= req->max_unfinished_of_creator) {
            *over_limit = "You already play in " + std::to_string(req->max_unfinished_of_creator) +
                          " unfinished matches; finish, resign or abort one first";
            return core::Status::ok();
          }
        }
        auto created_id = s.create_match(row);
        if (!created_id) return created_id.status();
        *id = created_id.value();
        if (leases) {  // its creator's node runs it: a new match's lease is free
          auto take = s.take_lease(*id, leases->node(), leases->lease_ms());
          if (!take) return take.status();
          if (take->epoch == 0)
            return core::Status::corruption("a new match's lease is held by " + take->holder);
          *epoch = take->epoch;
        }
        if (req->assigned.empty()) {
          if (auto st = s.set_seat(*id, req->creator_seat, req->creator); !st) return st;
        } else {
          for (size_t seat = 0; seat < req->assigned.size(); ++seat) {
            if (auto st = s.set_seat(*id, static_cast<int>(seat), req->assigned[seat].user_id); !st)
              return st;
          }
        }
        if (!row.clock.empty()) {
          if (auto st = s.put_clock(*id, row.clock, row.wake_at); !st) return st;
        }
        return req->also ? req->also(s, *id) : core::Status::ok();
      },
      [this, row, id, epoch, req, over_limit, created = std::move(created)](bool ok) mutable {
        if (ok && !over_limit->empty() && req->refused) return req->refused(*over_limit);
        if (!ok || !over_limit->empty()) {
          created(nullptr);
          return;
        }
        MatchMeta meta;
        meta.id = *id;
        meta.setup = req->setup;
        meta.seed_nonce = row.seed_nonce;
        meta.seed_commitment = row.seed_commitment;
        meta.status = static_cast<wire::MatchStatus>(row.status);
        meta.visibility = req->visibility;
        meta.created_at = row.created_at;
        (void)meta.time_control.ParseFromString(req->time_control);
        meta.just_created = true;
        meta.invite_code = req->invite_code;
        meta.tournament_id = req->tournament_id;
        meta.rated = req->rated;
        meta.clock_state = row.clock;
        meta.seats.resize(static_cast<size_t>(req->game->seat_count()));
        if (req->assigned.empty()) {
          meta.seats[static_cast<size_t>(req->creator_seat)] = {req->creator, req->creator_name};
        } else {
          for (size_t seat = 0; seat < req->assigned.size() && seat < meta.seats.size(); ++seat)
            meta.seats[seat] = req->assigned[seat];
        }
        History h;
        h.state = std::move(req->initial);
        auto match =
            std::make_shared<Match>(services_, strands_(), *req->game, std::move(meta), std::move(h), true);
        match->lease_epoch_ = *epoch;
        if (*epoch > 0) services_.leases->held(*id, *epoch);
        {
          std::lock_guard lock(mu_);
          matches_[*id] = match;
        }
        services_.metrics->matches_loaded++;
        services_.metrics->matches_created++;
        spdlog::info("match {}: created ({} {}) by user {}", *id, row.game, row.scenario, req->creator);
        match->post([match, created = std::move(created)] {
          created(match);
          // Created running (every seat given): this commit starts its clocks and tells its players.
          if (match->meta_.status == wire::RUNNING) match->commit(nullptr, nullptr);
        });
      });
}

}  // namespace frontier::server
