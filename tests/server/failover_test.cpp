// Failures of a three-node site (issue 45, "Failures"; docs/operations.md, "Running several
// nodes"): a real PostgreSQL, three real frontierd nodes and a real HAProxy in front, and test
// clients playing several matches at once through the proxy, each logging every acknowledgement
// it receives. A node is killed (SIGKILL) or paused past its lease (SIGSTOP, then SIGCONT), or
// PostgreSQL itself is stopped, while they play. The clients do what a real one does: on a
// dropped connection, MATCH_MOVED or UNAVAILABLE they connect again through the proxy with back-off,
// rejoin from the seq they saw and resubmit the same action with the same client_action_id.
// Afterwards every logged acknowledgement is in the events table at its seq, every match's seq
// chain is unbroken and no client_action_id was applied twice.
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "haproxy.h"
#include "harness.h"
#include "postgres_server.h"

namespace frontier::testing {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// Rows of one query on the site's database (every value as text); nullopt when it fails.
std::optional<std::vector<std::vector<std::string>>> query(const std::string& url, const std::string& sql) {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(url.c_str()), &PQfinish);
  if (PQstatus(conn.get()) != CONNECTION_OK) return std::nullopt;
  std::unique_ptr<PGresult, decltype(&PQclear)> res(PQexec(conn.get(), sql.c_str()), &PQclear);
  if (PQresultStatus(res.get()) != PGRES_TUPLES_OK) return std::nullopt;
  std::vector<std::vector<std::string>> rows;
  for (int r = 0; r < PQntuples(res.get()); ++r) {
    rows.emplace_back();
    for (int c = 0; c < PQnfields(res.get()); ++c) rows.back().emplace_back(PQgetvalue(res.get(), r, c));
  }
  return rows;
}

// The matches whose lease `node` holds now.
std::set<uint64_t> leased_by(const std::string& url, const std::string& node) {
  std::set<uint64_t> out;
  auto rows =
      query(url, "SELECT match_id FROM match_leases WHERE node = '" + node + "' AND expires_at > now()");
  if (rows)
    for (const auto& r : *rows) out.insert(std::stoull(r[0]));
  return out;
}

// The node named in match `id`'s lease row (live or not), or "".
std::string holder(const std::string& url, uint64_t id) {
  auto rows = query(url, "SELECT node FROM match_leases WHERE match_id = " + std::to_string(id));
  return rows && !rows->empty() ? (*rows)[0][0] : std::string();
}

// A new client connection for `p` resuming its session; short timeouts, since a paused node
// accepts connections (its kernel does) and answers nothing.
bool open_session(Player& p, uint16_t port) {
  p.c = std::make_unique<client::ProtocolClient>();
  if (!p.c->connect("127.0.0.1", port, "/", 2s)) return false;
  wire::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(1);
  hello.mutable_hello()->set_token(p.token);
  auto r = p.c->request(hello, 2s);
  return r && r->has_hello() && r->hello().user_id() == p.user_id;
}

struct Ack {
  uint64_t match_id;
  uint32_t seq;
  std::string cid;
  bool duplicate;
  Clock::time_point at;
};

// One table: two players (North and South) through the proxy, playing long races one after the
// other as fast as a quick pair of players would. Driven by its own thread.
class Table {
 public:
  Table(uint16_t proxy, int index, const std::atomic<bool>& stop)
      : proxy_(proxy), index_(index), stop_(stop) {}

  bool sign_up(std::string* why) {
    std::string stem = "fo" + std::to_string(index_);
    return register_player(north_, proxy_, stem + "n", why) &&
           register_player(south_, proxy_, stem + "s", why);
  }
  void run() {
    std::mt19937 rng(static_cast<unsigned>(index_) + 7);
    while (!stop_ && failure_.empty()) {
      if (current_ == 0 || north_.last.status() == wire::FINISHED) {
        if (!new_match()) reconnect_both();
        continue;
      }
      if (!pending_) {
        Player* mover = prompted(north_) ? &north_ : prompted(south_) ? &south_ : nullptr;
        if (!mover) {
          resync();
          continue;
        }
        const auto& choices = mover->last.prompts(0).choices();
        Pending p;
        p.south = mover == &south_;
        p.action = choices[static_cast<int>(rng() % static_cast<unsigned>(choices.size()))].action();
        p.cid = "t" + std::to_string(index_) + "-" + std::to_string(next_cid_++);
        p.expected = mover->last.seq();
        pending_ = p;
      }
      Player& p = pending_->south ? south_ : north_;
      Player& other = pending_->south ? north_ : south_;
      auto r = p.c->request(submit_msg(current_, pending_->expected, pending_->action, pending_->cid), 3s);
      if (r && r->has_submitted()) {
        uint32_t seq = r->submitted().seq();
        {
          std::lock_guard lock(mu_);
          acks_.push_back({current_, seq, pending_->cid, r->submitted().duplicate(), Clock::now()});
        }
        pending_.reset();
        absorb(p, r);
        if (r->submitted().duplicate() || !catch_up(other, seq) || !catch_up(p, seq)) resync();
        std::this_thread::sleep_for(50ms);  // a quick player, not a loop
        continue;
      }
      if (r && r->has_error()) {
        auto code = r->error().code();
        count(wire::ErrorCode_Name(code));
        if (code == wire::STALE_SEQ && r->error().has_current()) {
          p.last = r->error().current();  // a view that lagged: act on what stands
          pending_.reset();
          resync();
          continue;
        }
        if (code != wire::MATCH_MOVED && code != wire::UNAVAILABLE) {
          failure_ = "submit " + pending_->cid + ": " + r->error().message();
          return;
        }
      } else {
        count("no answer");
      }
      reconnect_both();
    }
  }

  std::vector<Ack> acks() const {
    std::lock_guard lock(mu_);
    return acks_;
  }
  const std::vector<uint64_t>& matches() const { return matches_; }
  uint64_t current() const { return current_.load(); }
  const std::string& failure() const { return failure_; }
  std::map<std::string, int> errors() const {
    std::lock_guard lock(mu_);
    return errors_;
  }
  int reconnects() const { return reconnects_; }

 private:
  struct Pending {
    bool south = false;
    frontier::Action action;
    std::string cid;
    uint32_t expected = 0;
  };

  static bool prompted(const Player& p) {
    return p.last.status() == wire::RUNNING && p.last.prompts_size() > 0 &&
           p.last.prompts(0).choices_size() > 0;
  }
  void count(const std::string& what) {
    std::lock_guard lock(mu_);
    errors_[what]++;
  }

  bool open(Player& p) { return open_session(p, proxy_); }

  // Rejoins the current match from the seq `p` saw; false when this node cannot serve it now.
  bool rejoin(Player& p) {
    auto r = p.c->request(join_msg(current_, {}, p.last.seq()), 3s);
    if (r && r->has_update()) {
      p.last = r->update();
      return true;
    }
    if (r && r->has_error()) count("rejoin " + wire::ErrorCode_Name(r->error().code()));
    return false;
  }

  // Waits for `p`'s view to reach `seq` (pushed updates); false on a MATCH_MOVED push, a closed
  // connection or silence.
  bool catch_up(Player& p, uint32_t seq) {
    while (p.last.seq() < seq) {
      auto m =
          p.c->wait_for([](const wire::ServerMessage& x) { return x.has_update() || x.has_error(); }, 2s);
      if (!m) return false;
      if (m->has_error()) {
        count("pushed " + wire::ErrorCode_Name(m->error().code()));
        return false;
      }
      if (m->update().match_id() == current_) p.last = m->update();
    }
    return true;
  }

  // Both players connect again and rejoin, with back-off (100 ms doubling to 800 ms), until the
  // site serves the match again; then both views are brought to the same seq.
  void reconnect_both() {
    ++reconnects_;
    auto give_up = Clock::now() + 30s;
    auto delay = 100ms;
    for (Player* p : {&north_, &south_}) {
      while (!(open(*p) && (current_ == 0 || rejoin(*p)))) {
        if (stop_ || Clock::now() > give_up) {
          if (!stop_) failure_ = "could not get back to match " + std::to_string(current_) + " within 30 s";
          return;
        }
        std::this_thread::sleep_for(delay);
        delay = std::min(delay * 2, std::chrono::milliseconds(800));
      }
    }
    level();
  }
  // Reads both views again on the open connections (a duplicate's reply carries none).
  void resync() {
    if (!rejoin(north_) || !rejoin(south_)) return reconnect_both();
    level();
  }
  // A follower copy may lag its owner by a commit: the player behind waits for the push.
  void level() {
    uint32_t top = std::max(north_.last.seq(), south_.last.seq());
    if (!catch_up(north_, top) || !catch_up(south_, top)) {
      if (!rejoin(north_) || !rejoin(south_)) return;
    }
  }

  bool new_match() {
    auto m = create_match_msg("race", "");
    auto* o = m.mutable_create_match()->add_options();
    o->set_id("course");
    o->set_value("200");  // ~100 actions: a match outlasts the test's events
    auto created = north_.c->request(m, 3s);
    if (!created || !created->has_created()) return false;
    uint64_t id = created->created().match_id();
    auto joined = south_.c->request(join_msg(id), 3s);
    if (!joined || !joined->has_update()) return false;
    matches_.push_back(id);
    current_ = id;
    south_.last = joined->update();
    north_.last = wire::MatchUpdate();
    pending_.reset();
    // North hears of the join by a push (forwarded across nodes when South is on another one).
    if (!catch_up(north_, 0) || north_.last.status() != wire::RUNNING) {
      auto r = north_.c->request(join_msg(id, {}, 0), 3s);
      if (!r || !r->has_update()) return false;
      north_.last = r->update();
    }
    return true;
  }

  uint16_t proxy_;
  int index_;
  const std::atomic<bool>& stop_;
  Player north_, south_;
  std::atomic<uint64_t> current_{0};
  std::vector<uint64_t> matches_;
  std::optional<Pending> pending_;
  int next_cid_ = 1;
  std::string failure_;
  int reconnects_ = 0;
  mutable std::mutex mu_;
  std::vector<Ack> acks_;
  std::map<std::string, int> errors_;
};

// PostgreSQL, three nodes with short leases (1 s, renewed every 300 ms) and HAProxy spreading
// connections round robin, so most matches have players on two nodes (forwarded changes).
class Site {
 public:
  explicit Site(const std::string& stem) {
    url_ = fresh_shared_database(stem);
    // As docs/operations.md advises: a node paused inside a transaction would otherwise keep its
    // lease rows locked (FOR SHARE) until it runs again, and no other node could take those matches.
    std::unique_ptr<PGconn, decltype(&PQfinish)> conn(PQconnectdb(url_.c_str()), &PQfinish);
    std::unique_ptr<PGresult, decltype(&PQclear)> res(
        PQexec(conn.get(),
               "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET idle_in_transaction_session_timeout = "
               "''1s''', "
               "current_database()); END $$"),
        &PQclear);
    set_up_ = PQresultStatus(res.get()) == PGRES_COMMAND_OK;
    for (int i = 0; i < 3; ++i) {
      nodes_.push_back(std::make_unique<ServerProcess>(std::vector<std::string>{
          "--node-id", node_id(i), "--lease-ms", "1000", "--lease-renew-ms", "300"}));
      nodes_.back()->set_db(url_);
    }
  }
  bool start(std::string* error) {
    if (!set_up_) {
      *error = "could not set idle_in_transaction_session_timeout";
      return false;
    }
    for (auto& n : nodes_)
      if (!n->start(error)) return false;
    std::vector<uint16_t> ports;
    for (auto& n : nodes_) ports.push_back(n->port());
    if (!proxy_.start(ports, "roundrobin", error)) return false;
    return proxy_.await_up(3);
  }
  static std::string node_id(int i) { return "node-" + std::to_string(i); }
  ServerProcess& node(int i) { return *nodes_[static_cast<size_t>(i)]; }
  HaProxy& proxy() { return proxy_; }
  const std::string& url() const { return url_; }

  // Several tables playing at once through the proxy, each on its own thread.
  bool seat_tables(int n, std::string* why) {
    for (int i = 0; i < n; ++i) {
      tables_.push_back(std::make_unique<Table>(proxy_.port(), i, stop_));
      if (!tables_.back()->sign_up(why)) return false;
    }
    for (auto& t : tables_) threads_.emplace_back([t = t.get()] { t->run(); });
    return true;
  }
  void stop_play() {
    stop_ = true;
    for (auto& t : threads_) t.join();
    threads_.clear();
  }
  ~Site() {
    if (!threads_.empty()) stop_play();
  }
  const std::vector<std::unique_ptr<Table>>& tables() const { return tables_; }
  // The node (index) holding the most leases of matches being played now.
  int busiest(std::set<uint64_t>* its_matches) {
    int best = 0;
    for (int i = 0; i < 3; ++i) {
      auto held = leased_by(url_, node_id(i));
      std::set<uint64_t> playing;
      for (auto& t : tables_)
        if (held.count(t->current())) playing.insert(t->current());
      if (playing.size() > its_matches->size()) {
        *its_matches = playing;
        best = i;
      }
    }
    return best;
  }
  int total_acks() const {
    int n = 0;
    for (auto& t : tables_) n += static_cast<int>(t->acks().size());
    return n;
  }
  // Each table's state, for a failure's message.
  std::string describe() const {
    std::string out;
    for (size_t i = 0; i < tables_.size(); ++i) {
      const auto& t = *tables_[i];
      auto acks = t.acks();
      out += "\ntable " + std::to_string(i) + ": match " + std::to_string(t.current()) + " (lease " +
             holder(url_, t.current()) + "), " + std::to_string(acks.size()) + " acks";
      if (!acks.empty()) {
        out += ", the last " +
               std::to_string(
                   std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - acks.back().at)
                       .count()) +
               " ms ago";
      }
      for (const auto& [k, v] : t.errors()) out += ", " + k + "=" + std::to_string(v);
      if (!t.failure().empty()) out += ", failed: " + t.failure();
    }
    return out;
  }
  // Waits until every table has had `more` acknowledgements since now (or gives up).
  bool await_progress(int more, std::chrono::seconds patience) {
    std::vector<size_t> base;
    for (auto& t : tables_) base.push_back(t->acks().size());
    auto until = Clock::now() + patience;
    while (Clock::now() < until) {
      bool all = true;
      for (size_t i = 0; i < tables_.size(); ++i)
        all = all && tables_[i]->acks().size() >= base[i] + static_cast<size_t>(more);
      if (all) return true;
      std::this_thread::sleep_for(50ms);
    }
    return false;
  }

 private:
  std::string url_;
  bool set_up_ = false;
  std::vector<std::unique_ptr<ServerProcess>> nodes_;
  HaProxy proxy_;
  std::atomic<bool> stop_{false};
  std::vector<std::unique_ptr<Table>> tables_;
  std::vector<std::thread> threads_;
};

// Every logged acknowledgement is stored at its seq, every match's events run 1..N without a gap,
// and no client_action_id is stored twice.
void expect_history_whole(const Site& site) {
  size_t acks = 0;
  for (const auto& t : site.tables()) {
    EXPECT_EQ(t->failure(), "") << "a client gave up";
    std::map<uint64_t, std::map<uint32_t, std::string>> logged;
    for (const auto& a : t->acks()) {
      auto [it, fresh] = logged[a.match_id].emplace(a.seq, a.cid);
      EXPECT_EQ(it->second, a.cid) << "two actions acknowledged at seq " << a.seq << " of match "
                                   << a.match_id;
      (void)fresh;
      ++acks;
    }
    for (uint64_t id : t->matches()) {
      auto rows = query(site.url(),
                        "SELECT seq, COALESCE(convert_from(client_action_id, 'UTF8'), '') FROM events "
                        "WHERE match_id = " +
                            std::to_string(id) + " ORDER BY seq");
      ASSERT_TRUE(rows.has_value());
      std::map<uint32_t, std::string> stored;
      std::set<std::string> cids;
      uint32_t expect = 1;
      for (const auto& r : *rows) {
        auto seq = static_cast<uint32_t>(std::stoul(r[0]));
        EXPECT_EQ(seq, expect) << "match " << id << ": the seq chain is broken";
        expect = seq + 1;
        stored[seq] = r[1];
        if (!r[1].empty()) {
          EXPECT_TRUE(cids.insert(r[1]).second) << "match " << id << ": " << r[1] << " applied twice";
        }
      }
      for (const auto& [seq, cid] : logged[id]) {
        auto it = stored.find(seq);
        EXPECT_TRUE(it != stored.end() && it->second == cid)
            << "match " << id << ": acknowledged " << cid << " at seq " << seq
            << " is lost (stored: " << (it == stored.end() ? std::string("nothing") : it->second) << ")";
      }
    }
  }
  EXPECT_GT(acks, 0u);
}

void print_errors(const Site& site) {
  std::map<std::string, int> all;
  int reconnects = 0;
  for (const auto& t : site.tables()) {
    for (const auto& [k, v] : t->errors()) all[k] += v;
    reconnects += t->reconnects();
  }
  std::string s;
  for (const auto& [k, v] : all) s += " " + k + "=" + std::to_string(v);
  std::printf("clients saw:%s; reconnects %d; acknowledgements %d\n", s.c_str(), reconnects,
              site.total_acks());
}

constexpr int kTables = 6;

// SIGKILL of the node running the most matches: each of its matches is played on at another
// node within 5 s (the lease is 1 s), the clients back through the proxy, nothing lost.
TEST(Failover, ANodeKilledUnderLoadLosesNothingAndItsMatchesGoOnElsewhere) {
  Site site("failover_kill");
  std::string error;
  ASSERT_TRUE(site.start(&error)) << error;
  ASSERT_TRUE(site.seat_tables(kTables, &error)) << error;
  ASSERT_TRUE(site.await_progress(5, 20s)) << "every table plays";

  std::set<uint64_t> victims;
  int dead = site.busiest(&victims);
  ASSERT_FALSE(victims.empty());
  auto killed = Clock::now();
  site.node(dead).kill_hard();
  ASSERT_TRUE(site.await_progress(5, 15s)) << "every table plays on after the kill" << site.describe();
  site.stop_play();

  // The time from the SIGKILL to the first acknowledgement of each of the dead node's matches.
  long worst = 0;
  for (const auto& t : site.tables()) {
    for (const auto& a : t->acks()) {
      // An acknowledgement already on its way from the dead node may land just after the kill;
      // no other node can take a lease sooner than --lease-ms minus --lease-renew-ms (700 ms).
      if (a.at <= killed + 300ms || !victims.count(a.match_id)) continue;
      long ms =
          static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(a.at - killed).count());
      std::printf("match %llu (ran on %s) served again %ld ms after the SIGKILL\n",
                  static_cast<unsigned long long>(a.match_id), Site::node_id(dead).c_str(), ms);
      worst = std::max(worst, ms);
      break;
    }
  }
  std::printf("failover: the dead node's %zu matches were all served again within %ld ms (lease 1000 ms)\n",
              victims.size(), worst);
  EXPECT_LE(worst, 5000) << "issue 45: served by the others within 5 s";
  print_errors(site);
  expect_history_whole(site);
  auto taken = query(site.url(), "SELECT count(*) FROM match_leases WHERE node = '" + Site::node_id(dead) +
                                     "' AND expires_at > now()");
  ASSERT_TRUE(taken.has_value());
  EXPECT_EQ((*taken)[0][0], "0") << "the dead node holds no live lease";
}

// A node paused (SIGSTOP) for three of its leases while the tables play: the others take its
// matches over; when it runs again (SIGCONT) it commits nothing to them. A client left connected
// straight to it with a submit in its socket is answered MATCH_MOVED, and that action is not
// stored; its watchers are told MATCH_MOVED and watch again through the proxy.
TEST(Failover, APausedNodeCommitsNothingToTheMatchesTakenOverAndItsClientsAreMoved) {
  Site site("failover_pause");
  std::string error;
  ASSERT_TRUE(site.start(&error)) << error;
  ASSERT_TRUE(site.seat_tables(kTables, &error)) << error;
  ASSERT_TRUE(site.await_progress(5, 20s));

  std::set<uint64_t> victims;
  int paused = site.busiest(&victims);
  ASSERT_FALSE(victims.empty());
  uint64_t watched = *victims.begin();
  ServerProcess& node = site.node(paused);
  // Straight to the paused node: a watcher of one of its matches, and a match of its own whose
  // North sends a bid that waits in the socket while the node is stopped.
  Player pinned_n, pinned_s;
  uint64_t pinned = start_two_player_match(pinned_n, pinned_s, node.port(), "race", "fopin", &error);
  ASSERT_NE(pinned, 0u) << error;
  ASSERT_EQ(pinned_n.last.prompts_size(), 1);  // the bids: both seats prompted at once
  ASSERT_EQ(pinned_s.last.prompts_size(), 1);
  Player watcher;
  ASSERT_TRUE(register_player(watcher, node.port(), "fowatch"));
  wire::ClientMessage watch;
  watch.mutable_watch_match()->set_match_id(watched);
  auto w = watcher.c->request(watch);
  ASSERT_TRUE(w && w->has_update()) << (w ? w->ShortDebugString() : w.status().message());
  watcher.last = w->update();
  std::map<std::string, double> before;
  for (const char* m : {"frontier_leases_lost_total", "frontier_lease_commits_refused_total"})
    before[m] = node.metric(m).value_or(-1);

  ASSERT_EQ(::kill(node.pid(), SIGSTOP), 0);
  auto stopped = Clock::now();
  ASSERT_TRUE(
      pinned_n.c->send(submit_msg(pinned, 0, pinned_n.last.prompts(0).choices(0).action(), "pinned-n")));
  // South bids through the proxy: forwarded to the paused owner, unanswered, until its lease ran
  // out and the node South reached takes the match over.
  Player south_again;
  south_again.token = pinned_s.token;
  south_again.user_id = pinned_s.user_id;
  core::Result<wire::ServerMessage> south_bid = core::Status::not_found("not sent");
  for (auto until = Clock::now() + 10s; Clock::now() < until;) {
    if (!open_session(south_again, site.proxy().port())) continue;
    south_bid = south_again.c->request(
        submit_msg(pinned, 0, pinned_s.last.prompts(0).choices(0).action(), "pinned-s-elsewhere"), 8s);
    if (south_bid && south_bid->has_submitted()) break;
    std::this_thread::sleep_for(200ms);
  }
  bool progressed = site.await_progress(4, 15s);
  std::this_thread::sleep_for(
      std::max(Clock::duration(0), Clock::duration(3s) - (Clock::now() - stopped)));  // ≥ 3 leases
  std::set<uint64_t> moved;  // taken over by another node while this one was stopped
  for (uint64_t id : victims)
    if (holder(site.url(), id) != Site::node_id(paused)) moved.insert(id);
  ::kill(node.pid(), SIGCONT);
  ASSERT_TRUE(south_bid && south_bid->has_submitted())
      << "South's bid is taken over elsewhere: "
      << (south_bid ? south_bid->ShortDebugString() : south_bid.status().message());
  EXPECT_EQ(south_bid->submitted().seq(), 1u);
  ASSERT_TRUE(progressed) << "the tables played on while the node was paused" << site.describe();
  EXPECT_EQ(moved, victims) << "every match of the paused node was taken over";
  auto max_seq = [&](uint64_t id) {
    auto r =
        query(site.url(), "SELECT COALESCE(max(seq), 0) FROM events WHERE match_id = " + std::to_string(id));
    return r ? std::stoul((*r)[0][0]) : 0ul;
  };

  // Woken, the node reads North's bid and refuses it (the match is another node's now).
  auto north_reply = pinned_n.c->wait_for(
      [](const wire::ServerMessage& m) { return m.has_error() && m.request_id() != 0; }, 5s);
  ASSERT_TRUE(north_reply) << north_reply.status().message();
  EXPECT_EQ(north_reply->error().code(), wire::MATCH_MOVED) << north_reply->error().message();
  // It finds its leases gone (renewal or fence) and tells its watcher.
  auto told = watcher.c->wait_for(
      [](const wire::ServerMessage& m) { return m.has_error() && m.error().code() == wire::MATCH_MOVED; },
      5s);
  ASSERT_TRUE(told) << "the paused node's watcher is told MATCH_MOVED";
  // It watches again through the proxy, from the seq it saw, and sees the match go on.
  Player again;
  again.c = std::make_unique<client::ProtocolClient>();
  ASSERT_TRUE(connect(*again.c, site.proxy().port(), watcher.token));
  auto r = again.c->request(watch);
  ASSERT_TRUE(r && r->has_update()) << (r ? r->ShortDebugString() : r.status().message());
  EXPECT_GE(r->update().seq(), watcher.last.seq());
  uint32_t seen = r->update().seq();
  if (r->update().status() == wire::RUNNING) {  // a match may have been played to its end meanwhile
    auto more = again.c->wait_for(
        [seen](const wire::ServerMessage& m) { return m.has_update() && m.update().seq() > seen; }, 5s);
    EXPECT_TRUE(more) << "the watcher sees the match go on at its new node";
  }

  ASSERT_TRUE(site.await_progress(3, 15s)) << "every table plays on after SIGCONT" << site.describe();
  site.stop_play();
  // The fence held: the woken node lost its leases (renewal) or had its commits refused, and
  // holds none of the matches taken over.
  double lost = node.metric("frontier_leases_lost_total").value_or(-1) - before["frontier_leases_lost_total"];
  double refused = node.metric("frontier_lease_commits_refused_total").value_or(-1) -
                   before["frontier_lease_commits_refused_total"];
  std::printf("the woken node: %.0f leases lost on renewal, %.0f commits refused by the fence\n", lost,
              refused);
  EXPECT_GE(lost + refused, 1.0);
  for (uint64_t id : victims)
    EXPECT_NE(holder(site.url(), id), Site::node_id(paused))
        << "match " << id << " came back to the woken node";
  for (uint64_t id : victims) EXPECT_GT(max_seq(id), 0ul);
  auto pinned_events = query(site.url(),
                             "SELECT string_agg(seq::text || ':' || convert_from(client_action_id, 'UTF8'), "
                             "',' ORDER BY seq) FROM events WHERE match_id = " +
                                 std::to_string(pinned));
  ASSERT_TRUE(pinned_events.has_value());
  EXPECT_EQ((*pinned_events)[0][0], "1:pinned-s-elsewhere") << "the woken node committed nothing to it";
  print_errors(site);
  expect_history_whole(site);
  EXPECT_EQ(http(node.port(), "GET", "/healthz").status, 200) << "the woken node serves on";
}

// PostgreSQL stopped (fast shutdown), later killed (a crash), while the tables play: no change is
// acknowledged without its commit (changes are answered UNAVAILABLE or MATCH_MOVED, never a false
// ack), no node dies, and when PostgreSQL is back every node recovers by itself: the tables play
// on, across nodes (the LISTEN connections are back), and exactly one node leads again.
TEST(Failover, NodesAnswerTypedErrorsWhilePostgresIsDownAndRecoverWhenItReturns) {
  Site site("failover_pgdown");
  std::string error;
  ASSERT_TRUE(site.start(&error)) << error;
  ASSERT_TRUE(site.seat_tables(kTables, &error)) << error;
  ASSERT_TRUE(site.await_progress(5, 20s));

  Player late;  // a player who comes back while the database is down
  ASSERT_TRUE(register_player(late, site.proxy().port(), "folate"));
  shared_postgres().stop();
  auto down = Clock::now();
  // Its session cannot be checked: UNAVAILABLE, not BAD_TOKEN (which would log it out).
  for (int i = 0; i < 3; ++i) {
    late.c = std::make_unique<client::ProtocolClient>();
    ASSERT_TRUE(late.c->connect("127.0.0.1", site.node(i).port(), "/", 2s));
    auto hello = late.c->hello(late.token);
    ASSERT_TRUE(hello && hello->has_error())
        << (hello ? hello->ShortDebugString() : hello.status().message());
    EXPECT_EQ(hello->error().code(), wire::UNAVAILABLE) << "node " << i << ": " << hello->error().message();
  }
  std::this_thread::sleep_for(2500ms -
                              (Clock::now() - down));  // past a lease: leases expire, none can be taken
  int acked_while_down = 0;
  for (const auto& t : site.tables())
    for (const auto& a : t->acks())
      if (a.at > down + 500ms) ++acked_while_down;  // an answer already on its way may land just after
  ASSERT_TRUE(shared_postgres().start(&error)) << error;
  auto up = Clock::now();
  EXPECT_EQ(acked_while_down, 0) << "nothing can be acknowledged without the database";
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(http(site.node(i).port(), "GET", "/healthz").status, 200) << "node " << i << " is alive";
  }
  ASSERT_TRUE(site.await_progress(5, 20s))
      << "every table plays on once PostgreSQL is back" << site.describe();
  std::printf("every table was acknowledged 5 more times %lld ms after PostgreSQL came back\n",
              static_cast<long long>(
                  std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - up).count()));

  // Then PostgreSQL crashes (SIGKILL of the postmaster, as `pg_ctl stop -m immediate` or a power cut
  // leaves it: commits in flight have an unknown outcome) and comes back after recovering from its
  // WAL. The same again: nothing acknowledged without its commit, every node recovers.
  shared_postgres().kill_hard();
  auto crashed = Clock::now();
  std::this_thread::sleep_for(1500ms);
  acked_while_down = 0;
  for (const auto& t : site.tables())
    for (const auto& a : t->acks())
      if (a.at > crashed + 500ms) ++acked_while_down;
  ASSERT_TRUE(shared_postgres().start(&error)) << error;
  EXPECT_EQ(acked_while_down, 0) << "nothing can be acknowledged without the database";
  ASSERT_TRUE(site.await_progress(5, 20s))
      << "every table plays on once PostgreSQL has recovered" << site.describe();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(http(site.node(i).port(), "GET", "/healthz").status, 200) << "node " << i << " is alive";
  }
  site.stop_play();
  print_errors(site);
  std::map<std::string, int> seen;
  for (const auto& t : site.tables())
    for (const auto& [k, v] : t->errors()) seen[k] += v;
  EXPECT_EQ(seen.count("INTERNAL") + seen.count("UNKNOWN_MATCH") + seen.count("rejoin UNKNOWN_MATCH"), 0u)
      << "a match is never said not to exist, nor an internal error given, because the database is down";
  expect_history_whole(site);
  // Exactly one leader again (the advisory lock's connection came back).
  auto until = Clock::now() + 5s;
  double leaders = 0;
  while (Clock::now() < until) {
    leaders = 0;
    for (int i = 0; i < 3; ++i) leaders += site.node(i).metric("frontier_leader").value_or(0);
    if (leaders == 1) break;
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(leaders, 1.0);
}

}  // namespace
}  // namespace frontier::testing
