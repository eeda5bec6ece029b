// Start-up order: open the database (migrations), start the writer, build the service, listen,
// then run. Shutdown order (SIGTERM/SIGINT): stop accepting, refuse new changes, drain the
// writer so every in-flight commit lands and is acknowledged, close sockets with a close frame.
#include "app/app.h"

#include <fmt/format.h>
#include <google/protobuf/stubs/logging.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "auth/hashing_queue.h"
#include "bots/bot_driver.h"
#include "bots/offer_answerer.h"
#include "clock/time_control.h"
#include "match/registry.h"
#include "match/user_connections.h"
#include "notify/notifier.h"
#include "play/play_desk.h"
#include "storage/db_lock.h"
#include "tournament_host/host.h"

namespace frontier::server {

namespace {

int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

int run_server(const AppConfig& config, const core::Registry& games) {
  spdlog::set_level(spdlog::level::from_str(config.log_level));
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  // protobuf logs every malformed string field it meets; clients must not be able to flood
  // the log that way (the client already gets BAD_FRAME).
  google::protobuf::SetLogHandler(nullptr);
  if (!auth::init_crypto()) {
    spdlog::critical("libsodium failed to start");
    return 1;
  }
  std::error_code fs_ec;
  auto parent = std::filesystem::path(config.db_path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, fs_ec);
  auto start = std::chrono::steady_clock::now();
  // Before the database is opened (migrations write): held until the process exits.
  auto db_lock = storage::DatabaseLock::acquire(config.db_path);
  if (!db_lock) {
    spdlog::critical("{}", db_lock.status().message());
    return 1;
  }
  auto store = storage::open_sqlite(config.db_path, config.durability);
  if (!store) {
    spdlog::critical("{}", store.status().message());
    return 1;
  }
  uint64_t stored = store.value()->match_count();
  storage::Writer writer(std::move(store.value()));

  Metrics metrics;
  NetServer net(config.net);
  MatchServices services;
  services.writer = &writer;
  services.metrics = &metrics;
  services.snapshot_every = config.snapshot_every;
  services.max_chat_lines = config.max_chat_lines;
  services.offers_per_hour = config.offers_per_hour;
  // One time source for everything that decides (clocks, deadlines, retries, tournaments).
  clock::ServerClock server_clock =
      config.manual_clock ? clock::ServerClock::manual(
                                config.manual_clock_start != 0 ? config.manual_clock_start : unix_now())
                          : clock::ServerClock::real();
  auto now = [&server_clock] { return server_clock.now(); };
  if (server_clock.is_manual())
    spdlog::warn("frontierd: manual clock (tests only) at {}", server_clock.now());
  clock::VacationBook vacations;
  clock::WakeQueue wakeups;
  notify::WebhookSender webhooks(writer, now);
  std::string public_url = config.net.public_url.empty()
                               ? "http://" + config.net.address + ":" + std::to_string(config.net.port)
                               : config.net.public_url;
  UserConnections user_connections;
  notify::Notifier notifier(writer, webhooks, user_connections, now, public_url);
  services.now = now;
  services.vacations = &vacations;
  services.wakeups = &wakeups;
  services.background = net.poster();
  // Computer opponents think on their own pool, told by every match that settles; they read
  // their notifications (takeback and rematch offers) through the one sink everybody's pass.
  bots::BotDriver bots(config.bots);
  if (auto st = bots.load_accounts(writer, now()); !st)
    spdlog::warn("bots: {} (that level is not offered)", st.message());
  services.on_settled = [&bots](const std::shared_ptr<Match>& match) { bots.prompted(match); };
  bots::OfferAnswerer notifications(notifier, bots);
  services.notifier = &notifications;
  MatchRegistry matches(games, services, net.strand_factory(), config.finished_ttl);
  notifications.attach(&matches);

  // Password hashing gets its own thread so logins never stall the network or the writer.
  auth::HashingQueue hashing(config.hashing);
  auto post_hashing = [&hashing](uint64_t connection_id, std::function<void()> job) {
    return hashing.try_post(connection_id, std::move(job));
  };

  ServiceConfig service_config = config.service;
  service_config.now = now;
  // Clients (and the load generator) can tell what an acknowledgement guarantees.
  service_config.server_name +=
      std::string(" sync=") + (config.durability == storage::Durability::kFull     ? "full"
                               : config.durability == storage::Durability::kNormal ? "normal"
                                                                                   : "off");
  Service service(service_config, matches, writer, metrics, post_hashing);
  // Tournaments resume (matches that finished while down are recorded) before anyone connects.
  TournamentHost tournaments(matches, writer, now, config.max_open_tournaments_per_user);
  tournaments.start();
  PlayDesk desk({config.vacation_days}, matches, writer, server_clock, vacations, wakeups, webhooks);
  desk.start();
  bots.resume(matches, writer);  // a restart resumes the games where a bot is to move
  webhooks.start();
  service.set_extension([&tournaments, &desk](const auto& conn, uint64_t rid, const auto& msg) {
    return tournaments.handle(conn, rid, msg) || desk.handle(conn, rid, msg);
  });
  service.set_identity_listener([&user_connections](const auto& conn) { user_connections.track(conn); });
  service.set_revoker(
      [&user_connections](uint64_t user, const std::string& token_hash, const Connection* except) {
        user_connections.revoke(user, token_hash, except);
      });
  auto bot_finder = [&bots](const std::string& level) -> std::optional<SeatHolder> {
    auto parsed = ai::parse_level(level);
    return parsed ? bots.account(*parsed) : std::nullopt;
  };
  service.set_bot_finder(bot_finder);
  tournaments.set_bot_finder(bot_finder);
  service.set_summary_filler([&vacations, now](const storage::MatchRow& row, wire::MatchSummary& summary) {
    clock::fill_summary(row, vacations, now(), summary);
  });
  net.attach(&service, &metrics, [&] {
    storage::WriterStats w = writer.stats();
    return metrics.render(error_code_name, writer.queued()) +
           fmt::format(
               "# HELP frontier_writer_batches_total Transactions committed by the writer (group commit)\n"
               "# TYPE frontier_writer_batches_total counter\nfrontier_writer_batches_total {}\n"
               "# HELP frontier_writer_jobs_total Jobs run by the writer\n"
               "# TYPE frontier_writer_jobs_total counter\nfrontier_writer_jobs_total {}\n"
               "# HELP frontier_writer_busy_seconds_total Time spent inside transactions (incl. sync)\n"
               "# TYPE frontier_writer_busy_seconds_total counter\nfrontier_writer_busy_seconds_total {}\n"
               "# HELP frontier_writer_batch_max_seconds Longest transaction so far\n"
               "# TYPE frontier_writer_batch_max_seconds gauge\nfrontier_writer_batch_max_seconds {}\n",
               w.batches, w.jobs, static_cast<double>(w.commit_micros_total) / 1e6,
               static_cast<double>(w.commit_micros_max) / 1e6);
  });
  auto port = net.listen();
  if (!port) {
    spdlog::critical("{}", port.status().message());
    return 1;
  }
  auto ready_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  spdlog::info("frontierd: {} games, {} stored matches, db {} (sync {}), ready in {} ms",
               games.games().size(), stored, config.db_path, storage::durability_name(config.durability),
               ready_ms.count());
  std::printf("frontierd listening on %s:%u\n", config.net.address.c_str(),
              static_cast<unsigned>(port.value()));
  if (config.net.admin_enabled)
    std::printf("frontierd admin (/healthz, /metrics only) on %s:%u\n", config.net.admin_address.c_str(),
                static_cast<unsigned>(net.admin_port()));
  std::fflush(stdout);

  std::thread stopper;
  net.run([&] {
    spdlog::info("frontierd: stopping (signal)");
    net.stop_accepting();
    service.begin_shutdown();
    hashing.stop();  // queued registrations and logins are dropped; their connections close below
    stopper = std::thread([&] {
      bots.stop();         // decisions under way end at once; their moves are refused (shutting down)
      tournaments.stop();  // no deadline or start time fires while the writer drains
      desk.stop();
      webhooks.stop();
      writer.stop();  // every queued commit lands; acknowledgements are posted to their sessions
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      net.close_all(std::chrono::milliseconds(2000));
      net.stop();
    });
  });
  if (stopper.joinable()) stopper.join();
  spdlog::info("frontierd: stopped cleanly");
  return 0;
}

int server_main(int argc, char** argv, const core::Registry& games) {
  std::vector<std::string> args(argv + 1, argv + argc);
  auto config = parse_config(args, [](const char* name) -> const char* { return std::getenv(name); });
  if (!config) {
    std::fprintf(stderr, "frontierd: %s\n", config.status().message().c_str());
    return 2;
  }
  if (config->help) {
    std::fputs(usage().c_str(), stdout);
    return 0;
  }
  // A game whose embedded data is broken stops the server here, saying which and why, rather
  // than serving a catalogue without it.
  for (const auto& problem : games.problems())
    std::fprintf(stderr, "frontierd: %s\n", problem.message().c_str());
  if (!games.problems().empty()) return 1;
  return run_server(config.value(), games);
}

}  // namespace frontier::server
