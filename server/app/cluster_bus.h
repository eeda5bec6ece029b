// Several nodes over one PostgreSQL, the messaging part (docs/architecture.md, "Several nodes"):
// LISTEN/NOTIFY carries (1) every commit's (match, seq), on one channel for the site, so nodes
// holding a follower copy of the match catch up from the database; and (2) changes asked at a
// node that does not run the match, forwarded to the node holding its lease on that node's own
// channel, with the answer sent back the same way. Payloads stay small: ids, seqs, the request
// (an action, a chat line) and its bare answer; views are never sent, each node builds its own.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "api/service.h"
#include "match/lease_keeper.h"
#include "match/registry.h"
#include "match/user_connections.h"
#include "storage/leadership.h"
#include "storage/pg_listener.h"

namespace frontier::server {

class ClusterBus {
 public:
  ClusterBus(std::string url, LeaseKeeper& leases, storage::Writer& writer, MatchRegistry& matches);
  ~ClusterBus();

  // The gate forwarded requests run through on the owner (set before start()).
  void set_service(Service* service) { service_ = service; }
  // The connections notifications made on other nodes are pushed to (set before start()).
  void set_users(UserConnections* users) { users_ = users; }
  // Duties of the site's leader (set before start()): every node listens on the leader's channel
  // and the one leading serves what comes there; `finished` records a match that finished on
  // another node (the tournament host).
  void set_leader_duties(const storage::Leadership* leadership,
                         std::function<void(uint64_t match_id)> finished) {
    leadership_ = leadership;
    finished_elsewhere_ = std::move(finished);
  }

  // A change of the site's shared state (a tournament) asked by `conn` at a node that does not
  // lead: run by the leader, answered from there; MATCH_MOVED-like INTERNAL error past the deadline.
  void forward_to_leader(const std::shared_ptr<Connection>& conn, const wire::ClientMessage& msg);
  // Match `match_id` finished here and this node does not lead: the leader records it.
  void tell_leader_finished(uint64_t match_id);
  core::Status start();
  void stop();

  // A change (`msg`, naming `match_id`) asked by `conn` at a node holding only a follower copy.
  // It goes to the lease's holder; or, when the lease is free (the holder died), this node takes
  // it, the follower copy leaves memory and the request runs here on the match loaded afresh.
  void forward(const std::shared_ptr<Connection>& conn, const wire::ClientMessage& msg, uint64_t match_id);

  // Prometheus text for /metrics: requests forwarded, run for other nodes, unanswered, taken over.
  std::string render_metrics() const;

 private:
  struct Waiting {  // at the origin: a forwarded request's client
    std::weak_ptr<Connection> conn;
    uint64_t request_id = 0;
    uint64_t match_id = 0;
    wire::ClientMessage msg;
    std::chrono::steady_clock::time_point deadline;  // then MATCH_MOVED
    std::chrono::steady_clock::time_point next_try;  // of taking the match over
  };
  class AnswerPeer;

  void on_notice(const std::string& channel, const std::string& payload);
  // The site channel: commits, chat lines and takeback offers of matches followed here,
  // notifications for users connected here.
  void on_site_notice(const std::string& payload);
  void on_request(const std::string& payload);
  void on_answer(const std::string& payload);
  void answer(const std::string& origin, uint64_t forward_id, wire::ServerMessage reply);
  void take_or_send(uint64_t forward_id, uint64_t match_id, std::string payload);
  void tick();
  void publish(const std::string& channel, std::string payload);

  std::string url_;
  LeaseKeeper& leases_;
  storage::Writer& writer_;
  MatchRegistry& matches_;
  Service* service_ = nullptr;
  UserConnections* users_ = nullptr;
  const storage::Leadership* leadership_ = nullptr;
  std::function<void(uint64_t)> finished_elsewhere_;
  std::string own_channel_;
  std::unique_ptr<storage::PgListener> listener_;
  std::atomic<uint64_t> forwarded_{0};
  std::atomic<uint64_t> served_{0};
  std::atomic<uint64_t> unanswered_{0};
  std::atomic<uint64_t> taken_over_{0};
  std::mutex mu_;
  uint64_t next_id_ = 1;
  std::map<uint64_t, Waiting> waiting_;
  // At the owner: forwarded requests being served, until their answer is sent.
  std::map<uint64_t, std::pair<std::shared_ptr<AnswerPeer>, std::chrono::steady_clock::time_point>> serving_;
};

// The channel the site's leader serves (storage/leadership.h).
inline constexpr const char* kLeaderChannel = "frontier_leader";

// The channel of a node (its id hashed: any id makes a valid channel name).
std::string node_channel(const std::string& node);

}  // namespace frontier::server
