// Computer opponents in the server (issue 14): a person plays a bot over real sockets, the bot's
// moves come through the same gate (seq, seat, legality) and are pushed like anyone's, a
// restart resumes the games where a bot is to move, and bot names are not for people.
#include <gtest/gtest.h>

#include <random>

#include "bot_support.h"
#include "harness.h"
#include "tournament_support.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;

std::string holder_of_other_seat(const wire::MatchUpdate& u) {
  for (const auto& s : u.seats())
    if (s.seat() != u.your_seat()) return s.user_name();
  return {};
}

TEST(BotsTest, KhartoumAgainstTheComputerForThirtyMoves) {
  ServerProcess server({"--bot-think-ms", "300"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "general"));
  auto created = p.c->request(vs_bot_msg("khartoum", "Mahdist", "easy"));
  ASSERT_TRUE(created && created->has_created()) << created->DebugString();
  ASSERT_TRUE(await_running(p));
  EXPECT_EQ(holder_of_other_seat(p.last), "bot-easy");
  for (const auto& s : p.last.seats())
    EXPECT_EQ(s.bot(), s.seat() != p.last.your_seat()) << "marked as a computer";
  std::mt19937 rng(11);
  int made = play_against_bot(p, 30, rng);
  EXPECT_TRUE(made == 30 || p.last.status() == wire::FINISHED) << "made " << made;
  // The Empire moved too: more events than the person's moves.
  EXPECT_GT(p.last.seq(), static_cast<uint32_t>(made)) << "the computer never moved";
}

TEST(BotsTest, ARaceAgainstEachLevelRunsToTheEnd) {
  ServerProcess server({"--bot-think-ms", "300"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  for (const char* level : {"easy", "normal", "hard"}) {
    Player p;
    ASSERT_TRUE(register_player(p, server.port(), std::string("racer") + level));
    auto created = p.c->request(vs_bot_msg("race", "South", level));
    ASSERT_TRUE(created && created->has_created());
    ASSERT_TRUE(await_running(p));
    std::mt19937 rng(3);
    play_against_bot(p, 1000, rng);
    EXPECT_EQ(p.last.status(), wire::FINISHED) << level;
  }
}

TEST(BotsTest, ARestartResumesTheGamesWhereABotIsToMove) {
  // Bots paused (--bot-workers 0: no worker): the race's secret bid waits for the computer's.
  ServerProcess server({"--bot-workers", "0"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "patient"));
  auto created = p.c->request(vs_bot_msg("race", "North", "normal"));
  ASSERT_TRUE(created && created->has_created());
  uint64_t id = created->created().match_id();
  ASSERT_TRUE(await_running(p));
  auto bid = p.c->request(submit_msg(id, p.last.seq(), race_bid(1), "bid"));
  ASSERT_TRUE(bid && bid->has_submitted());
  absorb(p, bid);
  uint32_t seq = p.last.seq();
  std::this_thread::sleep_for(500ms);
  // (A late push of the same position is not a move.)
  EXPECT_FALSE(p.c->wait_for(
      [seq](const wire::ServerMessage& x) { return x.has_update() && x.update().seq() > seq; }, 200ms))
      << "a paused bot moved";
  ASSERT_EQ(server.stop_gracefully(), 0);

  server.set_extra({"--bot-think-ms", "300"});
  ASSERT_TRUE(server.start(&error)) << error;
  ASSERT_TRUE(reconnect(p, server.port(), id, seq));
  ASSERT_TRUE(await_seq(p, seq + 1)) << "the computer did not bid after the restart";
}

TEST(BotsTest, ATournamentOfTwoBotsCompletes) {
  ServerProcess server({"--bot-think-ms", "300"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player organiser;
  ASSERT_TRUE(register_player(organiser, server.port(), "org"));
  wire::ClientMessage create;
  *create.mutable_create_tournament() = race_event("Machines", wire::ROUND_ROBIN);
  auto created = ask(organiser, create);
  ASSERT_TRUE(created.is_ok()) << created.status().message();
  uint64_t id = created->tournament().tournament_id();
  for (const char* level : {"easy", "hard"}) {
    wire::ClientMessage add = manage(id);
    add.mutable_manage_tournament()->set_add_bot(level);
    auto added = ask(organiser, add);
    ASSERT_TRUE(added.is_ok()) << added.status().message();
  }
  wire::ClientMessage bad = manage(id);
  bad.mutable_manage_tournament()->set_add_bot("grandmaster");
  EXPECT_FALSE(ask(organiser, bad).is_ok());
  wire::ClientMessage start;
  start.mutable_start_tournament()->set_tournament_id(id);
  ASSERT_TRUE(ask(organiser, start).is_ok());
  wire::TournamentInfo t;
  for (int i = 0; i < 50 && t.phase() != "finished"; ++i) {
    std::this_thread::sleep_for(200ms);
    t = get(organiser, id);
  }
  ASSERT_EQ(t.phase(), "finished") << t.DebugString();
  ASSERT_EQ(t.players_size(), 2);
  std::set<std::string> names;
  for (const auto& p : t.players()) names.insert(p.user_name());
  EXPECT_EQ(names, (std::set<std::string>{"bot-easy", "bot-hard"}));
  for (const auto& p : t.players()) EXPECT_TRUE(p.bot()) << p.user_name();
  // Rated like players (Glicko-2), and marked as computers in the list.
  wire::ClientMessage ratings;
  ratings.mutable_get_ratings()->set_game("race");
  ratings.mutable_get_ratings()->set_include_provisional(true);
  auto board = ask(organiser, ratings);
  ASSERT_TRUE(board.is_ok()) << board.status().message();
  ASSERT_EQ(board->leaderboard().rows_size(), 2) << board->DebugString();
  for (const auto& row : board->leaderboard().rows()) {
    EXPECT_TRUE(row.bot()) << row.user_name();
    EXPECT_GE(row.games(), 1);
  }
}

// The computer reads its notifications like a person: it accepts a takeback (practice games;
// tournaments allow none) and a rematch, which then runs with sides swapped.
TEST(BotsTest, TheComputerAcceptsTakebacksAndRematches) {
  ServerProcess server({"--bot-think-ms", "300"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "practice"));
  auto created = p.c->request(vs_bot_msg("race", "", "easy"));
  ASSERT_TRUE(created && created->has_created());
  uint64_t id = created->created().match_id();
  ASSERT_TRUE(await_running(p));
  std::mt19937 rng(5);
  while (!p.last.takeback_available() && p.last.status() == wire::RUNNING) play_against_bot(p, 1, rng);
  ASSERT_TRUE(p.last.takeback_available()) << p.last.DebugString();
  uint32_t before = p.last.seq();
  wire::ClientMessage offer;
  offer.mutable_offer_takeback()->set_match_id(id);
  auto offered = p.c->request(offer);
  ASSERT_TRUE(offered && offered->ok()) << offered->DebugString();
  // Accepted: a takeback event is logged and the offer is gone.
  ASSERT_TRUE(await_update(p,
                           [&](const wire::MatchUpdate& u) {
                             for (const auto& l : u.log())
                               if (l.text().find("took back moves (accepted by") != std::string::npos)
                                 return true;
                             return false;
                           }))
      << "no takeback after seq " << before;
  EXPECT_EQ(p.last.takeback_offered_by(), -1);

  wire::ClientMessage resign;
  resign.mutable_resign()->set_match_id(id);
  ASSERT_TRUE(p.c->request(resign)->ok());
  wire::ClientMessage rematch;
  rematch.mutable_rematch()->set_match_id(id);
  auto asked = p.c->request(rematch);
  ASSERT_TRUE(asked && asked->has_rematch()) << asked->DebugString();
  ASSERT_TRUE(await_update(p, [](const wire::MatchUpdate& u) { return u.rematch_match_id() != 0; }))
      << "the computer never agreed to the rematch";
  auto joined = p.c->request(join_msg(p.last.rematch_match_id()));
  ASSERT_TRUE(joined && joined->has_update()) << joined->DebugString();
  EXPECT_EQ(joined->update().status(), wire::RUNNING);
  EXPECT_EQ(joined->update().your_seat(), 1) << "sides swapped";
}

TEST(BotsTest, BadRequestsForBotsAreRefused) {
  ServerProcess server;
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "asker"));
  auto unknown = p.c->request(vs_bot_msg("race", "", "grandmaster"));
  ASSERT_TRUE(unknown && unknown->has_error());
  EXPECT_EQ(unknown->error().code(), wire::INVALID_ARGUMENT);
  auto solitaire = p.c->request(vs_bot_msg("lion", "", "normal"));
  ASSERT_TRUE(solitaire && solitaire->has_error());
  EXPECT_EQ(solitaire->error().code(), wire::INVALID_ARGUMENT);
  client::ProtocolClient c;
  ASSERT_TRUE(connect(c, server.port()));
  auto impostor = c.register_user("Bot-Normal2", "long enough password");
  ASSERT_TRUE(impostor && impostor->has_error());
  EXPECT_EQ(impostor->error().code(), wire::INVALID_ARGUMENT);
  auto login = c.login("bot-normal", "long enough password");
  ASSERT_TRUE(login && login->has_error()) << "no one logs in as a bot";
}

}  // namespace
}  // namespace frontier::testing
