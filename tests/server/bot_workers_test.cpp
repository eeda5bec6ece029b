// Computer opponents as worker processes (issue 47): real frontierd and real frontier-bot
// processes. Decisions are shared among the workers; a worker killed mid-thought has its decision
// taken by another within 5 s; a worker reconnecting after a server restart picks its seats up; a
// worker's connection receives only its seat's updates; and one account's many games against the
// computer do not hold up another account's.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "bot_support.h"
#include "bot_worker/worker.h"
#include "fixture_games.h"
#include "harness.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// One frontier-bot (over the fixture games) started by the test, logging each decision.
class WorkerProcess {
 public:
  WorkerProcess(const ServerProcess& server, const std::string& name)
      : log_((server.dir() / (name + ".log")).string()) {
    std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
    std::string token = server.db_path() + ".bot-token";
    pid_ = ::fork();
    if (pid_ == 0) {
      // spdlog writes to stdout.
      if (!std::freopen(log_.c_str(), "a", stdout) || !std::freopen(log_.c_str(), "a", stderr)) ::_exit(126);
      ::execl(FRONTIER_BOT_FIXTURE_PATH, FRONTIER_BOT_FIXTURE_PATH, "--server", url.c_str(), "--token-file",
              token.c_str(), "--log-level", "debug", static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  ~WorkerProcess() { signal(SIGKILL); }
  void signal(int sig) {
    if (pid_ <= 0) return;
    ::kill(pid_, sig);
    if (sig == SIGKILL) {
      ::waitpid(pid_, nullptr, 0);
      pid_ = -1;
    }
  }
  // Lines of its log holding `text`.
  int lines_with(const std::string& text) const {
    std::ifstream in(log_);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) n += line.find(text) != std::string::npos;
    return n;
  }
  int decisions() const { return lines_with(" deciding at seq "); }
  // The matches of the decisions it began, in order.
  std::vector<uint64_t> decided_matches() const {
    std::ifstream in(log_);
    std::vector<uint64_t> out;
    for (std::string line; std::getline(in, line);) {
      size_t at = line.find(" match ");
      if (line.find(" deciding at seq ") == std::string::npos || at == std::string::npos) continue;
      out.push_back(std::stoull(line.substr(at + 7)));
    }
    return out;
  }
  int connections() const { return lines_with("serving 127.0.0.1"); }
  int failures() const { return lines_with("cannot decide"); }

 private:
  std::string log_;
  pid_t pid_ = -1;
};

// Polls /metrics until `name` satisfies `ok` (within `limit`).
bool await_metric(const ServerProcess& server, const std::string& name, const std::function<bool(double)>& ok,
                  std::chrono::milliseconds limit = 10s) {
  for (auto end = Clock::now() + limit; Clock::now() < end; std::this_thread::sleep_for(50ms)) {
    auto v = server.metric(name);
    if (v && ok(*v)) return true;
  }
  return false;
}

// A race against the computer at `level`, the person on North; the match's id.
uint64_t race_against(Player& p, const std::string& level) {
  auto created = p.c->request(vs_bot_msg("race", "North", level));
  if (!created || !created->has_created()) return 0;
  return await_running(p) ? created->created().match_id() : 0;
}

// A fresh person races the computer (normal) and bids `amount`: the match's id, with p.last
// holding the update after the bid (the bot's secret bid still to come); 0 on failure.
uint64_t race_and_bid(Player& p, const ServerProcess& server, const std::string& stem, int amount) {
  if (!register_player(p, server.port(), stem)) return 0;
  uint64_t id = race_against(p, "normal");
  if (id == 0) return 0;
  auto bid = p.c->request(submit_msg(id, p.last.seq(), race_bid(amount), "bid"));
  if (!bid || !bid->has_submitted()) return 0;
  absorb(p, bid);
  return id;
}

TEST(BotWorkers, TwoWorkersShareTheDecisions) {
  ServerProcess server({"--bot-workers", "0", "--bot-think-ms", "200"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  WorkerProcess a(server, "a"), b(server, "b");
  ASSERT_TRUE(await_metric(server, "frontier_bot_workers", [](double v) { return v == 2; }));
  for (int game = 0; game < 2; ++game) {
    Player p;
    ASSERT_TRUE(register_player(p, server.port(), "sharer"));
    ASSERT_NE(race_against(p, "easy"), 0u);
    std::mt19937 rng(static_cast<unsigned>(game));
    play_against_bot(p, 1000, rng);
    EXPECT_EQ(p.last.status(), wire::FINISHED);
  }
  EXPECT_GT(a.decisions(), 0) << "worker a never decided";
  EXPECT_GT(b.decisions(), 0) << "worker b never decided";
  // Every decision searched from its view (none fell back to the prompt's first choice).
  EXPECT_EQ(a.failures() + b.failures(), 0);
}

TEST(BotWorkers, AWorkerKilledMidThoughtHasItsDecisionTakenByAnother) {
  ServerProcess server({"--bot-workers", "0", "--bot-think-ms", "500"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  WorkerProcess a(server, "a");
  ASSERT_TRUE(await_metric(server, "frontier_bot_workers", [](double v) { return v == 1; }));
  // Frozen, a holds the decision it is handed without ever answering: it is mid-thought.
  a.signal(SIGSTOP);
  Player p;
  uint64_t id = race_and_bid(p, server, "victim", 1);
  ASSERT_NE(id, 0u);
  uint32_t seq = p.last.seq();
  // The decision is a's (nothing waits for a worker) and no move came.
  ASSERT_TRUE(await_metric(server, "frontier_bot_oldest_decision_seconds", [](double v) { return v > 0.1; }));
  EXPECT_EQ(server.metric("frontier_bot_decisions_waiting").value_or(-1), 0);
  WorkerProcess b(server, "b");
  ASSERT_TRUE(await_metric(server, "frontier_bot_workers", [](double v) { return v == 2; }));
  auto killed = Clock::now();
  a.signal(SIGKILL);
  ASSERT_TRUE(await_seq(p, seq + 1)) << "the game did not go on";
  // Within 5 s of the kill, plus the think time of the worker that took over (generous).
  EXPECT_LT(Clock::now() - killed, 8s);
  EXPECT_GT(b.decisions(), 0);
}

TEST(BotWorkers, AWorkerReconnectingAfterARestartPicksItsSeatsUp) {
  std::vector<std::string> flags{"--bot-workers", "0", "--bot-think-ms", "300"};
  ServerProcess server(flags);
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  WorkerProcess w(server, "w");
  ASSERT_TRUE(await_metric(server, "frontier_bot_workers", [](double v) { return v == 1; }));
  w.signal(SIGSTOP);  // the decision below is handed to it and lost with the restart
  Player p;
  uint64_t id = race_and_bid(p, server, "restarter", 2);
  ASSERT_NE(id, 0u);
  uint32_t seq = p.last.seq();
  ASSERT_EQ(server.stop_gracefully(), 0);
  w.signal(SIGCONT);
  server.set_extra(flags);
  ASSERT_TRUE(server.start(&error)) << error;  // the same port: the worker finds it again
  ASSERT_TRUE(reconnect(p, server.port(), id, seq));
  ASSERT_TRUE(await_seq(p, seq + 1)) << "the computer did not bid after the restart";
  EXPECT_GE(w.connections(), 2) << "the worker did not reconnect";
}

// A worker's connection (here the test's own, deciding with frontier-bot's code) receives the
// acknowledgements of its requests and its decisions, each holding the bot seat's update and
// nothing else: after the end, each decision's view is what FetchViewAt gives for that seat and seq.
TEST(BotWorkers, AWorkerReceivesOnlyItsSeatsViews) {
  ServerProcess server({"--bot-workers", "0"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  client::ProtocolClient worker;
  ASSERT_TRUE(connect(worker, server.port()));
  wire::ClientMessage intro;
  intro.mutable_worker_hello()->set_token("not-the-token-not-the-token-not-the-token-not-the-token-12345678");
  auto refused = worker.request(intro);
  ASSERT_TRUE(refused && refused->has_error());
  EXPECT_EQ(refused->error().code(), wire::BAD_TOKEN);
  std::ifstream token_file(server.db_path() + ".bot-token");
  std::string token;
  std::getline(token_file, token);
  intro.mutable_worker_hello()->set_token(token);
  auto ok = worker.request(intro);
  ASSERT_TRUE(ok && ok->ok()) << ok->DebugString();

  Player p;
  ASSERT_TRUE(register_player(p, server.port(), "observed"));
  uint64_t id = race_against(p, "easy");
  ASSERT_NE(id, 0u);
  std::vector<wire::MatchUpdate> seen;
  std::mt19937 rng(5);
  bool stale_checked = false;
  while (p.last.status() == wire::RUNNING) {
    if (p.last.prompts_size() > 0) {
      play_random_step({&p}, rng, "p");
      continue;
    }
    auto m = worker.next(10s);
    ASSERT_TRUE(m) << "no decision came";
    if (m->has_submitted()) {
      // The bot's move landed: the person is pushed it.
      ASSERT_TRUE(await_seq(p, m->submitted().seq()));
      continue;
    }
    if (m->has_error()) {
      // Its own move refused because the person's simultaneous move landed first (the race's
      // bids): answered with the typed error and the bot seat's own update; a new decision follows.
      EXPECT_EQ(m->error().code(), wire::STALE_SEQ) << m->DebugString();
      EXPECT_NE(m->error().current().your_seat(), p.last.your_seat());
      continue;
    }
    ASSERT_TRUE(m->has_decision()) << "a worker got another frame: " << m->DebugString();
    const wire::MatchUpdate& u = m->decision().update();
    EXPECT_EQ(u.match_id(), id);
    EXPECT_NE(u.your_seat(), p.last.your_seat());
    for (const auto& prompt : u.prompts()) EXPECT_EQ(prompt.seat(), u.your_seat());
    EXPECT_EQ(u.log_size(), 0);
    seen.push_back(u);
    auto action = bot_worker::decide(server_test_games(), m->decision());
    ASSERT_TRUE(action) << action.status().message();
    wire::ClientMessage move;
    move.mutable_bot_move()->set_match_id(id);
    move.mutable_bot_move()->set_seat(u.your_seat());
    move.mutable_bot_move()->set_client_action_id(std::to_string(u.seq()));
    *move.mutable_bot_move()->mutable_action() = action.value();
    if (!stale_checked) {
      // A move for another seq than the decision's is refused with the typed error, and changes nothing.
      move.mutable_bot_move()->set_expected_seq(u.seq() + 7);
      auto stale = worker.request(move);
      ASSERT_TRUE(stale && stale->has_error());
      EXPECT_EQ(stale->error().code(), wire::STALE_SEQ);
      stale_checked = true;
    }
    move.mutable_bot_move()->set_expected_seq(u.seq());
    ASSERT_TRUE(worker.send(move));
  }
  ASSERT_FALSE(seen.empty());
  for (const auto& u : seen) {
    wire::ClientMessage at;
    at.mutable_fetch_view_at()->set_match_id(id);
    at.mutable_fetch_view_at()->set_seq(u.seq());
    at.mutable_fetch_view_at()->set_seat(u.your_seat());
    auto r = p.c->request(at);
    ASSERT_TRUE(r && r->has_view_at()) << r->DebugString();
    EXPECT_EQ(r->view_at().view().SerializeAsString(), u.view().SerializeAsString()) << "seq " << u.seq();
  }
}

// Fairness: decisions wait in one queue per person, served in turn. Account A has six bot
// decisions queued (the only worker frozen meanwhile), then B one: B's is taken after at most two
// of A's (the one the worker already held, and A's turn before B's), not after all six.
TEST(BotWorkers, ManyGamesOfOneAccountDoNotHoldUpAnothers) {
  ServerProcess server({"--bot-workers", "0", "--bot-think-ms", "300"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  WorkerProcess w(server, "w");
  ASSERT_TRUE(await_metric(server, "frontier_bot_workers", [](double v) { return v == 1; }));
  w.signal(SIGSTOP);
  Player a;
  ASSERT_TRUE(register_player(a, server.port(), "many"));
  std::vector<uint64_t> of_a;
  for (int i = 0; i < 6; ++i) {
    auto created = a.c->request(vs_bot_msg("race", "North", "hard"));
    ASSERT_TRUE(created && created->has_created());
    uint64_t id = created->created().match_id();
    auto running = a.c->wait_for(
        [id](const wire::ServerMessage& x) { return x.has_update() && x.update().match_id() == id; }, 10s);
    ASSERT_TRUE(running);
    auto bid = a.c->request(submit_msg(id, running->update().seq(), race_bid(0), "bid"));
    ASSERT_TRUE(bid && bid->has_submitted());
    of_a.push_back(id);
  }
  Player b;
  uint64_t of_b = race_and_bid(b, server, "few", 0);
  ASSERT_NE(of_b, 0u);
  uint32_t seq = b.last.seq();
  // A's first is the frozen worker's; A's other five and B's one wait.
  ASSERT_TRUE(await_metric(server, "frontier_bot_decisions_waiting", [](double v) { return v == 6; }));
  w.signal(SIGCONT);
  ASSERT_TRUE(await_seq(b, seq + 1)) << "B's computer opponent never moved";
  auto order = w.decided_matches();
  auto at = std::find(order.begin(), order.end(), of_b);
  ASSERT_NE(at, order.end());
  EXPECT_LE(at - order.begin(), 2) << "B's decision waited behind " << (at - order.begin()) << " of A's";
}

}  // namespace
}  // namespace frontier::testing
