// Fuzz target: frames -> envelope decoding -> the request gate -> handlers -> matches -> rules,
// exactly the code a WebSocket frame reaches in frontierd (Service::on_frame), without sockets.
// Two logged-in connections sit in a running fixture match (a new one whenever it ends), and
// requests naming a match are mostly pointed at it, so decoded submits reach the rules.
// Input: a sequence of [1 byte: connection (bit 0) | 2 bytes: length | bytes] frames.
// Every reply must decode as a ServerMessage; nothing may crash or hang.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/reflection.h>

#include <google/protobuf/stubs/logging.h>
#include <spdlog/spdlog.h>

#include "api/service.h"
#include "auth/auth.h"
#include "fixture_games.h"
#include "match/registry.h"

namespace frontier::fuzz {
namespace {

using namespace frontier::server;

// Every strand posts here; the fuzz thread runs it all, so match code never races.
struct Queue {
  std::mutex mu;
  std::deque<std::function<void()>> work;
  void post(std::function<void()> fn) {
    std::lock_guard lock(mu);
    work.push_back(std::move(fn));
  }
  bool run_one() {
    std::function<void()> fn;
    {
      std::lock_guard lock(mu);
      if (work.empty()) return false;
      fn = std::move(work.front());
      work.pop_front();
    }
    fn();
    return true;
  }
};

class QueueStrand final : public Strand {
 public:
  explicit QueueStrand(Queue& q) : q_(q) {}
  void post(std::function<void()> fn) override { q_.post(std::move(fn)); }

 private:
  Queue& q_;
};

// Checks every frame the server sends, and remembers what the harness needs: the last match
// created and which matches have ended.
class CheckingPeer final : public Peer {
 public:
  void send(Frame frame) override {
    wire::ServerMessage m;
    if (!m.ParseFromString(*frame)) std::abort();  // the server must only ever send valid envelopes
    std::lock_guard lock(mu);
    if (m.has_created()) last_created = m.created().match_id();
    const wire::MatchUpdate* u = m.has_update()                                    ? &m.update()
                                 : m.has_submitted() && m.submitted().has_update() ? &m.submitted().update()
                                 : m.has_error() && m.error().has_current()        ? &m.error().current()
                                                                                   : nullptr;
    if (u && u->status() == wire::FINISHED) finished.insert(u->match_id());
    if (u) seq[u->match_id()] = std::max(seq[u->match_id()], u->seq());
  }
  void close(uint16_t, std::string) override {}

  std::mutex mu;
  uint64_t last_created = 0;
  std::set<uint64_t> finished;
  std::map<uint64_t, uint32_t> seq;  // highest seq seen per match
};

struct World {
  Queue queue;
  Metrics metrics;
  std::unique_ptr<storage::Writer> writer;
  std::unique_ptr<MatchRegistry> matches;
  std::unique_ptr<Service> service;
  std::shared_ptr<CheckingPeer> peer = std::make_shared<CheckingPeer>();
  ConnectionState conns[2];
  uint64_t live = 0;
  mutable uint64_t submits = 0;
  Identity identities[2];

  World() {
    auth::init_crypto();
    google::protobuf::SetLogHandler(nullptr);
    spdlog::set_level(spdlog::level::warn);
    auto path =
        std::filesystem::temp_directory_path() / ("frontier-fuzz-" + std::to_string(::getpid()) + ".db");
    std::filesystem::remove(path);
    auto store = storage::open_sqlite(path.string(), storage::Durability::kOff);
    if (!store) std::abort();
    writer = std::make_unique<storage::Writer>(std::move(store.value()));
    MatchServices services;
    services.writer = writer.get();
    services.metrics = &metrics;
    services.now = [] { return int64_t{1}; };
    services.background = [this](std::function<void()> fn) { queue.post(std::move(fn)); };
    matches = std::make_unique<MatchRegistry>(testing::server_test_games(), services,
                                              [this] { return std::make_unique<QueueStrand>(queue); });
    ServiceConfig config;
    config.kdf = auth::KdfCost::minimal();
    config.rate_per_second = 1e9;
    config.rate_burst = 1e9;
    config.registrations_per_address = 0;
    // Per-account allowances would soon stop the two fuzzing accounts from starting matches or
    // chatting, and the inputs would stop reaching the rules.
    config.matches_per_hour = 0;
    config.max_running_matches_per_user = 0;
    config.chat_rate_per_second = 0;
    service = std::make_unique<Service>(
        config, *matches, *writer, metrics,
        [this](const std::string&, uint64_t, std::function<void()> fn, std::function<void()>) {
          queue.post(std::move(fn));
          return true;
        });
    for (int i = 0; i < 2; ++i) {
      conns[i].conn = std::make_shared<Connection>(i + 1, "fuzz", peer, &metrics);
      service->configure(conns[i]);
      send(i, hello());
      send(i, register_msg("fuzzer" + std::to_string(i)));
    }
    for (int i = 0; i < 2; ++i) identities[i] = conns[i].conn->identity();
    new_match();
  }

  // Every input starts from two logged-in connections (an input may log out or say Hello again).
  void restore_logins() {
    for (int i = 0; i < 2; ++i) {
      conns[i].conn->set_identity(identities[i]);
      conns[i].conn->hello_done = true;
    }
  }

  // A fresh running fixture match between the two connections; it becomes the live one.
  void new_match() {
    wire::ClientMessage create;
    create.mutable_create_match()->set_game("race");
    send(0, create);
    std::lock_guard lock(peer->mu);
    live = peer->last_created;
  }
  void join_live() {
    wire::ClientMessage join;
    join.mutable_join_match()->set_match_id(live);
    send(1, join);
  }
  bool live_finished() {
    std::lock_guard lock(peer->mu);
    return peer->finished.count(live) > 0;
  }

  // Points a request at the live match (3 times in 4), so decoded submits reach the rules
  // rather than stopping at UNKNOWN_MATCH; the rest keep whatever id the input chose.
  std::string aim_at_live(std::string_view bytes) const {
    wire::ClientMessage m;
    if (!m.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) return std::string(bytes);
    const auto* oneof = m.GetDescriptor()->FindOneofByName("body");
    const auto* field = m.GetReflection()->GetOneofFieldDescriptor(m, oneof);
    if (!field || field->type() != google::protobuf::FieldDescriptor::TYPE_MESSAGE) return std::string(bytes);
    auto* body = m.GetReflection()->MutableMessage(&m, field);
    const auto* id = body->GetDescriptor()->FindFieldByName("match_id");
    if (!id || id->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_UINT64) return std::string(bytes);
    if (body->GetReflection()->GetUInt64(*body, id) % 4 == 3) return std::string(bytes);
    body->GetReflection()->SetUInt64(body, id, live);
    // Submits: usually the current seq and a fresh client_action_id, so the rules decide.
    if (m.has_submit_action() && m.submit_action().expected_seq() % 4 != 3) {
      std::lock_guard lock(peer->mu);
      m.mutable_submit_action()->set_expected_seq(peer->seq[live]);
      m.mutable_submit_action()->set_client_action_id(std::to_string(++submits));
    }
    return m.SerializeAsString();
  }

  static wire::ClientMessage hello() {
    wire::ClientMessage m;
    m.mutable_hello()->set_protocol_version(1);
    return m;
  }
  static wire::ClientMessage register_msg(const std::string& name) {
    wire::ClientMessage m;
    m.mutable_register_()->set_name(name);
    m.mutable_register_()->set_password("fuzz password");
    return m;
  }
  void send(int conn, const wire::ClientMessage& m) {
    std::string bytes = m.SerializeAsString();
    frame(conn, bytes, true);
  }
  void frame(int conn, std::string_view bytes, bool binary) {
    service->on_frame(conns[conn], bytes, binary);
    settle();
  }
  // Runs posted work until a writer round trip finds nothing else to do: only its own marker
  // ran and nothing was posted meanwhile (a done callback may submit more work, like a token
  // after a registration, so "the queue looked empty once" is not enough).
  void settle() {
    for (;;) {
      while (queue.run_one()) {
      }
      uint64_t before = writer->stats().jobs;
      writer->run_sync([](storage::Store&) {});
      bool only_marker = writer->stats().jobs == before + 1;
      bool posted = false;
      {
        std::lock_guard lock(queue.mu);
        posted = !queue.work.empty();
      }
      if (only_marker && !posted) return;
    }
  }
};

World& world() {
  static World* w = new World();  // never destroyed: the fuzzer exits without unwinding
  return *w;
}

}  // namespace
}  // namespace frontier::fuzz

// For the driver's summary: actions the rules accepted and matches played so far.
extern "C" void frontier_fuzz_counts(uint64_t* actions, uint64_t* matches) {
  auto& w = frontier::fuzz::world();
  *actions = w.metrics.actions_total.load();
  *matches = w.metrics.matches_created.load();
  if (std::getenv("FRONTIER_FUZZ_DEBUG")) {
    for (int c = 0; c < frontier::server::Metrics::kErrorCodes; ++c) {
      if (auto n = w.metrics.errors[static_cast<size_t>(c)].load()) {
        std::fprintf(stderr, "  %s: %llu\n", frontier::server::error_code_name(c),
                     static_cast<unsigned long long>(n));
      }
    }
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto& w = frontier::fuzz::world();
  // Keep a running match to aim at: a finished one is replaced, and the second seat joins it.
  w.restore_logins();
  if (w.live_finished()) w.new_match();
  w.join_live();
  static int inputs = 0;
  if (std::getenv("FRONTIER_FUZZ_DEBUG") && ++inputs % 250 == 0) {
    std::fprintf(stderr, "input %d: live %llu users %llu %llu\n", inputs,
                 static_cast<unsigned long long>(w.live),
                 static_cast<unsigned long long>(w.conns[0].conn->user_id()),
                 static_cast<unsigned long long>(w.conns[1].conn->user_id()));
  }
  size_t i = 0;
  for (int frames = 0; i + 3 <= size && frames < 16; ++frames) {
    int conn = data[i] & 1;
    bool binary = (data[i] & 2) == 0;
    size_t len = static_cast<size_t>(data[i + 1]) | (static_cast<size_t>(data[i + 2]) << 8);
    i += 3;
    len = std::min(len, size - i);
    std::string frame = w.aim_at_live(std::string_view(reinterpret_cast<const char*>(data + i), len));
    w.service->on_frame(w.conns[conn], frame, binary);
    w.settle();
    i += len;
  }
  return 0;
}
