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
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

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
  uint16_t port = 8080;
  int matches = 1;
  int seconds = 10;
  int threads = 1;
  std::string game = "race";
  std::vector<std::pair<std::string, std::string>> options;  // --option id=value, for new matches
  int idle = 0;
  int server_pid = 0;
  uint64_t probe_match = 0;
  double rate = 0;  // total submits per second offered; 0 = as fast as acknowledged (closed loop)
};

struct Stats {
  std::mutex mu;
  std::vector<uint32_t> latency_us;
  std::atomic<uint64_t> acked{0};
  std::atomic<uint64_t> errors{0};
  std::atomic<uint64_t> matches_finished{0};
  std::atomic<int> connected{0};
  std::atomic<bool> measuring{false};
  std::atomic<bool> stopping{false};
  std::map<int, uint64_t> error_codes;
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

class Bot;

// Two bots sharing a match: seat 0 creates it, seat 1 joins once it knows the id.
struct Pair {
  std::shared_ptr<Bot> creator;
  std::shared_ptr<Bot> joiner;
};

class Bot : public std::enable_shared_from_this<Bot> {
 public:
  Bot(net::io_context& ioc, const Options& o, Stats& stats, int index, bool creator)
      : ws_(net::make_strand(ioc)),
        pace_(ws_.get_executor()),
        options_(o),
        stats_(stats),
        rng_(static_cast<unsigned>(index)),
        index_(index),
        creator_(creator) {}

  void set_partner(std::weak_ptr<Bot> p) { partner_ = std::move(p); }
  std::string name() const { return "lg" + std::to_string(::getpid()) + "x" + std::to_string(index_); }

  void start(const tcp::resolver::results_type& endpoints) {
    beast::get_lowest_layer(ws_).async_connect(
        endpoints, [self = shared_from_this()](beast::error_code ec, const tcp::endpoint&) {
          if (ec) return self->fail("connect", ec);
          beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
          self->ws_.async_handshake(self->options_.host, "/", [self](beast::error_code hec) {
            if (hec) return self->fail("handshake", hec);
            self->ws_.binary(true);
            self->stats_.connected++;
            self->read();
            frontier::wire::ClientMessage m;
            m.mutable_hello()->set_protocol_version(1);
            self->send(m);
          });
        });
  }

  // The partner created a match: join it once logged in (runs on this bot's strand).
  void join(uint64_t match_id, std::string invite_code) {
    net::post(ws_.get_executor(),
              [self = shared_from_this(), match_id, invite_code = std::move(invite_code)] {
                self->pending_join_ = match_id;
                self->pending_invite_ = invite_code;
                if (self->authed_) self->send_join();
              });
  }

  bool idle_only = false;

 private:
  void fail(const char* what, beast::error_code ec) {
    if (!stats_.stopping) std::fprintf(stderr, "bot %d: %s: %s\n", index_, what, ec.message().c_str());
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
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
    ws_.async_write(net::buffer(*out_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
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
        if (index_ == 0) std::printf("server: %s\n", m.hello().server().c_str());
        if (idle_only) return;
        return register_self();
      }
      case Reply::kAuth:
        authed_ = true;
        if (creator_) create();
        send_join();
        return;
      case Reply::kCreated:
        if (auto p = partner_.lock()) p->join(m.created().match_id(), m.created().invite_code());
        return;
      case Reply::kSubmitted: {
        in_flight_ = false;
        if (stats_.measuring) {
          stats_.acked++;
          auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent_at_).count();
          std::lock_guard lock(stats_.mu);
          stats_.latency_us.push_back(static_cast<uint32_t>(us));
        }
        if (m.submitted().has_update()) absorb(m.submitted().update());
        return act();
      }
      case Reply::kUpdate:
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
        return act();
      default:
        return;
    }
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
    pace_.async_wait([self = shared_from_this(), m = std::move(m)](beast::error_code ec) mutable {
      if (ec) return;
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

  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer retry_{ws_.get_executor()};
  net::steady_timer pace_;
  const Options& options_;
  Stats& stats_;
  std::mt19937 rng_;
  int index_;
  bool creator_;
  std::weak_ptr<Bot> partner_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<std::string>> out_;
  uint64_t next_request_ = 1;
  Known last_;
  uint64_t finished_match_ = 0;
  bool in_flight_ = false;
  bool authed_ = false;
  uint64_t pending_join_ = 0;
  std::string pending_invite_;  // the created match is PRIVATE: its invite code
  Clock::time_point sent_at_;
};

// utime + stime of a process, in seconds.
double cpu_seconds(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto close = text.rfind(')');
  if (close == std::string::npos) return 0;
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
  if (!c.connect(o.host, o.port) || !c.hello()) {
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

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string k = argv[i], v = argv[i + 1];
    if (k == "--host")
      o.host = v;
    else if (k == "--port")
      o.port = static_cast<uint16_t>(std::stoi(v));
    else if (k == "--matches")
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
    else if (k == "--server-pid")
      o.server_pid = std::stoi(v);
    else if (k == "--rate")
      o.rate = std::stod(v);
    else if (k == "--probe-match")
      o.probe_match = std::stoull(v);
    else {
      std::fprintf(stderr, "unknown flag %s\n", k.c_str());
      return 2;
    }
  }
  if (o.probe_match) return probe(o);

  net::io_context ioc;
  Stats stats;
  if (o.rate > 0)
    stats.slot_length =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / o.rate));
  tcp::resolver resolver(ioc);
  auto endpoints = resolver.resolve(o.host, std::to_string(o.port));
  std::vector<std::shared_ptr<Bot>> bots;
  auto guard = net::make_work_guard(ioc);
  std::vector<std::thread> threads;
  for (int i = 0; i < o.threads; ++i) threads.emplace_back([&] { ioc.run(); });

  if (o.idle > 0) {
    long before = o.server_pid ? rss_kib(o.server_pid) : -1;
    for (int i = 0; i < o.idle; ++i) {
      auto b = std::make_shared<Bot>(ioc, o, stats, i, false);
      b->idle_only = true;
      bots.push_back(b);
      b->start(endpoints);
      if (i % 500 == 499) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    for (int t = 0; t < 300 && stats.connected < o.idle; ++t)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::this_thread::sleep_for(std::chrono::seconds(2));
    long after = o.server_pid ? rss_kib(o.server_pid) : -1;
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

  for (int m = 0; m < o.matches; ++m) {
    auto a = std::make_shared<Bot>(ioc, o, stats, 2 * m, true);
    auto b = std::make_shared<Bot>(ioc, o, stats, 2 * m + 1, false);
    a->set_partner(b);
    bots.push_back(a);
    bots.push_back(b);
    a->start(endpoints);
    b->start(endpoints);
    if (m % 100 == 99) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // Warm up (registration, first matches), then measure.
  std::this_thread::sleep_for(std::chrono::seconds(std::min(5, 1 + o.matches / 200)));
  double server_cpu0 = o.server_pid ? cpu_seconds(o.server_pid) : 0;
  double self_cpu0 = cpu_seconds(::getpid());
  stats.measuring = true;
  auto start = Clock::now();
  std::this_thread::sleep_for(std::chrono::seconds(o.seconds));
  stats.measuring = false;
  double server_cpu = o.server_pid ? cpu_seconds(o.server_pid) - server_cpu0 : 0;
  double self_cpu = cpu_seconds(::getpid()) - self_cpu0;
  double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  stats.stopping = true;
  std::vector<uint32_t> lat;
  {
    std::lock_guard lock(stats.mu);
    lat = stats.latency_us;
  }
  std::sort(lat.begin(), lat.end());
  auto pct = [&](double p) {
    return lat.empty() ? 0.0 : lat[static_cast<size_t>(p * (lat.size() - 1))] / 1000.0;
  };
  std::printf("game %s, %d concurrent matches (%d clients connected), %.1f s measured", o.game.c_str(),
              o.matches, stats.connected.load(), elapsed);
  if (o.rate > 0) std::printf(", offered at most %.0f submits/s", o.rate);
  std::printf("\n");
  std::printf("acknowledged actions: %llu = %.0f actions/s; matches finished: %llu\n",
              static_cast<unsigned long long>(stats.acked.load()), stats.acked.load() / elapsed,
              static_cast<unsigned long long>(stats.matches_finished.load()));
  std::printf("submit->ack latency: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", pct(0.5), pct(0.99), pct(1.0));
  if (o.server_pid) {
    std::printf(
        "server CPU %.2f s = %.2f of a core; %.1f us of server CPU per acknowledged action; RSS %.1f MiB\n",
        server_cpu, server_cpu / elapsed,
        stats.acked ? 1e6 * server_cpu / static_cast<double>(stats.acked) : 0.0,
        rss_kib(o.server_pid) / 1024.0);
  }
  std::printf("load generator CPU %.2f of a core\n", self_cpu / elapsed);
  std::printf("errors: %llu", static_cast<unsigned long long>(stats.errors.load()));
  for (auto& [code, n] : stats.error_codes)
    std::printf(" [code %d: %llu]", code, static_cast<unsigned long long>(n));
  std::printf(
      "\n  (17 STALE_SEQ: not expected: the server accepts the second of two simultaneous bids.\n"
      "   20 MATCH_FULL: a solitaire game, where the second client of each pair has no seat.)\n");
  std::printf("durability: see \"server: ... sync=\" above (frontierd --sync)\n");
  guard.reset();
  ioc.stop();
  for (auto& t : threads) t.join();
  return 0;
}
