// One suite, two backends: every Store method behaves the same on SQLite and on PostgreSQL
// (docs/architecture.md, "Storage"). Each test gets a fresh database; PostgreSQL runs as a real
// server in a scratch folder, one per test process.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <future>
#include <map>
#include <set>

#include "storage/writer.h"
#include "store_backends.h"
#include "store_reads.h"

namespace frontier::testing {
namespace {

using storage::EventKind;
using storage::EventRow;
using storage::MatchRow;
using storage::Store;

// Every byte value, NUL first: protobufs, snapshots and hashes are bytes, not text.
std::string all_bytes() {
  std::string s;
  for (int i = 0; i < 256; ++i) s += static_cast<char>(i);
  return s;
}

MatchRow match_row(uint64_t created_by, int status = 1, int visibility = 0, int64_t created_at = 1000) {
  MatchRow m;
  m.game = "race";
  m.scenario = "standard";
  m.setup = std::string("setup\0\xff", 7);
  m.seed_nonce = "nonce";
  m.seed_commitment = "commit";
  m.status = status;
  m.visibility = visibility;
  m.time_control = std::string("\x08\x01\0", 3);
  m.created_by = created_by;
  m.created_at = created_at;
  return m;
}

EventRow event(uint32_t seq, int seat = 0, EventKind kind = EventKind::kAction) {
  EventRow e;
  e.seq = seq;
  e.seat = seat;
  e.kind = kind;
  // Formatted with snprintf: GCC 12 warns falsely (-Wrestrict) on std::string + to_string here.
  char buf[32];
  std::snprintf(buf, sizeof buf, "action-%u", seq);
  e.action = buf;
  e.action += std::string("\0\x80", 2);
  e.user_id = 1;
  std::snprintf(buf, sizeof buf, "c%u", seq);
  e.client_action_id = buf;
  e.at = 5000 + seq;
  return e;
}

template <typename Backend>
class StoreConformance : public ::testing::Test {
 protected:
  void SetUp() override {
    auto s = backend_.open();
    ASSERT_TRUE(s) << s.status().message();
    store_ = std::move(s.value());
  }
  Store& s() { return *store_; }
  // Runs `work` in one transaction and commits it; fails the test if anything failed.
  void tx(const std::function<void(Store&)>& work) {
    ASSERT_TRUE(store_->begin());
    work(*store_);
    ASSERT_TRUE(store_->transaction_status()) << store_->transaction_status().message();
    auto st = store_->commit();
    ASSERT_TRUE(st) << st.message();
  }
  uint64_t user(const std::string& name) {
    uint64_t id = 0;
    tx([&](Store& s) {
      auto r = s.create_user(name, "hash-" + name, 100);
      ASSERT_TRUE(r) << r.status().message();
      id = r.value();
    });
    return id;
  }
  uint64_t match(const MatchRow& row) {
    uint64_t id = 0;
    tx([&](Store& s) {
      auto r = s.create_match(row);
      ASSERT_TRUE(r) << r.status().message();
      id = r.value();
    });
    return id;
  }
  // The same database through a new handle: what a restarted server reads.
  std::unique_ptr<Store> reopen() {
    auto s = backend_.open();
    EXPECT_TRUE(s) << s.status().message();
    return s ? std::move(s.value()) : nullptr;
  }

  Backend backend_;
  std::unique_ptr<Store> store_;
};

struct BackendNames {
  template <typename T>
  static std::string GetName(int) {
    return T::kName;
  }
};
using Backends = ::testing::Types<SqliteBackend, PostgresBackend>;
TYPED_TEST_SUITE(StoreConformance, Backends, BackendNames);

TYPED_TEST(StoreConformance, UsersAreFoundByIdAndByNameIgnoringCase) {
  uint64_t amina = this->user("Amina");
  uint64_t bo = this->user("bo_2");
  EXPECT_NE(amina, bo);
  auto by_name = must_read(this->s().find_user_by_name("aMINA"));
  ASSERT_TRUE(by_name);
  EXPECT_EQ(by_name->id, amina);
  EXPECT_EQ(by_name->name, "Amina");
  EXPECT_EQ(by_name->password_hash, "hash-Amina");
  auto by_id = must_read(this->s().find_user(bo));
  ASSERT_TRUE(by_id);
  EXPECT_EQ(by_id->name, "bo_2");
  EXPECT_FALSE(must_read(this->s().find_user(bo + 100)));
  EXPECT_FALSE(must_read(this->s().find_user_by_name("nobody")));
}

TYPED_TEST(StoreConformance, ATakenNameIsRefusedAndTheBatchGoesOn) {
  this->user("Amina");
  this->tx([](Store& s) {
    auto again = s.create_user("AMINA", "h", 0);
    ASSERT_FALSE(again);
    EXPECT_EQ(again.status().code(), core::StatusCode::kInvalidArgument);
    EXPECT_TRUE(s.transaction_status()) << "a taken name fails no other job";
    ASSERT_TRUE(s.create_user("Bo", "h", 0)) << "the transaction is still usable";
  });
  EXPECT_TRUE(must_read(this->s().find_user_by_name("bo")));
}

TYPED_TEST(StoreConformance, NamesThatCannotExistAreSimplyNotFound) {
  this->user("amina");
  this->tx([](Store& s) {
    EXPECT_FALSE(must_read(s.find_user_by_name(std::string("amina\0x", 7))));
    EXPECT_FALSE(must_read(s.find_user_by_name("\xff\xfe")));
    ASSERT_TRUE(s.create_user("later", "h", 0)) << "a strange lookup does not spoil the transaction";
  });
  EXPECT_TRUE(must_read(this->s().find_user_by_name("later")));
}

TYPED_TEST(StoreConformance, TokensExpireAndCanBeReplacedAndDeleted) {
  uint64_t a = this->user("amina");
  uint64_t b = this->user("bo");
  std::string hash = all_bytes().substr(0, 32);
  this->tx([&](Store& s) { ASSERT_TRUE(s.put_token(hash, a, 1000)); });
  EXPECT_EQ(must_read(this->s().user_for_token(hash, 999)), a);
  EXPECT_EQ(must_read(this->s().user_for_token(hash, 1000)), a) << "issued exactly at the bound still counts";
  EXPECT_FALSE(must_read(this->s().user_for_token(hash, 1001))) << "issued before the bound: expired";
  EXPECT_FALSE(must_read(this->s().user_for_token(hash.substr(1), 0)));
  this->tx([&](Store& s) { ASSERT_TRUE(s.put_token(hash, b, 2000)); });
  EXPECT_EQ(must_read(this->s().user_for_token(hash, 1500)), b) << "putting a token again replaces it";
  this->tx([&](Store& s) { ASSERT_TRUE(s.delete_token(hash)); });
  EXPECT_FALSE(must_read(this->s().user_for_token(hash, 0)));
}

// Sessions (issue 48, N8): an account's tokens newest first, expired ones swept for everybody.
TYPED_TEST(StoreConformance, TokensOfAUserComeNewestFirstAndExpiredOnesAreSwept) {
  uint64_t a = this->user("amina");
  uint64_t b = this->user("bo");
  std::string first = all_bytes().substr(0, 32), second = all_bytes().substr(32, 32);
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.put_token(first, a, 1000));
    ASSERT_TRUE(s.put_token(second, a, 3000));
    ASSERT_TRUE(s.put_token("bo's", b, 2000));
  });
  auto mine = must_read(this->s().tokens_of_user(a));
  ASSERT_EQ(mine.size(), 2u);
  EXPECT_EQ(mine[0].hash, second) << "newest first, byte for byte";
  EXPECT_EQ(mine[0].created_at, 3000);
  EXPECT_EQ(mine[1].hash, first);
  this->tx([&](Store& s) { ASSERT_TRUE(s.delete_tokens_issued_before(2500)); });
  ASSERT_EQ(must_read(this->s().tokens_of_user(a)).size(), 1u);
  EXPECT_TRUE(must_read(this->s().tokens_of_user(b)).empty()) << "every account's expired tokens go";
  EXPECT_EQ(must_read(this->s().user_for_token(second, 0)), a);
}

// The per-match chat cap and the per-account cap on unfinished matches (issue 48, N7, N4).
TYPED_TEST(StoreConformance, ChatLinesAndUnfinishedMatchesAreCounted) {
  uint64_t a = this->user("amina");
  uint64_t b = this->user("bo");
  uint64_t open = this->match(match_row(a, 1));
  uint64_t running = this->match(match_row(b, 2));
  uint64_t done = this->match(match_row(a, 3));
  uint64_t tournament = 0;
  this->tx([&](Store& s) {
    auto t = s.put_tournament(0, "cup", 10);
    ASSERT_TRUE(t);
    tournament = t.value();
  });
  MatchRow board = match_row(a, 2);
  board.tournament_id = tournament;
  uint64_t boarded = this->match(board);
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.set_seat(open, 0, a));
    ASSERT_TRUE(s.set_seat(running, 0, b));
    ASSERT_TRUE(s.set_seat(running, 1, a));
    ASSERT_TRUE(s.set_seat(done, 0, a));
    ASSERT_TRUE(s.set_seat(boarded, 0, a));
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(s.add_chat({open, a, 0, "hello", 10 + i}));
    ASSERT_TRUE(s.add_chat({running, b, 0, "elsewhere", 20}));
  });
  EXPECT_EQ(must_read(this->s().unfinished_matches_of(a)), 2u)
      << "waiting and running; finished and tournament aside";
  EXPECT_EQ(must_read(this->s().unfinished_matches_of(b)), 1u);
  EXPECT_EQ(must_read(this->s().chat_line_count(open)), 3u);
  EXPECT_EQ(must_read(this->s().chat_line_count(running)), 1u);
  EXPECT_EQ(must_read(this->s().chat_line_count(done)), 0u);
}

TYPED_TEST(StoreConformance, MatchesKeepEveryFieldByteForByte) {
  uint64_t a = this->user("amina");
  MatchRow row = match_row(a, 1, 1, 1234);
  row.setup = all_bytes();
  row.invite_code = "INVITE";
  row.seq = 0;
  uint64_t id = this->match(row);
  auto m = must_read(this->s().load_match(id));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->id, id);
  EXPECT_EQ(m->game, "race");
  EXPECT_EQ(m->scenario, "standard");
  EXPECT_EQ(m->setup, all_bytes());
  EXPECT_EQ(m->seed_nonce, "nonce");
  EXPECT_EQ(m->seed_commitment, "commit");
  EXPECT_EQ(m->status, 1);
  EXPECT_EQ(m->visibility, 1);
  EXPECT_EQ(m->time_control, std::string("\x08\x01\0", 3));
  EXPECT_EQ(m->created_by, a);
  EXPECT_EQ(m->created_at, 1234);
  EXPECT_EQ(m->last_activity, 1234) << "a new match's last activity is its creation";
  EXPECT_EQ(m->invite_code, "INVITE");
  EXPECT_EQ(m->tournament_id, 0u);
  EXPECT_EQ(m->clock, "");
  EXPECT_EQ(m->wake_at, 0);
  EXPECT_FALSE(must_read(this->s().load_match(id + 1000)));

  this->tx([&](Store& s) {
    ASSERT_TRUE(s.update_match(id, 2, 7, 0x80000001u, "", 0, 2000));
    ASSERT_TRUE(s.set_rematch(id, 3, 0));
  });
  m = must_read(this->s().load_match(id));
  EXPECT_EQ(m->status, 2);
  EXPECT_EQ(m->seq, 7u);
  EXPECT_EQ(m->awaiting, 0x80000001u) << "the seat mask is unsigned 32-bit";
  EXPECT_EQ(m->last_activity, 2000);
  EXPECT_EQ(m->rematch_asked, 3u);
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.update_match(id, 3, 9, 0, "British win", 2100, 2100));
    ASSERT_TRUE(s.set_rematch(id, 3, 77));
  });
  m = must_read(this->s().load_match(id));
  EXPECT_EQ(m->status, 3);
  EXPECT_EQ(m->result, "British win");
  EXPECT_EQ(m->rematch_match_id, 77u);
}

TYPED_TEST(StoreConformance, MatchListsFilterAndOrder) {
  uint64_t a = this->user("amina");
  uint64_t b = this->user("bo");
  uint64_t open1 = this->match(match_row(a, 1, 0));
  uint64_t priv = this->match(match_row(a, 1, 1));
  uint64_t running = this->match(match_row(b, 2, 0));
  uint64_t open2 = this->match(match_row(b, 1, 0));
  uint64_t done = this->match(match_row(a, 3, 0));
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.set_seat(open1, 0, a));
    ASSERT_TRUE(s.set_seat(running, 0, b));
    ASSERT_TRUE(s.set_seat(running, 1, a));
    ASSERT_TRUE(s.set_seat(done, 1, a));
  });
  auto open = must_read(this->s().open_matches(10));
  ASSERT_EQ(open.size(), 2u) << "public and waiting only";
  EXPECT_EQ(open[0].id, open2) << "newest first";
  EXPECT_EQ(open[1].id, open1);
  EXPECT_EQ(must_read(this->s().open_matches(1)).size(), 1u);
  auto mine = must_read(this->s().matches_of_user(a, 10));
  ASSERT_EQ(mine.size(), 3u);
  EXPECT_EQ(mine[0].id, done);
  EXPECT_EQ(mine[1].id, running);
  EXPECT_EQ(mine[2].id, open1);
  EXPECT_EQ(must_read(this->s().matches_of_user(a, 2)).size(), 2u);
  EXPECT_EQ(must_read(this->s().unfinished_matches()), (std::vector<uint64_t>{open1, priv, running, open2}));
  EXPECT_EQ(must_read(this->s().match_count()), 5u);
  EXPECT_EQ(must_read(this->s().open_matches_created_by(a)), 2u) << "waiting ones, public or private";
  EXPECT_EQ(must_read(this->s().open_matches_created_by(b)), 1u);
}

TYPED_TEST(StoreConformance, SeatsCarryTheirHoldersNames) {
  uint64_t a = this->user("amina");
  uint64_t b = this->user("bo");
  uint64_t id = this->match(match_row(a));
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.set_seat(id, 1, a));
    ASSERT_TRUE(s.set_seat(id, 0, b));
  });
  auto seats = must_read(this->s().seats(id));
  ASSERT_EQ(seats.size(), 2u);
  EXPECT_EQ(seats[0].seat, 0);
  EXPECT_EQ(seats[0].user_id, b);
  EXPECT_EQ(seats[0].user_name, "bo");
  EXPECT_EQ(seats[1].user_name, "amina");
  this->tx([&](Store& s) { ASSERT_TRUE(s.set_seat(id, 0, a)); });
  EXPECT_EQ(must_read(this->s().seats(id))[0].user_id, a) << "setting a seat again replaces its holder";
  EXPECT_TRUE(must_read(this->s().seats(id + 1000)).empty());
}

TYPED_TEST(StoreConformance, EventsComeBackInOrderFromASeq) {
  uint64_t a = this->user("amina");
  uint64_t id = this->match(match_row(a));
  EventRow takeback = event(4, 1, EventKind::kTakeback);
  takeback.target_seq = 2;
  takeback.action = "";
  takeback.client_action_id = std::string("\0id\xff", 4);
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.append_event(id, event(2, 1)));
    ASSERT_TRUE(s.append_event(id, event(1)));
    ASSERT_TRUE(s.append_event(id, event(3, 0, EventKind::kResign)));
    ASSERT_TRUE(s.append_event(id, takeback));
  });
  auto all = must_read(this->s().events(id, 0));
  ASSERT_EQ(all.size(), 4u);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(all[i].seq, i + 1);
  EXPECT_EQ(all[0].action, event(1).action);
  EXPECT_EQ(all[1].seat, 1);
  EXPECT_EQ(all[1].client_action_id, "c2");
  EXPECT_EQ(all[1].at, 5002);
  EXPECT_EQ(all[1].user_id, 1u);
  EXPECT_EQ(all[2].kind, EventKind::kResign);
  EXPECT_EQ(all[3].kind, EventKind::kTakeback);
  EXPECT_EQ(all[3].target_seq, 2u);
  EXPECT_EQ(all[3].client_action_id, takeback.client_action_id);
  auto tail = must_read(this->s().events(id, 3));
  ASSERT_EQ(tail.size(), 2u);
  EXPECT_EQ(tail[0].seq, 3u);
  EXPECT_TRUE(must_read(this->s().events(id, 5)).empty());
  EXPECT_TRUE(must_read(this->s().events(id + 1, 0)).empty());
}

TYPED_TEST(StoreConformance, ADuplicateSeqIsRefusedAndFailsItsWholeBatch) {
  uint64_t a = this->user("amina");
  uint64_t id = this->match(match_row(a));
  this->tx([&](Store& s) { ASSERT_TRUE(s.append_event(id, event(1))); });
  ASSERT_TRUE(this->s().begin());
  ASSERT_TRUE(this->s().put_token("lost", a, 0));
  // A write's failure shows by the next statement the store waits for at the latest: PostgreSQL
  // sends writes ahead (pipelined) and hears of their failure with the next read, fence or COMMIT.
  auto duplicate = this->s().append_event(id, event(1));
  (void)this->s().load_match(id);
  EXPECT_FALSE(this->s().transaction_status()) << "(match, seq) is unique; " << duplicate.message();
  EXPECT_FALSE(this->s().commit());
  EXPECT_FALSE(must_read(this->s().user_for_token("lost", 0))) << "the write before the failure is undone";
  auto events = must_read(this->s().events(id, 0));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].action, event(1).action);
  this->tx([&](Store& s) { ASSERT_TRUE(s.append_event(id, event(2))); });
  EXPECT_EQ(must_read(this->s().events(id, 0)).size(), 2u) << "the store goes on after a refused batch";
}

TYPED_TEST(StoreConformance, WritesToWhatDoesNotExistFail) {
  uint64_t a = this->user("amina");
  uint64_t id = this->match(match_row(a));
  for (const auto& bad : std::vector<std::function<core::Status(Store&)>>{
           [&](Store& s) { return s.set_seat(id + 100, 0, a); },
           [&](Store& s) { return s.set_seat(id, 0, a + 100); },
           [&](Store& s) { return s.append_event(id + 100, event(1)); },
           [&](Store& s) { return s.put_snapshot(id + 100, 1, "x"); },
           [&](Store& s) {
             return s.add_chat({id + 100, a, 0, "hi", 1});
           },
           [&](Store& s) { return s.put_token("t", a + 100, 0); },
           [&](Store& s) {
             return s.link_tournament_match({id, 999, 1, 1, 0, false});
           },
           [&](Store& s) {
             auto v = s.add_vacation({0, a + 100, 1, 2});
             return v ? core::Status::ok() : v.status();
           },
       }) {
    ASSERT_TRUE(this->s().begin());
    // Refused by the COMMIT at the latest (PostgreSQL reports a write sent ahead there).
    auto write = bad(this->s());
    EXPECT_FALSE(this->s().commit()) << write.message();
  }
  EXPECT_TRUE(must_read(this->s().seats(id)).empty());
}

TYPED_TEST(StoreConformance, SnapshotsBelowASeqAndDeletedAfterATakeback) {
  uint64_t a = this->user("amina");
  uint64_t id = this->match(match_row(a));
  EXPECT_FALSE(must_read(this->s().snapshot_below(id, 100)));
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.put_snapshot(id, 4, "four"));
    ASSERT_TRUE(s.put_snapshot(id, 8, "eight"));
    ASSERT_TRUE(s.put_snapshot(id, 12, all_bytes()));
  });
  EXPECT_FALSE(must_read(this->s().snapshot_below(id, 4))) << "strictly below";
  EXPECT_EQ(must_read(this->s().snapshot_below(id, 5)), std::make_pair(4u, std::string("four")));
  EXPECT_EQ(must_read(this->s().snapshot_below(id, 12)), std::make_pair(8u, std::string("eight")));
  EXPECT_EQ(must_read(this->s().snapshot_below(id, 100)), std::make_pair(12u, all_bytes()));
  this->tx([&](Store& s) { ASSERT_TRUE(s.put_snapshot(id, 8, "EIGHT")); });
  EXPECT_EQ(must_read(this->s().snapshot_below(id, 9))->second, "EIGHT")
      << "a snapshot put again is replaced";
  this->tx([&](Store& s) { ASSERT_TRUE(s.delete_snapshots_after(id, 4)); });
  EXPECT_EQ(must_read(this->s().snapshot_below(id, 100)), std::make_pair(4u, std::string("four")));
}

TYPED_TEST(StoreConformance, ChatKeepsTheLatestLinesOldestFirst) {
  uint64_t a = this->user("amina");
  uint64_t b = this->user("bo");
  uint64_t id = this->match(match_row(a));
  uint64_t other = this->match(match_row(a));
  this->tx([&](Store& s) {
    for (int i = 0; i < 5; ++i)
      ASSERT_TRUE(s.add_chat({id, i % 2 ? b : a, i % 2, "line " + std::to_string(i), 10 + i}));
    ASSERT_TRUE(s.add_chat({id, 424242, -1, std::string("ghost\0\xff", 7), 20}));
    ASSERT_TRUE(s.add_chat({other, a, 0, "elsewhere", 30}));
  });
  auto lines = must_read(this->s().chat_lines(id, 3));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].row.text, "line 3");
  EXPECT_EQ(lines[0].user_name, "bo");
  EXPECT_EQ(lines[0].row.seat, 1);
  EXPECT_EQ(lines[0].row.at, 13);
  EXPECT_EQ(lines[0].row.match_id, id);
  EXPECT_EQ(lines[1].row.text, "line 4");
  EXPECT_EQ(lines[1].user_name, "amina");
  EXPECT_EQ(lines[2].row.text, std::string("ghost\0\xff", 7)) << "chat is kept byte for byte";
  EXPECT_EQ(lines[2].user_name, "") << "an author who is no user has no name";
  EXPECT_EQ(lines[2].row.seat, -1);
  EXPECT_EQ(must_read(this->s().chat_lines(id, 100)).size(), 6u);
  EXPECT_EQ(must_read(this->s().chat_lines(other, 100)).size(), 1u);
}

TYPED_TEST(StoreConformance, MyMatchesPutMyTurnFirstThenUnreadThenUnseenThenActivity) {
  uint64_t me = this->user("amina");
  uint64_t them = this->user("bo");
  // Created in an order unlike the expected one, so only the sorting can put them right.
  uint64_t quiet_old = this->match(match_row(me, 2, 0, 100));
  uint64_t seen_done = this->match(match_row(me, 3, 0, 110));
  uint64_t turn_late = this->match(match_row(me, 2, 0, 120));
  uint64_t unseen_done = this->match(match_row(me, 3, 0, 130));
  uint64_t chatty = this->match(match_row(me, 2, 0, 140));
  uint64_t turn_early = this->match(match_row(me, 2, 0, 150));
  uint64_t quiet_new = this->match(match_row(me, 2, 0, 160));
  uint64_t not_mine = this->match(match_row(them, 2, 0, 170));
  this->tx([&](Store& s) {
    for (uint64_t m : {quiet_old, seen_done, turn_late, unseen_done, chatty, turn_early, quiet_new}) {
      ASSERT_TRUE(s.set_seat(m, 0, me));
      ASSERT_TRUE(s.set_seat(m, 1, them));
    }
    ASSERT_TRUE(s.set_seat(not_mine, 0, them));
    // My turn (seat 0 prompted) in two matches; the earlier prompt waits longer.
    ASSERT_TRUE(s.update_match(turn_late, 2, 3, 1, "", 0, 900));
    ASSERT_TRUE(s.prompts_started(turn_late, 500, 1));
    ASSERT_TRUE(s.update_match(turn_early, 2, 3, 1 | 2, "", 0, 901));
    ASSERT_TRUE(s.prompts_started(turn_early, 400, 1 | 2));
    // Their turn everywhere else.
    for (uint64_t m : {quiet_old, chatty, quiet_new})
      ASSERT_TRUE(s.update_match(m, 2, 1, 2, "", 0, m == quiet_new ? 800 : 200));
    ASSERT_TRUE(s.add_chat({chatty, them, 1, "your move?", 600}));
    ASSERT_TRUE(s.add_chat({chatty, them, 1, "hello?", 601}));
    ASSERT_TRUE(s.add_chat({chatty, me, 0, "mine do not count", 602}));
    ASSERT_TRUE(s.update_match(seen_done, 3, 5, 0, "1-0", 700, 700));
    ASSERT_TRUE(s.mark_seen(me, seen_done));
    ASSERT_TRUE(s.update_match(unseen_done, 3, 5, 0, "0-1", 701, 701));
  });
  auto rows = must_read(this->s().my_matches(me, 100));
  std::vector<uint64_t> order;
  for (const auto& r : rows) order.push_back(r.match.id);
  EXPECT_EQ(order, (std::vector<uint64_t>{turn_early, turn_late, chatty, unseen_done, quiet_new, seen_done,
                                          quiet_old}));
  ASSERT_EQ(rows.size(), 7u);
  EXPECT_TRUE(rows[0].your_turn);
  EXPECT_EQ(rows[0].turn_since, 400);
  EXPECT_EQ(rows[1].turn_since, 500);
  EXPECT_FALSE(rows[2].your_turn);
  EXPECT_EQ(rows[2].unread_chat, 2u);
  EXPECT_TRUE(rows[3].unseen_result);
  EXPECT_FALSE(rows[5].unseen_result) << "seen after it finished";
  EXPECT_EQ(rows[0].match.seq, 3u) << "the match row comes with it";
  EXPECT_EQ(must_read(this->s().my_matches(me, 2)).size(), 2u);

  this->tx([&](Store& s) {
    ASSERT_TRUE(s.mark_seen(me, chatty));
    ASSERT_TRUE(s.mark_seen(me, unseen_done));
    ASSERT_TRUE(s.mark_seen(me, 424242)) << "seeing a match that does not exist is nothing";
    // Seated again, the seat's prompt starts over: its wait counts from the match's creation.
    ASSERT_TRUE(s.set_seat(turn_late, 0, me));
  });
  rows = must_read(this->s().my_matches(me, 100));
  EXPECT_EQ(rows[0].match.id, turn_late);
  EXPECT_EQ(rows[0].turn_since, 120);
  EXPECT_EQ(rows[2].match.id, quiet_new) << "read chat and a seen result no longer lift a match";
  EXPECT_EQ(rows[2].unread_chat, 0u);
}

TYPED_TEST(StoreConformance, TournamentsAndTheirMatches) {
  uint64_t a = this->user("amina");
  uint64_t m1 = this->match(match_row(a));
  uint64_t m2 = this->match(match_row(a));
  uint64_t t1 = 0, t2 = 0;
  this->tx([&](Store& s) {
    auto r1 = s.put_tournament(0, all_bytes(), 10);
    auto r2 = s.put_tournament(0, "second", 11);
    ASSERT_TRUE(r1);
    ASSERT_TRUE(r2);
    t1 = r1.value();
    t2 = r2.value();
  });
  EXPECT_NE(t1, t2);
  this->tx([&](Store& s) {
    auto again = s.put_tournament(t2, "second, changed", 12);
    ASSERT_TRUE(again);
    EXPECT_EQ(again.value(), t2);
    ASSERT_TRUE(s.link_tournament_match({m2, t2, 0, 5, 1, false}));
    ASSERT_TRUE(s.link_tournament_match({m1, t1, 1, 2, 0, false}));
  });
  auto all = must_read(this->s().tournaments());
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0], std::make_pair(t1, all_bytes()));
  EXPECT_EQ(all[1], std::make_pair(t2, std::string("second, changed")));
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.mark_tournament_match_recorded(m2));
    ASSERT_TRUE(s.link_tournament_match({m1, t1, 1, 3, 2, false}));  // replaced
  });
  auto links = must_read(this->s().tournament_matches());
  ASSERT_EQ(links.size(), 2u);
  EXPECT_EQ(links[0].match_id, m1);
  EXPECT_EQ(links[0].tournament_id, t1);
  EXPECT_EQ(links[0].round, 1);
  EXPECT_EQ(links[0].board, 3);
  EXPECT_EQ(links[0].game, 2);
  EXPECT_FALSE(links[0].recorded);
  EXPECT_EQ(links[1].match_id, m2);
  EXPECT_EQ(links[1].round, 0);
  EXPECT_TRUE(links[1].recorded);
}

TYPED_TEST(StoreConformance, RatingPoolsAreReplacedAndOrderedByteWise) {
  this->tx([](Store& s) {
    for (const char* key : {"race/B", "race", "Race", "race/A"}) ASSERT_TRUE(s.put_rating_pool(key, "old"));
    ASSERT_TRUE(s.put_rating_pool("race/A", all_bytes()));
  });
  auto pools = must_read(this->s().rating_pools());
  ASSERT_EQ(pools.size(), 4u);
  EXPECT_EQ(pools[0].first, "Race");
  EXPECT_EQ(pools[1].first, "race");
  EXPECT_EQ(pools[2].first, "race/A");
  EXPECT_EQ(pools[2].second, all_bytes());
  EXPECT_EQ(pools[3].first, "race/B");
}

// Rated and casual matches (migrations/0007_rated.sql): the choice is kept and read back by every
// list, and only finished rated matches outside tournaments wait for their rating until marked.
TYPED_TEST(StoreConformance, RatedMatchesWaitForTheirRatingOnce) {
  uint64_t a = this->user("amina");
  auto rated_row = [&](bool rated, uint64_t tournament) {
    MatchRow row = match_row(a);
    row.rated = rated;
    row.tournament_id = tournament;
    return row;
  };
  uint64_t rated = this->match(rated_row(true, 0));
  uint64_t casual = this->match(rated_row(false, 0));
  uint64_t in_event = this->match(rated_row(true, 7));
  uint64_t running = this->match(rated_row(true, 0));
  this->tx([&](Store& s) {
    for (uint64_t id : {rated, casual, in_event, running}) ASSERT_TRUE(s.set_seat(id, 0, a));
  });
  auto loaded = must_read(this->s().load_match(rated));
  ASSERT_TRUE(loaded);
  EXPECT_TRUE(loaded->rated);
  EXPECT_FALSE(loaded->ratings_recorded);
  EXPECT_FALSE(must_read(this->s().load_match(casual))->rated);
  std::map<uint64_t, bool> listed;
  for (const auto& row : must_read(this->s().open_matches(10))) listed[row.id] = row.rated;
  EXPECT_EQ(listed,
            (std::map<uint64_t, bool>{{rated, true}, {casual, false}, {in_event, true}, {running, true}}));
  listed.clear();
  for (const auto& row : must_read(this->s().my_matches(a, 10))) listed[row.match.id] = row.match.rated;
  EXPECT_EQ(listed.at(rated), true);
  EXPECT_EQ(listed.at(casual), false);
  for (const auto& row : must_read(this->s().matches_of_user(a, 10))) EXPECT_EQ(row.rated, row.id != casual);
  EXPECT_TRUE(must_read(this->s().rated_matches_unrecorded()).empty()) << "nothing has finished";

  this->tx([&](Store& s) {
    for (uint64_t id : {rated, casual, in_event})
      ASSERT_TRUE(s.update_match(id, 3, 5, 0, "over", 2000, 2000));
    ASSERT_TRUE(s.update_match(running, 2, 3, 1, "", 0, 2000));
  });
  EXPECT_EQ(must_read(this->s().rated_matches_unrecorded()), std::vector<uint64_t>{rated})
      << "casual, tournament and running matches are not rated here";
  this->tx([&](Store& s) { ASSERT_TRUE(s.mark_ratings_recorded(rated)); });
  EXPECT_TRUE(must_read(this->s().rated_matches_unrecorded()).empty());
  EXPECT_TRUE(must_read(this->s().load_match(rated))->ratings_recorded);
  EXPECT_FALSE(must_read(this->s().load_match(running))->ratings_recorded);
}

TYPED_TEST(StoreConformance, ClocksAndTheirWakeUps) {
  uint64_t a = this->user("amina");
  uint64_t m1 = this->match(match_row(a));
  uint64_t m2 = this->match(match_row(a));
  uint64_t m3 = this->match(match_row(a));
  EXPECT_TRUE(must_read(this->s().clock_wakes()).empty());
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.put_clock(m1, "100,1,5,100,0;200,0,0,200,0", 4102444800));
    ASSERT_TRUE(s.put_clock(m2, "1,0,0,1,1", 77));
    ASSERT_TRUE(s.put_clock(m3, "5,0,0,5,0", 0));
  });
  auto wakes = must_read(this->s().clock_wakes());
  std::sort(wakes.begin(), wakes.end());
  EXPECT_EQ(wakes, (std::vector<std::pair<uint64_t, int64_t>>{{m1, 4102444800}, {m2, 77}}));
  auto m = must_read(this->s().load_match(m1));
  EXPECT_EQ(m->clock, "100,1,5,100,0;200,0,0,200,0");
  EXPECT_EQ(m->wake_at, 4102444800);
  this->tx([&](Store& s) { ASSERT_TRUE(s.put_clock(m1, "done", 0)); });
  wakes = must_read(this->s().clock_wakes());
  EXPECT_EQ(wakes, (std::vector<std::pair<uint64_t, int64_t>>{{m2, 77}})) << "0: nothing due";
  EXPECT_EQ(must_read(this->s().load_match(m1))->wake_at, 0);
}

TYPED_TEST(StoreConformance, VacationsEndEarlyAndListFromADate) {
  uint64_t a = this->user("amina");
  uint64_t b = this->user("bo");
  uint64_t v1 = 0, v2 = 0, v3 = 0;
  this->tx([&](Store& s) {
    v1 = s.add_vacation({0, a, 300, 400}).value();
    v2 = s.add_vacation({0, b, 100, 500}).value();
    v3 = s.add_vacation({0, a, 50, 90}).value();
  });
  EXPECT_EQ(std::set<uint64_t>({v1, v2, v3}).size(), 3u);
  auto list = must_read(this->s().vacations(95));
  ASSERT_EQ(list.size(), 2u) << "ending after 95";
  EXPECT_EQ(list[0].id, v2) << "oldest first";
  EXPECT_EQ(list[0].user_id, b);
  EXPECT_EQ(list[0].starts_at, 100);
  EXPECT_EQ(list[0].ends_at, 500);
  EXPECT_EQ(list[1].id, v1);
  this->tx([&](Store& s) { ASSERT_TRUE(s.end_vacation(v2, 90)); });
  list = must_read(this->s().vacations(95));
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].id, v1);
}

TYPED_TEST(StoreConformance, ProfilesDefaultToEveryNotice) {
  uint64_t a = this->user("amina");
  auto p = must_read(this->s().profile(a));
  EXPECT_EQ(p.user_id, a);
  EXPECT_EQ(p.webhook_url, "");
  EXPECT_EQ(p.notify_flags, 7u);
  this->tx([&](Store& s) { ASSERT_TRUE(s.put_profile({a, "http://hooks.example/x?y=1", 2})); });
  p = must_read(this->s().profile(a));
  EXPECT_EQ(p.webhook_url, "http://hooks.example/x?y=1");
  EXPECT_EQ(p.notify_flags, 2u);
  auto nobody = must_read(this->s().profile(a + 100));
  EXPECT_EQ(nobody.user_id, a + 100);
  EXPECT_EQ(nobody.notify_flags, 7u);
}

TYPED_TEST(StoreConformance, TheOutboxKeepsDeliveriesUntilDone) {
  uint64_t o1 = 0, o2 = 0;
  std::string body = "{\"text\":\"caf\xc3\xa9\"}" + std::string("\0", 1);
  this->tx([&](Store& s) {
    o1 = s.add_outbox({0, 5, "http://a.example/", body, 0, 100}).value();
    o2 = s.add_outbox({0, 6, "http://b.example/", "{}", 1, 200}).value();
  });
  auto rows = must_read(this->s().outbox());
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].id, o1);
  EXPECT_EQ(rows[0].user_id, 5u);
  EXPECT_EQ(rows[0].url, "http://a.example/");
  EXPECT_EQ(rows[0].body, body);
  EXPECT_EQ(rows[0].attempts, 0);
  EXPECT_EQ(rows[0].next_at, 100);
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.retry_outbox(o1, 3, 900));
    ASSERT_TRUE(s.delete_outbox(o2));
  });
  rows = must_read(this->s().outbox());
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].attempts, 3);
  EXPECT_EQ(rows[0].next_at, 900);
}

storage::EmailRow email_row(uint64_t user, const std::string& address, const std::string& unsubscribe) {
  storage::EmailRow e;
  e.user_id = user;
  e.address = address;
  e.unsubscribe = unsubscribe;
  return e;
}

TYPED_TEST(StoreConformance, EmailAddressesAreReplacedFoundByUnsubscribeAndRemoved) {
  uint64_t a = this->user("amina");
  uint64_t b = this->user("bo");
  EXPECT_FALSE(must_read(this->s().email(a)));
  // An address is typed by its owner: kept byte for byte, a NUL byte included.
  std::string typed = std::string("am\xc3\xafna@example.org\0x", 21);
  storage::EmailRow full = email_row(a, typed, "sec-a");
  full.verified = false;
  full.code_hash = "c0ffee";
  full.code_expires = 4102444800;
  full.code_tries = 2;
  full.code_sent_at = 1700000000;
  full.choices = storage::kEmailDigest | storage::kEmailGameOver;
  full.turn_delay = 900;
  full.digest_due = 86400;
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.put_email(full));
    ASSERT_TRUE(s.put_email(email_row(b, "bo@example.org", "sec-b")));
  });
  auto got = must_read(this->s().email(a));
  ASSERT_TRUE(got);
  EXPECT_EQ(got->user_id, a);
  EXPECT_EQ(got->address, typed);
  EXPECT_FALSE(got->verified);
  EXPECT_EQ(got->code_hash, "c0ffee");
  EXPECT_EQ(got->code_expires, 4102444800);
  EXPECT_EQ(got->code_tries, 2);
  EXPECT_EQ(got->code_sent_at, 1700000000);
  EXPECT_EQ(got->choices, uint32_t{storage::kEmailDigest | storage::kEmailGameOver});
  EXPECT_EQ(got->turn_delay, 900);
  EXPECT_EQ(got->digest_due, 86400);
  auto defaults = must_read(this->s().email(b));
  ASSERT_TRUE(defaults);
  EXPECT_EQ(defaults->choices, storage::EmailRow().choices);
  EXPECT_EQ(defaults->turn_delay, 3600);
  ASSERT_TRUE(must_read(this->s().email_by_unsubscribe("sec-b")));
  EXPECT_EQ(must_read(this->s().email_by_unsubscribe("sec-b"))->user_id, b);
  EXPECT_FALSE(must_read(this->s().email_by_unsubscribe("SEC-B"))) << "secrets compare byte for byte";
  EXPECT_FALSE(must_read(this->s().email_by_unsubscribe(std::string("sec-b\0", 6))));

  // Putting again rewrites every column; an empty address removes the row and its turn mails.
  full.verified = true;
  full.code_hash = "";
  full.code_tries = 0;
  full.unsubscribe = "sec-a2";
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.put_email(full));
    ASSERT_TRUE(s.add_turn_email({b, 7, 3, 500, "Your turn"}));
    ASSERT_TRUE(s.add_turn_email({a, 7, 3, 500, "Your turn"}));
  });
  got = must_read(this->s().email(a));
  ASSERT_TRUE(got);
  EXPECT_TRUE(got->verified);
  EXPECT_EQ(got->code_hash, "");
  EXPECT_EQ(got->code_tries, 0);
  EXPECT_FALSE(must_read(this->s().email_by_unsubscribe("sec-a")));
  EXPECT_EQ(must_read(this->s().email_by_unsubscribe("sec-a2"))->user_id, a);
  this->tx([&](Store& s) { ASSERT_TRUE(s.put_email(email_row(b, "", ""))); });
  EXPECT_FALSE(must_read(this->s().email(b)));
  auto waiting = must_read(this->s().turn_emails_due(1000, 10));
  ASSERT_EQ(waiting.size(), 1u) << "b's turn mail went with the address";
  EXPECT_EQ(waiting[0].user_id, a);
}

TYPED_TEST(StoreConformance, DigestsAreDueForVerifiedAddressesThatChoseThem) {
  uint64_t a = this->user("amina");
  uint64_t b = this->user("bo");
  uint64_t c = this->user("carla");
  uint64_t d = this->user("dara");
  auto row = [&](uint64_t user, bool verified, uint32_t choices, int64_t due) {
    std::string secret = std::to_string(user);  // not "s" + to_string: GCC 12 warns falsely (-Wrestrict)
    storage::EmailRow e = email_row(user, "x@example.org", secret);
    e.verified = verified;
    e.choices = choices;
    e.digest_due = due;
    return e;
  };
  EXPECT_EQ(must_read(this->s().email_next_at()), 0) << "nothing waits";
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.put_email(row(a, true, storage::kEmailDigest, 300)));
    ASSERT_TRUE(s.put_email(row(b, true, storage::kEmailDigest | storage::kEmailYourTurn, 200)));
    ASSERT_TRUE(s.put_email(row(c, false, storage::kEmailDigest, 100)));  // not verified
    ASSERT_TRUE(s.put_email(row(d, true, storage::kEmailYourTurn, 50)));  // no digest chosen
  });
  auto due = must_read(this->s().digests_due(300, 10));
  ASSERT_EQ(due.size(), 2u);
  EXPECT_EQ(due[0].user_id, b) << "earliest first";
  EXPECT_EQ(due[1].user_id, a);
  EXPECT_EQ(must_read(this->s().digests_due(299, 10)).size(), 1u);
  EXPECT_EQ(must_read(this->s().digests_due(300, 1)).size(), 1u);
  EXPECT_EQ(must_read(this->s().email_next_at()), 200) << "the earliest digest that will be sent";
}

TYPED_TEST(StoreConformance, MailsAreQueuedOnceSentAndForgotten) {
  const std::string message("Subject: caf\xc3\xa9\r\n\r\nbody\0", 23);
  uint64_t m1 = 0, m2 = 0;
  this->tx([&](Store& s) {
    auto first = s.add_email({0, 5, "turn:5:1:3", "amina@example.org", message, 0, 400, 100});
    ASSERT_TRUE(first) << first.status().message();
    EXPECT_TRUE(first.value());
    auto again = s.add_email({0, 5, "turn:5:1:3", "amina@example.org", "other", 0, 10, 100});
    ASSERT_TRUE(again) << again.status().message();
    EXPECT_FALSE(again.value()) << "the same notice is queued once";
    EXPECT_TRUE(s.transaction_status()) << "a known dedupe key fails nothing";
    ASSERT_TRUE(s.add_email({0, 6, "digest:6:1", "bo@example.org", "hi", 1, 300, 100}).value());
  });
  auto due = must_read(this->s().emails_due(1000, 10));
  ASSERT_EQ(due.size(), 2u);
  EXPECT_EQ(due[0].dedupe, "digest:6:1") << "earliest next_at first";
  EXPECT_EQ(due[0].attempts, 1);
  EXPECT_EQ(due[1].user_id, 5u);
  EXPECT_EQ(due[1].to, "amina@example.org");
  EXPECT_EQ(due[1].message, message);
  EXPECT_EQ(due[1].next_at, 400);
  EXPECT_EQ(due[1].created_at, 100);
  m2 = due[0].id;
  m1 = due[1].id;
  EXPECT_NE(m1, m2);
  EXPECT_EQ(must_read(this->s().emails_due(350, 10)).size(), 1u);
  EXPECT_EQ(must_read(this->s().emails_due(1000, 1)).size(), 1u);
  EXPECT_EQ(must_read(this->s().email_next_at()), 300);

  this->tx([&](Store& s) {
    ASSERT_TRUE(s.email_retry(m2, 2, 900));
    ASSERT_TRUE(s.email_sent(m1, 500, 0));
  });
  due = must_read(this->s().emails_due(1000, 10));
  ASSERT_EQ(due.size(), 1u) << "a sent mail is not due again";
  EXPECT_EQ(due[0].id, m2);
  EXPECT_EQ(due[0].attempts, 2);
  EXPECT_EQ(due[0].next_at, 900);
  EXPECT_EQ(must_read(this->s().email_next_at()), 900);
  this->tx([&](Store& s) {
    auto r = s.add_email({0, 5, "turn:5:1:3", "amina@example.org", message, 0, 400, 100});
    ASSERT_TRUE(r);
    EXPECT_FALSE(r.value()) << "a sent mail's key still stands";
  });
  // Sending another forgets sent mails older than the bound: the key may be queued again.
  this->tx([&](Store& s) { ASSERT_TRUE(s.email_sent(m2, 2000, 1000)); });
  EXPECT_TRUE(must_read(this->s().emails_due(100000, 10)).empty());
  EXPECT_EQ(must_read(this->s().email_next_at()), 0);
  this->tx([&](Store& s) {
    auto r = s.add_email({0, 5, "turn:5:1:3", "amina@example.org", message, 0, 400, 100});
    ASSERT_TRUE(r);
    EXPECT_TRUE(r.value()) << "forgotten: queued anew";
    ASSERT_TRUE(s.add_email({0, 6, "digest:6:1", "bo@example.org", "hi", 0, 300, 100}));
  });
  EXPECT_EQ(must_read(this->s().emails_due(1000, 10)).size(), 1u)
      << "digest:6:1 was sent at 2000: still known";
}

TYPED_TEST(StoreConformance, TurnMailsWaitTheEarliestAndCanBeCancelled) {
  uint64_t a = this->user("amina");
  uint64_t b = this->user("bo");
  uint64_t m = this->match(match_row(a, 2));
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.set_seat(m, 0, a));
    ASSERT_TRUE(s.set_seat(m, 1, b));
    ASSERT_TRUE(s.add_turn_email({a, m, 3, 700, std::string("Your turn in Khartoum\0", 22)}));
    ASSERT_TRUE(s.add_turn_email({a, m, 5, 800, "later"})) << "an earlier wait stands, and fails nothing";
    ASSERT_TRUE(s.add_turn_email({b, m, 4, 600, "Bo's turn"}));
  });
  auto due = must_read(this->s().turn_emails_due(700, 10));
  ASSERT_EQ(due.size(), 2u);
  EXPECT_EQ(due[0].user_id, b) << "earliest first";
  EXPECT_EQ(due[1].user_id, a);
  EXPECT_EQ(due[1].match_id, m);
  EXPECT_EQ(due[1].seq, 3u);
  EXPECT_EQ(due[1].due_at, 700);
  EXPECT_EQ(due[1].text, std::string("Your turn in Khartoum\0", 22));
  EXPECT_EQ(must_read(this->s().turn_emails_due(650, 10)).size(), 1u);
  EXPECT_EQ(must_read(this->s().turn_emails_due(700, 1)).size(), 1u);
  EXPECT_EQ(must_read(this->s().email_next_at()), 600);
  this->tx([&](Store& s) { ASSERT_TRUE(s.delete_turn_email(b, m)); });
  due = must_read(this->s().turn_emails_due(10000, 10));
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].user_id, a);
  EXPECT_EQ(must_read(this->s().email_next_at()), 700);

  EXPECT_EQ(must_read(this->s().seen_seq(a, m)), 0u) << "never looked";
  this->tx([&](Store& s) { ASSERT_TRUE(s.update_match(m, 2, 9, 1, "", 0, 50)); });
  this->tx([&](Store& s) { ASSERT_TRUE(s.mark_seen(a, m)); });
  EXPECT_EQ(must_read(this->s().seen_seq(a, m)), 9u);
  EXPECT_EQ(must_read(this->s().seen_seq(b, m)), 0u);
}

TYPED_TEST(StoreConformance, BotAccountsAreMadeOnceAndNeverTakeAPersonsName) {
  uint64_t person = this->user("Carla");
  uint64_t easy = 0;
  this->tx([&](Store& s) {
    auto r = s.ensure_bot_account("Rook", "easy", 10);
    ASSERT_TRUE(r) << r.status().message();
    easy = r.value();
    auto again = s.ensure_bot_account("Rook", "easy", 11);
    ASSERT_TRUE(again);
    EXPECT_EQ(again.value(), easy);
    auto relevelled = s.ensure_bot_account("rook", "hard", 12);
    ASSERT_TRUE(relevelled);
    EXPECT_EQ(relevelled.value(), easy) << "a bot account keeps its id when its level changes";
    auto taken = s.ensure_bot_account("carla", "easy", 13);
    ASSERT_FALSE(taken);
    EXPECT_EQ(taken.status().code(), core::StatusCode::kInvalidArgument);
  });
  EXPECT_NE(easy, person);
  EXPECT_EQ(must_read(this->s().find_user(easy))->name, "Rook");
  uint64_t bot_turn = this->match(match_row(person, 2));
  uint64_t person_turn = this->match(match_row(person, 2));
  uint64_t finished = this->match(match_row(person, 3));
  this->tx([&](Store& s) {
    for (uint64_t m : {bot_turn, person_turn, finished}) {
      ASSERT_TRUE(s.set_seat(m, 0, person));
      ASSERT_TRUE(s.set_seat(m, 1, easy));
    }
    ASSERT_TRUE(s.update_match(bot_turn, 2, 1, 2, "", 0, 1));
    ASSERT_TRUE(s.update_match(person_turn, 2, 1, 1, "", 0, 1));
    ASSERT_TRUE(s.update_match(finished, 3, 1, 2, "", 1, 1));
  });
  EXPECT_EQ(must_read(this->s().matches_awaiting_bots()), std::vector<uint64_t>{bot_turn});
}

// The counters nodes share for login throttles and allowances: a window begins with the first
// event, counts take back without going below zero, and an ended window starts afresh.
TYPED_TEST(StoreConformance, SharedCountersCountPerWindowAndTakeBack) {
  std::string key("name:carla\nsource:10.0.0.1\0\xff", 28);  // any bytes
  this->tx([&](Store& s) {
    auto first = s.bump_counter(key, 100, 60, 1);
    ASSERT_TRUE(first) << first.status().message();
    EXPECT_EQ(first->count, 1);
    EXPECT_EQ(first->ends_at, 160);
    auto second = s.bump_counter(key, 130, 60, 1);
    ASSERT_TRUE(second);
    EXPECT_EQ(second->count, 2);
    EXPECT_EQ(second->ends_at, 160) << "the window runs from the first event";
    auto other = s.bump_counter("source:10.0.0.1", 130, 60, 1);
    ASSERT_TRUE(other);
    EXPECT_EQ(other->count, 1);
    auto peek = s.bump_counter(key, 131, 60, 0);
    ASSERT_TRUE(peek);
    EXPECT_EQ(peek->count, 2);
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(s.bump_counter(key, 132, 60, -1));
    auto back = s.bump_counter(key, 133, 60, 0);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->count, 0) << "never below zero";
    auto unknown = s.bump_counter("nobody", 133, 60, -1);
    ASSERT_TRUE(unknown);
    EXPECT_EQ(unknown->count, 0);
    auto later = s.bump_counter(key, 160, 60, 1);
    ASSERT_TRUE(later);
    EXPECT_EQ(later->count, 1);
    EXPECT_EQ(later->ends_at, 220) << "an ended window starts afresh";
    ASSERT_TRUE(s.prune_counters(200));
    auto kept = s.bump_counter(key, 161, 60, 0);
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->count, 1);
    auto pruned = s.bump_counter("source:10.0.0.1", 161, 60, 0);
    ASSERT_TRUE(pruned);
    EXPECT_EQ(pruned->count, 0) << "its window ended at 190, before 200";
  });
}

TYPED_TEST(StoreConformance, TheWriterCommitsGroupsDurablyAndFailsABatchWhole) {
  std::vector<std::future<bool>> acks;
  {
    storage::Writer writer(std::move(this->store_));
    writer.run_sync([](Store& s) { ASSERT_TRUE(s.create_user("owner", "h", 0)); });
    // Held, so the next jobs queue up and commit together.
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    writer.submit([released](Store&) {
      released.wait();
      return core::Status::ok();
    });
    for (int i = 0; i < 50; ++i) {
      auto done = std::make_shared<std::promise<bool>>();
      acks.push_back(done->get_future());
      writer.submit([i](Store& s) { return s.put_token("token-" + std::to_string(i), 1, i); },
                    [done](bool ok) { done->set_value(ok); });
    }
    release.set_value();
    for (auto& a : acks) EXPECT_TRUE(a.get());
    EXPECT_LT(writer.stats().batches, 20u) << "the queued jobs shared commits";

    // A batch with a failing job: every job in it hears that nothing was committed.
    std::promise<void> hold;
    std::shared_future<void> held = hold.get_future().share();
    writer.submit([held](Store&) {
      held.wait();
      return core::Status::ok();
    });
    std::promise<bool> before, failing, after;
    writer.submit([](Store& s) { return s.put_token("before", 1, 0); },
                  [&](bool ok) { before.set_value(ok); });
    writer.submit([](Store& s) { return s.put_token("t", 999, 0); },  // no such user
                  [&](bool ok) { failing.set_value(ok); });
    writer.submit([](Store& s) { return s.put_token("after", 1, 0); }, [&](bool ok) { after.set_value(ok); });
    hold.set_value();
    EXPECT_FALSE(before.get_future().get());
    EXPECT_FALSE(failing.get_future().get());
    EXPECT_FALSE(after.get_future().get());
    writer.stop();
  }
  // Through a new handle, as after a restart: every acknowledged write is there, none of the failed batch.
  auto again = this->reopen();
  ASSERT_TRUE(again);
  for (int i = 0; i < 50; ++i)
    EXPECT_EQ(must_read(again->user_for_token("token-" + std::to_string(i), 0)), 1u) << i;
  EXPECT_FALSE(must_read(again->user_for_token("before", 0)));
  EXPECT_FALSE(must_read(again->user_for_token("after", 0)));
}

TYPED_TEST(StoreConformance, OpeningAgainKeepsEverythingAndMigratesNothingTwice) {
  uint64_t a = this->user("amina");
  uint64_t id = this->match(match_row(a));
  this->tx([&](Store& s) { ASSERT_TRUE(s.append_event(id, event(1))); });
  this->store_.reset();
  auto again = this->reopen();
  ASSERT_TRUE(again);
  EXPECT_EQ(must_read(again->match_count()), 1u);
  EXPECT_EQ(must_read(again->events(id, 0)).size(), 1u);
  ASSERT_TRUE(again->begin());
  auto next = again->create_match(match_row(a));
  ASSERT_TRUE(next);
  EXPECT_GT(next.value(), id) << "ids go on after the stored ones";
  ASSERT_TRUE(again->commit());
}

// Honest reads (issue 45): a read that cannot be done is an error, never "nothing found". The
// tables dropped under the store (a broken database) make every read fail, on both backends.
TYPED_TEST(StoreConformance, ReadsOfABrokenDatabaseFailRatherThanFindNothing) {
  uint64_t a = this->user("amina");
  uint64_t id = this->match(match_row(a));
  this->tx([&](Store& s) {
    ASSERT_TRUE(s.set_seat(id, 0, a));
    ASSERT_TRUE(s.append_event(id, event(1)));
    ASSERT_TRUE(s.put_token("token", a, 100));
  });
  // Before: found. The same reads below must fail rather than come back empty.
  ASSERT_TRUE(must_read(this->s().load_match(id)));
  std::string drop;
  for (const char* table : {"turn_emails", "email_outbox", "user_email", "webhook_outbox", "vacations",
                            "rating_pools", "tournament_matches", "tournaments", "match_seen", "chat",
                            "snapshots", "events", "match_seats", "tokens", "matches", "users"})
    drop += std::string("DROP TABLE IF EXISTS ") + table + TypeParam::kDropCascade + ";";
  ASSERT_TRUE(this->backend_.execute(drop));

  Store& s = this->s();
  EXPECT_FALSE(s.find_user_by_name("amina").is_ok());
  EXPECT_FALSE(s.find_user(a).is_ok());
  EXPECT_FALSE(s.user_for_token("token", 0).is_ok());
  EXPECT_FALSE(s.tokens_of_user(a).is_ok());
  auto row = s.load_match(id);
  EXPECT_FALSE(row.is_ok());
  EXPECT_EQ(row.status().code(), core::StatusCode::kCorruption) << "a failure, not kNotFound";
  EXPECT_FALSE(s.seats(id).is_ok());
  EXPECT_FALSE(s.snapshot_below(id, 5).is_ok());
  EXPECT_FALSE(s.events(id, 1).is_ok());
  EXPECT_FALSE(s.open_matches(10).is_ok());
  EXPECT_FALSE(s.matches_of_user(a, 10).is_ok());
  EXPECT_FALSE(s.unfinished_matches().is_ok());
  EXPECT_FALSE(s.matches_awaiting_bots().is_ok());
  EXPECT_FALSE(s.open_matches_created_by(a).is_ok());
  EXPECT_FALSE(s.unfinished_matches_of(a).is_ok());
  EXPECT_FALSE(s.match_count().is_ok());
  EXPECT_FALSE(s.chat_lines(id, 10).is_ok());
  EXPECT_FALSE(s.chat_line_count(id).is_ok());
  EXPECT_FALSE(s.seen_seq(a, id).is_ok());
  EXPECT_FALSE(s.my_matches(a, 10).is_ok());
  EXPECT_FALSE(s.profile(a).is_ok());
  EXPECT_FALSE(s.email(a).is_ok());
  EXPECT_FALSE(s.email_by_unsubscribe("secret").is_ok());
  EXPECT_FALSE(s.digests_due(0, 10).is_ok());
  EXPECT_FALSE(s.tournaments().is_ok());
  EXPECT_FALSE(s.tournament_matches().is_ok());
  EXPECT_FALSE(s.rating_pools().is_ok());
  EXPECT_FALSE(s.rated_matches_unrecorded().is_ok());
  EXPECT_FALSE(s.clock_wakes().is_ok());
  EXPECT_FALSE(s.vacations(0).is_ok());
  EXPECT_FALSE(s.outbox().is_ok());
  EXPECT_FALSE(s.emails_due(0, 10).is_ok());
  EXPECT_FALSE(s.email_next_at().is_ok());
  EXPECT_FALSE(s.turn_emails_due(0, 10).is_ok());

  // Inside the writer's transaction a failed read fails the batch, as a failed write does: a job
  // that read nothing must not have its writes kept as if it had.
  ASSERT_TRUE(s.begin());
  EXPECT_FALSE(s.load_match(id).is_ok());
  EXPECT_FALSE(s.transaction_status());
  EXPECT_FALSE(s.commit());
}

// Not found is an answer, not a failure: a read of what does not exist succeeds, empty.
TYPED_TEST(StoreConformance, WhatDoesNotExistIsFoundEmptyNotFailed) {
  Store& s = this->s();
  auto user = s.find_user(42);
  ASSERT_TRUE(user.is_ok()) << user.status().message();
  EXPECT_FALSE(user.value());
  auto row = s.load_match(42);
  ASSERT_TRUE(row.is_ok()) << row.status().message();
  EXPECT_FALSE(row.value());
  auto events = s.events(42, 1);
  ASSERT_TRUE(events.is_ok()) << events.status().message();
  EXPECT_TRUE(events->empty());
  auto email = s.email(42);
  ASSERT_TRUE(email.is_ok()) << email.status().message();
  EXPECT_FALSE(email.value());
  auto seen = s.seen_seq(42, 42);
  ASSERT_TRUE(seen.is_ok()) << seen.status().message();
  EXPECT_EQ(*seen, 0u);
}

}  // namespace
}  // namespace frontier::testing
