// Fuzz target: frames -> envelope decoding -> the request gate -> handlers -> matches -> rules,
// exactly the code a WebSocket frame reaches in frontierd (Service::on_frame), without sockets.
// Two logged-in connections sit in a running fixture match, so decoded submits reach the rules.
// Input: a sequence of [1 byte: connection (bit 0) | 2 bytes: length | bytes] frames.
// Every reply must decode as a ServerMessage; nothing may crash or hang.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>

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

class CheckingPeer final : public Peer {
 public:
  void send(Frame frame) override {
    wire::ServerMessage m;
    if (!m.ParseFromString(*frame)) std::abort();  // the server must only ever send valid envelopes
  }
  void close(uint16_t, std::string) override {}
};

struct World {
  Queue queue;
  Metrics metrics;
  std::unique_ptr<storage::Writer> writer;
  std::unique_ptr<MatchRegistry> matches;
  std::unique_ptr<Service> service;
  std::shared_ptr<CheckingPeer> peer = std::make_shared<CheckingPeer>();
  ConnectionState conns[2];

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
    service = std::make_unique<Service>(config, *matches, *writer, metrics,
                                        [this](std::function<void()> fn) { queue.post(std::move(fn)); });
    for (int i = 0; i < 2; ++i) {
      conns[i].conn = std::make_shared<Connection>(i + 1, "fuzz", peer, &metrics);
      service->configure(conns[i]);
      send(i, hello());
      send(i, register_msg("fuzzer" + std::to_string(i)));
    }
    wire::ClientMessage create;
    create.mutable_create_match()->set_game("race");
    send(0, create);
    wire::ClientMessage join;
    join.mutable_join_match()->set_match_id(1);
    send(1, join);
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
  // Runs posted work until the writer has nothing left and nothing more is posted.
  void settle() {
    for (int idle_rounds = 0; idle_rounds < 3;) {
      bool ran = false;
      while (queue.run_one()) ran = true;
      if (writer->queued() > 0 || ran) {
        writer->run_sync([](storage::Store&) {});  // waits for everything queued before it
        idle_rounds = 0;
      } else {
        ++idle_rounds;
      }
    }
  }
};

World& world() {
  static World* w = new World();  // never destroyed: the fuzzer exits without unwinding
  return *w;
}

}  // namespace
}  // namespace frontier::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto& w = frontier::fuzz::world();
  size_t i = 0;
  for (int frames = 0; i + 3 <= size && frames < 16; ++frames) {
    int conn = data[i] & 1;
    bool binary = (data[i] & 2) == 0;
    size_t len = static_cast<size_t>(data[i + 1]) | (static_cast<size_t>(data[i + 2]) << 8);
    i += 3;
    len = std::min(len, size - i);
    w.service->on_frame(w.conns[conn], std::string_view(reinterpret_cast<const char*>(data + i), len),
                        binary);
    w.settle();
    i += len;
  }
  return 0;
}
