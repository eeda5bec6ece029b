// Rated and casual matches outside tournaments (issue 49, docs/play-by-web.md "Rated and casual"):
// the real frontierd, a person against the computer. A rated game moves both ratings once, a
// casual or aborted one nothing; restarts never count a game twice, and a game whose rating was
// lost in a crash (its end committed, the rating not) is rated at the next start.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <thread>

#include "harness.h"
#include "storage/pg_connection.h"
#include "tournament_support.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;

// A race against the easy computer; `rated` absent = the server's default.
wire::ClientMessage vs_bot(std::optional<bool> rated, wire::Visibility visibility = wire::PUBLIC) {
  wire::ClientMessage m = create_match_msg("race", "", visibility);
  m.mutable_create_match()->set_vs_bot("easy");
  if (rated) m.mutable_create_match()->set_rated(*rated);
  return m;
}

// Creates the match and waits for its first update (it runs at once against the computer).
uint64_t create(Player& p, wire::ClientMessage m) {
  auto created = ask(p, std::move(m));
  EXPECT_TRUE(created.is_ok()) << created.status().message();
  if (!created) return 0;
  uint64_t id = created->created().match_id();
  EXPECT_TRUE(await_update(p, [id](const wire::MatchUpdate& u) { return u.match_id() == id; }));
  return id;
}

// MatchSummary.rated of each match in a list.
std::vector<bool> rated_in_list(Player& p, wire::ListMatches::Filter filter) {
  wire::ClientMessage m;
  m.mutable_list_matches()->set_filter(filter);
  auto listed = ask(p, std::move(m));
  EXPECT_TRUE(listed.is_ok()) << listed.status().message();
  std::vector<bool> out;
  if (listed)
    for (const auto& match : listed->matches().matches()) out.push_back(match.rated());
  return out;
}

// (games, rating) per user in the race title pool.
std::map<uint64_t, std::pair<int, double>> pool(Player& p) {
  std::map<uint64_t, std::pair<int, double>> out;
  for (const auto& row : ratings(p, "")) out[row.user_id()] = {row.games(), row.rating()};
  return out;
}

// The pool once `user` has played `games` rated games in it (the rating follows the end's commit).
std::map<uint64_t, std::pair<int, double>> pool_when(Player& p, uint64_t user, int games) {
  auto deadline = std::chrono::steady_clock::now() + 10s;
  for (;;) {
    auto now = pool(p);
    if ((now.count(user) ? now[user].first : 0) == games || std::chrono::steady_clock::now() > deadline)
      return now;
    std::this_thread::sleep_for(50ms);
  }
}

// Runs `statement` on the server's database, SQLite or PostgreSQL, while the server is stopped.
void run_sql(const ServerProcess& server, const std::string& statement) {
  if (server.db().rfind("postgresql://", 0) == 0) {
    auto conn = storage::pg::Connection::open(server.db());
    ASSERT_TRUE(conn) << conn.status().message();
    auto r = conn.value()->run(statement, storage::pg::Params());
    ASSERT_TRUE(r) << r.status().message();
    return;
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(server.db().c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  int rc = sqlite3_exec(db, statement.c_str(), nullptr, nullptr, &error);
  std::string why = error ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  ASSERT_EQ(rc, SQLITE_OK) << why;
}

TEST(RatedMatchesTest, ARatedGameAgainstTheComputerCountsOnceACasualOneNever) {
  ServerProcess server({"--bot-think-ms", "50"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "rated"));
  EXPECT_TRUE(pool(p).empty());

  // Rated by default against the computer: shown on the match and in the list.
  uint64_t rated = create(p, vs_bot(std::nullopt));
  ASSERT_NE(rated, 0u);
  EXPECT_TRUE(p.last.rated());
  uint64_t bot = 0;
  for (const auto& s : p.last.seats())
    if (s.user_id() != p.user_id) bot = s.user_id();
  ASSERT_NE(bot, 0u);
  EXPECT_EQ(rated_in_list(p, wire::ListMatches::MINE), std::vector<bool>{true});
  ASSERT_TRUE(resign(p, rated));
  auto after = pool_when(p, p.user_id, 1);
  ASSERT_EQ(after.size(), 2u) << "both players are rated";
  EXPECT_EQ(after[p.user_id].first, 1);
  EXPECT_EQ(after[bot].first, 1);
  EXPECT_LT(after[p.user_id].second, 1500.0) << "the resigning player loses rating";
  EXPECT_GT(after[bot].second, 1500.0);
  EXPECT_EQ(total_games(ratings(p, "A")) + total_games(ratings(p, "B")), 2) << "each in the pool of its side";

  // Casual, and rated but aborted before the moves began: nothing changes.
  uint64_t casual = create(p, vs_bot(false));
  EXPECT_FALSE(p.last.rated());
  ASSERT_TRUE(resign(p, casual));
  uint64_t aborted = create(p, vs_bot(true));
  EXPECT_TRUE(p.last.rated());
  wire::ClientMessage abort;
  abort.mutable_abort_match()->set_match_id(aborted);
  auto ok = ask(p, abort);
  ASSERT_TRUE(ok.is_ok()) << ok.status().message();
  std::this_thread::sleep_for(500ms);  // time enough for a (wrong) rating to land
  EXPECT_EQ(pool(p), after);

  // A restart counts nothing again.
  ASSERT_EQ(server.stop_gracefully(), 0);
  ASSERT_TRUE(server.start(&error)) << error;
  p.c = std::make_unique<client::ProtocolClient>();
  ASSERT_TRUE(connect(*p.c, server.port(), p.token));
  EXPECT_EQ(pool(p), after);

  // As if the server had died between the end's commit and the rating's: no pools, the match
  // not marked. The next start rates it, once; the one after finds nothing left to do.
  ASSERT_EQ(server.stop_gracefully(), 0);
  run_sql(server, "DELETE FROM rating_pools");
  run_sql(server, "UPDATE matches SET ratings_recorded = 0");
  ASSERT_TRUE(server.start(&error)) << error;
  p.c = std::make_unique<client::ProtocolClient>();
  ASSERT_TRUE(connect(*p.c, server.port(), p.token));
  EXPECT_EQ(pool_when(p, p.user_id, 1), after) << "only the rated match is rated again, as before";
  ASSERT_EQ(server.stop_gracefully(), 0);
  ASSERT_TRUE(server.start(&error)) << error;
  p.c = std::make_unique<client::ProtocolClient>();
  ASSERT_TRUE(connect(*p.c, server.port(), p.token));
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(pool(p), after);
}

TEST(RatedMatchesTest, DefaultsAndRefusals) {
  ServerProcess server;
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "choice"));
  // Public two-player: rated by default, also in the open list strangers see.
  auto open = ask(p, create_match_msg("race", ""));
  ASSERT_TRUE(open.is_ok());
  EXPECT_EQ(rated_in_list(p, wire::ListMatches::OPEN), std::vector<bool>{true});
  // Private between people: casual unless asked. Against the computer the match is rated by
  // default whatever its visibility (nobody else can join it anyway).
  ASSERT_NE(create(p, create_match_msg("race", "", wire::PRIVATE)), 0u);
  EXPECT_FALSE(p.last.rated());
  wire::ClientMessage asked = create_match_msg("race", "", wire::PRIVATE);
  asked.mutable_create_match()->set_rated(true);
  ASSERT_NE(create(p, asked), 0u);
  EXPECT_TRUE(p.last.rated());
  ASSERT_NE(create(p, vs_bot(std::nullopt, wire::PRIVATE)), 0u);
  EXPECT_TRUE(p.last.rated());
  // Solitaire is never rated: asking is refused, and its default is casual.
  wire::ClientMessage lion = create_match_msg("lion", "");
  lion.mutable_create_match()->set_rated(true);
  auto refused = p.c->request(lion);
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), wire::INVALID_ARGUMENT);
  EXPECT_NE(refused->error().message().find("cannot be rated"), std::string::npos)
      << refused->error().message();
  ASSERT_NE(create(p, create_match_msg("lion", "")), 0u);
  EXPECT_FALSE(p.last.rated());
}

}  // namespace
}  // namespace frontier::testing
