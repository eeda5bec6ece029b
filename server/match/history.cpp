// One code path for live play and replay, so a loaded match is bit-for-bit the match that was
// played: the same apply, the same undo, the same log lines.
#include "match/history.h"

namespace frontier::server {

core::Status apply_action(const core::Game& game, History& h, uint32_t seq, core::Seat seat,
                          const core::Action& action) {
  std::unique_ptr<core::GameState> before = h.state->clone();
  std::vector<core::LogEvent> events;
  core::ApplyResult r = core::apply(game, *h.state, seat, action, &events);
  if (!r.status) return r.status;
  h.seq = seq;
  h.last.seat = seat;
  h.last.reversible = !r.irreversible;
  h.last.before = r.irreversible ? nullptr : std::move(before);
  for (auto& e : events) h.log.push_back({seq, std::move(e)});
  frontier::RecordedAction rec;
  rec.set_seat(seat);
  *rec.mutable_action() = core::to_proto(action);
  h.effective.push_back(std::move(rec));
  return core::Status::ok();
}

bool take_back(const core::Game& game, History& h, uint32_t seq) {
  if (!h.last.reversible || !h.last.before) return false;
  core::Seat seat = h.last.seat;
  h.state = std::move(h.last.before);
  h.last = LastAction{};
  h.seq = seq;
  if (!h.effective.empty()) h.effective.pop_back();
  h.log.push_back({seq, undo_event(game, seat)});
  return true;
}

core::Status replay_events(const core::Game& game, History& h, const std::vector<storage::EventRow>& events) {
  for (const auto& e : events) {
    switch (e.kind) {
      case storage::EventKind::kAction: {
        frontier::Action proto;
        if (!proto.ParseFromString(e.action)) {
          return core::Status::corruption("Stored action " + std::to_string(e.seq) + " does not decode");
        }
        auto action = core::from_proto(proto);
        if (!action) return action.status();
        if (auto st = apply_action(game, h, e.seq, e.seat, *action); !st) {
          return core::Status::corruption("Stored action " + std::to_string(e.seq) +
                                          " is refused: " + st.message());
        }
        break;
      }
      case storage::EventKind::kUndo:
        if (!take_back(game, h, e.seq)) {
          return core::Status::not_found("Undo at " + std::to_string(e.seq) + " reaches before the start");
        }
        break;
      case storage::EventKind::kResign:
        h.resigned = e.seat;
        h.seq = e.seq;
        h.last = LastAction{};
        h.log.push_back({e.seq, resign_event(game, e.seat)});
        break;
      case storage::EventKind::kTimeout:
        h.timed_out = e.seat;
        h.seq = e.seq;
        h.last = LastAction{};
        h.log.push_back({e.seq, timeout_event(game, e.seat)});
        break;
    }
  }
  return core::Status::ok();
}

core::LogEvent undo_event(const core::Game& game, core::Seat seat) {
  return {"undo", game.seat_name(seat) + " takes back their last action", core::kAllSeats, {}};
}

core::LogEvent resign_event(const core::Game& game, core::Seat seat) {
  return {"resign", game.seat_name(seat) + " resigns", core::kAllSeats, {}};
}

core::LogEvent timeout_event(const core::Game& game, core::Seat seat) {
  return {"timeout", game.seat_name(seat) + " loses on time", core::kAllSeats, {}};
}

}  // namespace frontier::server
