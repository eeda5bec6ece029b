// Re-running a match's stored events (actions, undos, resignations) on top of a starting state:
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
  std::vector<LogLine> log;                         // lines of the events applied here
  std::vector<frontier::RecordedAction> effective;  // actions still standing, in order
};

// Applies one action event; the shared step of live play and replay. On failure nothing changed.
core::Status apply_action(const core::Game& game, History& h, uint32_t seq, core::Seat seat,
                          const core::Action& action);
// Takes back h.last (undo); false when there is nothing reversible to take back.
bool take_back(const core::Game& game, History& h, uint32_t seq);

// Applies `events` in order. Fails when an event does not apply or an undo reaches back past
// the starting state (the caller then replays from the beginning).
core::Status replay_events(const core::Game& game, History& h, const std::vector<storage::EventRow>& events);

// The log line written for an undo: it names the seat, never the action taken back (that
// could be a secret choice).
core::LogEvent undo_event(const core::Game& game, core::Seat seat);
core::LogEvent resign_event(const core::Game& game, core::Seat seat);
core::LogEvent timeout_event(const core::Game& game, core::Seat seat);

}  // namespace frontier::server
