// The match log (DESIGN §5): event-sourced matches — the match row, its seats, the append-only
// events and the periodic snapshots. One concern of the Store (store.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"

namespace frontier::storage {

struct MatchRow {
  uint64_t id = 0;
  std::string game;
  std::string scenario;
  std::string setup;  // serialized frontier.MatchSetup (with the seed)
  std::string seed_nonce;
  std::string seed_commitment;
  int status = 0;
  int visibility = 0;
  std::string time_control;
  uint64_t created_by = 0;
  int64_t created_at = 0;
  uint32_t seq = 0;
  uint32_t awaiting = 0;
  std::string result;
  // Clocks (migrations/0003_clocks.sql).
  std::string clock;    // the seats' clock state (server/clock/seat_clock.h); empty = not started
  int64_t wake_at = 0;  // when the clock next needs looking at; 0 = never
  // Play-by-web (migrations/0004_social.sql).
  std::string invite_code;  // PRIVATE matches only
  uint64_t tournament_id = 0;
  uint32_t rematch_asked = 0;  // seat bit mask
  uint64_t rematch_match_id = 0;
  int64_t last_activity = 0;
  // Rated or casual (migrations/0007_rated.sql).
  bool rated = false;
  bool ratings_recorded = false;  // its result went into the rating pools (or counted for nothing)
};

struct SeatRow {
  int seat = 0;
  uint64_t user_id = 0;
  std::string user_name;
};

// Numbers are stored: never renumber.
enum class EventKind { kAction = 0, kUndo = 1, kResign = 2, kTimeout = 3, kAbort = 4, kTakeback = 5 };

struct EventRow {
  uint32_t seq = 0;
  int seat = 0;
  EventKind kind = EventKind::kAction;
  std::string action;  // serialized frontier.Action (empty for undo/resign)
  uint64_t user_id = 0;
  std::string client_action_id;
  int64_t at = 0;
  uint32_t target_seq = 0;  // kTakeback: the seq the match returned to
};

class MatchStore {
 public:
  virtual ~MatchStore() = default;

  // create_match ignores row.id and returns the new id.
  virtual core::Result<uint64_t> create_match(const MatchRow& row) = 0;
  virtual core::Status set_seat(uint64_t match_id, int seat, uint64_t user_id) = 0;
  // After each committed change; `last_activity` (unix seconds) orders "my matches". One
  // UPDATE of the row per commit: the writer runs this for every action.
  virtual core::Status update_match(uint64_t match_id, int status, uint32_t seq, uint32_t awaiting,
                                    const std::string& result, int64_t finished_at,
                                    int64_t last_activity) = 0;
  virtual core::Status append_event(uint64_t match_id, const EventRow& event) = 0;
  virtual core::Status put_snapshot(uint64_t match_id, uint32_t seq, const std::string& state) = 0;
  // A takeback made every snapshot after `seq` wrong.
  virtual core::Status delete_snapshots_after(uint64_t match_id, uint32_t seq) = 0;
  virtual core::Status set_rematch(uint64_t match_id, uint32_t asked, uint64_t rematch_match_id) = 0;

  virtual core::Result<std::optional<MatchRow>> load_match(uint64_t match_id) = 0;
  virtual core::Result<std::vector<SeatRow>> seats(uint64_t match_id) = 0;
  // The latest snapshot taken after an event seq below `below_seq`, if any: (seq, bytes).
  virtual core::Result<std::optional<std::pair<uint32_t, std::string>>> snapshot_below(
      uint64_t match_id, uint32_t below_seq) = 0;
  virtual core::Result<std::vector<EventRow>> events(uint64_t match_id, uint32_t from_seq) = 0;
  virtual core::Result<std::vector<MatchRow>> open_matches(uint32_t limit) = 0;
  virtual core::Result<std::vector<MatchRow>> matches_of_user(uint64_t user_id, uint32_t limit) = 0;
  virtual core::Result<std::vector<uint64_t>> unfinished_matches() = 0;
  // Running matches where a seat held by a bot is prompted.
  virtual core::Result<std::vector<uint64_t>> matches_awaiting_bots() = 0;
  // How many matches `user_id` created that still wait for players (OPEN).
  virtual core::Result<uint32_t> open_matches_created_by(uint64_t user_id) = 0;
  // How many OPEN or RUNNING matches outside tournaments `user_id` holds a seat in.
  virtual core::Result<uint32_t> unfinished_matches_of(uint64_t user_id) = 0;
  virtual core::Result<uint64_t> match_count() = 0;
};

}  // namespace frontier::storage
