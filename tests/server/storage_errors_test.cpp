// Storage failures (issue 13, item 9): every write answers with a status, the first failed write
// fails its whole batch, and nothing of a failed batch is kept — the promise that an
// acknowledged action is durable rests on it. Real SQLite failures (a broken foreign key, a
// duplicate event) and a store double that fails like a full disk.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <future>

#include <sqlite3.h>

#include "core_only_store.h"
#include "storage/writer.h"
#include "store_reads.h"

namespace frontier::server {
namespace {

using frontier::testing::must_read;

struct TempDb {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("frontier-storage-errors-" + std::to_string(::getpid()) + "-" +
                                std::to_string(reinterpret_cast<uintptr_t>(this)) + ".db");
  ~TempDb() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  }
};

std::unique_ptr<storage::Store> open(const TempDb& db) {
  auto store = storage::open_sqlite(db.path.string(), storage::Durability::kNormal);
  EXPECT_TRUE(store) << store.status().message();
  return store ? std::move(store.value()) : nullptr;
}

storage::MatchRow race_row() {
  storage::MatchRow row;
  row.game = "race";
  row.scenario = "standard";
  row.setup = "x";
  return row;
}

// A Store that fails like a full disk: its commit, or its next N writes. Reads are SQLite's.
// Only the core calls go through to SQLite; the rest keep nothing (core_only_store.h).
class FailingStore final : public frontier::testing::CoreOnlyStore {
 public:
  explicit FailingStore(std::unique_ptr<storage::Store> inner) : s_(std::move(inner)) {}
  std::atomic<bool> fail_commit{false};
  std::atomic<int> fail_writes{0};

  core::Status begin() override {
    failure_ = core::Status::ok();
    return s_->begin();
  }
  core::Status commit() override {
    if (fail_commit) return core::Status::corruption("disk full (simulated)");
    if (!failure_) return failure_;
    return s_->commit();
  }
  void rollback() override { s_->rollback(); }
  core::Status transaction_status() const override { return failure_ ? s_->transaction_status() : failure_; }

  core::Result<uint64_t> create_user(const std::string& n, const std::string& h, int64_t t) override {
    return write([&] { return s_->create_user(n, h, t); });
  }
  core::Result<std::optional<storage::UserRow>> find_user_by_name(const std::string& n) override {
    return s_->find_user_by_name(n);
  }
  core::Result<std::optional<storage::UserRow>> find_user(uint64_t id) override { return s_->find_user(id); }
  core::Status put_token(const std::string& h, uint64_t u, int64_t t) override {
    return write([&] { return s_->put_token(h, u, t); });
  }
  core::Result<std::optional<uint64_t>> user_for_token(const std::string& h, int64_t after) override {
    return s_->user_for_token(h, after);
  }
  core::Status delete_token(const std::string& h) override {
    return write([&] { return s_->delete_token(h); });
  }
  core::Result<uint64_t> create_match(const storage::MatchRow& r) override {
    return write([&] { return s_->create_match(r); });
  }
  core::Status set_seat(uint64_t m, int seat, uint64_t u) override {
    return write([&] { return s_->set_seat(m, seat, u); });
  }
  core::Status update_match(uint64_t m, int st, uint32_t seq, uint32_t aw, const std::string& r, int64_t f,
                            int64_t at) override {
    return write([&] { return s_->update_match(m, st, seq, aw, r, f, at); });
  }
  core::Status append_event(uint64_t m, const storage::EventRow& e) override {
    return write([&] { return s_->append_event(m, e); });
  }
  core::Status put_snapshot(uint64_t m, uint32_t seq, const std::string& b) override {
    return write([&] { return s_->put_snapshot(m, seq, b); });
  }
  core::Status add_chat(const storage::ChatRow& c) override {
    return write([&] { return s_->add_chat(c); });
  }
  core::Result<std::vector<storage::ChatLine>> chat_lines(uint64_t m, uint32_t limit) override {
    return s_->chat_lines(m, limit);
  }
  core::Result<std::optional<storage::MatchRow>> load_match(uint64_t m) override { return s_->load_match(m); }
  core::Result<std::vector<storage::SeatRow>> seats(uint64_t m) override { return s_->seats(m); }
  core::Result<std::optional<std::pair<uint32_t, std::string>>> snapshot_below(uint64_t m,
                                                                               uint32_t seq) override {
    return s_->snapshot_below(m, seq);
  }
  core::Result<std::vector<storage::EventRow>> events(uint64_t m, uint32_t from) override {
    return s_->events(m, from);
  }
  core::Result<std::vector<storage::MatchRow>> open_matches(uint32_t l) override {
    return s_->open_matches(l);
  }
  core::Result<std::vector<storage::MatchRow>> matches_of_user(uint64_t u, uint32_t l) override {
    return s_->matches_of_user(u, l);
  }
  core::Result<std::vector<uint64_t>> unfinished_matches() override { return s_->unfinished_matches(); }
  core::Result<uint64_t> match_count() override { return s_->match_count(); }

 private:
  template <typename Write>
  auto write(Write w) -> decltype(w()) {
    if (fail_writes > 0) {
      --fail_writes;
      if (failure_) failure_ = core::Status::corruption("disk full (simulated)");
      return core::Status::corruption("disk full (simulated)");
    }
    return w();
  }
  std::unique_ptr<storage::Store> s_;
  core::Status failure_;
};

// A trigger makes SQLite refuse every new match, as a full disk or a broken file would.
void refuse_new_matches(const TempDb& db) {
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(db.path.c_str(), &raw), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(raw,
                         "CREATE TRIGGER refuse_matches BEFORE INSERT ON matches "
                         "BEGIN SELECT RAISE(ABORT, 'disk full (simulated)'); END;",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
}

TEST(StorageErrors, AFailedInsertReturnsAnErrorNotARowId) {
  TempDb db;
  open(db);  // creates the schema
  refuse_new_matches(db);
  auto store = open(db);
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->begin());
  auto user = store->create_user("amina", "h", 0);
  ASSERT_TRUE(user);
  ASSERT_TRUE(store->put_token("kept?", user.value(), 0));
  auto id = store->create_match(race_row());  // the trigger refuses it
  EXPECT_FALSE(id) << "a failed insert returned id " << (id ? id.value() : 0);
  EXPECT_FALSE(store->transaction_status()) << "the failure is kept for the rest of the transaction";
  EXPECT_FALSE(store->commit()) << "a transaction with a failed write must not commit";
  EXPECT_FALSE(must_read(store->user_for_token("kept?", 0)))
      << "the writes before the failure were rolled back";
  EXPECT_FALSE(must_read(store->find_user_by_name("amina")));
  EXPECT_EQ(must_read(store->match_count()), 0u);
}

TEST(StorageErrors, EveryKindOfWriteReportsItsFailure) {
  TempDb db;
  auto store = open(db);
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->begin());
  auto id = store->create_match(race_row());
  ASSERT_TRUE(id);
  storage::EventRow e;
  e.seq = 1;
  ASSERT_TRUE(store->append_event(id.value(), e));
  ASSERT_TRUE(store->commit());
  // A second event 1 breaks the primary key; a seat of a match that does not exist, the foreign key.
  ASSERT_TRUE(store->begin());
  EXPECT_FALSE(store->append_event(id.value(), e));
  EXPECT_FALSE(store->commit());
  ASSERT_TRUE(store->begin());
  EXPECT_FALSE(store->set_seat(12345, 0, 1));
  EXPECT_FALSE(store->commit());
  ASSERT_TRUE(store->begin());
  storage::TournamentMatchRow link{id.value(), 777, 1, 1, 0, false};
  EXPECT_FALSE(store->link_tournament_match(link));
  EXPECT_FALSE(store->commit());
  EXPECT_EQ(must_read(store->events(id.value(), 1)).size(), 1u)
      << "nothing of the failed transactions is kept";
}

TEST(StorageErrors, ATakenNameIsAnAnswerNotAFailedBatch) {
  TempDb db;
  auto store = open(db);
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->begin());
  ASSERT_TRUE(store->create_user("amina", "h", 0));
  auto again = store->create_user("amina", "h", 0);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.status().code(), core::StatusCode::kInvalidArgument);
  EXPECT_TRUE(store->transaction_status()) << "other jobs of the batch must not fail for it";
  EXPECT_TRUE(store->commit());
  EXPECT_TRUE(must_read(store->find_user_by_name("amina")));
}

TEST(StorageErrors, AFailedCommitFailsItsWholeBatchAndKeepsNothing) {
  TempDb db;
  auto failing = std::make_unique<FailingStore>(open(db));
  FailingStore* store = failing.get();
  storage::Writer writer(std::move(failing));
  store->fail_commit = true;
  std::promise<bool> outcome;
  writer.submit(
      [](storage::Store& s) {
        auto user = s.create_user("lost", "h", 0);
        return user ? core::Status::ok() : user.status();
      },
      [&](bool ok) { outcome.set_value(ok); });
  EXPECT_FALSE(outcome.get_future().get()) << "the job must hear that nothing was committed";
  store->fail_commit = false;
  bool found = true;
  writer.run_sync([&](storage::Store& s) { found = must_read(s.find_user_by_name("lost")).has_value(); });
  EXPECT_FALSE(found) << "a failed batch is rolled back";
  writer.run_sync([](storage::Store& s) { ASSERT_TRUE(s.create_user("kept", "h", 0)); });
  writer.run_sync([&](storage::Store& s) { found = must_read(s.find_user_by_name("kept")).has_value(); });
  EXPECT_TRUE(found) << "the writer goes on after a failure";
}

// Three jobs in one batch; the second one's write fails. The first job's write is undone, the
// third job never runs, and all three hear that nothing was committed.
void batch_with_failing_middle_job(bool middle_reports_it) {
  TempDb db;
  auto failing = std::make_unique<FailingStore>(open(db));
  FailingStore* store = failing.get();
  storage::Writer writer(std::move(failing));
  writer.run_sync([](storage::Store& s) { ASSERT_TRUE(s.create_user("owner", "h", 0)); });  // user 1
  // Hold the writer so the three jobs queue up and run as one batch.
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  writer.submit([released](storage::Store&) {
    released.wait();
    return core::Status::ok();
  });
  std::atomic<bool> third_ran{false};
  std::promise<bool> first, second, third;
  writer.submit([](storage::Store& s) { return s.put_token("first", 1, 0); },
                [&](bool ok) { first.set_value(ok); });
  writer.submit(
      [store, middle_reports_it](storage::Store& s) {
        store->fail_writes = 1;
        auto st = s.put_token("second", 1, 0);
        // A job that ignores its write's failure still fails the batch (the store keeps it).
        return middle_reports_it ? st : core::Status::ok();
      },
      [&](bool ok) { second.set_value(ok); });
  writer.submit(
      [&](storage::Store& s) {
        third_ran = true;
        return s.put_token("third", 1, 0);
      },
      [&](bool ok) { third.set_value(ok); });
  release.set_value();
  EXPECT_FALSE(first.get_future().get());
  EXPECT_FALSE(second.get_future().get());
  EXPECT_FALSE(third.get_future().get());
  EXPECT_FALSE(third_ran) << "the jobs after the first failure do not run";
  bool any = true;
  writer.run_sync([&](storage::Store& s) {
    any = must_read(s.user_for_token("first", 0)) || must_read(s.user_for_token("second", 0)) ||
          must_read(s.user_for_token("third", 0));
  });
  EXPECT_FALSE(any) << "nothing of the failed batch is kept";
  EXPECT_EQ(writer.stats().failed_batches, 1u);
  // The first job alone commits: it failed only for its batch.
  std::promise<bool> alone;
  writer.submit([](storage::Store& s) { return s.put_token("first", 1, 0); },
                [&](bool ok) { alone.set_value(ok); });
  EXPECT_TRUE(alone.get_future().get());
}

TEST(StorageErrors, TheFirstFailedWriteFailsItsWholeBatch) {
  batch_with_failing_middle_job(/*middle_reports_it=*/true);
}

TEST(StorageErrors, AnIgnoredFailedWriteStillFailsItsWholeBatch) {
  batch_with_failing_middle_job(/*middle_reports_it=*/false);
}

}  // namespace
}  // namespace frontier::server
