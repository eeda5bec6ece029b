// What a match tells each reader: the per-seat update (fog of war from the game's own view()
// and core::line_for), the log from any seq, and the record once the match is over.
// Nothing here may put one seat's hidden facts in another reader's message.
#include <algorithm>

#include "auth/auth.h"
#include "match/match.h"

namespace frontier::server {

void Match::fill_update(core::Seat seat, uint32_t since, wire::MatchUpdate& u) const {
  u.set_match_id(meta_.id);
  u.set_seq(history_.seq);
  u.set_your_seat(seat);
  u.set_game(game_.id());
  u.set_scenario(meta_.setup.scenario());
  game_.view(*history_.state, seat, *u.mutable_view());
  // Lines are in seq order: start at the first one after `since` (long games keep long logs).
  auto first = std::upper_bound(history_.log.begin(), history_.log.end(), since,
                                [](uint32_t value, const LogLine& l) { return value < l.seq; });
  for (auto it = first; it != history_.log.end(); ++it) {
    const LogLine& line = *it;
    if (auto text = core::line_for(line.event, seat)) {
      auto* e = u.add_log();
      e->set_seq(line.seq);
      e->set_kind(line.event.kind);
      e->set_text(std::move(*text));
    }
  }
  if (seat >= 0 && meta_.status == wire::RUNNING) {
    frontier::Prompt* p = u.add_prompts();
    core::fill_prompt(game_, *history_.state, seat, *p);
    if (p->kind().empty()) u.mutable_prompts()->RemoveLast();
  }
  u.set_status(meta_.status);
  fill_status(history_, *u.mutable_game_status());
  for (size_t i = 0; i < meta_.seats.size(); ++i) {
    auto* s = u.add_seats();
    s->set_seat(static_cast<int>(i));
    s->set_side(game_.seat_name(static_cast<core::Seat>(i)));
    s->set_user_id(meta_.seats[i].user_id);
    s->set_user_name(meta_.seats[i].user_name);
    s->set_bot(auth::is_bot_name(meta_.seats[i].user_name));
  }
  u.set_seed_commitment(meta_.seed_commitment);
  if (finished()) {
    u.set_revealed_seed(meta_.setup.seed());
    u.set_seed_nonce(meta_.seed_nonce);
    u.set_final_hash(core::state_hash(game_, *history_.state));
  }
  u.set_undo_available(meta_.status == wire::RUNNING && seat >= 0 && history_.last.seat == seat &&
                       history_.last.reversible);
  // Play-by-web: offers name seats and seqs only, never what would be taken back.
  u.set_takeback_offered_by(takeback_by_);
  u.set_takeback_available(takeback_available(seat));
  if (takeback_by_ >= 0) u.set_takeback_to_seq(takeback_to_);
  u.set_abort_available(abort_available());
  u.set_end_reason(end_reason());
  for (int s = 0; s < game_.seat_count(); ++s) {
    if (meta_.rematch_asked & core::seat_bit(s)) u.add_rematch_asked_by(s);
  }
  u.set_rematch_match_id(meta_.rematch_match_id);
  u.set_tournament_id(meta_.tournament_id);
  u.set_rated(meta_.rated);
  if (seat >= 0) u.set_invite_code(meta_.invite_code);
  fill_clock_view(u);
}

void Match::fill_status(const History& h, frontier::GameStatus& out) const {
  game_.status(*h.state, out);
  // A resignation, a loss on time or an abort ends the match outside the rules: the loser's
  // opponent wins a two-player match; otherwise nobody does (a solitaire match is abandoned).
  core::Seat loser = h.timed_out >= 0 ? h.timed_out : h.resigned;
  if (loser >= 0 || h.aborted) {
    out.clear_active_seats();
    out.set_finished(true);
    out.set_winner(loser >= 0 && game_.seat_count() == 2 ? 1 - loser : -1);
    out.set_result(result_text(h));
  }
}

// The log before a loaded snapshot is not in memory: rebuild it once from the events (a full
// replay from the seed), then keep it.
void Match::with_log_from(uint32_t seq, LogThen then) {
  uint32_t first_in_memory = history_.log.empty() ? history_.seq + 1 : history_.log.front().seq;
  if (log_complete_ || seq >= first_in_memory) {
    then(core::Status::ok());
    return;
  }
  waiting_for_log_.push_back(std::move(then));
  if (waiting_for_log_.size() > 1) return;  // a rebuild is already on its way
  auto self = shared_from_this();
  auto events = std::make_shared<std::vector<storage::EventRow>>();
  uint64_t id = meta_.id;
  services_.writer->submit(
      [events, id](storage::Store& s) {
        auto read = s.events(id, 1);
        if (!read) return read.status();
        *events = std::move(read.value());
        return core::Status::ok();
      },
      [self, events](bool ok) {
        self->post([self, events, ok] {
          if (!ok) {  // the log stays as it was; the next request reads again
            auto waiting = std::move(self->waiting_for_log_);
            self->waiting_for_log_.clear();
            for (auto& w : waiting) w(core::Status::corruption("The match's history could not be read"));
            return;
          }
          History full;
          auto initial = self->game_.initial(self->meta_.setup);
          if (initial) {
            full.state = std::move(initial.value());
            (void)replay_events(self->game_, full, *events);
          }
          // Lines the rebuild saw, then any the live history added since.
          std::vector<LogLine> merged = std::move(full.log);
          for (auto& l : self->history_.log) {
            if (l.seq > full.seq) merged.push_back(l);
          }
          self->history_.log = std::move(merged);
          self->log_complete_ = true;
          auto waiting = std::move(self->waiting_for_log_);
          self->waiting_for_log_.clear();
          for (auto& w : waiting) w(core::Status::ok());
        });
      });
}

void Match::fetch_log(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                      const wire::FetchLog& req) {
  if (!admitted(*conn, request_id)) return;
  std::vector<core::Seat> mine = seats_of(conn->user_id());
  core::Seat seat = mine.empty() ? core::kObserver : mine[0];
  auto self = shared_from_this();
  with_log_from(
      req.from_seq(), [self, conn, request_id, seat, from = req.from_seq()](const core::Status& read) {
        if (!read) {
          send_error(*conn, request_id, wire::INTERNAL, "The match's log could not be read; try again");
          return;
        }
        wire::ServerMessage m;
        m.set_request_id(request_id);
        auto* reply = m.mutable_log();
        reply->set_match_id(self->meta_.id);
        for (const auto& line : self->history_.log) {
          if (line.seq < from || line.seq > self->committed_seq_) continue;
          if (auto text = core::line_for(line.event, seat)) {
            auto* e = reply->add_entries();
            e->set_seq(line.seq);
            e->set_kind(line.event.kind);
            e->set_text(std::move(*text));
          }
        }
        conn->send(m);
      });
}

void Match::fetch_replay(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                         const wire::FetchReplay& req) {
  if (!admitted(*conn, request_id)) return;
  if (!finished() || committed_seq_ != history_.seq) {
    send_error(*conn, request_id, wire::MATCH_NOT_FINISHED,
               "Match " + std::to_string(meta_.id) +
                   " is still being played: its actions and seed are revealed when it ends");
    return;
  }
  auto self = shared_from_this();
  auto events = std::make_shared<std::vector<storage::EventRow>>();
  uint64_t id = meta_.id;
  services_.writer->submit(
      [events, id](storage::Store& s) {
        auto read = s.events(id, 1);
        if (!read) return read.status();
        *events = std::move(read.value());
        return core::Status::ok();
      },
      [self, events, conn, request_id, from = req.from_seq()](bool ok) {
        self->post([self, events, conn, request_id, from, ok] {
          if (!ok) {
            send_error(*conn, request_id, wire::INTERNAL, "The match's actions could not be read; try again");
            return;
          }
          History full;
          auto initial = self->game_.initial(self->meta_.setup);
          if (!initial) {
            send_error(*conn, request_id, wire::INTERNAL, initial.status().message());
            return;
          }
          full.state = std::move(initial.value());
          if (auto st = replay_events(self->game_, full, *events); !st) {
            send_error(*conn, request_id, wire::INTERNAL, "Match history does not replay: " + st.message());
            return;
          }
          wire::ServerMessage m;
          m.set_request_id(request_id);
          auto* r = m.mutable_replay();
          r->set_match_id(self->meta_.id);
          r->set_seed_nonce(self->meta_.seed_nonce);
          r->set_from_seq(from);
          *r->mutable_record()->mutable_setup() = self->meta_.setup;
          for (size_t i = from; i < full.effective.size(); ++i)
            *r->mutable_record()->add_actions() = full.effective[i];
          r->mutable_record()->set_final_hash(core::state_hash(self->game_, *full.state));
          conn->send(m);
        });
      });
}

}  // namespace frontier::server
