// SIGKILL under load: several matches are played concurrently, the server is killed without
// warning, restarted on the same database, and then every action a client saw acknowledged is
// in the match's record, and every match plays on to its end and replays to its final hash.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>

#include "core/record.h"
#include "fixture_games.h"
#include "harness.h"

namespace frontier::testing {
namespace {

struct PlayedMatch {
  uint64_t id = 0;
  Player north, south;
  std::vector<Step> acked;  // in seq order (no undo here, so seq k is the k-th action)
};

// Plays random steps until the server goes away or `stop` is set; records each acknowledgement
// as soon as it arrives. Starts a new match when one ends.
void drive(std::vector<std::unique_ptr<PlayedMatch>>& out, std::mutex& mu, uint16_t port, int lane,
           const std::atomic<bool>& stop) {
  std::mt19937 rng(static_cast<unsigned>(lane));
  while (!stop) {
    auto m = std::make_unique<PlayedMatch>();
    std::string stem = "crash";  // built step by step: GCC 12 warns falsely on a + chain here
    stem += std::to_string(lane);
    stem += '_';
    m->id = start_two_player_match(m->north, m->south, port, "race", stem);
    if (m->id == 0) return;
    PlayedMatch* pm = m.get();
    {
      std::lock_guard lock(mu);
      out.push_back(std::move(m));
    }
    for (;;) {
      if (stop) return;
      std::vector<Player*> prompted;
      for (Player* p : {&pm->north, &pm->south}) {
        if (p->last.status() == wire::RUNNING && p->last.prompts_size() > 0) prompted.push_back(p);
      }
      if (prompted.empty()) break;  // finished: next match
      Player* p = prompted[rng() % prompted.size()];
      const auto& choices = p->last.prompts(0).choices();
      const auto& choice = choices[static_cast<int>(rng() % static_cast<unsigned>(choices.size()))];
      auto r =
          p->c->request(submit_msg(pm->id, p->last.seq(), choice.action(), std::to_string(p->last.seq())));
      if (!r) return;  // the server is gone
      if (!r->has_submitted()) return;
      {
        std::lock_guard lock(mu);
        pm->acked.push_back({r->submitted().seq(), p->last.your_seat(), choice.action()});
      }
      absorb(*p, r);
      if (!await_seq(pm->north, r->submitted().seq()) || !await_seq(pm->south, r->submitted().seq())) return;
    }
  }
}

TEST(CrashTest, EveryAcknowledgedActionSurvivesSigkill) {
  ServerProcess server({"--snapshot-every", "4"});
  std::string error;
  ASSERT_TRUE(server.start(&error)) << error;
  std::vector<std::unique_ptr<PlayedMatch>> matches;
  std::mutex mu;
  std::atomic<bool> stop{false};
  std::vector<std::thread> lanes;
  for (int lane = 0; lane < 6; ++lane) {
    lanes.emplace_back([&, lane] { drive(matches, mu, server.port(), lane, stop); });
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  server.kill_hard();
  stop = true;
  for (auto& t : lanes) t.join();

  size_t acked_total = 0;
  for (auto& m : matches) acked_total += m->acked.size();
  ASSERT_GT(acked_total, 50u) << "too little load before the kill";
  std::printf("%zu acknowledged actions in %zu matches before SIGKILL\n", acked_total, matches.size());

  ASSERT_TRUE(server.start(&error)) << error;
  std::mt19937 rng(99);
  for (auto& m : matches) {
    SCOPED_TRACE("match " + std::to_string(m->id));
    uint32_t last_acked = m->acked.empty() ? 0 : m->acked.back().seq;
    ASSERT_TRUE(reconnect(m->north, server.port(), m->id, 0));
    ASSERT_TRUE(reconnect(m->south, server.port(), m->id, 0));
    EXPECT_GE(m->north.last.seq(), last_acked);
    // The match continues from where it stood.
    std::vector<Player*> both = {&m->north, &m->south};
    for (int guard = 0; guard < 500 && m->north.last.status() == wire::RUNNING; ++guard) {
      ASSERT_NE(play_random_step(both, rng, "after").seq, 0u);
    }
    ASSERT_EQ(m->north.last.status(), wire::FINISHED);
    wire::ClientMessage fetch;
    fetch.mutable_fetch_replay()->set_match_id(m->id);
    auto replay = m->north.c->request(fetch);
    ASSERT_TRUE(replay && replay->has_replay());
    const auto& record = replay->replay().record();
    ASSERT_GE(static_cast<size_t>(record.actions_size()), m->acked.size());
    for (size_t i = 0; i < m->acked.size(); ++i) {
      EXPECT_EQ(m->acked[i].seq, i + 1);
      EXPECT_EQ(record.actions(static_cast<int>(i)).seat(), m->acked[i].seat);
      EXPECT_EQ(record.actions(static_cast<int>(i)).action().SerializeAsString(),
                m->acked[i].action.SerializeAsString());
    }
    auto rerun = core::replay(server_test_games(), record);
    ASSERT_TRUE(rerun) << rerun.status().message();
    EXPECT_EQ(core::state_hash(*rerun->game, *rerun->state), m->north.last.final_hash());
  }
}

}  // namespace
}  // namespace frontier::testing
