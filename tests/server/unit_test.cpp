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

// A Store whose commit can be made to fail, like a full disk: everything else is SQLite's.
class FailingStore final : public storage::Store {
 public:
  explicit FailingStore(std::unique_ptr<storage::Store> inner) : s_(std::move(inner)) {}
  std::atomic<bool> fail_commit{false};

  core::Status begin() override { return s_->begin(); }
  core::Status commit() override {
    if (fail_commit) return core::Status::corruption("disk full (simulated)");
    return s_->commit();
  }
  void rollback() override { s_->rollback(); }
  core::Result<uint64_t> create_user(const std::string& n, const std::string& h, int64_t t) override {
    return s_->create_user(n, h, t);
  }
  std::optional<storage::UserRow> find_user_by_name(const std::string& n) override {
    return s_->find_user_by_name(n);
  }
  std::optional<storage::UserRow> find_user(uint64_t id) override { return s_->find_user(id); }
  void put_token(const std::string& h, uint64_t u, int64_t t) override { s_->put_token(h, u, t); }
  std::optional<uint64_t> user_for_token(const std::string& h) override { return s_->user_for_token(h); }
  void delete_token(const std::string& h) override { s_->delete_token(h); }
  uint64_t create_match(const storage::MatchRow& r) override { return s_->create_match(r); }
  void set_seat(uint64_t m, int seat, uint64_t u) override { s_->set_seat(m, seat, u); }
  void update_match(uint64_t m, int st, uint32_t seq, uint32_t aw, const std::string& r, int64_t f,
                    int64_t at) override {
    s_->update_match(m, st, seq, aw, r, f, at);
  }
  void append_event(uint64_t m, const storage::EventRow& e) override { s_->append_event(m, e); }
  void put_snapshot(uint64_t m, uint32_t seq, const std::string& b) override { s_->put_snapshot(m, seq, b); }
  void add_chat(const storage::ChatRow& c) override { s_->add_chat(c); }
  std::vector<storage::ChatLine> chat_lines(uint64_t m, uint32_t limit) override {
    return s_->chat_lines(m, limit);
  }
  std::optional<storage::MatchRow> load_match(uint64_t m) override { return s_->load_match(m); }
  std::vector<storage::SeatRow> seats(uint64_t m) override { return s_->seats(m); }
  std::optional<std::pair<uint32_t, std::string>> snapshot_below(uint64_t m, uint32_t seq) override {
    return s_->snapshot_below(m, seq);
  }
  std::vector<storage::EventRow> events(uint64_t m, uint32_t from) override { return s_->events(m, from); }
  std::vector<storage::MatchRow> open_matches(uint32_t l) override { return s_->open_matches(l); }
  std::vector<storage::MatchRow> matches_of_user(uint64_t u, uint32_t l) override {
    return s_->matches_of_user(u, l);
  }
  std::vector<uint64_t> unfinished_matches() override { return s_->unfinished_matches(); }
  uint64_t match_count() override { return s_->match_count(); }

 private:
  std::unique_ptr<storage::Store> s_;
};

TEST(Storage, AFailedCommitFailsItsWholeBatchAndKeepsNothing) {
  TempDb db;
  auto sqlite = storage::open_sqlite(db.path.string(), storage::Durability::kFull);
  ASSERT_TRUE(sqlite);
  auto failing = std::make_unique<FailingStore>(std::move(sqlite.value()));
  FailingStore* store = failing.get();
  storage::Writer writer(std::move(failing));
  store->fail_commit = true;
  std::promise<bool> outcome;
  writer.submit([](storage::Store& s) { ASSERT_TRUE(s.create_user("lost", "h", 0)); },
                [&](bool ok) { outcome.set_value(ok); });
  EXPECT_FALSE(outcome.get_future().get()) << "the job must hear that nothing was committed";
  store->fail_commit = false;
  bool found = true;
  writer.run_sync([&](storage::Store& s) { found = s.find_user_by_name("lost").has_value(); });
  EXPECT_FALSE(found) << "a failed batch is rolled back";
  writer.run_sync([](storage::Store& s) { ASSERT_TRUE(s.create_user("kept", "h", 0)); });
  writer.run_sync([&](storage::Store& s) { found = s.find_user_by_name("kept").has_value(); });
  EXPECT_TRUE(found) << "the writer goes on after a failure";
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
  // Play-by-web: a switch without a value, and a public URL that must be http(s).
  auto web =
      parse_config({"--secure-cookies", "--public-url", "https://f.example", "--web-root", "/srv/web"}, env);
  ASSERT_TRUE(web) << web.status().message();
  EXPECT_TRUE(web->net.secure_cookies);
  EXPECT_EQ(web->net.public_url, "https://f.example");
  EXPECT_EQ(web->net.web_root, "/srv/web");
  EXPECT_FALSE(parse_config({"--public-url", "f.example"}, env));
  EXPECT_FALSE(parse_config({"--secure-cookies=maybe"}, env));
  EXPECT_FALSE(parse_config({}, env)->net.web_root.empty()) << "a compiled-in default";
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

storage::EventRow action_event(uint32_t seq, int seat, const core::Action& a) {
  storage::EventRow e;
  e.seq = seq;
  e.seat = seat;
  e.action = core::to_proto(a).SerializeAsString();
  return e;
}

TEST(History, TakebackCutsTheEventsAfterItsTargetAndReplaysToTheSameState) {
  const core::Game& race = *testing::server_test_games().find("race");
  frontier::MatchSetup setup;
  setup.set_game("race");
  setup.set_scenario("standard");
  setup.set_seed(9);
  // Both bid 0 (North moves first), North rolls, South rolls; North takes back its roll.
  std::vector<storage::EventRow> events = {action_event(1, 0, {1, 0}), action_event(2, 1, {1, 0}),
                                           action_event(3, 0, {2, 0}), action_event(4, 1, {2, 0})};
  auto before = history_at(race, setup, events, 2);
  ASSERT_TRUE(before) << before.status().message();
  auto played = history_at(race, setup, events, 4);
  ASSERT_TRUE(played);
  EXPECT_EQ(takeback_target(*played, 0), 2u);
  EXPECT_EQ(takeback_target(*played, 1), 3u);
  EXPECT_EQ(moved_seats(*played), 3u);
  storage::EventRow takeback;
  takeback.seq = 5;
  takeback.seat = 0;
  takeback.kind = storage::EventKind::kTakeback;
  takeback.target_seq = 2;
  events.push_back(takeback);
  ASSERT_EQ(surviving_events(events).size(), 3u);  // the two bids and the marker
  EXPECT_EQ(standing_actions(events).size(), 2u);
  auto after = history_at(race, setup, events, 5);
  ASSERT_TRUE(after) << after.status().message();
  EXPECT_EQ(core::state_hash(race, *after->state), core::state_hash(race, *before->state));
  EXPECT_EQ(after->seq, 5u);
  EXPECT_EQ(after->effective.size(), 2u) << "the record is cut back";
  EXPECT_EQ(after->log.back().event.text, "North took back moves (accepted by South)");
  for (const auto& line : after->log) EXPECT_TRUE(line.seq <= 2 || line.seq == 5);
  // Stepping to a seq inside the cut range shows it as it was then.
  auto inside = history_at(race, setup, events, 4);
  ASSERT_TRUE(inside);
  EXPECT_EQ(core::state_hash(race, *inside->state), core::state_hash(race, *played->state));
  // From a snapshot at or below the target the tail replays; from one above it (never kept after
  // a takeback, but should one survive) history_at falls back to the seed.
  auto one = history_at(race, setup, events, 1);
  ASSERT_TRUE(one);
  auto via_snapshot = history_at(race, setup, events, 5, Snapshot{1, core::snapshot(race, *one->state)});
  ASSERT_TRUE(via_snapshot);
  EXPECT_TRUE(via_snapshot->from_snapshot);
  EXPECT_EQ(core::state_hash(race, *via_snapshot->state), core::state_hash(race, *before->state));
  EXPECT_EQ(via_snapshot->standing.size(), 2u) << "who moved before the snapshot is known too";
  auto stale = history_at(race, setup, events, 5, Snapshot{4, core::snapshot(race, *played->state)});
  ASSERT_TRUE(stale);
  EXPECT_FALSE(stale->from_snapshot);
  EXPECT_EQ(core::state_hash(race, *stale->state), core::state_hash(race, *before->state));
  // From a snapshot above the target the takeback cannot be replayed: the caller falls back.
  History from_snapshot;
  from_snapshot.state = played->state->clone();
  from_snapshot.seq = 4;
  EXPECT_FALSE(replay_events(race, from_snapshot, {takeback}));
  // An abort ends with no result.
  storage::EventRow abort_row;
  abort_row.seq = 3;
  abort_row.kind = storage::EventKind::kAbort;
  auto aborted = history_at(race, setup, {events[0], events[1], abort_row}, 3);
  ASSERT_TRUE(aborted);
  EXPECT_TRUE(aborted->aborted);
}

}  // namespace
}  // namespace frontier::server
