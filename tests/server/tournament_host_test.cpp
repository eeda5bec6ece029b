// Tournaments hosted by the real server: a 6-player Swiss and an 8-player single elimination
// are created, registered for and started over the protocol; every round's matches are played
// to their end by random bots (one protocol client per player and match) and the server is
// killed and restarted in the middle of each event. Then the standings, the pairings and the
// Glicko-2 ratings (title and side pools) must be those of the games played.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <set>
#include <string>
#include <thread>

#include "tournament_support.h"

namespace frontier::testing {
namespace {

using TournamentHost = TournamentServerTest;

using namespace std::chrono_literals;

TEST_F(TournamentHost, SwissAndEliminationSurviveRestartsAndRate) {
  std::mt19937 rng(9);

  // ---- a 6-player, 3-round Swiss
  Field swiss;
  make_field(swiss, 6, server.port(), "sw");
  auto req = race_event("Swiss cup", wire::SWISS);
  req.set_rounds(3);
  req.add_tiebreaks("buchholz");
  req.add_tiebreaks("sonneborn-berger");
  uint64_t sid = create_and_fill(organiser, swiss, req);
  ASSERT_NE(sid, 0u);
  std::set<uint64_t> played;
  int swiss_games = 0;
  for (uint32_t round = 1; round <= 3; ++round) {
    auto t = await_round(organiser, sid, round - 1);
    ASSERT_EQ(t.current_round(), round) << "round " << round << " was not paired";
    if (round == 2) {
      // Killed in the middle of a game: the match resumes and its result still reaches the event.
      const auto& last = t.boards(t.boards_size() - 1);
      EXPECT_FALSE(play_match(server.port(), last.match_ids(0), swiss.by_id, last, rng, 3));
      restart(swiss);
    }
    swiss_games += play_open_boards(server.port(), t, swiss.by_id, rng, played);
    if (round == 2) {
      // Killed like a crash right after the last game of round 2: the host must record it (if it
      // had not yet) and pair round 3 after the restart.
      restart(swiss);
    }
  }
  auto done = await_round(organiser, sid, 3);
  ASSERT_EQ(done.phase(), "finished") << server.log();
  EXPECT_EQ(swiss_games, 9);
  // Each round: 3 boards, 2 half-points each.
  int half_points = 0;
  std::set<std::pair<uint64_t, uint64_t>> met;
  for (const auto& row : done.standings()) half_points += row.half_points();
  EXPECT_EQ(half_points, 3 * 3 * 2);
  ASSERT_EQ(done.standings_size(), 6);
  EXPECT_EQ(done.standings(0).rank(), 1);
  for (int i = 1; i < done.standings_size(); ++i)
    EXPECT_GE(done.standings(i - 1).half_points(), done.standings(i).half_points());
  for (const auto& b : done.boards()) {
    ASSERT_NE(b.b_user(), 0u);  // six players: no byes
    std::pair<uint64_t, uint64_t> pair{std::min(b.a_user(), b.b_user()), std::max(b.a_user(), b.b_user())};
    EXPECT_TRUE(met.insert(pair).second) << "rematch " << pair.first << "-" << pair.second;  // C.04.1 b
  }
  // Every player played 3 rated games: 9 games, 18 player-games in the title pool, 9 per side.
  EXPECT_EQ(total_games(ratings(organiser, "")), 18);
  EXPECT_EQ(total_games(ratings(organiser, "A")), 9);
  EXPECT_EQ(total_games(ratings(organiser, "B")), 9);
  // The leader has a rating above the start (they won most of their games).
  auto title = ratings(organiser, "");
  ASSERT_EQ(title.size(), 6u);
  EXPECT_GT(title.front().rating(), 1500.0);
  EXPECT_LT(title.back().rating(), 1500.0);
  EXPECT_LT(title.front().deviation(), 350.0);

  // ---- an 8-player single elimination
  Field ko;
  make_field(ko, 8, server.port(), "ko");
  uint64_t kid = create_and_fill(organiser, ko, race_event("Knock-out", wire::SINGLE_ELIMINATION));
  ASSERT_NE(kid, 0u);
  int ko_games = 0;
  // Elimination has no numbered rounds: wait for matches not yet played (or the end), play them.
  for (int stage = 0; stage < 10; ++stage) {
    wire::TournamentInfo t = await_new_match(organiser, kid, played);
    if (t.phase() == "finished") break;
    ko_games += play_open_boards(server.port(), t, ko.by_id, rng, played);
    if (stage == 0) {
      restart(ko);
    }
  }
  auto final_state = get(organiser, kid);
  ASSERT_EQ(final_state.phase(), "finished") << server.log();
  EXPECT_GE(ko_games, 7);  // 4 + 2 + 1, more when a drawn game needs a decider
  EXPECT_EQ(final_state.boards_size(), 7);
  ASSERT_EQ(final_state.standings_size(), 8);
  EXPECT_EQ(final_state.standings(0).user_id(), final_state.winner());
  // The champion won three boards; the runner-up two.
  int champion_wins = 0;
  for (const auto& b : final_state.boards()) {
    uint64_t winner = a_won(b.result()) ? b.a_user() : b.b_user();
    if (winner == final_state.winner()) ++champion_wins;
  }
  EXPECT_EQ(champion_wins, 3);
  // Ratings: 8 more players, ko_games more games.
  EXPECT_EQ(ratings(organiser, "").size(), 14u);
  EXPECT_EQ(total_games(ratings(organiser, "")), 18 + 2 * ko_games);
  EXPECT_EQ(total_games(ratings(organiser, "A")), 9 + ko_games);
}

// Organiser tools over the protocol: a forbidden pairing is avoided, a paused event pairs no
// round until resumed, an adjusted result (with its reason) changes the standings, and a
// disqualified player is paired no more.
TEST_F(TournamentHost, OrganiserToolsChangeThePairingsAndTheStandings) {
  std::mt19937 rng(3);
  Field f;
  make_field(f, 4, server.port(), "tool");
  wire::ClientMessage create;
  auto* req = create.mutable_create_tournament();
  req->set_game("race");
  req->set_rounds(2);
  req->set_unrated(true);
  auto created = ask(organiser, create);
  ASSERT_TRUE(created.is_ok()) << created.status().message();
  uint64_t id = created->tournament().tournament_id();
  for (auto& p : f.players) {
    wire::ClientMessage join;
    join.mutable_join_tournament()->set_tournament_id(id);
    ASSERT_TRUE(ask(p, join).is_ok());
  }
  uint64_t u0 = f.players[0].user_id, u1 = f.players[1].user_id, u3 = f.players[3].user_id;
  auto forbid = manage(id);
  forbid.mutable_manage_tournament()->mutable_forbid()->set_user_a(u0);
  forbid.mutable_manage_tournament()->mutable_forbid()->set_user_b(u1);
  ASSERT_TRUE(ask(organiser, forbid).is_ok());
  // Players may not use the organiser's tools.
  auto refused = f.players[0].c->request(forbid);
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), wire::NOT_ORGANISER);
  wire::ClientMessage start;
  start.mutable_start_tournament()->set_tournament_id(id);
  ASSERT_TRUE(ask(organiser, start).is_ok());
  auto t = await_round(organiser, id, 0);
  ASSERT_EQ(t.current_round(), 1u);
  for (const auto& b : t.boards()) EXPECT_FALSE(std::minmax(b.a_user(), b.b_user()) == std::minmax(u0, u1));

  auto pause = manage(id);
  pause.mutable_manage_tournament()->set_pause(true);
  ASSERT_TRUE(ask(organiser, pause).is_ok());
  std::set<uint64_t> played;
  play_open_boards(server.port(), t, f.by_id, rng, played);
  std::this_thread::sleep_for(300ms);
  t = get(organiser, id);
  EXPECT_TRUE(t.paused());
  EXPECT_EQ(t.current_round(), 1u);  // no pairing while paused

  // Reverse board 1 with a reason; the standings follow.
  const auto& board1 = t.boards(0);
  bool a_had_won = a_won(board1.result());
  uint64_t new_winner = a_had_won ? board1.b_user() : board1.a_user();
  auto adjust = manage(id);
  auto* a = adjust.mutable_manage_tournament()->mutable_adjust();
  a->set_round(1);
  a->set_board(1);
  a->set_result(a_had_won ? "0-1" : "1-0");
  a->set_reason("wrong scenario set up");
  auto no_reason = adjust;
  no_reason.mutable_manage_tournament()->mutable_adjust()->clear_reason();
  EXPECT_FALSE(ask(organiser, no_reason).is_ok());  // a reason is required
  auto adjusted = ask(organiser, adjust);
  ASSERT_TRUE(adjusted.is_ok()) << adjusted.status().message();
  ASSERT_EQ(adjusted->tournament().adjustments_size(), 1);
  EXPECT_EQ(adjusted->tournament().adjustments(0).reason(), "wrong scenario set up");
  for (const auto& row : adjusted->tournament().standings())
    if (row.user_id() == new_winner) {
      EXPECT_EQ(row.half_points(), 2);
    }

  auto remove = manage(id);
  remove.mutable_manage_tournament()->mutable_remove()->set_user_id(u3);
  remove.mutable_manage_tournament()->mutable_remove()->set_disqualify(true);
  ASSERT_TRUE(ask(organiser, remove).is_ok());
  pause.mutable_manage_tournament()->set_pause(false);
  ASSERT_TRUE(ask(organiser, pause).is_ok());
  t = await_round(organiser, id, 1);
  ASSERT_EQ(t.current_round(), 2u);
  for (const auto& p : t.players())
    if (p.user_id() == u3) {
      EXPECT_EQ(p.status(), "disqualified");
    }
  int round2_boards = 0;
  for (const auto& b : t.boards()) {
    if (b.round() != 2) continue;
    EXPECT_NE(b.a_user(), u3);
    EXPECT_NE(b.b_user(), u3);
    ++round2_boards;
  }
  EXPECT_EQ(round2_boards, 2);  // one game and the bye of the three left
}

// A round deadline: nobody moves, so at the deadline the board is forfeited by the seats the
// match waits for (both, in the fixture game's simultaneous bid) and the event goes on.
TEST_F(TournamentHost, RoundDeadlineForfeitsUnplayedBoards) {
  Field f;
  make_field(f, 2, server.port(), "late");
  auto req = race_event("Deadline", wire::SWISS);
  req.set_rounds(1);
  req.set_round_time_limit(1);
  uint64_t id = create_and_fill(organiser, f, req);
  wire::TournamentInfo t;
  for (int i = 0; i < 200 && t.phase() != "finished"; ++i) {
    std::this_thread::sleep_for(50ms);
    t = get(organiser, id);
  }
  ASSERT_EQ(t.phase(), "finished");
  ASSERT_EQ(t.boards_size(), 1);
  EXPECT_EQ(t.boards(0).result(), "--");
  for (const auto& row : t.standings()) EXPECT_EQ(row.half_points(), 0);
}

// A player who withdraws while their game is in play forfeits the board at once; the game may
// still be finished (here the opponent resigns it), but it changes nothing and is not rated.
TEST_F(TournamentHost, AWithdrawalForfeitsTheBoardInPlayAndItsGameChangesNothing) {
  Field f;
  make_field(f, 4, server.port(), "wd");
  auto req = race_event("Withdrawals", wire::SWISS);
  req.set_rounds(2);
  uint64_t id = create_and_fill(organiser, f, req);
  auto t = await_round(organiser, id, 0);
  ASSERT_EQ(t.current_round(), 1u);
  ASSERT_EQ(t.boards_size(), 2);
  const wire::TournamentBoard b1 = t.boards(0), b2 = t.boards(1);
  Player& leaver = *f.by_id.at(b1.b_user());
  wire::ClientMessage leave;
  leave.mutable_leave_tournament()->set_tournament_id(id);
  auto left = ask(leaver, leave);
  ASSERT_TRUE(left.is_ok()) << left.status().message();
  EXPECT_EQ(left->tournament().boards(0).result(), "+-");
  // The opponent resigns the abandoned game anyway: the forfeit stands.
  ASSERT_TRUE(resign(*f.by_id.at(b1.a_user()), b1.match_ids(0)));
  ASSERT_TRUE(resign(*f.by_id.at(b2.b_user()), b2.match_ids(0)));
  t = await_round(organiser, id, 1);
  ASSERT_EQ(t.current_round(), 2u) << server.log();
  EXPECT_EQ(t.boards(0).result(), "+-");
  EXPECT_EQ(standing_of(t, b1.a_user()).half_points(), 2);
  EXPECT_EQ(standing_of(t, b1.b_user()).half_points(), 0);
  // Round 2: three players left, so one game and a bye; the leaver is in neither.
  int round2 = 0;
  for (const auto& b : t.boards()) {
    if (b.round() != 2) continue;
    ++round2;
    EXPECT_NE(b.a_user(), leaver.user_id);
    EXPECT_NE(b.b_user(), leaver.user_id);
  }
  EXPECT_EQ(round2, 2);
  // Only board 2's game was rated.
  EXPECT_EQ(total_games(ratings(organiser, "")), 2);
  // Withdrawing twice is refused with the event's reason.
  auto again = leaver.c->request(leave);
  ASSERT_TRUE(again && again->has_error());
  EXPECT_EQ(again->error().code(), wire::TOURNAMENT_REFUSED);
}

}  // namespace
}  // namespace frontier::testing
