// Every match the server has touched since start-up, found by id. Matches are loaded lazily
// from storage on first use (snapshot + tail replay), so a restart serves at once however many
// matches are stored, and each unfinished match resumes exactly where it stood.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "core/registry.h"
#include "match/match.h"

namespace frontier::server {

class MatchRegistry {
 public:
  using Found = std::function<void(std::shared_ptr<Match>)>;  // nullptr: no such match

  // Finished matches stay in memory for `finished_ttl` (post-game chat and replays reach their
  // watchers), then leave it; a later request loads them again from storage.
  MatchRegistry(const core::Registry& games, MatchServices services, StrandFactory strands,
                std::chrono::seconds finished_ttl = std::chrono::minutes(10));

  const core::Registry& games() const { return games_; }

  // Calls `found` on the match's strand (or with nullptr on some thread when it does not exist
  // or cannot be loaded). With several nodes (MatchServices::leases) loading takes the match's
  // lease; when another node holds it, `elsewhere` is called instead (with its node id), or
  // `found` with nullptr when no `elsewhere` is given. When the database could not be read,
  // `failed` is called with why (or `found` with nullptr when no `failed` is given): that is not
  // "no such match".
  using Elsewhere = std::function<void(const std::string& holder)>;
  using Failed = std::function<void(const core::Status& why)>;
  void with(uint64_t id, Found found, Elsewhere elsewhere = nullptr, Failed failed = nullptr);
  // The lease of match `id` at `epoch` is lost (a renewal or a fenced commit found it taken): that
  // copy leaves memory and tells its subscribers; the next request loads it again (and finds
  // the lease held elsewhere, or takes it once free).
  void unload(uint64_t id, uint64_t epoch);
  // The owner of match `id` committed up to `seq`: a follower copy here catches up (0: every
  // follower copy reads again, after notifications may have been missed).
  void follow(uint64_t id, uint32_t seq);
  // This node took the lease of match `id` from a dead owner: its follower copy is replaced by
  // the match loaded as owner, which takes over the copy's subscribers; then `then` runs.
  void take_over(uint64_t id, std::function<void()> then);
  void follow_all();
  // Runs `fn` on the strand of match `id`'s follower copy, when this node holds one.
  void with_follower(uint64_t id, std::function<void(const std::shared_ptr<Match>&)> fn);
  // The owner of match `id` may have died (its follower copy here has a duty due: a clock):
  // when its lease is free this node takes the match over (take_over); `then` runs either way.
  void take_if_free(uint64_t id, std::function<void()> then);

  struct CreateRequest {
    const core::Game* game = nullptr;
    frontier::MatchSetup setup;  // seed already chosen
    std::string seed_nonce;
    int creator_seat = 0;
    uint64_t creator = 0;
    std::string creator_name;
    wire::Visibility visibility = wire::PUBLIC;
    std::string time_control;
    std::unique_ptr<core::GameState> initial;
    // Seats given at creation (tournament boards): one holder per seat, all filled, and the
    // match starts running at once. Empty: only the creator's seat is taken.
    std::vector<SeatHolder> assigned;
    std::string invite_code;     // PRIVATE matches
    uint64_t tournament_id = 0;  // tournament boards
    bool rated = false;          // the result counts for ratings (else casual)
    // Runs in the same transaction as the match's creation, with its new id.
    std::function<core::Status(storage::Store&, uint64_t match_id)> also;
    // When > 0: refused if the creator already has this many OPEN matches, or holds a seat in
    // this many unfinished ones (tournament boards aside); checked in the creating transaction, so
    // a burst of requests cannot all pass. `refused` is called then instead of `created`, saying
    // which limit it met.
    uint32_t max_open_of_creator = 0;
    uint32_t max_unfinished_of_creator = 0;
    std::function<void(const std::string& why)> refused;
  };
  // Stores the new match, then calls `created` on its strand.
  void create(CreateRequest request, Found created);

  size_t loaded() const;

  // A rematch (MatchServices::start_rematch): a new seed, the seats assigned, linked to the
  // match it follows in the same transaction (match_lifecycle.cpp).
  void create_rematch(MatchServices::Rematch spec, std::function<void(uint64_t new_match_id)> done);

  // Told (on the match's strand) after each match's end is committed, besides the registry's own
  // bookkeeping: the tournament host records results from it. Set before serving.
  void set_finish_listener(std::function<void(uint64_t match_id)> listener) {
    finish_listener_ = std::move(listener);
  }

 private:
  struct Waiter {
    Found found;
    Elsewhere elsewhere;
    Failed failed;
  };
  void finish_load(uint64_t id, const std::shared_ptr<Match>& match, const std::string& held_by,
                   const core::Status& read);
  void evict_expired_locked();
  std::shared_ptr<Match> build(uint64_t id, const storage::MatchRow& row,
                               const std::vector<storage::SeatRow>& seats,
                               const std::optional<Snapshot>& snapshot,
                               const std::vector<storage::EventRow>& events, uint64_t epoch,
                               const std::string& owner);

  const core::Registry& games_;
  MatchServices services_;
  StrandFactory strands_;
  mutable std::mutex mu_;
  std::map<uint64_t, std::shared_ptr<Match>> matches_;
  std::map<uint64_t, std::vector<Waiter>> loading_;
  std::chrono::seconds finished_ttl_;
  std::function<void(uint64_t)> finish_listener_;
  std::deque<std::pair<std::chrono::steady_clock::time_point, uint64_t>> finished_;
};

}  // namespace frontier::server
