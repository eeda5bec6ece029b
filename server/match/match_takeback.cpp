// Takeback with the opponent's consent: a seat offers to return the match to just before its
// latest action (everything after it goes too); the opponent accepts or refuses. Accepting
// rebuilds the match from the seed and its surviving events (history.h), then stores one
// kTakeback event naming the target, so a reload replays to the same point and the log and the
// record are cut back there. Snapshots after the target are deleted in the same transaction.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "match/match.h"

namespace frontier::server {

bool Match::takeback_available(core::Seat seat) const {
  return meta_.status == wire::RUNNING && seat >= 0 && game_.seat_count() == 2 && meta_.tournament_id == 0 &&
         takeback_target(history_, seat).has_value();
}

void Match::offer_takeback(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                           const wire::OfferTakeback& req) {
  auto seat = seat_in_running_match(*conn, request_id,
                                    req.has_seat() ? std::optional<int>(req.seat()) : std::nullopt);
  if (!seat) return;
  if (game_.seat_count() != 2) {
    send_error(*conn, request_id, wire::UNDO_NOT_ALLOWED,
               "A takeback needs an opponent's consent; in a solitaire match use Undo");
    return;
  }
  if (meta_.tournament_id != 0) {
    send_error(*conn, request_id, wire::UNDO_NOT_ALLOWED, "Tournament matches allow no takebacks");
    return;
  }
  if (takeback_by_ >= 0 && takeback_by_ != *seat) {
    send_error(*conn, request_id, wire::INVALID_ARGUMENT,
               game_.seat_name(takeback_by_) + " has offered a takeback: answer it first");
    return;
  }
  auto target = takeback_target(history_, *seat);
  if (!target) {
    send_error(*conn, request_id, wire::UNDO_NOT_ALLOWED,
               game_.seat_name(*seat) + " has made no move that could be taken back");
    return;
  }
  bool fresh = takeback_by_ != *seat;
  if (fresh && !take_offer(*seat)) {
    send_error(*conn, request_id, wire::RATE_LIMITED,
               game_.seat_name(*seat) + " has offered takebacks too often in this match; try again later");
    return;
  }
  takeback_by_ = *seat;
  takeback_to_ = *target;
  spdlog::info("match {}: {} offers a takeback to seq {}", meta_.id, game_.seat_name(*seat), *target);
  send_ok(*conn, request_id);
  // An uncommitted change will push the offer with itself; never push ahead of the disk.
  if (committed_seq_ == history_.seq) broadcast();
  tell_followers_takeback();
  if (!fresh) return;
  const SeatHolder& other = meta_.seats[static_cast<size_t>(1 - *seat)];
  if (other.user_id != conn->user_id())
    notify(other.user_id, wire::Notification::TAKEBACK_OFFERED,
           game_.seat_name(*seat) + " asks to take back moves in match " + std::to_string(meta_.id));
}

bool Match::take_offer(core::Seat seat) {
  if (services_.offers_per_hour <= 0) return true;
  auto [it, inserted] =
      offer_buckets_.try_emplace(seat, services_.offers_per_hour / 3600.0, services_.offer_burst);
  return it->second.take();
}

void Match::answer_takeback(const std::shared_ptr<Connection>& conn, uint64_t request_id,
                            const wire::AnswerTakeback& req) {
  if (takeback_by_ < 0 || meta_.status != wire::RUNNING) {
    send_error(*conn, request_id, wire::NO_TAKEBACK_PENDING,
               "No takeback is on offer in match " + std::to_string(meta_.id));
    return;
  }
  std::vector<core::Seat> mine = seats_of(conn->user_id());
  if (mine.empty()) {
    send_error(*conn, request_id, wire::NOT_YOUR_SEAT, "Only the players may answer a takeback offer");
    return;
  }
  bool is_opponent = std::find(mine.begin(), mine.end(), 1 - takeback_by_) != mine.end();
  if (is_opponent && req.accept()) return accept_takeback(conn, request_id);
  // A refusal, or the offerer withdrawing: the offer is gone.
  spdlog::info("match {}: takeback offer by {} {}", meta_.id, game_.seat_name(takeback_by_),
               is_opponent ? "refused" : "withdrawn");
  takeback_by_ = core::kObserver;
  send_ok(*conn, request_id);
  if (committed_seq_ == history_.seq) broadcast();
  tell_followers_takeback();
  tell_settled();  // a bot that held its move for the offer moves now
}

void Match::accept_takeback(const std::shared_ptr<Connection>& conn, uint64_t request_id) {
  if (takeback_rebuilding_) {
    send_error(*conn, request_id, wire::INVALID_ARGUMENT, "The takeback is already being applied");
    return;
  }
  takeback_rebuilding_ = true;
  core::Seat by = takeback_by_;
  uint32_t to = takeback_to_;
  uint32_t from = history_.seq;
  auto self = shared_from_this();
  with_events([self, conn, request_id, by, to, from](const core::Status& read,
                                                     const std::vector<storage::EventRow>& stored,
                                                     const std::optional<Snapshot>&) {
    self->takeback_rebuilding_ = false;
    // As when the rebuild fails: nothing was taken back and the offer is gone.
    if (!read) {
      send_error(*conn, request_id, wire::INTERNAL,
                 "The match's history could not be read; nothing was taken back");
      self->takeback_by_ = core::kObserver;
      self->tell_settled();
      return;
    }
    // Whatever happened while the events were read (a move, a withdrawal) cancelled the offer.
    if (self->history_.seq != from || self->takeback_by_ != by || self->meta_.status != wire::RUNNING) {
      send_error(*conn, request_id, wire::NO_TAKEBACK_PENDING,
                 "The match moved on before the takeback was applied; nothing was taken back");
      self->tell_settled();
      return;
    }
    storage::EventRow row = self->event_row(from + 1, by, storage::EventKind::kTakeback, conn->user_id());
    row.target_seq = to;
    std::vector<storage::EventRow> events = stored;
    events.push_back(row);
    auto rebuilt = history_at(self->game_, self->meta_.setup, events, row.seq);
    if (!rebuilt) {
      spdlog::error("match {}: takeback rebuild failed: {}", self->meta_.id, rebuilt.status().message());
      send_error(*conn, request_id, wire::INTERNAL, "The takeback could not be applied; nothing changed");
      self->takeback_by_ = core::kObserver;  // the offer is gone: nobody waits on it
      self->tell_settled();
      return;
    }
    self->history_ = std::move(rebuilt.value());
    self->log_complete_ = true;
    self->takeback_by_ = core::kObserver;
    std::erase_if(self->client_ids_, [&](const auto& entry) { return entry.second > to; });
    spdlog::info("match {}: {} took back to seq {} (event {})", self->meta_.id, self->game_.seat_name(by), to,
                 row.seq);
    uint64_t id = self->meta_.id;
    self->commit(
        [id, row, to](storage::Store& s) {
          if (auto st = s.append_event(id, row); !st) return st;
          return s.delete_snapshots_after(id, to);
        },
        [conn, request_id] { send_ok(*conn, request_id); });
  });
}

}  // namespace frontier::server
