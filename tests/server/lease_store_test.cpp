// Match leases in the PostgreSQL store (docs/architecture.md, "Several nodes"), two stores on one
// database standing for two nodes: a live lease is not taken, an expired one is (its epoch
// rises), the old holder's fence and renewal then fail without spoiling its transaction, and a
// takeover and a commit under the fence never interleave.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <thread>

#include "postgres_server.h"
#include "storage/postgres_store.h"
#include "store_reads.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;

struct TwoNodes {
  std::unique_ptr<storage::Store> a;
  std::unique_ptr<storage::Store> b;
  uint64_t match = 0;
  uint64_t other_match = 0;
};

// Two stores on a fresh database holding two matches.
TwoNodes two_nodes(const std::string& database) {
  auto& pg = shared_postgres();
  EXPECT_TRUE(pg.create_database(database));
  TwoNodes n;
  auto a = storage::open_postgres(pg.url(database), storage::Durability::kFull);
  auto b = storage::open_postgres(pg.url(database), storage::Durability::kFull);
  if (!a || !b) {
    ADD_FAILURE() << "cannot open the stores";
    return n;
  }
  n.a = std::move(a.value());
  n.b = std::move(b.value());
  EXPECT_TRUE(n.a->begin());
  auto user = n.a->create_user("host", "h", 0);
  storage::MatchRow row;
  row.game = "race";
  row.scenario = "standard";
  row.created_by = user.is_ok() ? user.value() : 0;
  auto m = n.a->create_match(row);
  auto m2 = n.a->create_match(row);
  EXPECT_TRUE(m && m2);
  n.match = m ? m.value() : 0;
  n.other_match = m2 ? m2.value() : 0;
  EXPECT_TRUE(n.a->commit());
  return n;
}

// One store call in its own transaction, committed.
template <typename F>
auto in_transaction(storage::Store& s, F f) {
  EXPECT_TRUE(s.begin());
  auto r = f(s);
  EXPECT_TRUE(s.commit());
  return r;
}

storage::EventRow event(uint32_t seq, const std::string& client_id) {
  storage::EventRow e;
  e.seq = seq;
  e.client_action_id = client_id;
  return e;
}

TEST(Leases, ALiveLeaseStaysAndAnExpiredOneIsTakenWithAHigherEpoch) {
  auto n = two_nodes("leases_take");
  auto take = [&](storage::Store& s, const char* node, int64_t ms) {
    return in_transaction(s, [&](storage::Store& st) { return st.take_lease(n.match, node, ms); });
  };
  auto first = take(*n.a, "a", 300);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->epoch, 1u);
  auto refused = take(*n.b, "b", 300);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->epoch, 0u) << "a's lease is live";
  EXPECT_EQ(refused->holder, "a");
  // A renewal keeps it live past its first term.
  std::this_thread::sleep_for(200ms);
  auto renewed = in_transaction(*n.a, [&](storage::Store& s) {
    return s.renew_leases("a", {{n.match, 1}}, 300);
  });
  ASSERT_TRUE(renewed);
  EXPECT_TRUE(renewed->empty());
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(take(*n.b, "b", 300)->epoch, 0u) << "renewed 200 ms ago for 300 ms";

  std::this_thread::sleep_for(400ms);  // a is paused past its lease
  auto taken = take(*n.b, "b", 300);
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->epoch, 2u);

  // a's fence refuses, and its transaction stays good for the batch's other jobs.
  ASSERT_TRUE(n.a->begin());
  auto fence = n.a->hold_lease(n.match, "a", 1);
  ASSERT_TRUE(fence);
  EXPECT_FALSE(fence.value());
  EXPECT_TRUE(n.a->append_event(n.other_match, event(1, "other")));
  EXPECT_TRUE(n.a->commit()) << "a refused fence spoils no batch";
  EXPECT_EQ(must_read(n.b->events(n.other_match, 1)).size(), 1u);
  // a's renewal reports the lease lost; b's keeps it.
  auto lost = in_transaction(*n.a, [&](storage::Store& s) {
    return s.renew_leases("a", {{n.match, 1}}, 300);
  });
  ASSERT_TRUE(lost);
  EXPECT_EQ(lost.value(), std::vector<uint64_t>{n.match});
  EXPECT_TRUE(in_transaction(*n.b, [&](storage::Store& s) { return s.hold_lease(n.match, "b", 2); }).value());

  // Given up, it is taken at once, and the epoch still rises.
  EXPECT_TRUE(in_transaction(*n.b, [&](storage::Store& s) { return s.release_lease(n.match, "b", 2); }));
  EXPECT_EQ(take(*n.a, "a", 300)->epoch, 3u);
  // A match that does not exist has no lease.
  auto none = in_transaction(*n.a, [&](storage::Store& s) { return s.take_lease(999999, "a", 300); });
  EXPECT_FALSE(none);
}

TEST(Leases, ATakeoverNeverInterleavesWithACommitUnderTheFence) {
  auto n = two_nodes("leases_fence");
  ASSERT_EQ(in_transaction(*n.a, [&](storage::Store& s) { return s.take_lease(n.match, "a", 100); })->epoch,
            1u);
  std::this_thread::sleep_for(200ms);  // expired: b may take it

  // a commits under its fence: while that transaction is open, b's take finds the lease busy
  // rather than waiting (so two nodes never wait on each other), and takes it afterwards,
  // reading a's event.
  ASSERT_TRUE(n.a->begin());
  ASSERT_TRUE(n.a->hold_lease(n.match, "a", 1).value());
  ASSERT_TRUE(n.a->append_event(n.match, event(1, "from-a")));
  auto busy = in_transaction(*n.b, [&](storage::Store& s) { return s.take_lease(n.match, "b", 100); });
  ASSERT_TRUE(busy);
  EXPECT_EQ(busy->epoch, 0u);
  ASSERT_TRUE(n.a->commit());
  ASSERT_TRUE(n.b->begin());
  auto taken = n.b->take_lease(n.match, "b", 5000);
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->epoch, 2u);
  EXPECT_EQ(must_read(n.b->events(n.match, 1)).size(), 1u) << "the take sees the commit it waited out";

  // While b's take is not committed, a's fence waits for it, then sees the new epoch.
  std::atomic<int> fence{-1};
  std::thread a_commits([&] {
    EXPECT_TRUE(n.a->begin());
    auto held = n.a->hold_lease(n.match, "a", 1);
    fence = held && held.value() ? 1 : 0;
    n.a->rollback();
  });
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(fence.load(), -1) << "the fence waits for the take's transaction";
  ASSERT_TRUE(n.b->commit());
  a_commits.join();
  EXPECT_EQ(fence.load(), 0) << "then refuses: the lease is b's";
  // (match, seq) stays unique whatever happens: the last line of defence.
  // The write is sent ahead (pipelined), so its refusal may come only with the COMMIT.
  ASSERT_TRUE(n.b->begin());
  auto duplicate = n.b->append_event(n.match, event(1, "from-b"));
  EXPECT_FALSE(n.b->commit()) << duplicate.message();
  n.b->rollback();
  auto kept = must_read(n.b->events(n.match, 1));
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].client_action_id, "from-a");
}

// Each node renews its own lease while asking for the other's match (a player of one match
// on each node, as the cross-node load runs them): a take meets a lease row whose renewal is not
// committed yet. It must find the lease busy, not wait: each waiting for the other's renewal was
// a deadlock, whose failed batch stopped a node.
TEST(Leases, TakesOfLeasesTheOtherNodeIsRenewingNeverWaitSoTwoNodesCannotDeadlock) {
  auto n = two_nodes("leases_renewing");
  ASSERT_EQ(in_transaction(*n.a, [&](storage::Store& s) { return s.take_lease(n.match, "a", 60000); })->epoch,
            1u);
  ASSERT_EQ(
      in_transaction(*n.b, [&](storage::Store& s) { return s.take_lease(n.other_match, "b", 60000); })->epoch,
      1u);

  ASSERT_TRUE(n.a->begin());
  ASSERT_TRUE(n.b->begin());
  ASSERT_TRUE(n.a->renew_leases("a", {{n.match, 1}}, 60000).value().empty());
  ASSERT_TRUE(n.b->renew_leases("b", {{n.other_match, 1}}, 60000).value().empty());
  std::optional<core::Result<storage::LeaseTake>> a_take;
  std::thread a_asks([&] { a_take = n.a->take_lease(n.other_match, "a", 60000); });
  auto b_take = n.b->take_lease(n.match, "b", 60000);
  a_asks.join();
  ASSERT_TRUE(b_take) << b_take.status().message();
  ASSERT_TRUE(a_take && *a_take) << a_take->status().message();
  EXPECT_EQ(b_take->epoch, 0u);
  EXPECT_EQ(b_take->holder, "a");
  EXPECT_EQ((*a_take)->epoch, 0u);
  EXPECT_EQ((*a_take)->holder, "b");
  EXPECT_TRUE(n.a->commit()) << "neither transaction was chosen as a deadlock's victim";
  EXPECT_TRUE(n.b->commit());
  // And the leases are still each node's own.
  EXPECT_TRUE(in_transaction(*n.a, [&](storage::Store& s) { return s.hold_lease(n.match, "a", 1); }).value());
  EXPECT_TRUE(
      in_transaction(*n.b, [&](storage::Store& s) { return s.hold_lease(n.other_match, "b", 1); }).value());
}

// The other order (found by bench/cluster/run.sh's kill row): each node first asks for the
// other's live match in its batch, then renews its own leases in the same batch. A take that
// finds a live lease of another node must leave the row unlocked, or each renewal waits for the
// other node's open batch: a deadlock, whose failed batch stopped a node.
TEST(Leases, AskingForALiveLeaseLocksNothingSoItsHoldersRenewalNeverWaits) {
  auto n = two_nodes("leases_asked");
  ASSERT_EQ(in_transaction(*n.a, [&](storage::Store& s) { return s.take_lease(n.match, "a", 60000); })->epoch,
            1u);
  ASSERT_EQ(
      in_transaction(*n.b, [&](storage::Store& s) { return s.take_lease(n.other_match, "b", 60000); })->epoch,
      1u);

  ASSERT_TRUE(n.a->begin());
  ASSERT_TRUE(n.b->begin());
  auto a_take = n.a->take_lease(n.other_match, "a", 60000);
  auto b_take = n.b->take_lease(n.match, "b", 60000);
  ASSERT_TRUE(a_take) << a_take.status().message();
  ASSERT_TRUE(b_take) << b_take.status().message();
  EXPECT_EQ(a_take->epoch, 0u);
  EXPECT_EQ(a_take->holder, "b");
  EXPECT_EQ(b_take->epoch, 0u);
  EXPECT_EQ(b_take->holder, "a");
  std::optional<core::Result<std::vector<uint64_t>>> a_lost;
  std::thread a_renews([&] { a_lost = n.a->renew_leases("a", {{n.match, 1}}, 60000); });
  auto b_lost = n.b->renew_leases("b", {{n.other_match, 1}}, 60000);
  a_renews.join();
  ASSERT_TRUE(b_lost) << b_lost.status().message();
  ASSERT_TRUE(a_lost && *a_lost) << a_lost->status().message();
  EXPECT_TRUE(b_lost->empty());
  EXPECT_TRUE((*a_lost)->empty());
  EXPECT_TRUE(n.a->commit()) << "neither transaction was chosen as a deadlock's victim";
  EXPECT_TRUE(n.b->commit());

  // An expired lease is still taken, with a higher epoch, and its old holder's fence refuses.
  ASSERT_TRUE(in_transaction(*n.a, [&](storage::Store& s) {
    return s.renew_leases("a", {{n.match, 1}}, 1);
  }));
  std::this_thread::sleep_for(50ms);
  auto taken = in_transaction(*n.b, [&](storage::Store& s) { return s.take_lease(n.match, "b", 60000); });
  ASSERT_TRUE(taken) << taken.status().message();
  EXPECT_EQ(taken->epoch, 2u);
  EXPECT_FALSE(
      in_transaction(*n.a, [&](storage::Store& s) { return s.hold_lease(n.match, "a", 1); }).value());
}

}  // namespace
}  // namespace frontier::testing
