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
  h.standing.emplace_back(seq, seat);
  return core::Status::ok();
}

bool take_back(const core::Game& game, History& h, uint32_t seq) {
  if (!h.last.reversible || !h.last.before) return false;
  core::Seat seat = h.last.seat;
  h.state = std::move(h.last.before);
  h.last = LastAction{};
  h.seq = seq;
  if (!h.effective.empty()) h.effective.pop_back();
  if (!h.standing.empty()) h.standing.pop_back();
  h.log.push_back({seq, undo_event(game, seat)});
  return true;
}

std::vector<storage::EventRow> surviving_events(const std::vector<storage::EventRow>& events) {
  std::vector<storage::EventRow> out;
  out.reserve(events.size());
  for (const auto& e : events) {
    if (e.kind == storage::EventKind::kTakeback) {
      while (!out.empty() && out.back().seq > e.target_seq) out.pop_back();
    }
    out.push_back(e);
  }
  return out;
}

std::vector<std::pair<uint32_t, core::Seat>> standing_actions(const std::vector<storage::EventRow>& events) {
  std::vector<std::pair<uint32_t, core::Seat>> out;
  for (const auto& e : surviving_events(events)) {
    if (e.kind == storage::EventKind::kAction) out.emplace_back(e.seq, e.seat);
    if (e.kind == storage::EventKind::kUndo && !out.empty()) out.pop_back();
  }
  return out;
}

core::Status replay_events(const core::Game& game, History& h, const std::vector<storage::EventRow>& events) {
  uint32_t start = h.seq;
  for (const auto& e : surviving_events(events)) {
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
        apply_resign(game, h, e.seq, e.seat);
        break;
      case storage::EventKind::kAbort:
        apply_abort(game, h, e.seq, e.seat);
        break;
      case storage::EventKind::kTakeback:
        // The cut events were dropped, so the state is the one after the target already;
        // a target before this replay's start needs the whole history.
        if (e.target_seq < start || h.seq != e.target_seq) {
          return core::Status::not_found("Takeback at " + std::to_string(e.seq) +
                                         " reaches before the start");
        }
        apply_takeback(game, h, e.seq, e.seat);
        break;
      case storage::EventKind::kTimeout:
        apply_timeout(game, h, e.seq, e.seat);
        break;
      default:
        return core::Status::corruption("Stored event " + std::to_string(e.seq) + " has an unknown kind");
    }
  }
  return core::Status::ok();
}

core::Result<History> history_at(const core::Game& game, const frontier::MatchSetup& setup,
                                 const std::vector<storage::EventRow>& events, uint32_t upto,
                                 const std::optional<Snapshot>& snapshot) {
  std::vector<storage::EventRow> prefix;
  for (const auto& e : events) {
    if (e.seq <= upto) prefix.push_back(e);
  }
  if (snapshot && snapshot->first <= upto) {
    if (auto state = game.restore(snapshot->second)) {
      History h;
      h.state = std::move(state.value());
      h.seq = snapshot->first;
      h.from_snapshot = true;
      std::vector<storage::EventRow> tail;
      for (const auto& e : prefix) {
        if (e.seq > snapshot->first) tail.push_back(e);
      }
      // Fails when the tail takes back (undo, takeback) past the snapshot: then from the seed.
      if (replay_events(game, h, tail)) {
        h.standing = standing_actions(prefix);  // the tail alone does not know who moved before
        return h;
      }
    }
  }
  History h;
  auto initial = game.initial(setup);
  if (!initial) return core::Status::invalid_argument("The set-up is refused: " + initial.status().message());
  h.state = std::move(initial.value());
  if (auto st = replay_events(game, h, prefix); !st) return st;
  return h;
}

void apply_resign(const core::Game& game, History& h, uint32_t seq, core::Seat seat) {
  h.resigned = seat;
  h.seq = seq;
  h.last = LastAction{};
  h.log.push_back({seq, resign_event(game, seat)});
}

void apply_timeout(const core::Game& game, History& h, uint32_t seq, core::Seat seat) {
  h.timed_out = seat;
  h.seq = seq;
  h.last = LastAction{};
  h.log.push_back({seq, timeout_event(game, seat)});
}

void apply_abort(const core::Game& game, History& h, uint32_t seq, core::Seat seat) {
  h.aborted = true;
  h.seq = seq;
  h.last = LastAction{};
  h.log.push_back(
      {seq, {"abort", game.seat_name(seat) + " aborts the match: no result", core::kAllSeats, {}}});
}

void apply_takeback(const core::Game& game, History& h, uint32_t seq, core::Seat seat) {
  h.seq = seq;
  h.last = LastAction{};
  std::string text = game.seat_name(seat) + " took back moves";
  if (game.seat_count() == 2) text += " (accepted by " + game.seat_name(1 - seat) + ")";
  // Names the sides only: what was taken back may have been a secret choice.
  h.log.push_back({seq, {"takeback", text, core::kAllSeats, {}}});
}

std::optional<uint32_t> takeback_target(const History& h, core::Seat seat) {
  for (auto it = h.standing.rbegin(); it != h.standing.rend(); ++it) {
    if (it->second == seat) return it->first - 1;
  }
  return std::nullopt;
}

uint32_t moved_seats(const History& h) {
  uint32_t mask = 0;
  for (const auto& [seq, seat] : h.standing) mask |= core::seat_bit(seat);
  return mask;
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
