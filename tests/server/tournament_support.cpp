#include "tournament_support.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace frontier::testing {

using namespace std::chrono_literals;

core::Result<wire::ServerMessage> ask(Player& p, wire::ClientMessage m) {
  auto r = p.c->request(std::move(m));
  if (r && r->has_error()) return core::Status::invalid_argument(r->error().message());
  return r;
}

wire::TournamentInfo get(Player& p, uint64_t id) {
  wire::ClientMessage m;
  m.mutable_get_tournament()->set_tournament_id(id);
  auto r = ask(p, std::move(m));
  EXPECT_TRUE(r.is_ok()) << r.status().message();
  return r ? r->tournament() : wire::TournamentInfo{};
}

wire::ClientMessage manage(uint64_t id) {
  wire::ClientMessage m;
  m.mutable_manage_tournament()->set_tournament_id(id);
  return m;
}

bool play_match(uint16_t port, uint64_t match_id, const std::map<uint64_t, Player*>& users,
                const wire::TournamentBoard& board, std::mt19937& rng, int max_steps) {
  Player a, b;
  for (auto [who, user] : {std::pair{&a, board.a_user()}, std::pair{&b, board.b_user()}}) {
    who->token = users.at(user)->token;
    who->user_id = user;
    if (!connect(*who->c, port, who->token)) return false;
    auto r = who->c->request(join_msg(match_id));
    if (!r || !r->has_update()) return false;
    who->last = r->update();
  }
  for (int steps = 0; steps < max_steps; ++steps) {
    if (a.last.status() == wire::FINISHED && b.last.status() == wire::FINISHED) return true;
    if (play_random_step({&a, &b}, rng, "t").seq == 0) return a.last.status() == wire::FINISHED;
  }
  return false;
}

wire::TournamentInfo await_state(Player& organiser, uint64_t id,
                                 const std::function<bool(const wire::TournamentInfo&)>& ready) {
  wire::TournamentInfo t;
  for (int i = 0; i < 200; ++i) {
    t = get(organiser, id);
    if (ready(t)) return t;
    std::this_thread::sleep_for(20ms);
  }
  return t;
}

wire::TournamentInfo await_round(Player& organiser, uint64_t id, uint32_t round) {
  return await_state(organiser, id, [round](const wire::TournamentInfo& t) {
    for (const auto& b : t.boards()) {
      if (b.b_user() != 0 && (b.result() == "pending" || b.result() == "in play") && b.match_ids_size() == 0)
        return false;  // paired, its match not created yet
    }
    return t.current_round() > round || t.phase() == "finished";
  });
}

wire::TournamentInfo await_new_match(Player& organiser, uint64_t id, const std::set<uint64_t>& done) {
  return await_state(organiser, id, [&done](const wire::TournamentInfo& t) {
    for (const auto& b : t.boards())
      if (b.match_ids_size() > 0 && !done.count(b.match_ids(b.match_ids_size() - 1))) return true;
    return t.phase() == "finished";
  });
}

int play_open_boards(uint16_t port, const wire::TournamentInfo& t, const std::map<uint64_t, Player*>& users,
                     std::mt19937& rng, std::set<uint64_t>& played) {
  int games = 0;
  for (const auto& b : t.boards()) {
    if (b.b_user() == 0 || b.match_ids_size() == 0) continue;
    uint64_t match = b.match_ids(b.match_ids_size() - 1);
    if (played.count(match)) continue;
    EXPECT_TRUE(play_match(port, match, users, b, rng)) << "match " << match;
    played.insert(match);
    ++games;
  }
  return games;
}

void make_field(Field& f, int n, uint16_t port, const std::string& stem) {
  f.players.resize(static_cast<size_t>(n));
  for (auto& p : f.players) {
    ASSERT_TRUE(register_player(p, port, stem));
    f.by_id[p.user_id] = &p;
  }
}

void reconnect_all(Field& f, Player& organiser, uint16_t port) {
  std::vector<Player*> all{&organiser};
  for (auto& q : f.players) all.push_back(&q);
  for (Player* p : all) {
    p->c = std::make_unique<client::ProtocolClient>();
    ASSERT_TRUE(connect(*p->c, port, p->token));
  }
}

uint64_t create_and_fill(Player& organiser, Field& f, wire::CreateTournament req) {
  wire::ClientMessage m;
  *m.mutable_create_tournament() = std::move(req);
  auto created = ask(organiser, std::move(m));
  EXPECT_TRUE(created.is_ok()) << created.status().message();
  if (!created) return 0;
  uint64_t id = created->tournament().tournament_id();
  for (auto& p : f.players) {
    wire::ClientMessage join;
    join.mutable_join_tournament()->set_tournament_id(id);
    auto r = ask(p, std::move(join));
    EXPECT_TRUE(r.is_ok()) << r.status().message();
  }
  // Only the organiser may start it.
  wire::ClientMessage start;
  start.mutable_start_tournament()->set_tournament_id(id);
  auto refused = f.players[0].c->request(start);
  EXPECT_TRUE(refused && refused->has_error() && refused->error().code() == wire::NOT_ORGANISER);
  auto started = ask(organiser, std::move(start));
  EXPECT_TRUE(started.is_ok()) << started.status().message();
  return id;
}

bool resign(Player& loser, uint64_t match_id) {
  wire::ClientMessage m;
  m.mutable_resign()->set_match_id(match_id);
  auto r = ask(loser, std::move(m));
  EXPECT_TRUE(r.is_ok()) << "resigning match " << match_id << ": " << r.status().message();
  return r.is_ok();
}

std::vector<wire::RatingRow> ratings(Player& p, const std::string& side) {
  wire::ClientMessage m;
  m.mutable_get_ratings()->set_game("race");
  m.mutable_get_ratings()->set_side(side);
  m.mutable_get_ratings()->set_include_provisional(true);
  auto r = ask(p, std::move(m));
  EXPECT_TRUE(r.is_ok()) << r.status().message();
  if (!r) return {};
  return {r->leaderboard().rows().begin(), r->leaderboard().rows().end()};
}

int total_games(const std::vector<wire::RatingRow>& rows) {
  int n = 0;
  for (const auto& r : rows) n += r.games();
  return n;
}

bool a_won(const std::string& result) {
  if (result == "+-") return true;
  auto dash = result.find('-');
  if (dash == std::string::npos || dash == 0 || dash + 1 >= result.size()) return false;
  return std::stod(result.substr(0, dash)) > std::stod(result.substr(dash + 1));
}

wire::TournamentStanding standing_of(const wire::TournamentInfo& t, uint64_t user) {
  for (const auto& row : t.standings())
    if (row.user_id() == user) return row;
  ADD_FAILURE() << "user " << user << " has no standing";
  return {};
}

wire::CreateTournament race_event(const std::string& name, wire::TournamentFormat format) {
  wire::CreateTournament req;
  req.set_name(name);
  req.set_game("race");
  req.set_format(format);
  return req;
}

void TournamentServerTest::SetUp() {
  ASSERT_TRUE(server.start(&error)) << error;
  ASSERT_TRUE(register_player(organiser, server.port(), "org"));
}

void TournamentServerTest::restart(Field& f) {
  server.kill_hard();
  ASSERT_TRUE(server.start(&error)) << error;
  reconnect_all(f, organiser, server.port());
}

}  // namespace frontier::testing
