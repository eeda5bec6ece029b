// Looking back: the view a seat had just after any event (stepping through a match) and the
// server-side check of a finished match's dice. Both rebuild with history.h from the stored
// events (a view from the latest snapshot below its seq; the check from the seed), on the
// match's strand, and filter through the game's own view() and
// core::line_for, as live updates do: stepping back shows nothing the seat did not see then.
#include <algorithm>

#include "core/record.h"
#include "core/seed_commitment.h"
#include "match/match.h"

namespace frontier::server {

void Match::fetch_view_at(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                          const wire::FetchViewAt& req) {
  if (!admitted(*conn, request_id)) return;
  std::vector<core::Seat> mine = seats_of(conn->user_id());
  core::Seat seat = req.has_seat() ? req.seat() : (mine.empty() ? core::kObserver : mine[0]);
  if (seat < core::kObserver || seat >= game_.seat_count()) {
    send_error(*conn, request_id, wire::INVALID_ARGUMENT,
               "Seat " + std::to_string(seat) + " is not a seat of " + game_.info().title() +
                   " (-1 is the observer)");
    return;
  }
  bool over = finished() && committed_seq_ == history_.seq;
  if (!over && seat >= 0 && std::find(mine.begin(), mine.end(), seat) == mine.end()) {
    send_error(*conn, request_id, wire::NOT_YOUR_SEAT,
               "While the match runs you may step back only through your own seat's views");
    return;
  }
  if (req.seq() > committed_seq_) {
    send_error(*conn, request_id, wire::INVALID_ARGUMENT,
               "Match " + std::to_string(meta_.id) + " has no event " + std::to_string(req.seq()) +
                   " (latest " + std::to_string(committed_seq_) + ")");
    return;
  }
  auto self = shared_from_this();
  // From the latest snapshot strictly below `seq`, so that event's own log lines are replayed.
  auto replayed = [self, conn, request_id, seat, seq = req.seq()](
                      const core::Status& read, const std::vector<storage::EventRow>& events,
                      const std::optional<Snapshot>& snapshot) {
    if (!read) {
      send_error(*conn, request_id, wire::INTERNAL, "The match's history could not be read; try again");
      return;
    }
    auto h = history_at(self->game_, self->meta_.setup, events, seq, snapshot);
    if (!h) {
      send_error(*conn, request_id, wire::INTERNAL, "Match history does not replay: " + h.status().message());
      return;
    }
    wire::ServerMessage m;
    m.set_request_id(request_id);
    auto* v = m.mutable_view_at();
    v->set_match_id(self->meta_.id);
    v->set_seq(seq);
    v->set_last_seq(self->committed_seq_);
    v->set_seat(seat);
    self->game_.view(*h->state, seat, *v->mutable_view());
    for (const auto& line : h->log) {
      if (line.seq != seq) continue;
      if (auto text = core::line_for(line.event, seat)) {
        auto* e = v->add_log();
        e->set_seq(line.seq);
        e->set_kind(line.event.kind);
        e->set_text(std::move(*text));
      }
    }
    self->fill_status(*h, *v->mutable_game_status());
    conn->send(m);
  };
  with_events(std::move(replayed), req.seq());
}

void Match::verify(const std::shared_ptr<Connection>& conn, uint64_t request_id) {
  if (!finished() || committed_seq_ != history_.seq) {
    send_error(
        *conn, request_id, wire::MATCH_NOT_FINISHED,
        "Match " + std::to_string(meta_.id) + " is still being played: its seed is revealed at the end");
    return;
  }
  if (!admitted(*conn, request_id)) return;
  auto self = shared_from_this();
  with_events([self, conn, request_id](const core::Status& read, const std::vector<storage::EventRow>& events,
                                       const std::optional<Snapshot>&) {
    if (!read) {
      send_error(*conn, request_id, wire::INTERNAL, "The match's history could not be read; try again");
      return;
    }
    auto h = history_at(self->game_, self->meta_.setup, events, self->history_.seq);
    if (!h) {
      send_error(*conn, request_id, wire::INTERNAL, "Match history does not replay: " + h.status().message());
      return;
    }
    // What a client does with the revealed seed: re-run the record's actions from the set-up.
    frontier::GameRecord record;
    *record.mutable_setup() = self->meta_.setup;
    for (const auto& a : h->effective) *record.add_actions() = a;
    wire::ServerMessage m;
    m.set_request_id(request_id);
    auto* v = m.mutable_verify();
    v->set_match_id(self->meta_.id);
    v->set_revealed_seed(self->meta_.setup.seed());
    v->set_seed_nonce(self->meta_.seed_nonce);
    v->set_seed_commitment(self->meta_.seed_commitment);
    v->set_commitment_ok(core::seed_commitment(self->meta_.setup.seed(), self->meta_.seed_nonce) ==
                         self->meta_.seed_commitment);
    v->set_stored_final_hash(core::state_hash(self->game_, *self->history_.state));
    v->set_actions(static_cast<uint32_t>(record.actions_size()));
    auto rerun = core::replay(self->game_, record);
    if (rerun) v->set_replayed_final_hash(core::state_hash(self->game_, *rerun->state));
    v->set_hash_ok(rerun && v->replayed_final_hash() == v->stored_final_hash());
    conn->send(m);
  });
}

}  // namespace frontier::server
