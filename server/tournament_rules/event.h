// One tournament event as plain, serialisable data, and the organiser's and server's
// operations on it. Pure: every time is an argument, nothing here reads a clock, touches
// storage or creates matches — the server does that from what these functions return,
// then persists the event (event_proto.h) so it resumes exactly after a restart.
//
// Every operation validates first and changes nothing when it fails; the Status says why
// in a sentence an organiser can read.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/status.h"
#include "tournament_rules/elimination.h"
#include "tournament_rules/standings.h"
#include "tournament_rules/types.h"

namespace frontier::tournament {

enum class Format : uint8_t { kRoundRobin = 0, kSwiss = 1, kSingleElimination = 2, kDoubleElimination = 3 };
const char* format_name(Format f);

struct EventConfig {
  std::string name;
  // What each match plays; opaque here, interpreted by the server.
  std::string game;
  std::string scenario;
  std::string options;
  std::string clock;
  Format format = Format::kSwiss;
  int cycles = 1;                   // round robin: 1 or 2
  int rounds = 5;                   // Swiss: number of rounds (round robin and elimination derive theirs)
  bool third_place_match = false;   // single elimination
  int games_per_board = 1;          // 1: one game; 2: a mini-match with sides swapped
  bool all_rounds_at_once = false;  // round robin: create every round's matches at the start
  int min_players = 2;
  int max_players = 0;  // 0: no limit
  int64_t registration_opens_at = 0;
  int64_t registration_closes_at = 0;  // 0: open until the start
  std::optional<int64_t> start_at;     // start automatically at this time
  int64_t round_time_limit = 0;        // seconds; 0: no round deadline
  std::vector<Tiebreak> tiebreaks = {Tiebreak::kBuchholz, Tiebreak::kSonnebornBerger};
  Side initial_side = Side::kA;
  bool rated = true;

  bool operator==(const EventConfig&) const = default;
};

enum class PlayerStatus : uint8_t {
  kActive = 0,
  kWithdrawn = 1,     // left of their own accord: no further pairings, results stand
  kRemoved = 2,       // removed by the organiser: no further pairings, results stand
  kDisqualified = 3,  // as removed, and shown as disqualified
};

struct EventPlayer {
  PlayerId id = 0;
  double rating = 1500.0;  // for seeding, taken at registration
  int pairing_number = 0;  // set at the start (by rating) or at late entry
  int entry_round = 1;     // first round they can be paired in
  PlayerStatus status = PlayerStatus::kActive;

  bool operator==(const EventPlayer&) const = default;
};

enum class Phase : uint8_t { kRegistration = 0, kRunning = 1, kFinished = 2 };

// An organiser's change to a recorded result, kept for the record.
struct ResultAdjustment {
  int round = 0;  // 0 for an elimination bracket match
  int board = 0;  // board index in the round, or bracket match id
  BoardResult before;
  BoardResult after;
  std::string reason;
  PlayerId organiser = 0;
  int64_t at = 0;

  bool operator==(const ResultAdjustment&) const = default;
};

struct Event {
  EventConfig config;
  PlayerId organiser = 0;
  Phase phase = Phase::kRegistration;
  bool paused = false;
  int64_t started_at = 0;
  std::vector<EventPlayer> players;  // registration order
  std::vector<std::pair<PlayerId, PlayerId>> forbidden;
  // Round robin and Swiss: the rounds paired (round robin: the whole schedule from the start).
  std::vector<Round> rounds;
  int current_round = 0;  // rounds opened for play (0 before the first)
  std::vector<int64_t> round_started_at;
  // Elimination: the bracket, and a board per bracket match once it is ready.
  EliminationState bracket;
  std::map<int, Board> bracket_boards;
  std::vector<ResultAdjustment> adjustments;

  bool operator==(const Event&) const = default;
};

// A new event in registration; fails (InvalidArgument) on a config validate_config refuses.
core::Result<Event> create_event(EventConfig config, PlayerId organiser);
core::Status validate_config(const EventConfig& config);

// Registration (event_registration.cpp). Swiss events accept late entries while no more
// than half the rounds have been paired; a late entrant starts on zero in the next round.
core::Status register_player(Event& event, PlayerId player, double rating, int64_t now);
core::Status withdraw_player(Event& event, PlayerId player);
core::Status remove_player(Event& event, PlayerId player, bool disqualify);
core::Status forbid_pairing(Event& event, PlayerId a, PlayerId b);
core::Status set_paused(Event& event, bool paused);

bool should_start(const Event& event, int64_t now);  // start_at reached during registration
core::Status start_event(Event& event, int64_t now);

// Rounds (event_rounds.cpp).
struct OpenedBoard {
  int round = 0;  // 0 for a bracket match
  int board = 0;  // board index, or bracket match id
  Board pairing;
};
// Boards that need matches now: pairs the next round when the current one is complete
// (Swiss), opens the next scheduled one (round robin), or the bracket matches that became
// ready (elimination). Empty when there is nothing to do yet; an error when pairing is
// impossible or the event is paused.
core::Result<std::vector<OpenedBoard>> open_next_boards(Event& event, int64_t now);

// Records the next game of a board (a board takes 1 game, 2 in a mini-match, plus
// deciders in elimination) or a forfeit. Bracket matches advance when their board is complete.
core::Status record_game(Event& event, int round, int board, GameOutcome outcome);
core::Status record_forfeit(Event& event, int round, int board, ResultKind forfeit);
// True when the round's deadline has passed with boards unfinished (the server then
// forfeits them by the clocks).
bool round_deadline_passed(const Event& event, int64_t now);
bool round_complete(const Event& event);

// An organiser's correction with a reason, logged in event.adjustments.
core::Status adjust_result(Event& event, int round, int board, BoardResult result, std::string reason,
                           PlayerId organiser, int64_t at);

// The organiser ends the event early (for instance when a Swiss round cannot be paired).
core::Status finish_event(Event& event);

// Standings: round robin and Swiss by points and the configured tiebreaks; elimination by
// how far each player got (champion, runner-up, third-place match, then the round lost in,
// players knocked out in the same round sharing a rank; `points` counts half-points won
// and `tiebreaks` is empty).
std::vector<StandingRow> event_standings(const Event& event);
std::optional<PlayerId> event_winner(const Event& event);

}  // namespace frontier::tournament
