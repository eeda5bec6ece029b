// frontier-loadgen: opens 2 WebSocket clients per match and plays M concurrent matches of a
// game with random legal actions (a new match starts when one ends), then reports the
// acknowledged actions/s and the p50/p99 submit->ack latency. Every client is an async state
// machine on one io_context, so thousands of them fit in a few threads.
//
//   frontier-loadgen --port 8080 --matches 1000 --seconds 20 [--game race] [--threads 1]
//                    [--option course=200]  (a game option for every match it creates)
//   frontier-loadgen --port 8080 --matches 100 --rate 15000       (offered load capped: latency at a rate)
//   frontier-loadgen --port 8080 --idle 10000 --server-pid PID   (idle connections, server RSS)
//   frontier-loadgen --port 8080 --probe-match ID                 (time to load one stored match)
//   frontier-loadgen --ports 8081,8082,8083 --matches 100          (several nodes: match m on node m % N)
//   frontier-loadgen --ports 8081,8082,8083 --cross-node --rate 1000
//                    (a match's two seats on different nodes: ack -> opponent's update delay)
//   frontier-loadgen --ports ... --cross-node --kill-pid PID --kill-node 0 --kill-after 4
//                    (SIGKILL a node mid-run: time until each of its matches is acknowledged again)
// --help lists every flag.
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <dirent.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "loadgen_reply.pb.h"
#include "protocol_client/client.h"
#include "wire.pb.h"

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
  std::string host = "127.0.0.1";
  std::vector<uint16_t> ports = {8080};  // --port, or --ports: one per node
  int matches = 1;
  int seconds = 10;
  int threads = 1;
  std::string game = "race";
  std::vector<std::pair<std::string, std::string>> options;  // --option id=value, for new matches
  int idle = 0;
  std::vector<int> server_pids;  // CPU per action of each (one per node, in --ports order)
  int pg_pid = 0;                // PostgreSQL's postmaster: its CPU with all its children's
  uint64_t probe_match = 0;
  double rate = 0;  // total submits per second offered; 0 = as fast as acknowledged (closed loop)
  // Several nodes: match m's creator connects to node m % N; its joiner to the same node, or with
  // --cross-node to the next one, so every update of a match crosses from its owner to a follower.
  bool cross_node = false;
  int kill_pid = 0;    // SIGKILLed --kill-after seconds into the measured phase
  int kill_node = -1;  // its index in --ports: its clients reconnect to the next node
  double kill_after = 0;
};

struct Stats {
  std::mutex mu;
  std::vector<uint32_t> latency_us;
  std::atomic<uint64_t> acked{0};
  std::atomic<uint64_t> errors{0};
  std::atomic<uint64_t> duplicates{0};
  std::atomic<uint64_t> matches_finished{0};
  std::atomic<int> connected{0};
  std::atomic<bool> measuring{false};
  std::atomic<bool> stopping{false};
  std::map<int, uint64_t> error_codes;
  // --cross-node: submit->ack of the seat on the match's own node and of the seat on another node
  // (its submit is forwarded to the owner), and the delay from one seat's ack to the other seat
  // seeing that seq, per direction ([0]: ack at the owner -> update at the follower node).
  std::vector<uint32_t> latency_by_seat_us[2];
  std::vector<int32_t> cross_delay_us[2];
  // --kill-pid: when the node was killed, and per match it ran (running then) the time from the
  // kill to that match's next acknowledgement through another node.
  std::atomic<bool> killed{false};
  Clock::time_point kill_time{};
  int matches_at_kill = 0;
  std::vector<double> failover_ms;
  std::atomic<uint64_t> reconnects{0};
  // --rate: the next free submit slot; each submit takes one, so the offered load never exceeds
  // the rate and latency is measured at a known load rather than at whatever the loop reaches.
  std::mutex pace_mu;
  Clock::time_point next_slot{};
  Clock::duration slot_length{};
  Clock::time_point take_slot() {
    std::lock_guard lock(pace_mu);
    auto now = Clock::now();
    if (next_slot < now) next_slot = now;
    auto slot = next_slot;
    next_slot += slot_length;
    return slot;
  }
};

// What the two bots of one match share (they run on different strands): who saw which seq when,
// for the cross-node delay, and whether the match was running on a node when it was killed.
struct PairState {
  std::mutex mu;
  int creator_node = 0;
  std::atomic<bool> running{false};
  std::atomic<uint64_t> match_id{0};  // the creator's current match
  std::atomic<uint32_t> seen_seq{0};  // and the last seq either seat saw of it
  bool lost_at_kill = false;          // running on the killed node when it was killed; not yet acked since
  // Per seat: its acknowledgements the other seat has not seen yet ((match, seq) -> ack time),
  // and the first time it saw each newer seq ((match, seq) -> time), to match them either way.
  std::map<std::pair<uint64_t, uint32_t>, Clock::time_point> acks[2];
  std::map<std::pair<uint64_t, uint32_t>, Clock::time_point> seen[2];

  // Seat `seat` was acknowledged at `t` for (match, seq): if the other seat already saw it, the
  // delay is negative (the update overtook the acknowledgement), else it waits for the sighting.
  void on_ack(int seat, uint64_t match, uint32_t seq, Clock::time_point t, Stats& stats) {
    std::lock_guard lock(mu);
    auto& other_seen = seen[1 - seat];
    auto it = other_seen.lower_bound({match, seq});
    if (it != other_seen.end() && it->first.first == match) {
      record(seat, it->second - t, stats);
    } else {
      acks[seat][{match, seq}] = t;
    }
    trim(acks[seat], match, seq);
  }
  // Seat `seat` saw (match, seq) at `t`: every pending acknowledgement of the other seat up to it.
  void on_seen(int seat, uint64_t match, uint32_t seq, Clock::time_point t, Stats& stats) {
    std::lock_guard lock(mu);
    auto& mine = seen[seat];
    if (mine.empty() || mine.rbegin()->first < std::make_pair(match, seq)) mine[{match, seq}] = t;
    trim(mine, match, seq);
    auto& pending = acks[1 - seat];
    for (auto it = pending.begin(); it != pending.end() && it->first <= std::make_pair(match, seq);) {
      if (it->first.first == match) record(1 - seat, t - it->second, stats);
      it = pending.erase(it);
    }
  }

 private:
  // The direction is named by the acknowledged seat: 0 = the creator, whose node owns the match.
  void record(int acked_seat, Clock::duration d, Stats& stats) {
    if (!stats.measuring) return;
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(d).count();
    std::lock_guard lock(stats.mu);
    stats.cross_delay_us[acked_seat].push_back(static_cast<int32_t>(us));
  }
  // Entries of older matches, or far behind, can never be matched any more.
  static void trim(std::map<std::pair<uint64_t, uint32_t>, Clock::time_point>& m, uint64_t match,
                   uint32_t seq) {
    while (!m.empty() && (m.begin()->first.first != match || m.begin()->first.second + 64 < seq))
      m.erase(m.begin());
  }
};

class Bot : public std::enable_shared_from_this<Bot> {
 public:
  using Endpoints = std::vector<tcp::resolver::results_type>;

  Bot(net::io_context& ioc, const Options& o, Stats& stats, const Endpoints& nodes, int node, int index,
      bool creator, std::shared_ptr<PairState> pair)
      : strand_(net::make_strand(ioc)),
        pace_(strand_),
        retry_(strand_),
        options_(o),
        stats_(stats),
        nodes_(nodes),
        node_(node),
        rng_(static_cast<unsigned>(index)),
        index_(index),
        creator_(creator),
        seat_(creator ? 0 : 1),
        pair_(std::move(pair)) {}

  void set_partner(std::weak_ptr<Bot> p) { partner_ = std::move(p); }
  std::string name() const { return "lg" + std::to_string(::getpid()) + "x" + std::to_string(index_); }
  int node() const { return node_; }

  void start() {
    net::post(strand_, [self = shared_from_this()] { self->connect(); });
  }

  // The partner created a match: join it once logged in (runs on this bot's strand).
  void join(uint64_t match_id, std::string invite_code) {
    net::post(strand_, [self = shared_from_this(), match_id, invite_code = std::move(invite_code)] {
      self->pending_join_ = match_id;
      self->pending_invite_ = invite_code;
      if (self->authed_) self->send_join();
    });
  }

  bool idle_only = false;

 private:
  // A new connection to node_ (the first, or after the node died). Handlers of an older one
  // carry its generation and are ignored once it is replaced.
  void connect() {
    ++generation_;
    ws_.emplace(strand_);
    out_.clear();
    buffer_.consume(buffer_.size());
    in_flight_ = false;
    authed_ = false;
    beast::get_lowest_layer(*ws_).async_connect(
        nodes_[static_cast<size_t>(node_)],
        [self = shared_from_this(), g = generation_](beast::error_code ec, const tcp::endpoint&) {
          if (g != self->generation_) return;
          if (ec) return self->fail("connect", ec);
          beast::get_lowest_layer(*self->ws_).socket().set_option(tcp::no_delay(true));
          self->ws_->async_handshake(self->options_.host, "/", [self, g](beast::error_code hec) {
            if (g != self->generation_) return;
            if (hec) return self->fail("handshake", hec);
            self->ws_->binary(true);
            if (!self->reconnecting_) self->stats_.connected++;
            self->read();
            frontier::wire::ClientMessage m;
            m.mutable_hello()->set_protocol_version(1);
            m.mutable_hello()->set_token(self->token_);  // empty the first time
            self->send(m);
          });
        });
  }

  // A lost connection: after the node was killed, its clients connect to the next node and
  // resume their session and match there, as a player's client does through a proxy.
  void fail(const char* what, beast::error_code ec) {
    if (stats_.stopping) return;
    int n = static_cast<int>(nodes_.size());
    if (stats_.killed && n > 1 && (node_ == options_.kill_node || reconnecting_)) {
      node_ = (node_ + 1) % n;
      if (node_ == options_.kill_node) node_ = (node_ + 1) % n;
      reconnecting_ = true;
      stats_.reconnects++;
      return connect();
    }
    std::fprintf(stderr, "bot %d: %s: %s\n", index_, what, ec.message().c_str());
  }

  void read() {
    ws_->async_read(buffer_, [self = shared_from_this(), g = generation_](beast::error_code ec, size_t) {
      if (g != self->generation_) return;
      if (ec) return self->fail("read", ec);
      frontier::loadgen::Reply m;
      auto data = self->buffer_.cdata();
      bool ok = m.ParseFromArray(data.data(), static_cast<int>(data.size()));
      self->buffer_.consume(self->buffer_.size());
      if (ok) self->on_message(m);
      self->read();
    });
  }

  void send(frontier::wire::ClientMessage& m) {
    m.set_request_id(next_request_++);
    out_.push_back(std::make_shared<std::string>(m.SerializeAsString()));
    if (out_.size() == 1) write();
  }

  void write() {
    ws_->async_write(net::buffer(*out_.front()),
                     [self = shared_from_this(), g = generation_](beast::error_code ec, size_t) {
                       if (g != self->generation_) return;
                       if (ec) return self->fail("write", ec);
                       self->out_.pop_front();
                       if (!self->out_.empty()) self->write();
                     });
  }

  void register_self() {
    frontier::wire::ClientMessage r;
    r.mutable_register_()->set_name(name());
    r.mutable_register_()->set_password("load generator");
    send(r);
  }

  void send_join() {
    if (pending_join_ == 0) return;
    frontier::wire::ClientMessage m;
    m.mutable_join_match()->set_match_id(pending_join_);
    m.mutable_join_match()->set_invite_code(pending_invite_);
    pending_join_ = 0;
    send(m);
  }

  // Back to the match after a reconnect or MATCH_MOVED: a seat holder's join answers the update.
  void rejoin() {
    frontier::wire::ClientMessage m;
    m.mutable_join_match()->set_match_id(last_.match_id);
    m.mutable_join_match()->set_since_seq(last_.seq);
    send(m);
  }

  void create() {
    frontier::wire::ClientMessage m;
    m.mutable_create_match()->set_game(options_.game);
    for (const auto& [id, value] : options_.options) {
      frontier::Option* option = m.mutable_create_match()->add_options();
      option->set_id(id);
      option->set_value(value);
    }
    m.mutable_create_match()->set_visibility(frontier::wire::PRIVATE);
    send(m);
  }

  void on_message(const frontier::loadgen::Reply& m) {
    using frontier::loadgen::Reply;
    switch (m.body_case()) {
      case Reply::kHello: {
        if (index_ == 0 && !reconnecting_) std::printf("server: %s\n", m.hello().server().c_str());
        if (idle_only) return;
        if (!token_.empty() && m.hello().user_id() != 0) return on_authed();  // resumed
        return register_self();
      }
      case Reply::kAuth:
        token_ = m.auth().token();
        return on_authed();
      case Reply::kCreated:
        if (auto p = partner_.lock()) p->join(m.created().match_id(), m.created().invite_code());
        return;
      case Reply::kSubmitted: {
        in_flight_ = false;
        auto now = Clock::now();
        if (m.submitted().duplicate()) {
          // A resubmission (after a reconnect): nothing was applied, so it is no acknowledged action.
          stats_.duplicates++;
          if (!m.submitted().has_update()) return;  // the push follows
          absorb(m.submitted().update());
          return act();
        }
        if (stats_.measuring) {
          stats_.acked++;
          auto us = static_cast<uint32_t>(
              std::chrono::duration_cast<std::chrono::microseconds>(now - sent_at_).count());
          std::lock_guard lock(stats_.mu);
          stats_.latency_us.push_back(us);
          if (options_.cross_node) stats_.latency_by_seat_us[seat_].push_back(us);
        }
        if (stats_.killed) note_failover(now);
        if (options_.cross_node)
          pair_->on_ack(seat_, m.submitted().match_id(), m.submitted().seq(), now, stats_);
        // Without its update (the other seat's change is still committing) the bot waits for
        // the push: acting on the old prompt would only resubmit the same action.
        if (!m.submitted().has_update()) return;
        absorb(m.submitted().update());
        return act();
      }
      case Reply::kUpdate:
        if (options_.cross_node)
          pair_->on_seen(seat_, m.update().match_id(), m.update().seq(), Clock::now(), stats_);
        absorb(m.update());
        return act();
      case Reply::kError:
        // Thousands of bots registering at once overflow the server's bounded hashing queue.
        if (!authed_ && m.error().code() == frontier::wire::RATE_LIMITED) {
          retry_.expires_after(std::chrono::milliseconds(20 + index_ % 50));
          retry_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->register_self();
          });
          return;
        }
        in_flight_ = false;
        stats_.errors++;
        {
          std::lock_guard lock(stats_.mu);
          stats_.error_codes[m.error().code()]++;
        }
        if (m.error().has_current()) absorb(m.error().current(), true);
        // Another node runs the match now (its owner died or was replaced): rejoin, as a client does.
        if (m.error().code() == frontier::wire::MATCH_MOVED && last_.match_id != 0) return rejoin();
        return act();
      default:
        return;
    }
  }

  void on_authed() {
    authed_ = true;
    if (reconnecting_ && last_.match_id != 0 && last_.status == frontier::wire::RUNNING) return rejoin();
    if (creator_ && (last_.match_id == 0 || last_.status == frontier::wire::FINISHED)) create();
    send_join();
  }

  // The first acknowledgement of a match that ran on the killed node, after the kill.
  void note_failover(Clock::time_point now) {
    // An acknowledgement sent before the kill may still arrive after it (the kernel delivers what
    // the dead node had written): only a submit sent after the kill shows a live path.
    {
      std::lock_guard stats_lock(stats_.mu);
      if (sent_at_ < stats_.kill_time) return;
    }
    std::lock_guard lock(pair_->mu);
    if (!pair_->lost_at_kill) return;
    pair_->lost_at_kill = false;
    std::lock_guard stats_lock(stats_.mu);
    stats_.failover_ms.push_back(std::chrono::duration<double, std::milli>(now - stats_.kill_time).count());
  }

  // Keeps the newest state of the match this bot plays: its seq, status and own choices. A
  // stale-seq error's `current` replaces it even when older (it is what the server judged by).
  void absorb(const frontier::loadgen::Update& u, bool current = false) {
    if (!current && u.seq() < last_.seq && u.match_id() == last_.match_id) return;
    last_.match_id = u.match_id();
    last_.seq = u.seq();
    last_.status = u.status();
    last_.choices.clear();
    if (u.prompts_size() > 0) {
      for (const auto& c : u.prompts(0).choices()) last_.choices.push_back(c.action());
    }
    if (creator_) {
      pair_->running = last_.status == frontier::wire::RUNNING;
      pair_->match_id = last_.match_id;
    }
    if (last_.match_id == pair_->match_id) pair_->seen_seq = std::max(pair_->seen_seq.load(), last_.seq);
    if (last_.status == frontier::wire::FINISHED && last_.match_id != finished_match_) {
      finished_match_ = last_.match_id;
      if (creator_) {
        stats_.matches_finished++;
        if (!stats_.stopping) create();
      }
    }
  }

  void act() {
    if (in_flight_ || stats_.stopping || last_.status != frontier::wire::RUNNING || last_.choices.empty())
      return;
    const auto& choice = last_.choices[rng_() % last_.choices.size()];
    frontier::wire::ClientMessage m;
    auto* s = m.mutable_submit_action();
    s->set_match_id(last_.match_id);
    s->set_expected_seq(last_.seq);
    s->set_client_action_id(std::to_string(last_.seq));
    *s->mutable_action() = choice;
    in_flight_ = true;
    if (options_.rate <= 0) {
      sent_at_ = Clock::now();
      send(m);
      return;
    }
    // Latency counts from the paced send, not from when the bot was ready.
    pace_.expires_at(stats_.take_slot());
    pace_.async_wait(
        [self = shared_from_this(), m = std::move(m), g = generation_](beast::error_code ec) mutable {
          if (ec || g != self->generation_) return;
          self->sent_at_ = Clock::now();
          self->send(m);
        });
  }

  // What this bot knows of its match.
  struct Known {
    uint64_t match_id = 0;
    uint32_t seq = 0;
    int status = 0;
    std::vector<frontier::Action> choices;  // its own prompt's legal actions
  };

  net::strand<net::io_context::executor_type> strand_;
  std::optional<websocket::stream<beast::tcp_stream>> ws_;
  net::steady_timer pace_;
  net::steady_timer retry_;
  const Options& options_;
  Stats& stats_;
  const Endpoints& nodes_;
  int node_;  // index in --ports of the node this bot is connected to
  std::mt19937 rng_;
  int index_;
  bool creator_;
  int seat_;  // 0 = the creator (on the match's own node), 1 = the joiner
  std::shared_ptr<PairState> pair_;
  std::weak_ptr<Bot> partner_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<std::string>> out_;
  uint64_t next_request_ = 1;
  uint64_t generation_ = 0;
  bool reconnecting_ = false;
  std::string token_;  // the session, resumed after a reconnect
  Known last_;
  uint64_t finished_match_ = 0;
  bool in_flight_ = false;
  bool authed_ = false;
  uint64_t pending_join_ = 0;
  std::string pending_invite_;  // the created match is PRIVATE: its invite code
  Clock::time_point sent_at_;
};

// utime + stime of a process, in seconds; -1 when it is gone (a killed node).
double cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  if (!in) return -1;
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto close = text.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream fields(text.substr(close + 2));
  std::string f;
  long utime = 0, stime = 0;
  for (int i = 3; fields >> f; ++i) {
    if (i == 14) utime = std::stol(f);
    if (i == 15) {
      stime = std::stol(f);
      break;
    }
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// The parent pid of a process (field 4 of /proc/PID/stat), or 0.
int parent_pid(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto close = text.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(text.substr(close + 2));
  std::string state;
  int ppid = 0;
  fields >> state >> ppid;
  return ppid;
}

// PostgreSQL is a process per connection under one postmaster: CPU of the postmaster and of
// every child alive now, per pid, so a window can be summed over the children alive at both ends
// (the nodes' connections live as long as the nodes).
std::map<int, double> tree_cpu(int root) {
  std::map<int, double> out;
  if (root <= 0) return out;
  out[root] = cpu_seconds(root);
  if (DIR* d = opendir("/proc")) {
    while (dirent* e = readdir(d)) {
      int pid = std::atoi(e->d_name);
      if (pid > 0 && parent_pid(pid) == root) out[pid] = cpu_seconds(pid);
    }
    closedir(d);
  }
  return out;
}

double tree_cpu_delta(const std::map<int, double>& before, const std::map<int, double>& after) {
  double sum = 0;
  for (const auto& [pid, t] : after) {
    auto it = before.find(pid);
    if (t >= 0) sum += t - (it != before.end() && it->second >= 0 ? it->second : 0);
  }
  return sum;
}

long rss_kib(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

int probe(const Options& o) {
  frontier::client::ProtocolClient c;
  auto t0 = Clock::now();
  if (!c.connect(o.host, o.ports.front()) || !c.hello()) {
    std::fprintf(stderr, "probe: cannot connect\n");
    return 1;
  }
  auto t1 = Clock::now();
  frontier::wire::ClientMessage w;
  w.mutable_watch_match()->set_match_id(o.probe_match);
  auto r = c.request(w);
  auto t2 = Clock::now();
  auto ms = [](auto d) { return std::chrono::duration<double, std::milli>(d).count(); };
  if (!r || !r->has_update()) {
    std::fprintf(stderr, "probe: watch failed\n");
    return 1;
  }
  std::printf("connect+hello %.2f ms; first watch of match %llu (load: snapshot + tail, seq %u) %.2f ms\n",
              ms(t1 - t0), static_cast<unsigned long long>(o.probe_match), r->update().seq(), ms(t2 - t1));
  auto t3 = Clock::now();
  (void)c.request(w);
  std::printf("second watch (already loaded) %.2f ms\n", ms(Clock::now() - t3));
  return 0;
}

constexpr const char* kHelp = R"(frontier-loadgen: plays random legal actions of a game against frontierd, two
WebSocket clients per match (a new match as soon as one ends), and reports acknowledged actions/s
and submit->ack latency over the measured phase (after a warm-up).

  --host H            server address (default 127.0.0.1)
  --port P            one node (default 8080)
  --ports P1,P2,...   several nodes on one database: match m's creator connects to node m % N (its
                      match is created, and owned, there); its joiner to the same node
  --cross-node        with --ports: the joiner connects to node (m + 1) % N instead, so every
                      update crosses from the owner to another node (LISTEN/NOTIFY), and the
                      joiner's submits are forwarded to the owner. Reports submit->ack per seat and
                      the delay from one seat's acknowledgement to the other seat's update, per
                      direction (owner -> follower node, and back)
  --matches M         concurrent matches (default 1)
  --seconds S         measured phase (default 10)
  --rate R            at most R submits/s offered in all (default: closed loop, as fast as acked)
  --threads T         load generator threads (default 1)
  --game G            game id (default race); --option id=value for every match created
  --server-pid P[,P]  CPU (from /proc) of each node over the measured phase, per acked action
  --pg-pid P          PostgreSQL's postmaster: CPU of it and its children, per acked action
  --kill-pid P        SIGKILL this node --kill-after seconds into the measured phase
  --kill-node I       its index in --ports: its clients reconnect to the next node, resume their
                      session (token) and rejoin their match from the seq they saw; reported:
                      for each match running on it at the kill, the time from the kill to the
                      match's next acknowledgement (through another node)
  --kill-after S      seconds (default 3)
  --idle N            N idle connections (hello only); with --server-pid the server's RSS
  --probe-match ID    time to load one stored match (first Watch) and a second Watch
The last line, "RESULT key=value ...", repeats the figures for scripts (bench/cluster/run.sh).
)";

std::vector<std::string> split_commas(const std::string& v) {
  std::vector<std::string> out;
  std::stringstream in(v);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

struct Percentiles {
  double p50 = 0, p99 = 0, max = 0;
  size_t n = 0;
};

template <typename T>
Percentiles percentiles(std::vector<T> v, double scale) {
  Percentiles p;
  p.n = v.size();
  if (v.empty()) return p;
  std::sort(v.begin(), v.end());
  auto at = [&](double q) {
    return static_cast<double>(v[static_cast<size_t>(q * static_cast<double>(v.size() - 1))]) * scale;
  };
  p.p50 = at(0.5);
  p.p99 = at(0.99);
  p.max = at(1.0);
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    if (k == "--help" || k == "-h") {
      std::fputs(kHelp, stdout);
      return 0;
    }
    if (k == "--cross-node") {
      o.cross_node = true;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "flag %s needs a value (--help)\n", k.c_str());
      return 2;
    }
    std::string v = argv[++i];
    if (k == "--host")
      o.host = v;
    else if (k == "--port")
      o.ports = {static_cast<uint16_t>(std::stoi(v))};
    else if (k == "--ports") {
      o.ports.clear();
      for (const auto& p : split_commas(v)) o.ports.push_back(static_cast<uint16_t>(std::stoi(p)));
    } else if (k == "--matches")
      o.matches = std::stoi(v);
    else if (k == "--seconds")
      o.seconds = std::stoi(v);
    else if (k == "--threads")
      o.threads = std::stoi(v);
    else if (k == "--game")
      o.game = v;
    else if (k == "--option" && v.find('=') != std::string::npos)
      o.options.emplace_back(v.substr(0, v.find('=')), v.substr(v.find('=') + 1));
    else if (k == "--idle")
      o.idle = std::stoi(v);
    else if (k == "--server-pid") {
      for (const auto& p : split_commas(v)) o.server_pids.push_back(std::stoi(p));
    } else if (k == "--pg-pid")
      o.pg_pid = std::stoi(v);
    else if (k == "--rate")
      o.rate = std::stod(v);
    else if (k == "--probe-match")
      o.probe_match = std::stoull(v);
    else if (k == "--kill-pid")
      o.kill_pid = std::stoi(v);
    else if (k == "--kill-node")
      o.kill_node = std::stoi(v);
    else if (k == "--kill-after")
      o.kill_after = std::stod(v);
    else {
      std::fprintf(stderr, "unknown flag %s (--help)\n", k.c_str());
      return 2;
    }
  }
  if (o.ports.empty()) {
    std::fprintf(stderr, "--ports needs at least one port\n");
    return 2;
  }
  if (o.cross_node && o.ports.size() < 2) {
    std::fprintf(stderr, "--cross-node needs --ports with two nodes or more\n");
    return 2;
  }
  if (o.kill_pid &&
      (o.kill_node < 0 || o.kill_node >= static_cast<int>(o.ports.size()) || o.ports.size() < 2)) {
    std::fprintf(stderr, "--kill-pid needs --kill-node, an index in --ports of two nodes or more\n");
    return 2;
  }
  if (o.kill_pid && o.kill_after <= 0) o.kill_after = 3;
  if (o.probe_match) return probe(o);

  net::io_context ioc;
  Stats stats;
  if (o.rate > 0)
    stats.slot_length =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / o.rate));
  tcp::resolver resolver(ioc);
  Bot::Endpoints nodes;
  for (uint16_t port : o.ports) nodes.push_back(resolver.resolve(o.host, std::to_string(port)));
  std::vector<std::shared_ptr<Bot>> bots;
  std::vector<std::shared_ptr<PairState>> pairs;
  auto guard = net::make_work_guard(ioc);
  std::vector<std::thread> threads;
  for (int i = 0; i < o.threads; ++i) threads.emplace_back([&] { ioc.run(); });
  int first_pid = o.server_pids.empty() ? 0 : o.server_pids.front();

  if (o.idle > 0) {
    long before = first_pid ? rss_kib(first_pid) : -1;
    for (int i = 0; i < o.idle; ++i) {
      auto b = std::make_shared<Bot>(ioc, o, stats, nodes, i % static_cast<int>(nodes.size()), i, false,
                                     std::make_shared<PairState>());
      b->idle_only = true;
      bots.push_back(b);
      b->start();
      if (i % 500 == 499) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (int t = 0; t < 300 && stats.connected < o.idle; ++t)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::this_thread::sleep_for(std::chrono::seconds(2));
    long after = first_pid ? rss_kib(first_pid) : -1;
    std::printf(
        "idle connections open: %d of %d; server RSS %.1f MiB before, %.1f MiB after (%.1f KiB each)\n",
        stats.connected.load(), o.idle, before / 1024.0, after / 1024.0,
        o.idle ? static_cast<double>(after - before) / o.idle : 0.0);
    stats.stopping = true;
    guard.reset();
    ioc.stop();
    for (auto& t : threads) t.join();
    return 0;
  }

  int n_nodes = static_cast<int>(nodes.size());
  for (int m = 0; m < o.matches; ++m) {
    auto pair = std::make_shared<PairState>();
    pair->creator_node = m % n_nodes;
    int joiner_node = o.cross_node ? (m + 1) % n_nodes : m % n_nodes;
    auto a = std::make_shared<Bot>(ioc, o, stats, nodes, pair->creator_node, 2 * m, true, pair);
    auto b = std::make_shared<Bot>(ioc, o, stats, nodes, joiner_node, 2 * m + 1, false, pair);
    a->set_partner(b);
    bots.push_back(a);
    bots.push_back(b);
    pairs.push_back(pair);
    a->start();
    b->start();
    if (m % 100 == 99) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // Warm up (registration, first matches), then measure.
  std::this_thread::sleep_for(std::chrono::seconds(std::min(5, 1 + o.matches / 200)));
  std::vector<double> server_cpu0;
  for (int pid : o.server_pids) server_cpu0.push_back(cpu_seconds(pid));
  auto pg_cpu0 = tree_cpu(o.pg_pid);
  double self_cpu0 = cpu_seconds(::getpid());
  stats.measuring = true;
  auto start = Clock::now();
  auto end = start + std::chrono::seconds(o.seconds);
  // The server CPU of a node killed mid-run counts up to its kill.
  std::vector<double> server_cpu_at_kill(o.server_pids.size(), -1);
  if (o.kill_pid) {
    std::this_thread::sleep_until(
        start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.kill_after)));
    for (size_t i = 0; i < o.server_pids.size(); ++i)
      if (o.server_pids[i] == o.kill_pid) server_cpu_at_kill[i] = cpu_seconds(o.kill_pid);
    for (auto& p : pairs) {
      std::lock_guard lock(p->mu);
      p->lost_at_kill = p->creator_node == o.kill_node && p->running;
      if (p->lost_at_kill) stats.matches_at_kill++;
    }
    {
      std::lock_guard lock(stats.mu);
      stats.kill_time = Clock::now();
    }
    stats.killed = true;
    ::kill(o.kill_pid, SIGKILL);
    std::printf("SIGKILL to node %d (pid %d) after %.1f s; %d of its matches were running\n", o.kill_node,
                o.kill_pid, o.kill_after, stats.matches_at_kill);
  }
  std::this_thread::sleep_until(end);
  stats.measuring = false;
  double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  std::vector<double> server_cpu;
  for (size_t i = 0; i < o.server_pids.size(); ++i) {
    double now = server_cpu_at_kill[i] >= 0 ? server_cpu_at_kill[i] : cpu_seconds(o.server_pids[i]);
    server_cpu.push_back(now >= 0 && server_cpu0[i] >= 0 ? now - server_cpu0[i] : 0);
  }
  double pg_cpu = tree_cpu_delta(pg_cpu0, tree_cpu(o.pg_pid));
  double self_cpu = cpu_seconds(::getpid()) - self_cpu0;
  stats.stopping = true;
  std::vector<uint32_t> lat, by_seat[2];
  std::vector<int32_t> cross[2];
  std::vector<double> failover;
  {
    std::lock_guard lock(stats.mu);
    lat = stats.latency_us;
    for (int s = 0; s < 2; ++s) {
      by_seat[s] = stats.latency_by_seat_us[s];
      cross[s] = stats.cross_delay_us[s];
    }
    failover = stats.failover_ms;
  }
  auto all = percentiles(lat, 1e-3);
  double acked = static_cast<double>(stats.acked.load());
  std::printf("game %s, %d concurrent matches (%d clients connected) over %zu node(s)%s, %.1f s measured",
              o.game.c_str(), o.matches, stats.connected.load(), o.ports.size(),
              o.cross_node ? ", a match's seats on different nodes" : "", elapsed);
  if (o.rate > 0) std::printf(", offered at most %.0f submits/s", o.rate);
  std::printf("\n");
  std::printf("acknowledged actions: %llu = %.0f actions/s; matches finished: %llu\n",
              static_cast<unsigned long long>(stats.acked.load()), acked / elapsed,
              static_cast<unsigned long long>(stats.matches_finished.load()));
  std::printf("submit->ack latency: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", all.p50, all.p99, all.max);
  std::string result = "RESULT acks_per_s=" + std::to_string(static_cast<long>(acked / elapsed)) +
                       " p50_ms=" + std::to_string(all.p50) + " p99_ms=" + std::to_string(all.p99);
  double total_server_cpu = 0;
  for (size_t i = 0; i < o.server_pids.size(); ++i) {
    total_server_cpu += server_cpu[i];
    double per_action = acked > 0 ? 1e6 * server_cpu[i] / acked : 0.0;
    std::printf(
        "node %zu (pid %d) CPU %.2f s = %.2f of a core; %.1f us per acknowledged action (of all nodes)%s\n",
        i, o.server_pids[i], server_cpu[i], server_cpu[i] / elapsed, per_action,
        server_cpu_at_kill[i] >= 0 ? " (until its kill)" : "");
    result += " node" + std::to_string(i) + "_us=" + std::to_string(per_action);
  }
  if (!o.server_pids.empty()) {
    double per_action = acked > 0 ? 1e6 * total_server_cpu / acked : 0.0;
    std::printf("all nodes: %.1f us of CPU per acknowledged action; RSS of node 0 %.1f MiB\n", per_action,
                rss_kib(o.server_pids.front()) / 1024.0);
    result += " nodes_us=" + std::to_string(per_action);
  }
  if (o.pg_pid) {
    double per_action = acked > 0 ? 1e6 * pg_cpu / acked : 0.0;
    std::printf(
        "PostgreSQL (postmaster %d and its children) CPU %.2f s = %.2f of a core; %.1f us per action\n",
        o.pg_pid, pg_cpu, pg_cpu / elapsed, per_action);
    result += " pg_us=" + std::to_string(per_action);
  }
  if (o.cross_node) {
    auto owner = percentiles(by_seat[0], 1e-3), forwarded = percentiles(by_seat[1], 1e-3);
    std::printf("submit->ack, seat on the match's node: p50 %.2f ms, p99 %.2f ms (%zu acks)\n", owner.p50,
                owner.p99, owner.n);
    std::printf("submit->ack, seat on another node (forwarded): p50 %.2f ms, p99 %.2f ms (%zu acks)\n",
                forwarded.p50, forwarded.p99, forwarded.n);
    auto to_follower = percentiles(cross[0], 1e-3), to_owner = percentiles(cross[1], 1e-3);
    std::printf(
        "ack at the owner's node -> opponent's update on another node: p50 %.2f ms, p99 %.2f ms, max %.2f ms "
        "(%zu)\n",
        to_follower.p50, to_follower.p99, to_follower.max, to_follower.n);
    std::printf(
        "ack of a forwarded submit -> opponent's update at the owner: p50 %.2f ms, p99 %.2f ms, max %.2f ms "
        "(%zu)\n",
        to_owner.p50, to_owner.p99, to_owner.max, to_owner.n);
    result +=
        " owner_p99_ms=" + std::to_string(owner.p99) + " fwd_p50_ms=" + std::to_string(forwarded.p50) +
        " fwd_p99_ms=" + std::to_string(forwarded.p99) + " cross_p50_ms=" + std::to_string(to_follower.p50) +
        " cross_p99_ms=" + std::to_string(to_follower.p99) + " cross_n=" + std::to_string(to_follower.n);
  }
  if (o.kill_pid) {
    auto f = percentiles(failover, 1.0);
    std::printf(
        "failover: %zu of the killed node's %d running matches acknowledged again through another node; "
        "kill -> next ack p50 %.0f ms, p99 %.0f ms, max %.0f ms; %llu reconnects\n",
        f.n, stats.matches_at_kill, f.p50, f.p99, f.max,
        static_cast<unsigned long long>(stats.reconnects.load()));
    for (auto& p : pairs) {
      std::lock_guard lock(p->mu);
      if (p->lost_at_kill)
        std::printf("  not acknowledged again: match %llu (seq %u seen)\n",
                    static_cast<unsigned long long>(p->match_id.load()), p->seen_seq.load());
    }
    result += " failover_n=" + std::to_string(f.n) + " failover_of=" + std::to_string(stats.matches_at_kill) +
              " failover_p50_ms=" + std::to_string(f.p50) + " failover_max_ms=" + std::to_string(f.max);
  }
  std::printf("load generator CPU %.2f of a core\n", self_cpu / elapsed);
  std::printf("duplicates (resubmissions answered, not counted as actions): %llu\n",
              static_cast<unsigned long long>(stats.duplicates.load()));
  std::printf("errors: %llu", static_cast<unsigned long long>(stats.errors.load()));
  for (auto& [code, n] : stats.error_codes)
    std::printf(" [code %d: %llu]", code, static_cast<unsigned long long>(n));
  std::printf(
      "\n  (17 STALE_SEQ: not expected: the server accepts the second of two simultaneous bids.\n"
      "   20 MATCH_FULL: a solitaire game, where the second client of each pair has no seat.\n"
      "   34 MATCH_MOVED: after a node was killed, a forwarded submit its owner never answered.)\n");
  std::printf("durability: see \"server: ... sync=\" above (frontierd --sync)\n");
  result += " errors=" + std::to_string(stats.errors.load());
  std::printf("%s\n", result.c_str());
  std::fflush(stdout);
  guard.reset();
  ioc.stop();
  for (auto& t : threads) t.join();
  return 0;
}
