// A match under a lease (docs/architecture.md, "Several nodes"): every commit is fenced by the
// lease's epoch, and a lost lease ends this copy's service; its clients are told to retry.
#include <spdlog/spdlog.h>

#include "match/lease_keeper.h"
#include "match/match.h"

namespace frontier::server {

namespace {

std::string moved_text(uint64_t id) {
  return "Match " + std::to_string(id) +
         " is now served by another node: connect again and rejoin it from your seq (nothing unacknowledged "
         "was kept)";
}

}  // namespace

storage::Writer::Work Match::fenced(storage::Writer::Work work, std::shared_ptr<bool> refused) const {
  if (services_.leases == nullptr) return work;
  if (lease_epoch_ == 0) {  // a follower copy holds no lease: it writes nothing
    return [refused = std::move(refused)](storage::Store&) {
      *refused = true;
      return core::Status::ok();
    };
  }
  return [work = std::move(work), refused = std::move(refused), id = meta_.id, epoch = lease_epoch_,
          node = services_.leases->node(), store_failed = store_failed_](storage::Store& s) {
    if (store_failed->load()) {  // an earlier commit of this copy failed: nothing may follow it
      *refused = true;
      return core::Status::ok();
    }
    auto held = s.hold_lease(id, node, epoch);
    if (!held) return held.status();  // the database failed: the batch fails as any write would
    if (!held.value()) {
      *refused = true;  // nothing written: the batch's other jobs commit
      return core::Status::ok();
    }
    return work ? work(s) : core::Status::ok();
  };
}

bool Match::served_here(const Connection& conn, uint64_t request_id) const {
  if (!moved_) return true;
  if (store_failed_->load()) {
    send_error(conn, request_id, wire::UNAVAILABLE,
               "The database could not be reached: nothing was stored or acknowledged. Rejoin match " +
                   std::to_string(meta_.id) + " in a moment and resubmit with the same client_action_id");
  } else {
    send_error(conn, request_id, wire::MATCH_MOVED, moved_text(meta_.id));
  }
  return false;
}

void Match::lease_lost() {
  if (moved_) return;
  moved_ = true;
  spdlog::warn(
      "match {}: lease (epoch {}) lost at seq {} (committed {}); its {} subscribers are told to retry",
      meta_.id, lease_epoch_, history_.seq, committed_seq_, subscribers_.size());
  for (const auto& sub : subscribers_) {
    if (auto conn = sub.conn.lock()) send_error(*conn, 0, wire::MATCH_MOVED, moved_text(meta_.id));
  }
  subscribers_.clear();
  // Replies waiting for a seq that will never commit here: their requests are answered by the
  // MATCH_MOVED above, and a retry on the new owner finds the state as it is stored.
  pending_.clear();
  waiting_for_log_.clear();
}

}  // namespace frontier::server
