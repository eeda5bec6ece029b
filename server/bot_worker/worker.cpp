#include "bot_worker/worker.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <thread>

#include "ai/from_view.h"
#include "ai/level.h"
#include "core/engine.h"
#include "protocol_client/client.h"

namespace frontier::bot_worker {

namespace {

using namespace std::chrono_literals;

// Public facts only: the same position asked twice gets the same answer, on any worker.
uint64_t decision_seed(uint64_t user, uint64_t match, uint32_t seq, core::Seat seat) {
  uint64_t h = 1469598103934665603ULL;
  for (uint64_t v : {user, match, static_cast<uint64_t>(seq), static_cast<uint64_t>(seat)}) {
    h ^= v;
    h *= 1099511628211ULL;
  }
  return h;
}

std::string read_token(const std::string& path) {
  std::ifstream in(path);
  std::string token;
  std::getline(in, token);
  return token;
}

std::atomic<bool> g_stop{false};

}  // namespace

core::Status parse_server_url(const std::string& url, WorkerConfig& config) {
  const std::string scheme = "ws://";
  if (url.rfind(scheme, 0) != 0)
    return core::Status::invalid_argument("--server must be ws://host:port[/path]");
  std::string rest = url.substr(scheme.size());
  size_t slash = rest.find('/');
  config.path = slash == std::string::npos ? "/" : rest.substr(slash);
  rest = rest.substr(0, slash);
  size_t colon = rest.rfind(':');
  if (colon == std::string::npos || colon == 0)
    return core::Status::invalid_argument("--server needs host:port");
  config.host = rest.substr(0, colon);
  try {
    int port = std::stoi(rest.substr(colon + 1));
    if (port <= 0 || port > 65535) throw std::out_of_range("port");
    config.port = static_cast<uint16_t>(port);
  } catch (const std::exception&) {
    return core::Status::invalid_argument("--server: bad port in " + url);
  }
  return core::Status::ok();
}

core::Result<frontier::Action> decide(const core::Registry& games, const wire::BotDecision& decision,
                                      SeatTurns* turns) {
  const wire::MatchUpdate& u = decision.update();
  const core::Game* game = games.find(u.game());
  if (!game) return core::Status::not_found("no game '" + u.game() + "' in this worker");
  auto level = ai::parse_level(decision.level());
  if (!level) return core::Status::invalid_argument("no level '" + decision.level() + "'");
  frontier::MatchSetup setup;
  setup.set_game(u.game());
  setup.set_scenario(u.scenario());
  for (const auto& o : decision.options()) *setup.add_options() = o;
  core::Seat seat = u.your_seat();
  uint64_t user = 0;
  for (const auto& s : u.seats())
    if (s.seat() == seat) user = s.user_id();
  uint64_t seed = decision_seed(user, u.match_id(), u.seq(), seat);
  ai::SearchLimits limits = ai::limits_for(*level);
  std::unique_ptr<core::GameState> root;
  if (turns) {
    auto rebuilt = ai::root_from_view(*game, setup, u.view(), seat, seed);
    if (!rebuilt) return rebuilt.status();
    root = std::move(rebuilt.value());
    limits = turns->next(*game, *root, u.match_id(), seat, u.seq(), *level);
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(decision.think_ms());
  if (decision.think_ms() > 0)
    limits.stop = [deadline] { return g_stop || std::chrono::steady_clock::now() >= deadline; };
  spdlog::debug("match {}: seat {} deciding at seq {}", u.match_id(), seat, u.seq());
  auto started = std::chrono::steady_clock::now();
  auto result = ai::search_from_view(*game, setup, u.view(), seat, seed, limits);
  if (!result) return result.status();
  if (turns) turns->decided(*game, *root, result.value().action, result.value().iterations);
  spdlog::debug(
      "match {}: seat {} decided at seq {} in {} ms ({} iterations)", u.match_id(), seat, u.seq(),
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started)
          .count(),
      result.value().iterations);
  return core::to_proto(result.value().action);
}

namespace {

// The move for `decision`; a decision this worker cannot read still gets an answer (the prompt's
// first choice), so the seat is not left waiting for another worker that would fail alike.
wire::ClientMessage answer(const core::Registry& games, const wire::BotDecision& decision, SeatTurns& turns) {
  const wire::MatchUpdate& u = decision.update();
  wire::ClientMessage m;
  wire::SubmitAction* move = m.mutable_bot_move();
  move->set_match_id(u.match_id());
  move->set_expected_seq(u.seq());
  move->set_seat(u.your_seat());
  move->set_client_action_id("bot-" + std::to_string(u.seq()) + "-" + std::to_string(u.your_seat()));
  auto action = decide(games, decision, &turns);
  if (action) {
    *move->mutable_action() = action.value();
  } else {
    spdlog::error("match {}: cannot decide: {}", u.match_id(), action.status().message());
    for (const auto& p : u.prompts())
      if (p.choices_size() > 0) {
        *move->mutable_action() = p.choices(0).action();
        break;
      }
  }
  return m;
}

// One connection's life: false when it could not be made or was refused.
bool serve(const WorkerConfig& config, const core::Registry& games, const std::atomic<bool>& stop,
           const std::function<void(const wire::ServerMessage&)>& on_frame) {
  client::ProtocolClient c;
  if (auto st = c.connect(config.host, config.port, config.path, 5s); !st) return false;
  auto hello = c.hello();
  if (!hello || hello->has_error()) return false;
  wire::ClientMessage intro;
  intro.mutable_worker_hello()->set_token(read_token(config.token_file));
  auto ok = c.request(intro);
  if (!ok || !ok->ok()) {
    spdlog::error("frontier-bot: the server refused the worker token from {}: {}", config.token_file,
                  ok ? ok->error().message() : ok.status().message());
    return false;
  }
  spdlog::info("frontier-bot: serving {}:{}", config.host, config.port);
  SeatTurns turns;
  while (!stop && c.is_open()) {
    auto m = c.next(500ms);
    if (!m) continue;
    if (on_frame) on_frame(m.value());
    if (m->has_decision()) {
      auto sent = c.send(answer(games, m->decision(), turns));
      if (!sent) break;
    } else if (m->has_error()) {
      // A move refused (the match moved on, another worker took it): nothing to do.
      spdlog::debug("frontier-bot: {}", m->error().message());
    }
  }
  return true;
}

}  // namespace

void run(const WorkerConfig& config, const core::Registry& games, const std::atomic<bool>& stop,
         const std::function<void(const wire::ServerMessage&)>& on_frame) {
  while (!stop) {
    // Connected again at once after a lost connection; a refused or failed one waits a little.
    if (!serve(config, games, stop, on_frame))
      for (int i = 0; i < 5 && !stop; ++i) std::this_thread::sleep_for(100ms);
  }
}

int worker_main(int argc, char** argv, const core::Registry& games) {
  WorkerConfig config;
  std::string server;
  std::string log_level = "info";
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if ((a == "--server" || a == "--token-file" || a == "--log-level") && i + 1 < argc) {
      (a == "--server" ? server : a == "--token-file" ? config.token_file : log_level) = argv[++i];
    } else if (a == "--help" || a == "-h") {
      std::puts(
          "frontier-bot --server ws://HOST:PORT --token-file FILE [--log-level debug|info|warn]\n"
          "  Thinks for frontierd's computer opponents (docs/operations.md, \"Computer opponents' "
          "workers\").");
      return 0;
    } else {
      std::fprintf(stderr, "frontier-bot: unknown argument %s (try --help)\n", a.c_str());
      return 2;
    }
  }
  if (server.empty() || config.token_file.empty()) {
    std::fprintf(stderr, "frontier-bot: --server and --token-file are required\n");
    return 2;
  }
  if (auto st = parse_server_url(server, config); !st) {
    std::fprintf(stderr, "frontier-bot: %s\n", st.message().c_str());
    return 2;
  }
  spdlog::set_level(spdlog::level::from_str(log_level));
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ frontier-bot %v");
  std::signal(SIGTERM, [](int) { g_stop = true; });
  std::signal(SIGINT, [](int) { g_stop = true; });
  run(config, games, g_stop);
  return 0;
}

}  // namespace frontier::bot_worker
