// Whole events through the organiser's and server's operations, persisted and resumed.
#include "tournament_rules/event.h"

#include <gtest/gtest.h>

#include "core/rng.h"
#include "tournament_rules/event_proto.h"
#include "tournament_rules/mini_match.h"

namespace frontier::tournament {
namespace {

EventConfig swiss_config(int rounds) {
  EventConfig c;
  c.name = "Autumn Swiss";
  c.game = "khartoum";
  c.format = Format::kSwiss;
  c.rounds = rounds;
  c.tiebreaks = {Tiebreak::kMedianBuchholz, Tiebreak::kBuchholz, Tiebreak::kSonnebornBerger};
  return c;
}

Event with_players(EventConfig config, int count) {
  Event e = *create_event(std::move(config), 1);
  for (int i = 0; i < count; ++i) {
    EXPECT_TRUE(register_player(e, static_cast<PlayerId>(10 + i), 1400.0 + 25.0 * i, 100).is_ok());
  }
  return e;
}

// Plays every open board with seeded random games, persisting and resuming the event
// after every step as a server restart would. Returns the number of boards played.
int play_out(Event& event, uint64_t seed, bool restart_each_step) {
  core::Rng rng(seed);
  int boards = 0;
  for (int guard = 0; guard < 1000 && event.phase == Phase::kRunning; ++guard) {
    auto opened = open_next_boards(event, 1000 + guard);
    EXPECT_TRUE(opened.is_ok()) << opened.status().to_string();
    if (!opened.is_ok()) return boards;
    for (const OpenedBoard& ob : *opened) {
      Board* board = nullptr;
      do {
        EXPECT_TRUE(record_game(event, ob.round, ob.board, static_cast<GameOutcome>(rng.below(3))).is_ok());
        board = ob.round == 0
                    ? &event.bracket_boards.at(ob.board)
                    : &event.rounds[static_cast<size_t>(ob.round - 1)].boards[static_cast<size_t>(ob.board)];
      } while (!board_complete(board->result, event.config.games_per_board, ob.round == 0));
      ++boards;
      if (restart_each_step) {
        auto resumed = parse_event(serialize_event(event));
        EXPECT_TRUE(resumed.is_ok()) << resumed.status().to_string();
        EXPECT_EQ(*resumed, event);
        event = std::move(*resumed);
      }
    }
  }
  return boards;
}

// A whole six-player Swiss, restarted after every result, ends where an uninterrupted one does.
TEST(Event, SwissSurvivesRestartsMidEvent) {
  Event straight = with_players(swiss_config(5), 6);
  ASSERT_TRUE(start_event(straight, 500).is_ok());
  Event restarted = straight;
  int boards = play_out(straight, 77, false);
  play_out(restarted, 77, true);
  EXPECT_EQ(restarted, straight);
  EXPECT_EQ(straight.phase, Phase::kFinished);
  EXPECT_EQ(boards, 15);
  std::vector<StandingRow> table = event_standings(straight);
  HalfPoints total = 0;
  for (const StandingRow& r : table) total += r.points;
  EXPECT_EQ(total, 15 * kWinPoints);  // every board hands out one win's points
  EXPECT_EQ(table.front().rank, 1);
}

// Late entry (Swiss only, up to half the rounds), withdrawals forfeiting the open board.
TEST(Event, LateEntryAndWithdrawal) {
  Event e = with_players(swiss_config(5), 6);
  ASSERT_TRUE(start_event(e, 0).is_ok());
  auto r1 = open_next_boards(e, 1);
  ASSERT_TRUE(r1.is_ok());
  ASSERT_EQ(r1->size(), 3u);
  // A player withdraws mid-round: their board is forfeited to the opponent.
  const OpenedBoard leaving = r1->front();
  ASSERT_TRUE(withdraw_player(e, leaving.pairing.a).is_ok());
  EXPECT_EQ(e.rounds[0].boards[0].result.kind, ResultKind::kForfeitALoses);
  EXPECT_EQ(record_game(e, 1, 0, GameOutcome::kDraw).code(), core::StatusCode::kIllegalAction);
  for (size_t i = 1; i < r1->size(); ++i)
    ASSERT_TRUE(record_game(e, 1, static_cast<int>(i), GameOutcome::kAWins).is_ok());
  ASSERT_TRUE(register_player(e, 99, 2000, 5).is_ok());  // late entry after round 1
  auto r2 = open_next_boards(e, 2);
  ASSERT_TRUE(r2.is_ok());
  bool late_paired = false;
  for (const OpenedBoard& ob : *r2) {
    EXPECT_NE(ob.pairing.a, leaving.pairing.a);
    EXPECT_NE(ob.pairing.b, leaving.pairing.a);
    late_paired |= ob.pairing.a == 99 || ob.pairing.b == 99;
  }
  EXPECT_TRUE(late_paired || e.rounds[1].bye == 99u);
  for (const OpenedBoard& ob : *r2)
    ASSERT_TRUE(record_game(e, ob.round, ob.board, GameOutcome::kBWins).is_ok());
  ASSERT_TRUE(register_player(e, 98, 1500, 6).is_ok());  // after round 2 of 5: still half
  ASSERT_TRUE(open_next_boards(e, 3).is_ok());
  auto refused = register_player(e, 97, 1500, 7);  // after 3 of 5: too late
  EXPECT_EQ(refused.code(), core::StatusCode::kIllegalAction);
  EXPECT_NE(refused.message().find("half the rounds"), std::string::npos);
}

TEST(Event, RegistrationRules) {
  EventConfig c = swiss_config(3);
  c.max_players = 2;
  c.registration_opens_at = 100;
  c.registration_closes_at = 200;
  Event e = *create_event(c, 1);
  EXPECT_EQ(register_player(e, 5, 1500, 50).code(), core::StatusCode::kIllegalAction);  // not open
  EXPECT_TRUE(register_player(e, 5, 1500, 150).is_ok());
  EXPECT_EQ(register_player(e, 5, 1500, 150).code(), core::StatusCode::kIllegalAction);  // twice
  EXPECT_EQ(register_player(e, 6, 1500, 250).code(), core::StatusCode::kIllegalAction);  // closed
  EXPECT_EQ(start_event(e, 300).code(), core::StatusCode::kIllegalAction);               // one player
  EXPECT_TRUE(register_player(e, 6, 1500, 190).is_ok());
  EXPECT_EQ(register_player(e, 7, 1500, 190).code(), core::StatusCode::kIllegalAction);  // full
  e.config.start_at = 400;
  EXPECT_FALSE(should_start(e, 399));
  EXPECT_TRUE(should_start(e, 400));
  ASSERT_TRUE(start_event(e, 400).is_ok());
  EXPECT_EQ(start_event(e, 401).code(), core::StatusCode::kIllegalAction);
  EventConfig bad = swiss_config(3);
  bad.games_per_board = 3;
  EXPECT_EQ(create_event(bad, 1).status().code(), core::StatusCode::kInvalidArgument);
  bad = swiss_config(3);
  bad.tiebreaks = {Tiebreak::kWins, Tiebreak::kWins};
  EXPECT_EQ(validate_config(bad).code(), core::StatusCode::kInvalidArgument);
}

// Organiser tools: pause, forbidden pairings, result adjustments with a logged reason.
TEST(Event, OrganiserTools) {
  Event e = with_players(swiss_config(3), 4);
  // Ratings 1400..1475: pairing numbers 1..4 are players 13, 12, 11, 10; round 1 would pair 13–11.
  ASSERT_TRUE(forbid_pairing(e, 13, 11).is_ok());
  EXPECT_EQ(forbid_pairing(e, 13, 13).code(), core::StatusCode::kInvalidArgument);
  ASSERT_TRUE(start_event(e, 0).is_ok());
  ASSERT_TRUE(set_paused(e, true).is_ok());
  EXPECT_EQ(open_next_boards(e, 1).status().code(), core::StatusCode::kIllegalAction);
  ASSERT_TRUE(set_paused(e, false).is_ok());
  auto r1 = open_next_boards(e, 1);
  ASSERT_TRUE(r1.is_ok());
  for (const OpenedBoard& ob : *r1) {
    EXPECT_FALSE((ob.pairing.a == 13 && ob.pairing.b == 11) || (ob.pairing.a == 11 && ob.pairing.b == 13));
    ASSERT_TRUE(record_game(e, 1, ob.board, GameOutcome::kAWins).is_ok());
  }
  PlayerId a = e.rounds[0].boards[0].a;
  PlayerId b = e.rounds[0].boards[0].b;
  BoardResult draw{ResultKind::kPlayed, {GameOutcome::kDraw}};
  EXPECT_EQ(adjust_result(e, 1, 0, draw, "", 1, 50).code(),
            core::StatusCode::kInvalidArgument);  // reason needed
  EXPECT_EQ(adjust_result(e, 1, 0, BoardResult{ResultKind::kPlayed, {}}, "x", 1, 50).code(),
            core::StatusCode::kInvalidArgument);
  ASSERT_TRUE(adjust_result(e, 1, 0, draw, "scoresheet error reported by both players", 1, 50).is_ok());
  ASSERT_EQ(e.adjustments.size(), 1u);
  EXPECT_EQ(e.adjustments[0].before.games, (std::vector<GameOutcome>{GameOutcome::kAWins}));
  EXPECT_EQ(e.adjustments[0].reason, "scoresheet error reported by both players");
  for (const StandingRow& r : event_standings(e)) {
    if (r.player == a || r.player == b) {
      EXPECT_EQ(r.points, kDrawPoints);
    }
  }
  ASSERT_TRUE(remove_player(e, b, true).is_ok());
  EXPECT_EQ(e.players[static_cast<size_t>(b - 10)].status, PlayerStatus::kDisqualified);
  auto r2 = open_next_boards(e, 2);
  ASSERT_TRUE(r2.is_ok());
  EXPECT_EQ(e.rounds[1].bye.has_value(), true);  // three players left
}

// Round robin through the event: the Berger schedule, all rounds at once if asked.
TEST(Event, RoundRobinAllRoundsAtOnce) {
  EventConfig c;
  c.format = Format::kRoundRobin;
  c.all_rounds_at_once = true;
  c.tiebreaks = {Tiebreak::kSonnebornBerger, Tiebreak::kHeadToHead, Tiebreak::kWins};
  Event e = with_players(c, 4);
  ASSERT_TRUE(start_event(e, 0).is_ok());
  auto all = open_next_boards(e, 1);
  ASSERT_TRUE(all.is_ok());
  EXPECT_EQ(all->size(), 6u);  // 3 rounds of 2
  // Pairing number 1 is the top rating (13), 4 the lowest (10): round 1 is 1–4, 2–3.
  EXPECT_EQ((*all)[0].pairing.a, 13u);
  EXPECT_EQ((*all)[0].pairing.b, 10u);
  EXPECT_EQ(play_out(e, 5, true), 0);  // nothing left to open before results come in
}

TEST(Event, RoundRobinPlaysToTheEnd) {
  EventConfig c;
  c.format = Format::kRoundRobin;
  c.cycles = 2;
  c.games_per_board = 2;
  Event e = with_players(c, 5);
  ASSERT_TRUE(start_event(e, 0).is_ok());
  EXPECT_EQ(play_out(e, 9, false), 20);  // 10 pairs, twice
  EXPECT_EQ(e.phase, Phase::kFinished);
  EXPECT_EQ(e.current_round, 10);
}

// An 8-player elimination with mini-matches: deciders until someone leads, a removal
// forfeiting the next match, the champion at the end.
TEST(Event, EliminationWithMiniMatchesAndRemoval) {
  EventConfig c;
  c.format = Format::kSingleElimination;
  c.third_place_match = true;
  c.games_per_board = 2;
  Event e = with_players(c, 8);
  ASSERT_TRUE(start_event(e, 0).is_ok());
  auto first = open_next_boards(e, 1);
  ASSERT_TRUE(first.is_ok());
  ASSERT_EQ(first->size(), 4u);
  EXPECT_EQ(first->front().pairing.a, 17u);  // seed 1 (top rating) against seed 8
  EXPECT_EQ(first->front().pairing.b, 10u);
  // Board 0: 1–1 after two games, then a decider.
  ASSERT_TRUE(record_game(e, 0, 0, GameOutcome::kAWins).is_ok());
  // Outcomes name the board's players, whatever side they had: game 2 (sides swapped) is
  // won by the board's B player, 10.
  ASSERT_TRUE(record_game(e, 0, 0, GameOutcome::kBWins).is_ok());
  EXPECT_FALSE(round_complete(e));
  ASSERT_TRUE(record_game(e, 0, 0, GameOutcome::kBWins).is_ok());  // decider: 10 wins
  EXPECT_EQ(resolve_bracket(e.bracket)[0].winner, 10u);
  ASSERT_TRUE(remove_player(e, 10, false).is_ok());  // 10 is removed before the next match
  for (int m = 1; m < 4; ++m) {
    ASSERT_TRUE(record_game(e, 0, m, GameOutcome::kAWins).is_ok());
    ASSERT_TRUE(record_game(e, 0, m, GameOutcome::kDraw).is_ok());
  }
  auto semis = open_next_boards(e, 2);
  ASSERT_TRUE(semis.is_ok());
  ASSERT_EQ(semis->size(), 1u);  // the other semi-final was forfeited by 10 at once
  EXPECT_EQ(e.bracket_boards.at(4).result.kind, ResultKind::kForfeitALoses);
  ASSERT_TRUE(record_game(e, 0, semis->front().board, GameOutcome::kAWins).is_ok());
  ASSERT_TRUE(record_game(e, 0, semis->front().board, GameOutcome::kDraw).is_ok());
  play_out(e, 3, true);  // the final and the third-place match
  EXPECT_EQ(e.phase, Phase::kFinished);
  ASSERT_TRUE(bracket_champion(e.bracket).has_value());
  std::vector<StandingRow> table = event_standings(e);
  EXPECT_EQ(table[0].player, *bracket_champion(e.bracket));
  EXPECT_EQ(table[0].rank, 1);
  EXPECT_EQ(table[1].rank, 2);
  EXPECT_EQ(table[2].rank, 3);
  EXPECT_EQ(table[3].rank, 4);
  EXPECT_EQ(table[4].rank, 5);  // the four first-round losers share fifth
  EXPECT_EQ(table[7].rank, 5);
  EXPECT_EQ(event_winner(e), bracket_champion(e.bracket));
}

// The server opens boards after every game, so the final may be decided while the third-place
// match is still in play: the event ends only when that match has ended too.
TEST(Event, EliminationWaitsForTheThirdPlaceMatch) {
  EventConfig c;
  c.format = Format::kSingleElimination;
  c.third_place_match = true;
  Event e = with_players(c, 4);
  ASSERT_TRUE(start_event(e, 0).is_ok());
  auto semis = open_next_boards(e, 1);
  ASSERT_TRUE(semis.is_ok());
  ASSERT_EQ(semis->size(), 2u);
  for (const OpenedBoard& b : *semis) ASSERT_TRUE(record_game(e, 0, b.board, GameOutcome::kAWins).is_ok());
  auto last = open_next_boards(e, 2);
  ASSERT_TRUE(last.is_ok());
  ASSERT_EQ(last->size(), 2u);  // the final and the third-place match
  int final_id = last->at(0).board, third_id = last->at(1).board;
  ASSERT_EQ(e.bracket.plan.matches[static_cast<size_t>(third_id)].part, BracketPart::kThirdPlace);
  ASSERT_TRUE(record_game(e, 0, final_id, GameOutcome::kAWins).is_ok());
  ASSERT_TRUE(open_next_boards(e, 3).is_ok());
  EXPECT_EQ(e.phase, Phase::kRunning);
  EXPECT_TRUE(bracket_champion(e.bracket).has_value());
  EXPECT_FALSE(bracket_complete(e.bracket));
  ASSERT_TRUE(record_game(e, 0, third_id, GameOutcome::kBWins).is_ok());
  ASSERT_TRUE(open_next_boards(e, 4).is_ok());
  EXPECT_EQ(e.phase, Phase::kFinished);
  std::vector<StandingRow> table = event_standings(e);
  ASSERT_EQ(table.size(), 4u);
  EXPECT_EQ(table[2].player, e.bracket_boards.at(third_id).b);  // won the third-place match
  EXPECT_EQ(table[2].rank, 3);
  EXPECT_EQ(table[3].rank, 4);
}

TEST(Event, BadResultsAreRefusedAndChangeNothing) {
  EventConfig c;
  c.format = Format::kSingleElimination;
  Event e = with_players(c, 4);
  EXPECT_EQ(record_game(e, 0, 0, GameOutcome::kDraw).code(),
            core::StatusCode::kIllegalAction);  // not running
  ASSERT_TRUE(start_event(e, 0).is_ok());
  ASSERT_TRUE(open_next_boards(e, 1).is_ok());
  Event before = e;
  EXPECT_EQ(record_game(e, 0, 7, GameOutcome::kDraw).code(), core::StatusCode::kNotFound);
  EXPECT_EQ(record_game(e, 3, 0, GameOutcome::kDraw).code(), core::StatusCode::kNotFound);
  EXPECT_EQ(record_forfeit(e, 0, 0, ResultKind::kPlayed).code(), core::StatusCode::kInvalidArgument);
  EXPECT_EQ(adjust_result(e, 0, 0, BoardResult{ResultKind::kForfeitALoses, {}}, "late", 1, 5).code(),
            core::StatusCode::kIllegalAction);  // no result yet
  EXPECT_EQ(e, before);
  // A draw in a knock-out needs a decider; a bracket result may be corrected but not reversed.
  ASSERT_TRUE(record_game(e, 0, 0, GameOutcome::kDraw).is_ok());
  ASSERT_TRUE(record_game(e, 0, 0, GameOutcome::kAWins).is_ok());
  before = e;
  EXPECT_EQ(adjust_result(e, 0, 0, BoardResult{ResultKind::kForfeitALoses, {}}, "appeal", 1, 5).code(),
            core::StatusCode::kIllegalAction);
  EXPECT_EQ(e, before);
  ASSERT_TRUE(
      adjust_result(e, 0, 0, BoardResult{ResultKind::kForfeitBLoses, {}}, "opponent never connected", 1, 5)
          .is_ok());
  EXPECT_EQ(e.adjustments.back().before.games.size(), 2u);
}

TEST(Event, DoubleEliminationRunsToAChampion) {
  EventConfig c;
  c.format = Format::kDoubleElimination;
  Event e = with_players(c, 7);
  ASSERT_TRUE(start_event(e, 0).is_ok());
  int boards = play_out(e, 12, true);
  EXPECT_EQ(e.phase, Phase::kFinished);
  EXPECT_TRUE(boards == 12 || boards == 13) << boards;  // 2n-2, plus a reset
  EXPECT_TRUE(event_winner(e).has_value());
}

TEST(EventProto, CorruptBytesAreRefused) {
  EXPECT_EQ(parse_event("\xff\xff\xff").status().code(), core::StatusCode::kCorruption);
  Event e = with_players(swiss_config(3), 4);
  tournament_pb::Event m = event_to_proto(e);
  m.mutable_players(0)->set_status(static_cast<tournament_pb::PlayerStatus>(9));
  EXPECT_EQ(event_from_proto(m).status().code(), core::StatusCode::kCorruption);
}

TEST(EventProto, RatingPoolRoundTrip) {
  RatingPool pool(Glicko2Settings{0.7}, 90.0);
  pool.rate(4, 77, 1, 2, Glicko2Rating{1600, 80, 0.06}, 1.0);
  auto back = pool_from_proto(pool_to_proto("lion/B", pool));
  ASSERT_TRUE(back.is_ok());
  EXPECT_EQ(back->entries(), pool.entries());
  EXPECT_EQ(back->history(), pool.history());
  EXPECT_EQ(back->settings().tau, 0.7);
  EXPECT_EQ(back->provisional_deviation(), 90.0);
}

}  // namespace
}  // namespace frontier::tournament
