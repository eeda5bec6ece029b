// Helpers for the server-level tournament tests: requests as a logged-in player, fields of
// registered players, events created and filled over the protocol, matches played by random
// bots or decided by a resignation, and the rating pools read back.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "harness.h"

namespace frontier::testing {

// The reply to `m`, or an error Status carrying a wire::Error's message.
core::Result<wire::ServerMessage> ask(Player& p, wire::ClientMessage m);
// GetTournament as `p`; an empty TournamentInfo (and a test failure) if refused.
wire::TournamentInfo get(Player& p, uint64_t id);
// A ManageTournament request for event `id` with no action yet.
wire::ClientMessage manage(uint64_t id);

// Plays match `match_id` with random choices for the two users holding its seats, to its end or
// for `max_steps` actions; true once it is finished.
bool play_match(uint16_t port, uint64_t match_id, const std::map<uint64_t, Player*>& users,
                const wire::TournamentBoard& board, std::mt19937& rng, int max_steps = 5000);
// Waits until the event has moved past `round` (or finished); the host pairs asynchronously.
wire::TournamentInfo await_round(Player& organiser, uint64_t id, uint32_t round);
// Plays every unfinished board with a match in play; returns how many games were played.
int play_open_boards(uint16_t port, const wire::TournamentInfo& t, const std::map<uint64_t, Player*>& users,
                     std::mt19937& rng, std::set<uint64_t>& played);
// Waits until the event has a board whose newest match is not in `done` (or has finished).
wire::TournamentInfo await_new_match(Player& organiser, uint64_t id, const std::set<uint64_t>& done);
// Waits until a GetTournament satisfies `ready` (about 4 s at most); the last state seen.
wire::TournamentInfo await_state(Player& organiser, uint64_t id,
                                 const std::function<bool(const wire::TournamentInfo&)>& ready);

struct Field {
  std::vector<Player> players;
  std::map<uint64_t, Player*> by_id;
};
void make_field(Field& f, int n, uint16_t port, const std::string& stem);
// After a restart: fresh connections, same sessions.
void reconnect_all(Field& f, Player& organiser, uint16_t port);
// Creates the event, registers every player of `f` and starts it (checking that a player may not).
uint64_t create_and_fill(Player& organiser, Field& f, wire::CreateTournament req);

// `loser` resigns match `match_id` (they must hold one of its seats); true once acknowledged.
bool resign(Player& loser, uint64_t match_id);

// GetRatings for the race fixture: the title pool (side "") or a side's, provisional included.
std::vector<wire::RatingRow> ratings(Player& p, const std::string& side);
int total_games(const std::vector<wire::RatingRow>& rows);
// Whether the board's A player won it ("1-0", "1.5-0.5", "+-").
bool a_won(const std::string& result);
// The standing row of `user` (a test failure and an empty row if absent).
wire::TournamentStanding standing_of(const wire::TournamentInfo& t, uint64_t user);

// A CreateTournament for the race fixture game (two seats, quick to play).
wire::CreateTournament race_event(const std::string& name, wire::TournamentFormat format);

// A test with a started server and a registered organiser (who creates every event).
class TournamentServerTest : public ::testing::Test {
 protected:
  void SetUp() override;
  // Killed like a crash (SIGKILL) and started again; the organiser and `f` reconnect.
  void restart(Field& f);

  ServerProcess server;
  std::string error;
  Player organiser;
};

}  // namespace frontier::testing
