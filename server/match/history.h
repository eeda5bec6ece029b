// Re-running a match's stored events (actions, undos, resignations, aborts, takebacks) on top of a
// starting state:
// how a match is loaded (snapshot + tail), how its full log is rebuilt for a late reader, and
// how the record of a finished match is produced. Pure: no storage, no threads.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.h"
#include "record.pb.h"
#include "storage/store.h"

namespace frontier::server {

struct LogLine {
  uint32_t seq = 0;
  core::LogEvent event;
};

// The most recent effective action, kept so it can be taken back.
struct LastAction {
  core::Seat seat = core::kObserver;
  bool reversible = false;
  std::unique_ptr<core::GameState> before;  // the state before it, when reversible
};

struct History {
  std::unique_ptr<core::GameState> state;
  uint32_t seq = 0;  // last event applied
  LastAction last;
  core::Seat resigned = core::kObserver;
  core::Seat timed_out = core::kObserver;  // the seat whose clock ran out
  bool aborted = false;
  std::vector<LogLine> log;                         // lines of the events applied here
  std::vector<frontier::RecordedAction> effective;  // actions still standing, in order
  // (seq, seat) of every action still standing since the start, even when `state` came from a
  // snapshot (the loader fills it from all events): who has moved, what a takeback returns to.
  std::vector<std::pair<uint32_t, core::Seat>> standing;
  bool from_snapshot = false;  // built from a snapshot: `log` starts after it
};

using Snapshot = std::pair<uint32_t, std::string>;  // (seq, core::snapshot bytes of the state after it)

// The events that still count: those a later takeback cut away (seq in (target, takeback)) are
// dropped; the takeback itself stays as a marker. Replaying the result reaches the live state.
std::vector<storage::EventRow> surviving_events(const std::vector<storage::EventRow>& events);
// History.standing for `events` (all of a match's events, from seq 1).
std::vector<std::pair<uint32_t, core::Seat>> standing_actions(const std::vector<storage::EventRow>& events);

// Applies one action event; the shared step of live play and replay. On failure nothing changed.
core::Status apply_action(const core::Game& game, History& h, uint32_t seq, core::Seat seat,
                          const core::Action& action);
// Takes back h.last (undo); false when there is nothing reversible to take back.
bool take_back(const core::Game& game, History& h, uint32_t seq);

// Applies the surviving `events` in order. Fails when an event does not apply or an undo or a
// takeback reaches back past the starting state (the caller then replays from the beginning).
core::Status replay_events(const core::Game& game, History& h, const std::vector<storage::EventRow>& events);

// The log line written for an undo: it names the seat, never the action taken back (that
// could be a secret choice).
// The history as it stood just after event `upto` (0: the set-up) from every event of the match
// (from seq 1): from `snapshot` (taken at or below `upto`) and the events after it when they
// replay from there, else from the seed. Loading a match, stepping back through it, verifying it.
// Snapshots are never taken inside a range a takeback cut away (they are deleted), so one at or
// below `upto` is the state the events up to `upto` passed through.
core::Result<History> history_at(const core::Game& game, const frontier::MatchSetup& setup,
                                 const std::vector<storage::EventRow>& events, uint32_t upto,
                                 const std::optional<Snapshot>& snapshot = std::nullopt);

// Ending and rewinding events, shared by live play and replay.
void apply_resign(const core::Game& game, History& h, uint32_t seq, core::Seat seat);
void apply_timeout(const core::Game& game, History& h, uint32_t seq, core::Seat seat);
void apply_abort(const core::Game& game, History& h, uint32_t seq, core::Seat seat);
// The takeback marker, once the state is back at its target (live: rebuilt; replay: the cut
// events were never applied). `seat` took back; the other side accepted.
void apply_takeback(const core::Game& game, History& h, uint32_t seq, core::Seat seat);

// The seq a takeback by `seat` returns to: just before its latest standing action.
std::optional<uint32_t> takeback_target(const History& h, core::Seat seat);
// Seat bit mask of the seats with at least one standing action.
uint32_t moved_seats(const History& h);

core::LogEvent undo_event(const core::Game& game, core::Seat seat);
core::LogEvent resign_event(const core::Game& game, core::Seat seat);
core::LogEvent timeout_event(const core::Game& game, core::Seat seat);

}  // namespace frontier::server
