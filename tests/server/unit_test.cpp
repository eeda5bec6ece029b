// Unit tests of frontierd's parts that need no sockets: storage (migrations, events, snapshots,
// group commit; its failures are storage_errors_test.cpp's), auth (argon2id, tokens, throttling),
// configuration, history replay.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <future>

#include "app/app.h"
#include "app/config.h"
#include "auth/auth.h"
#include "fixture_games.h"
#include "match/history.h"
#include "storage/writer.h"
#include "store_reads.h"

namespace frontier::server {
namespace {

using frontier::testing::must_read;

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
    auto created = store.value()->create_match(row);
    ASSERT_TRUE(created);
    uint64_t id = created.value();
    ASSERT_TRUE(store.value()->set_seat(id, 0, user.value()));
    for (uint32_t seq = 1; seq <= 3; ++seq) {
      storage::EventRow e;
      e.seq = seq;
      e.client_action_id = "c" + std::to_string(seq);
      ASSERT_TRUE(store.value()->append_event(id, e));
    }
    ASSERT_TRUE(store.value()->put_snapshot(id, 2, "snap2"));
    ASSERT_TRUE(store.value()->commit());
  }
  // Reopening applies no migration twice and finds everything.
  auto store = storage::open_sqlite(db.path.string(), storage::Durability::kNormal);
  ASSERT_TRUE(store) << store.status().message();
  auto& s = *store.value();
  EXPECT_EQ(must_read(s.match_count()), 1u);
  EXPECT_EQ(must_read(s.events(1, 2)).size(), 2u);
  auto snap = must_read(s.snapshot_below(1, 3));
  ASSERT_TRUE(snap);
  EXPECT_EQ(snap->first, 2u);
  EXPECT_FALSE(must_read(s.snapshot_below(1, 2)));
  ASSERT_EQ(must_read(s.seats(1)).size(), 1u);
  EXPECT_EQ(must_read(s.seats(1))[0].user_name, "amina");
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
    // Appended, not "t" + ...: GCC 12 warns falsely (-Wrestrict) about that concatenation here.
    std::string token = "t";
    token += std::to_string(i);
    writer.submit([token](storage::Store& s) { return s.put_token(token, 1, 0); },
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
  writer.run_sync([&](storage::Store& s) { found = must_read(s.user_for_token("t1999", 0)).has_value(); });
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

// Bad embedded data is a status the registry keeps (the rules library never aborts or throws):
// the server names the game and the reason and refuses to start.
TEST(Config, AServerWhoseGameDataDidNotLoadRefusesToStart) {
  core::Registry games;
  games.refuse("lion", core::Status::corruption("lion.txtpb: expected 4 banners"));
  ASSERT_EQ(games.problems().size(), 1u);
  EXPECT_EQ(games.problems()[0].message(), "lion: lion.txtpb: expected 4 banners");
  char name[] = "frontierd";
  char* argv[] = {name};
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(server_main(1, argv, games), 1);
  EXPECT_NE(::testing::internal::GetCapturedStderr().find("lion: lion.txtpb: expected 4 banners"),
            std::string::npos);
  EXPECT_TRUE(testing::server_test_games().problems().empty()) << "the shipped data loads";
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

// The mail relay's password from a file (its first line, a CRLF file's too) and the CA file that
// signs its certificate; a file that cannot be read is refused at start-up, not at the first mail.
TEST(Config, SmtpPasswordAndCaFiles) {
  auto no_env = [](const char*) -> const char* { return nullptr; };
  auto dir = std::filesystem::temp_directory_path() / ("frontier-smtp-config-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "password") << "s3cret words\r\nsecond line\n";
  std::ofstream(dir / "ca.pem") << "-----BEGIN CERTIFICATE-----\n";
  auto c =
      parse_config({"--smtp-url", "smtp://relay.example:587", "--smtp-user", "me", "--smtp-password-file",
                    (dir / "password").string(), "--smtp-ca-file", (dir / "ca.pem").string()},
                   no_env);
  ASSERT_TRUE(c) << c.status().message();
  EXPECT_EQ(c->smtp.password, "s3cret words");
  EXPECT_EQ(c->smtp.ca_file, (dir / "ca.pem").string());
  EXPECT_FALSE(parse_config({"--smtp-password-file", (dir / "none").string()}, no_env));
  EXPECT_FALSE(parse_config({"--smtp-ca-file", (dir / "none.pem").string()}, no_env));
  EXPECT_TRUE(parse_config({}, no_env)->smtp.ca_file.empty()) << "the system's CA store by default";
  std::filesystem::remove_all(dir);
}

TEST(Config, LoginPolicyFlagsSetEveryLimitAndTheTrustedProxies) {
  auto no_env = [](const char*) -> const char* { return nullptr; };
  auto c = parse_config(
      {"--login-failures-per-name-address", "3", "--login-failures-per-address", "20",
       "--login-failures-per-name", "0", "--login-failures-per-device", "7", "--logins-per-address", "120",
       "--logins-per-account", "4", "--trusted-proxy", "10.0.0.1,::1", "--device-key", "/srv/key"},
      no_env);
  ASSERT_TRUE(c) << c.status().message();
  const auth::LoginLimits& l = c->service.login;
  EXPECT_EQ(l.failures_per_name_source, 3);
  EXPECT_EQ(l.failures_per_source, 20);
  EXPECT_EQ(l.failures_per_name, 0);
  EXPECT_EQ(l.failures_per_device, 7);
  EXPECT_EQ(l.logins_per_source, 120);
  EXPECT_EQ(l.logins_per_account, 4);
  EXPECT_EQ(c->net.trusted_proxies, (std::vector<std::string>{"10.0.0.1", "::1"}));
  EXPECT_EQ(c->device_key_path, "/srv/key");
  EXPECT_FALSE(parse_config({"--logins-per-account", "many"}, no_env));
  auto defaults = parse_config({}, no_env);
  EXPECT_TRUE(defaults->net.trusted_proxies.empty());
  EXPECT_EQ(defaults->service.login.failures_per_name, 50);
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
