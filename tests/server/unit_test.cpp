// Unit tests of frontierd's parts that need no sockets: storage (migrations, events, snapshots,
// group commit), auth (argon2id, tokens, throttling), configuration, history replay.
#include <gtest/gtest.h>

#include <filesystem>
#include <future>

#include "app/config.h"
#include "auth/auth.h"
#include "fixture_games.h"
#include "match/history.h"
#include "storage/writer.h"

namespace frontier::server {
namespace {

struct TempDb {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("frontier-unit-" + std::to_string(::getpid()) + "-" +
                                                std::to_string(reinterpret_cast<uintptr_t>(this)) + ".db");
  ~TempDb() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  }
};

TEST(Storage, MigrationsApplyOnceAndDataPersists) {
  TempDb db;
  {
    auto store = storage::open_sqlite(db.path.string(), storage::Durability::kFull);
    ASSERT_TRUE(store) << store.status().message();
    ASSERT_TRUE(store.value()->begin());
    auto user = store.value()->create_user("amina", "hash", 1);
    ASSERT_TRUE(user);
    EXPECT_FALSE(store.value()->create_user("AMINA", "hash", 1)) << "names are case-insensitive";
    storage::MatchRow row;
    row.game = "race";
    row.scenario = "standard";
    row.setup = "x";
    uint64_t id = store.value()->create_match(row);
    store.value()->set_seat(id, 0, user.value());
    for (uint32_t seq = 1; seq <= 3; ++seq) {
      storage::EventRow e;
      e.seq = seq;
      e.client_action_id = "c" + std::to_string(seq);
      store.value()->append_event(id, e);
    }
    store.value()->put_snapshot(id, 2, "snap2");
    ASSERT_TRUE(store.value()->commit());
  }
  // Reopening applies no migration twice and finds everything.
  auto store = storage::open_sqlite(db.path.string(), storage::Durability::kNormal);
  ASSERT_TRUE(store) << store.status().message();
  auto& s = *store.value();
  EXPECT_EQ(s.match_count(), 1u);
  EXPECT_EQ(s.events(1, 2).size(), 2u);
  auto snap = s.snapshot_below(1, 3);
  ASSERT_TRUE(snap);
  EXPECT_EQ(snap->first, 2u);
  EXPECT_FALSE(s.snapshot_below(1, 2));
  ASSERT_EQ(s.seats(1).size(), 1u);
  EXPECT_EQ(s.seats(1)[0].user_name, "amina");
}

TEST(Storage, WriterGroupsJobsIntoFewTransactions) {
  TempDb db;
  auto store = storage::open_sqlite(db.path.string(), storage::Durability::kFull);
  ASSERT_TRUE(store);
  storage::Writer writer(std::move(store.value()));
  writer.run_sync([](storage::Store& s) { ASSERT_TRUE(s.create_user("owner", "h", 0)); });
  std::atomic<int> done{0};
  std::promise<void> all;
  constexpr int kJobs = 2000;
  for (int i = 0; i < kJobs; ++i) {
    writer.submit([i](storage::Store& s) { s.put_token("t" + std::to_string(i), 1, 0); },
                  [&](bool ok) {
                    EXPECT_TRUE(ok);
                    if (++done == kJobs) all.set_value();
                  });
  }
  all.get_future().wait();
  auto stats = writer.stats();
  EXPECT_EQ(stats.jobs, static_cast<uint64_t>(kJobs) + 1);  // + the owner
  EXPECT_LT(stats.batches, static_cast<uint64_t>(kJobs) / 4) << "group commit should batch";
  bool found = false;
  writer.run_sync([&](storage::Store& s) { found = s.user_for_token("t1999").has_value(); });
  EXPECT_TRUE(found);
}

TEST(Auth, PasswordsTokensAndThrottle) {
  ASSERT_TRUE(auth::init_crypto());
  std::string hash = auth::hash_password("correct horse", auth::KdfCost::minimal());
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u);
  EXPECT_TRUE(auth::verify_password(hash, "correct horse"));
  EXPECT_FALSE(auth::verify_password(hash, "correct horsf"));
  std::string token = auth::new_token();
  EXPECT_EQ(token.size(), 64u);
  EXPECT_NE(token, auth::new_token());
  EXPECT_EQ(auth::token_hash(token).size(), 32u);
  EXPECT_EQ(auth::sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  auth::LoginThrottle throttle(3, std::chrono::minutes(1), std::chrono::seconds(30));
  auto t0 = auth::LoginThrottle::Clock::now();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(throttle.wait_seconds("name:x", t0), 0);
    throttle.failure("name:x", t0);
  }
  EXPECT_GT(throttle.wait_seconds("name:x", t0), 0);
  EXPECT_EQ(throttle.wait_seconds("name:x", t0 + std::chrono::seconds(31)), 0);
  EXPECT_FALSE(auth::validate_name("a b"));
  EXPECT_TRUE(auth::validate_name("Gordon_1884"));
}

TEST(Config, FlagsOverrideEnvironment) {
  auto env = [](const char* name) -> const char* {
    std::string n = name;
    if (n == "FRONTIER_DB") return "/tmp/from-env.db";
    if (n == "FRONTIER_LISTEN") return "0.0.0.0:9000";
    return nullptr;
  };
  auto c = parse_config({"--listen", "127.0.0.1:8081", "--sync=normal"}, env);
  ASSERT_TRUE(c) << c.status().message();
  EXPECT_EQ(c->db_path, "/tmp/from-env.db");
  EXPECT_EQ(c->net.address, "127.0.0.1");
  EXPECT_EQ(c->net.port, 8081);
  EXPECT_EQ(c->durability, storage::Durability::kNormal);
  EXPECT_FALSE(parse_config({"--listen", "nowhere"}, env));
  EXPECT_FALSE(parse_config({"--bogus", "1"}, env));
  EXPECT_TRUE(parse_config({"--help"}, env)->help);
}

TEST(History, UndoAfterASnapshotFallsBackToTheFullHistory) {
  const core::Game& race = *testing::server_test_games().find("race");
  frontier::MatchSetup setup;
  setup.set_game("race");
  setup.set_scenario("standard");
  setup.set_seed(5);
  History h;
  h.state = race.initial(setup).value();
  ASSERT_TRUE(apply_action(race, h, 1, 0, {1, 2}));  // North bids 2 in secret
  EXPECT_TRUE(h.last.reversible);
  ASSERT_TRUE(take_back(race, h, 2));
  EXPECT_FALSE(take_back(race, h, 3)) << "only one step back";
  // Replaying "undo" from a state that does not hold the action reports it, for a full replay.
  History from_snapshot;
  from_snapshot.state = race.initial(setup).value();
  storage::EventRow undo;
  undo.seq = 2;
  undo.kind = storage::EventKind::kUndo;
  EXPECT_FALSE(replay_events(race, from_snapshot, {undo}));
}

}  // namespace
}  // namespace frontier::server
