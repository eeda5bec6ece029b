// The tournament formats beyond the plain one-game Swiss and knock-out, on the real server:
// a mini-match event (two games per pairing, sides swapped), late entry into a Swiss, and a
// double elimination whose grand final resets. Outcomes are forced by resignations so every
// path is taken deterministically; the server is killed (SIGKILL) mid-event, and standings,
// bracket and ratings must be those of the games played.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>
#include <string>

#include "tournament_support.h"

namespace frontier::testing {
namespace {

// The newest match of a board and whether it is yet to be decided by this test.
uint64_t newest_match(const wire::TournamentBoard& b) {
  return b.match_ids_size() == 0 ? 0 : b.match_ids(b.match_ids_size() - 1);
}

// `loser` resigns the seat the test expects them to hold (proving which side they were given).
bool resign_seat(Player& loser, uint64_t match_id, int seat) {
  wire::ClientMessage m;
  m.mutable_resign()->set_match_id(match_id);
  m.mutable_resign()->set_seat(seat);
  auto r = ask(loser, std::move(m));
  EXPECT_TRUE(r.is_ok()) << "seat " << seat << " of match " << match_id << ": " << r.status().message();
  return r.is_ok();
}

// Half-points each player earned on the boards (byes included), from the results as shown.
std::map<uint64_t, int> points_from_boards(const wire::TournamentInfo& t) {
  std::map<uint64_t, int> points;
  for (const auto& b : t.boards()) {
    if (b.result() == "bye") {
      points[b.a_user()] += t.mini_match() ? 4 : 2;
      continue;
    }
    auto dash = b.result().find('-');
    points[b.a_user()] += static_cast<int>(std::stod(b.result().substr(0, dash)) * 2);
    points[b.b_user()] += static_cast<int>(std::stod(b.result().substr(dash + 1)) * 2);
  }
  return points;
}

// Who loses a bracket game: the board, its bracket match and the game's index on the board.
using LoserOf =
    std::function<uint64_t(const wire::TournamentBoard&, const wire::TournamentBracketMatch&, int game)>;

class TournamentFormats : public TournamentServerTest {
 protected:
  // Plays elimination event `id` to its end: every game is decided by the resignation of the user
  // `loser_of` names, from the seat the rules give them (side A holds seat 0 in even games, seat 1
  // in odd ones: the second game of a mini-match and alternate deciders swap sides). After each
  // batch of games, `restart_after(batch, games so far)` may ask for a SIGKILL restart. Returns the
  // final state; `games` counts the games played.
  wire::TournamentInfo play_bracket(uint64_t id, Field& f, const LoserOf& loser_of,
                                    const std::function<bool(int batch, int games)>& restart_after,
                                    int& games) {
    std::set<uint64_t> decided;
    wire::TournamentInfo t;
    for (int batch = 0; batch < 20; ++batch) {
      t = await_new_match(organiser, id, decided);
      if (t.phase() == "finished") break;
      for (const auto& b : t.boards()) {
        uint64_t match = newest_match(b);
        if (match == 0 || !decided.insert(match).second) continue;
        EXPECT_EQ(b.round(), 0u);
        const auto& plan = t.bracket(static_cast<int>(b.board()));
        EXPECT_EQ(plan.status(), "ready");
        EXPECT_EQ(plan.top_user(), b.a_user());
        int game = b.match_ids_size() - 1;
        uint64_t loser = loser_of(b, plan, game);
        int a_seat = game % 2 == 1 ? 1 : 0;
        if (!resign_seat(*f.by_id.at(loser), match, loser == b.a_user() ? a_seat : 1 - a_seat)) return t;
        ++games;
      }
      if (restart_after(batch, games)) restart(f);
    }
    return t;
  }
};

// ---- mini-match: two games per pairing with the sides swapped in the second.
TEST_F(TournamentFormats, MiniMatchSwapsSidesScoresBothGamesAndSurvivesACrash) {
  Field f;
  make_field(f, 4, server.port(), "mm");
  auto req = race_event("Mini-match Swiss", wire::SWISS);
  req.set_rounds(2);
  req.set_mini_match(true);
  uint64_t id = create_and_fill(organiser, f, req);
  ASSERT_NE(id, 0u);

  auto t = await_round(organiser, id, 0);
  ASSERT_EQ(t.current_round(), 1u);
  ASSERT_TRUE(t.mini_match());
  ASSERT_EQ(t.boards_size(), 2);
  // Game 1: side A (seat 0) is the board's A player; B resigns seat 1 on both boards.
  for (const auto& b : t.boards()) {
    ASSERT_EQ(b.match_ids_size(), 1);
    ASSERT_TRUE(resign_seat(*f.by_id.at(b.b_user()), b.match_ids(0), 1));
  }
  // Killed between the games: after the restart the host records what it may have missed and
  // creates each board's second game.
  restart(f);
  t = await_state(organiser, id, [](const wire::TournamentInfo& s) {
    return s.boards_size() == 2 && s.boards(0).match_ids_size() == 2 && s.boards(1).match_ids_size() == 2;
  });
  ASSERT_EQ(t.boards_size(), 2);
  for (const auto& b : t.boards()) {
    ASSERT_EQ(b.match_ids_size(), 2) << server.log();
    EXPECT_EQ(b.result(), "in play");  // a mini-match between its games
  }
  // Game 2, sides swapped: the board's B player now holds seat 0. Board 1: B resigns again
  // (A wins 2-0); board 2: A resigns (1-1).
  const wire::TournamentBoard b1 = t.boards(0), b2 = t.boards(1);
  ASSERT_TRUE(resign_seat(*f.by_id.at(b1.b_user()), b1.match_ids(1), 0));
  ASSERT_TRUE(resign_seat(*f.by_id.at(b2.a_user()), b2.match_ids(1), 1));

  t = await_round(organiser, id, 1);
  ASSERT_EQ(t.current_round(), 2u) << server.log();
  EXPECT_EQ(t.boards(0).result(), "2-0");
  EXPECT_EQ(t.boards(1).result(), "1-1");
  EXPECT_EQ(standing_of(t, b1.a_user()).half_points(), 4);
  EXPECT_EQ(standing_of(t, b1.b_user()).half_points(), 0);
  EXPECT_EQ(standing_of(t, b2.a_user()).half_points(), 2);

  // The organiser corrects board 2 to a win and a draw: 1.5-0.5, with the reason logged.
  auto adjust = manage(id);
  auto* a = adjust.mutable_manage_tournament()->mutable_adjust();
  a->set_round(1);
  a->set_board(2);
  a->set_result("1-0,1/2");
  a->set_reason("second game agreed drawn before the resignation");
  auto adjusted = ask(organiser, adjust);
  ASSERT_TRUE(adjusted.is_ok()) << adjusted.status().message();
  const auto& after = adjusted->tournament();
  ASSERT_EQ(after.adjustments_size(), 1);
  EXPECT_EQ(after.adjustments(0).before(), "1-1");
  EXPECT_EQ(after.adjustments(0).after(), "1.5-0.5");
  EXPECT_EQ(after.boards(1).result(), "1.5-0.5");
  EXPECT_EQ(standing_of(after, b2.a_user()).half_points(), 3);
  EXPECT_EQ(standing_of(after, b2.b_user()).half_points(), 1);
  // A mini-match result needs both games.
  a->set_result("1-0");
  EXPECT_FALSE(ask(organiser, adjust).is_ok());

  // Round 2: every board's A player wins both games.
  for (int game = 0; game < 2; ++game) {
    // Each board's next game is created as soon as the previous one is recorded.
    t = await_state(organiser, id, [game](const wire::TournamentInfo& s) {
      int ready = 0;
      for (const auto& b : s.boards())
        if (b.round() == 2 && b.match_ids_size() == game + 1) ++ready;
      return ready == 2;
    });
    for (const auto& b : t.boards()) {
      if (b.round() != 2) continue;
      ASSERT_EQ(b.match_ids_size(), game + 1) << server.log();
      ASSERT_TRUE(resign_seat(*f.by_id.at(b.b_user()), newest_match(b), game == 0 ? 1 : 0));
    }
  }
  t = await_round(organiser, id, 2);
  ASSERT_EQ(t.phase(), "finished") << server.log();
  auto expected = points_from_boards(t);
  int total = 0;
  for (const auto& row : t.standings()) {
    EXPECT_EQ(row.half_points(), expected[row.user_id()]) << row.user_name();
    total += row.half_points();
  }
  EXPECT_EQ(total, 2 * 2 * 4);  // two rounds of two boards, four half-points a board
  EXPECT_EQ(t.winner(), t.standings(0).user_id());
  EXPECT_EQ(t.standings(0).user_id(), b1.a_user());  // 4 + 4 half-points: alone on top

  // Every game is rated: 8 games; each player played two games on each side.
  EXPECT_EQ(total_games(ratings(organiser, "")), 16);
  for (const std::string side : {"A", "B"}) {
    auto rows = ratings(organiser, side);
    ASSERT_EQ(rows.size(), 4u) << side;
    for (const auto& row : rows) EXPECT_EQ(row.games(), 2) << side << " " << row.user_name();
  }
}

// ---- late entry: accepted while at most half the Swiss rounds are paired, on zero points.
TEST_F(TournamentFormats, LateEntrantsJoinASwissUpToHalfTheRounds) {
  Field f;
  make_field(f, 4, server.port(), "early");
  Field late;
  make_field(late, 3, server.port(), "late");
  std::map<uint64_t, Player*> everyone = f.by_id;
  everyone.insert(late.by_id.begin(), late.by_id.end());
  auto req = race_event("Open Swiss", wire::SWISS);
  req.set_rounds(4);
  req.add_tiebreaks("buchholz");
  uint64_t id = create_and_fill(organiser, f, req);
  ASSERT_NE(id, 0u);
  auto join = [&](Player& p) {
    wire::ClientMessage m;
    m.mutable_join_tournament()->set_tournament_id(id);
    return p.c->request(std::move(m));
  };

  std::set<uint64_t> decided;
  auto play_round_a_wins = [&](uint32_t round) {
    auto t = await_round(organiser, id, round - 1);
    ASSERT_EQ(t.current_round(), round) << server.log();
    for (const auto& b : t.boards()) {
      uint64_t match = newest_match(b);
      if (b.round() != round || match == 0 || !decided.insert(match).second) continue;
      ASSERT_TRUE(resign(*everyone.at(b.b_user()), match));
    }
  };
  // Round 1 paired: the first late entrant comes in for round 2.
  auto t = await_round(organiser, id, 0);
  auto r = join(late.players[0]);
  ASSERT_TRUE(r && r->has_tournament()) << (r && r->has_error() ? r->error().message() : "no reply");
  play_round_a_wins(1);
  // Round 2 of 4 paired: still half, so the second is accepted, for round 3.
  t = await_round(organiser, id, 1);
  r = join(late.players[1]);
  ASSERT_TRUE(r && r->has_tournament()) << (r && r->has_error() ? r->error().message() : "no reply");
  play_round_a_wins(2);
  // Round 3 paired: more than half; refused, and nothing changes.
  t = await_round(organiser, id, 2);
  r = join(late.players[2]);
  ASSERT_TRUE(r && r->has_error());
  EXPECT_EQ(r->error().code(), wire::TOURNAMENT_REFUSED);
  EXPECT_NE(r->error().message().find("half"), std::string::npos) << r->error().message();
  EXPECT_EQ(get(organiser, id).player_count(), 6u);
  play_round_a_wins(3);
  play_round_a_wins(4);

  t = await_round(organiser, id, 4);
  ASSERT_EQ(t.phase(), "finished") << server.log();
  std::map<uint64_t, int> entry;
  for (const auto& p : t.players()) entry[p.user_id()] = p.entry_round();
  EXPECT_EQ(entry[f.players[0].user_id], 1);
  EXPECT_EQ(entry[late.players[0].user_id], 2);
  EXPECT_EQ(entry[late.players[1].user_id], 3);
  EXPECT_EQ(entry.count(late.players[2].user_id), 0u);
  // Nobody is paired before their entry round; the late ones are paired in every round after.
  std::map<uint64_t, std::set<uint32_t>> rounds_of;
  std::map<uint64_t, std::vector<std::pair<uint32_t, uint64_t>>> opponents;  // (round, opponent or 0)
  for (const auto& b : t.boards()) {
    rounds_of[b.a_user()].insert(b.round());
    opponents[b.a_user()].push_back({b.round(), b.b_user()});
    if (b.b_user() == 0) continue;
    rounds_of[b.b_user()].insert(b.round());
    opponents[b.b_user()].push_back({b.round(), b.a_user()});
  }
  for (auto [user, first] : entry) {
    std::set<uint32_t> want;
    for (uint32_t round = static_cast<uint32_t>(first); round <= 4; ++round) want.insert(round);
    EXPECT_EQ(rounds_of[user], want) << "user " << user << " entered in round " << first;
  }
  // Points are those of the boards (the rounds missed score nothing), and Buchholz counts a
  // missed round or a bye as the player's own points (docs/tournaments.md, "Standings").
  auto expected = points_from_boards(t);
  ASSERT_EQ(t.standings_size(), 6);
  ASSERT_EQ(t.tiebreaks_size(), 1);
  for (const auto& row : t.standings()) {
    int points = expected[row.user_id()];
    EXPECT_EQ(row.half_points(), points) << row.user_name();
    int64_t buchholz = 0;
    for (uint32_t round = 1; round <= 4; ++round) {
      uint64_t opponent = 0;
      for (auto [rd, opp] : opponents[row.user_id()])
        if (rd == round) opponent = opp;
      buchholz += opponent != 0 ? expected[opponent] : points;
    }
    ASSERT_EQ(row.tiebreaks_size(), 1);
    EXPECT_EQ(row.tiebreaks(0), buchholz) << row.user_name();
  }
  EXPECT_EQ(standing_of(t, late.players[1].user_id).half_points(), expected[late.players[1].user_id]);
  EXPECT_LE(expected[late.players[1].user_id], 4);  // two rounds played at most
  // Rated: every game played counts once in the title pool, twice in player-games.
  int games = 0;
  for (const auto& b : t.boards())
    if (b.b_user() != 0) ++games;
  EXPECT_EQ(total_games(ratings(organiser, "")), 2 * games);
  EXPECT_EQ(total_games(ratings(organiser, "A")), games);
}

// ---- double elimination: the losers' champion beats the winners' champion in the grand final,
// which therefore resets; the server is killed right after the first final.
TEST_F(TournamentFormats, DoubleEliminationResetsTheGrandFinalAndSurvivesACrash) {
  Field f;
  make_field(f, 4, server.port(), "de");
  auto req = race_event("Double", wire::DOUBLE_ELIMINATION);
  uint64_t id = create_and_fill(organiser, f, req);
  ASSERT_NE(id, 0u);

  auto t = get(organiser, id);
  std::map<int, uint64_t> seed;  // pairing number -> user
  for (const auto& p : t.players()) seed[p.pairing_number()] = p.user_id();
  ASSERT_EQ(seed.size(), 4u);
  // The whole plan is visible from the start: 2 + 1 winners', 2 losers', the final and its reset.
  ASSERT_EQ(t.bracket_size(), 7);
  std::map<std::string, int> parts;
  for (const auto& m : t.bracket()) ++parts[m.part()];
  EXPECT_EQ(parts, (std::map<std::string, int>{
                       {"winners", 3}, {"losers", 2}, {"grand-final", 1}, {"grand-final-reset", 1}}));
  const auto& final_plan = t.bracket(5);
  EXPECT_EQ(final_plan.part(), "grand-final");
  EXPECT_EQ(final_plan.status(), "waiting");
  EXPECT_EQ(t.bracket(0).status(), "ready");
  EXPECT_EQ(t.bracket(0).top_from(), "seed 1");
  EXPECT_EQ(t.bracket(0).bottom_from(), "seed 4");

  // Every match: the top player wins, except the grand final, which the losers' champion takes.
  // Killed after the first games and right after the grand final (before its reset exists).
  int games = 0;
  bool final_played = false;
  t = play_bracket(
      id, f,
      [&](const wire::TournamentBoard& b, const wire::TournamentBracketMatch& plan, int) {
        final_played |= plan.part() == "grand-final";
        return plan.part() == "grand-final" ? b.a_user() : b.b_user();
      },
      [&](int batch, int) {
        bool now = batch == 0 || final_played;
        final_played = false;
        return now;
      },
      games);
  ASSERT_EQ(t.phase(), "finished") << server.log();
  EXPECT_EQ(games, 7);
  EXPECT_EQ(t.boards_size(), 7);
  // Seeds 1-4 and 2-3: 1 and 2 go on, 4 beats 3 in the losers' bracket then 2 (dropped from the
  // winners' final), beats 1 in the grand final and again in the reset.
  for (const auto& m : t.bracket()) EXPECT_EQ(m.status(), "decided") << m.id() << " " << m.part();
  EXPECT_EQ(t.bracket(5).top_user(), seed[1]);
  EXPECT_EQ(t.bracket(5).winner(), seed[4]);
  EXPECT_EQ(t.bracket(6).top_user(), seed[4]);  // sides swapped in the reset
  EXPECT_EQ(t.bracket(6).winner(), seed[4]);
  EXPECT_EQ(t.winner(), seed[4]);
  ASSERT_EQ(t.standings_size(), 4);
  EXPECT_EQ(t.standings(0).user_id(), seed[4]);
  EXPECT_EQ(t.standings(1).user_id(), seed[1]);
  EXPECT_EQ(t.standings(2).user_id(), seed[2]);
  EXPECT_EQ(t.standings(3).user_id(), seed[3]);
  EXPECT_EQ(t.standings(0).rank(), 1);
  EXPECT_EQ(t.standings(3).rank(), 4);

  // Ratings: seven rated games; the champion played five, the runner-up four.
  auto title = ratings(organiser, "");
  EXPECT_EQ(total_games(title), 14);
  EXPECT_EQ(total_games(ratings(organiser, "A")), 7);
  for (const auto& row : title) {
    if (row.user_id() == seed[4]) {
      EXPECT_EQ(row.games(), 5);
    } else if (row.user_id() == seed[1]) {
      EXPECT_EQ(row.games(), 4);
    } else if (row.user_id() == seed[3]) {
      EXPECT_LT(row.rating(), 1500.0);  // lost both its games
    }
  }
}

// ---- a knock-out of mini-matches: a 1-1 tie is followed by a decider on the original sides, and
// the semi-final losers play for third place.
TEST_F(TournamentFormats, KnockOutMiniMatchTieGoesToADeciderAndThirdPlaceIsPlayed) {
  Field f;
  make_field(f, 4, server.port(), "kmm");
  auto req = race_event("Mini-match cup", wire::SINGLE_ELIMINATION);
  req.set_mini_match(true);
  req.set_third_place_match(true);
  uint64_t id = create_and_fill(organiser, f, req);
  ASSERT_NE(id, 0u);
  std::map<int, uint64_t> seed;
  const auto started = get(organiser, id);
  for (const auto& p : started.players()) seed[p.pairing_number()] = p.user_id();
  // Bracket match 0 (seeds 1-4) is tied 1-1 and seed 1 wins the decider; everywhere else the
  // board's A player wins both games.
  int games = 0;
  auto t = play_bracket(
      id, f,
      [](const wire::TournamentBoard& b, const wire::TournamentBracketMatch& plan, int game) {
        if (plan.id() == 0 && game == 1) return b.a_user();
        return b.b_user();
      },
      [](int batch, int) { return batch == 1; }, games);
  ASSERT_EQ(t.phase(), "finished") << server.log();
  EXPECT_EQ(games, 4 * 2 + 1);
  ASSERT_EQ(t.boards_size(), 4);
  std::map<std::string, int> parts;
  for (const auto& m : t.bracket()) ++parts[m.part()];
  EXPECT_EQ(parts, (std::map<std::string, int>{{"winners", 3}, {"third-place", 1}}));
  EXPECT_EQ(t.boards(0).match_ids_size(), 3);
  EXPECT_EQ(t.boards(0).result(), "2-1");
  for (int i = 1; i < 4; ++i) EXPECT_EQ(t.boards(i).result(), "2-0") << i;
  // Seeds 1-4, 2-3; final 1-2; third place 4-3.
  EXPECT_EQ(t.winner(), seed[1]);
  ASSERT_EQ(t.standings_size(), 4);
  EXPECT_EQ(t.standings(0).user_id(), seed[1]);
  EXPECT_EQ(t.standings(1).user_id(), seed[2]);
  EXPECT_EQ(t.standings(2).user_id(), seed[4]);
  EXPECT_EQ(t.standings(3).user_id(), seed[3]);
  EXPECT_EQ(t.standings(2).rank(), 3);
  EXPECT_EQ(t.standings(3).rank(), 4);
  // Nine rated games. Side A: seed 1 in games 1 and 3 of match 0 and game 1 of the final; seed 4
  // in game 2 of match 0 and game 1 of the third-place match.
  EXPECT_EQ(total_games(ratings(organiser, "")), 18);
  std::map<uint64_t, int> on_a;
  for (const auto& row : ratings(organiser, "A")) on_a[row.user_id()] = row.games();
  EXPECT_EQ(on_a[seed[1]], 3);
  EXPECT_EQ(on_a[seed[4]], 2);
  EXPECT_EQ(total_games(ratings(organiser, "B")), 9);
}

// ---- three players in a double elimination: the top seed's bye is a walkover in both brackets,
// and when the winners' champion wins the grand final the reset is not needed.
TEST_F(TournamentFormats, DoubleEliminationWithAByeEndsWithoutTheResetWhenTheWinnersChampionWins) {
  Field f;
  make_field(f, 3, server.port(), "de3");
  uint64_t id = create_and_fill(organiser, f, race_event("Three", wire::DOUBLE_ELIMINATION));
  ASSERT_NE(id, 0u);
  auto t = get(organiser, id);
  std::map<int, uint64_t> seed;
  for (const auto& p : t.players()) seed[p.pairing_number()] = p.user_id();
  ASSERT_GE(t.bracket_size(), 2);
  EXPECT_EQ(t.bracket(0).status(), "walkover");  // seed 1 against the empty slot of seed 4
  EXPECT_EQ(t.bracket(0).winner(), seed[1]);
  int games = 0;
  t = play_bracket(
      id, f,
      [](const wire::TournamentBoard& b, const wire::TournamentBracketMatch&, int) { return b.b_user(); },
      [](int batch, int) { return batch == 0; }, games);
  ASSERT_EQ(t.phase(), "finished") << server.log();
  // Seeds 2-3 (2 wins), winners' final 1-2 (1 wins); 3's drop meets the empty loser of the bye, a
  // walkover; 3 (on top) then beats 2 and loses the grand final to 1: four games.
  EXPECT_EQ(games, 4);
  EXPECT_EQ(t.boards_size(), 4);
  std::map<std::string, std::string> status_of;
  for (const auto& m : t.bracket()) status_of[m.part()] = m.status();
  EXPECT_EQ(status_of["grand-final"], "decided");
  EXPECT_EQ(status_of["grand-final-reset"], "not-needed");
  EXPECT_EQ(t.winner(), seed[1]);
  ASSERT_EQ(t.standings_size(), 3);
  EXPECT_EQ(t.standings(0).user_id(), seed[1]);
  EXPECT_EQ(t.standings(1).user_id(), seed[3]);
  EXPECT_EQ(t.standings(2).user_id(), seed[2]);
  EXPECT_EQ(total_games(ratings(organiser, "")), 8);
}

}  // namespace
}  // namespace frontier::testing
