#include "app/cluster_bus.h"

#include <spdlog/spdlog.h>

#include <sstream>
#include <vector>

namespace frontier::server {

namespace {

// PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more.
constexpr size_t kMaxPayload = 7900;

std::vector<std::string> fields(const std::string& payload) {
  std::vector<std::string> out;
  std::istringstream in(payload);
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

uint64_t number(const std::string& text) {
  return std::strtoull(text.c_str(), nullptr, 10);
}

std::string moved(uint64_t match_id, const std::string& why) {
  return "Match " + std::to_string(match_id) + ": " + why + "; connect again and retry (nothing was applied)";
}

}  // namespace

std::string node_channel(const std::string& node) {
  return "frontier_node_" + node_tag(node);
}

// The owner's side of a forwarded request: a connection whose only reply goes back to the
// origin node. Pushes (request id 0) are not for it: the origin pushes from its own copy.
class ClusterBus::AnswerPeer final : public Peer {
 public:
  AnswerPeer(ClusterBus& bus, std::string origin, uint64_t forward_id, uint64_t local_id)
      : bus_(bus), origin_(std::move(origin)), forward_id_(forward_id), local_id_(local_id) {}
  void send(Frame frame) override {
    wire::ServerMessage m;
    if (!m.ParseFromString(*frame) || m.request_id() != local_id_) return;
    bus_.answer(origin_, forward_id_, std::move(m));
    std::lock_guard lock(bus_.mu_);
    bus_.serving_.erase(local_id_);
  }
  void close(uint16_t, std::string) override {}

 private:
  ClusterBus& bus_;
  std::string origin_;
  uint64_t forward_id_;
  uint64_t local_id_;
};

ClusterBus::ClusterBus(std::string url, LeaseKeeper& leases, storage::Writer& writer, MatchRegistry& matches)
    : url_(std::move(url)),
      leases_(leases),
      writer_(writer),
      matches_(matches),
      own_channel_(node_channel(leases.node())) {}

ClusterBus::~ClusterBus() {
  stop();
}

core::Status ClusterBus::start() {
  listener_ = std::make_unique<storage::PgListener>(
      url_, std::vector<std::string>{kCommitChannel, own_channel_, kLeaderChannel},
      [this](const std::string& channel, const std::string& payload) { on_notice(channel, payload); },
      // Notifications may have been missed while the connection was down: every follower copy
      // reads what it lacks.
      [this] { matches_.follow_all(); }, [this] { tick(); });
  return listener_->start();
}

void ClusterBus::stop() {
  if (listener_) listener_->stop();
}

void ClusterBus::publish(const std::string& channel, std::string payload) {
  writer_.submit(
      [channel, payload = std::move(payload)](storage::Store& s) { return s.notify(channel, payload); });
}

void ClusterBus::on_notice(const std::string& channel, const std::string& payload) {
  if (channel == kCommitChannel) return on_site_notice(payload);
  if (channel == kLeaderChannel) {
    if (!leadership_ || !leadership_->is_leader()) return;  // for whoever leads now
    auto f = fields(payload);
    if (f.size() == 2 && f[0] == "fin") {
      spdlog::info("match {}: finished on another node; the leader records it", f[1]);
      if (finished_elsewhere_) finished_elsewhere_(number(f[1]));
      return;
    }
  }
  if (payload.rfind("Q ", 0) == 0) return on_request(payload);
  if (payload.rfind("A ", 0) == 0) return on_answer(payload);
}

void ClusterBus::on_site_notice(const std::string& payload) {
  auto f = fields(payload);
  if (f.size() < 3 || f[2] == node_tag(leases_.node())) return;  // what this node did, it knows
  if (f[0] == "note") {  // a notification for a user, made where their match runs
    auto bytes = f.size() == 4 ? from_hex(f[3]) : std::nullopt;
    wire::ServerMessage m;
    if (!users_ || !bytes || !m.mutable_notification()->ParseFromString(*bytes)) return;
    users_->for_each(number(f[1]), [&m](Connection& conn) { conn.send(m); });
    return;
  }
  uint64_t match_id = number(f[0]);
  auto seq = static_cast<uint32_t>(number(f[1]));
  if (f.size() == 3) return matches_.follow(match_id, seq);
  if (f.size() == 5 && f[3] == "chat") {
    auto bytes = from_hex(f[4]);
    wire::ServerMessage push;
    if (!bytes || !push.mutable_chat()->ParseFromString(*bytes)) return;
    matches_.with_follower(match_id, [push](const std::shared_ptr<Match>& m) { m->followed_chat(push); });
    return;
  }
  if (f.size() == 6 && f[3] == "takeback") {
    auto by = static_cast<core::Seat>(std::strtol(f[4].c_str(), nullptr, 10));
    auto to = static_cast<uint32_t>(number(f[5]));
    matches_.with_follower(
        match_id, [seq, by, to](const std::shared_ptr<Match>& m) { m->followed_takeback(seq, by, to); });
  }
}

void ClusterBus::tell_leader_finished(uint64_t match_id) {
  spdlog::info("match {}: finished here; told to the leader", match_id);
  publish(kLeaderChannel, "fin " + std::to_string(match_id));
}

void ClusterBus::forward_to_leader(const std::shared_ptr<Connection>& conn, const wire::ClientMessage& msg) {
  forward(conn, msg, 0);
}

void ClusterBus::forward(const std::shared_ptr<Connection>& conn, const wire::ClientMessage& msg,
                         uint64_t match_id) {
  Identity who = conn->identity();
  uint64_t id = 0;
  {
    std::lock_guard lock(mu_);
    id = next_id_++;
  }
  std::string payload = "Q " + std::to_string(id) + " " + to_hex(leases_.node()) + " " +
                        std::to_string(who.user_id) + " " + to_hex(who.user_name) + " " +
                        to_hex(msg.SerializeAsString());
  if (payload.size() > kMaxPayload) {
    send_error(*conn, msg.request_id(), wire::INVALID_ARGUMENT, "The request is too large to forward");
    return;
  }
  auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mu_);
    // Past the owner's lease the request cannot still be waiting for a live owner.
    waiting_[id] = {conn,
                    msg.request_id(),
                    match_id,
                    msg,
                    now + std::chrono::milliseconds(leases_.lease_ms()) + std::chrono::seconds(2),
                    now + std::chrono::seconds(1)};
  }
  // Match 0: a request for the leader, sent on its channel; no lease to take.
  if (match_id == 0) return publish(kLeaderChannel, std::move(payload));
  take_or_send(id, match_id, std::move(payload));
}

void ClusterBus::take_or_send(uint64_t id, uint64_t match_id, std::string payload) {
  // One job: when the lease is free the holder is gone and this node takes the match over;
  // else the request goes to the holder (sent when this transaction commits). An empty payload
  // only tries the take (a request still waiting: its owner may have died since).
  auto epoch = std::make_shared<uint64_t>(0);
  std::string node = leases_.node();
  int64_t lease_ms = leases_.lease_ms();
  bool first = !payload.empty();
  writer_.submit(
      [epoch, match_id, node, lease_ms, payload = std::move(payload)](storage::Store& s) {
        auto take = s.take_lease(match_id, node, lease_ms);
        if (!take)
          return take.status().code() == core::StatusCode::kNotFound ? core::Status::ok() : take.status();
        *epoch = take->epoch;
        if (take->epoch > 0 || payload.empty()) return core::Status::ok();
        return s.notify(node_channel(take->holder), payload);
      },
      [this, epoch, id, match_id, first, node](bool ok) {
        if (ok && *epoch == 0) {
          if (first) forwarded_++;
          return;  // the owner answers
        }
        Waiting w;
        {
          std::lock_guard lock(mu_);
          auto it = waiting_.find(id);
          if (it != waiting_.end()) {
            w = std::move(it->second);
            waiting_.erase(it);
          }
        }
        auto conn = w.conn.lock();
        if (*epoch > 0 && !conn) {
          // Answered meanwhile (or its client left): the lease taken is not needed.
          writer_.submit(
              [match_id, node, e = *epoch](storage::Store& s) { return s.release_lease(match_id, node, e); });
          return;
        }
        if (!conn) return;
        // The database failed (down): neither sent nor taken over, so nothing was applied.
        if (!ok)
          return send_error(
              *conn, w.request_id, wire::UNAVAILABLE,
              "The database could not be reached, so the request was not sent; nothing was applied: "
              "retry in a moment");
        // Ours now: the follower copy goes, and the request runs here on the match loaded as
        // its owner (the load takes the lease again, raising the epoch).
        spdlog::info("match {}: its node stopped renewing; this node takes it over", match_id);
        taken_over_++;
        matches_.take_over(match_id, [this, conn, msg = std::move(w.msg)] {
          if (service_) service_->run_forwarded(conn, msg);
        });
      });
}

void ClusterBus::on_request(const std::string& payload) {
  auto f = fields(payload);
  if (f.size() != 6 || !service_) return;
  auto origin = from_hex(f[2]);
  auto name = from_hex(f[4]);
  auto bytes = from_hex(f[5]);
  wire::ClientMessage msg;
  if (!origin || !name || !bytes || !msg.ParseFromString(*bytes)) return;
  uint64_t forward_id = number(f[1]);
  static std::atomic<uint64_t> local_ids{1};
  uint64_t local_id = local_ids++;
  auto peer = std::make_shared<AnswerPeer>(*this, *origin, forward_id, local_id);
  {
    std::lock_guard lock(mu_);
    serving_[local_id] = {peer, std::chrono::steady_clock::now() + std::chrono::seconds(30)};
  }
  // The origin node checked the session; the identity travels with the request. Marked as
  // forwarded ("node ..."): a node that is not the owner either answers MATCH_MOVED instead of
  // forwarding again.
  auto conn = std::make_shared<Connection>(0, Connection::kForwardedPrefix + *origin, peer);
  conn->set_identity({number(f[3]), *name, {}, 0});
  conn->hello_done = true;
  msg.set_request_id(local_id);
  served_++;
  service_->run_forwarded(conn, msg);
}

void ClusterBus::answer(const std::string& origin, uint64_t forward_id, wire::ServerMessage reply) {
  // Views stay home: the origin fills them from its own copy once it has caught up.
  if (reply.has_submitted()) reply.mutable_submitted()->clear_update();
  if (reply.has_error()) reply.mutable_error()->clear_current();
  if (reply.has_update()) {  // a join: only its seq matters to the origin
    uint32_t seq = reply.update().seq();
    reply.mutable_update()->Clear();
    reply.mutable_update()->set_seq(seq);
  }
  std::string payload = "A " + std::to_string(forward_id) + " " + to_hex(reply.SerializeAsString());
  if (payload.size() > kMaxPayload) {
    wire::ServerMessage small;
    small.mutable_error()->set_code(wire::INTERNAL);
    small.mutable_error()->set_message("The answer was too large to send back; look at the match again");
    payload = "A " + std::to_string(forward_id) + " " + to_hex(small.SerializeAsString());
  }
  publish(node_channel(origin), std::move(payload));
}

void ClusterBus::on_answer(const std::string& payload) {
  auto f = fields(payload);
  if (f.size() != 3) return;
  auto bytes = from_hex(f[2]);
  wire::ServerMessage reply;
  if (!bytes || !reply.ParseFromString(*bytes)) return;
  Waiting w;
  {
    std::lock_guard lock(mu_);
    auto it = waiting_.find(number(f[1]));
    if (it == waiting_.end()) return;  // answered already (timed out)
    w = std::move(it->second);
    waiting_.erase(it);
  }
  auto conn = w.conn.lock();
  if (!conn) return;
  if (w.match_id == 0) {  // the leader's answer: nothing to fill in here
    reply.set_request_id(w.request_id);
    return conn->send(reply);
  }
  matches_.with(w.match_id, [conn, w, reply](const std::shared_ptr<Match>& match) {
    wire::ServerMessage m = reply;
    m.set_request_id(w.request_id);
    if (!match) return conn->send(m);
    match->answer_forwarded(conn, w.request_id, std::move(m), w.msg);
  });
}

void ClusterBus::tick() {
  auto now = std::chrono::steady_clock::now();
  std::vector<Waiting> late;
  std::vector<std::pair<uint64_t, uint64_t>> retry;  // (forward id, match id)
  {
    std::lock_guard lock(mu_);
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      if (it->second.deadline <= now) {
        late.push_back(std::move(it->second));
        it = waiting_.erase(it);
        continue;
      }
      // No answer yet: the owner may be dead, and once its lease runs out this node takes over.
      if (it->second.next_try <= now && it->second.match_id != 0) {
        it->second.next_try = now + std::chrono::seconds(1);
        retry.emplace_back(it->first, it->second.match_id);
      }
      ++it;
    }
    for (auto it = serving_.begin(); it != serving_.end();) {
      it = it->second.second <= now ? serving_.erase(it) : std::next(it);
    }
  }
  for (const auto& [id, match_id] : retry) take_or_send(id, match_id, {});
  unanswered_ += late.size();
  for (const auto& w : late) {
    auto conn = w.conn.lock();
    if (!conn) continue;
    if (w.match_id == 0) {
      send_error(*conn, w.request_id, wire::INTERNAL, "The site's leader did not answer; try again");
    } else {
      send_error(*conn, w.request_id, wire::MATCH_MOVED,
                 moved(w.match_id, "the node running it did not answer"));
    }
  }
}

std::string ClusterBus::render_metrics() const {
  std::string out;
  auto metric = [&out](const char* name, const char* help, uint64_t value) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " counter\n" + name + " " +
           std::to_string(value) + "\n";
  };
  metric("frontier_forwarded_total", "Changes sent to the node running their match", forwarded_.load());
  metric("frontier_forwarded_served_total", "Changes run here for other nodes", served_.load());
  metric("frontier_forwarded_unanswered_total",
         "Forwarded changes answered MATCH_MOVED: no answer, no takeover", unanswered_.load());
  metric("frontier_matches_taken_over_total", "Matches taken over from a node that stopped renewing",
         taken_over_.load());
  return out;
}

}  // namespace frontier::server
