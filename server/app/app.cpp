// Start-up order: open the database (migrations), start the writer, build the service, listen,
// then run. Shutdown order (SIGTERM/SIGINT): stop accepting, refuse new changes, drain the
// writer so every in-flight commit lands and is acknowledged, close sockets with a close frame.
#include "app/app.h"

#include <fmt/format.h>
#include <google/protobuf/stubs/logging.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <thread>

#include "app/cluster_bus.h"
#include "app/copy_db_command.h"
#include "auth/hashing_queue.h"
#include "bots/bot_driver.h"
#include "bots/offer_answerer.h"
#include "bots/worker_processes.h"
#include "clock/time_control.h"
#include "match/registry.h"
#include "match/user_connections.h"
#include "net/static_files.h"
#include "notify/email_desk.h"
#include "notify/email_message.h"
#include "notify/notifier.h"
#include "play/play_desk.h"
#include "storage/db_lock.h"
#include "storage/leadership.h"
#include "storage/open_store.h"
#include "tournament_host/host.h"

namespace frontier::server {

namespace {

// The From of e-mail notices when the operator named none: noreply@ the public URL's host.
std::string default_mail_from(const std::string& public_url) {
  std::string host = public_url.substr(public_url.find("://") + 3);
  host = host.substr(0, host.find_first_of(":/"));
  return "Frontier <noreply@" + host + ">";
}

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
  auto start = std::chrono::steady_clock::now();
  std::optional<storage::DatabaseLock> db_lock;  // held until the process exits
  auto store = [&]() -> core::Result<std::unique_ptr<storage::Store>> {
    // An SQLite file has one server (storage/db_lock.h), locked before migrations write; a
    // PostgreSQL URL names no file and its nodes share the database by design.
    if (storage::is_postgres_url(config.db_path))
      return storage::open_store(config.db_path, config.durability);
    auto lock = storage::DatabaseLock::acquire(config.db_path);
    if (!lock) return lock.status();
    db_lock.emplace(std::move(lock.value()));
    return storage::open_store(config.db_path, config.durability);
  }();
  if (!store) {
    spdlog::critical("{}", store.status().message());
    return 1;
  }
  auto counted = store.value()->match_count();
  if (!counted) {
    spdlog::critical("Cannot read the database: {}", counted.status().message());
    return 1;
  }
  uint64_t stored = *counted;
  // The duties that must happen once per site run on the leader: on PostgreSQL the node holding
  // the leader lock, on SQLite this one (storage/leadership.h).
  std::unique_ptr<storage::Leadership> leadership = storage::is_postgres_url(config.db_path)
                                                        ? storage::Leadership::postgres(config.db_path)
                                                        : storage::Leadership::single();
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
  notify::WebhookSender webhooks(writer, now, config.webhooks);
  std::string public_url = config.net.public_url.empty()
                               ? "http://" + config.net.address + ":" + std::to_string(config.net.port)
                               : config.net.public_url;
  notify::MailerConfig mail_config;
  mail_config.smtp = config.smtp;
  mail_config.identity = {config.mail_from.empty() ? default_mail_from(public_url) : config.mail_from,
                          public_url};
  if (!config.smtp.url.empty()) {
    if (auto st = notify::check_address(notify::bare_address(mail_config.identity.from)); !st) {
      spdlog::critical("--mail-from '{}': {}", mail_config.identity.from, st.message());
      return 1;
    }
  }
  notify::Mailer mailer(mail_config, writer, now);
  notify::EmailDesk email(mailer, writer, now);
  UserConnections user_connections;
  notify::Notifier notifier(writer, webhooks, user_connections, now, public_url, &mailer);
  services.now = now;
  services.vacations = &vacations;
  services.wakeups = &wakeups;
  services.background = net.poster();
  // Computer opponents think on their own pool, told by every match that settles; they read
  // their notifications (takeback and rematch offers) through the one sink everybody's pass.
  bots::BotDriver bots(config.bots);
  if (auto st = bots.load_accounts(writer, now()); !st)
    spdlog::warn("bots: {} (that level is not offered)", st.message());
  // The worker processes (frontier-bot) prove themselves with this token (docs/operations.md).
  std::string bot_token_file = config.bots.token_file;
  if (bot_token_file.empty())
    bot_token_file =
        storage::is_postgres_url(config.db_path) ? "frontier-bot.token" : config.db_path + ".bot-token";
  if (auto token = bots::load_or_make_worker_token(bot_token_file); token) {
    bots.set_token(token.value());
  } else {
    spdlog::critical("{}", token.status().message());
    return 1;
  }
  services.on_settled = [&bots](const std::shared_ptr<Match>& match) { bots.prompted(match); };
  bots::OfferAnswerer notifications(notifier, bots);
  services.notifier = &notifications;
  // Several nodes share a PostgreSQL database: each match is run by the node holding its lease
  // (docs/architecture.md, "Several nodes"). An SQLite file has one node, which owns every match.
  std::optional<LeaseKeeper> leases;
  std::optional<storage::Writer> follow_reader;  // reads only: its transactions sync nothing
  if (storage::is_postgres_url(config.db_path)) {
    auto reader_store = storage::open_store(config.db_path, config.durability);
    if (!reader_store) {
      spdlog::critical("{}", reader_store.status().message());
      return 1;
    }
    follow_reader.emplace(std::move(reader_store.value()));
    services.follow_reader = &*follow_reader;
    LeaseConfig lease_config = config.leases;
    if (lease_config.node.empty()) lease_config.node = default_node_id();
    leases.emplace(lease_config, writer);
    services.leases = &*leases;
    services.followers = true;
    notifier.set_cluster_node(lease_config.node);
    spdlog::info("node {}: match leases of {} ms, renewed every {} ms", lease_config.node,
                 lease_config.lease.count(), lease_config.renew_every.count());
  }
  MatchRegistry matches(games, services, net.strand_factory(), config.finished_ttl);
  if (leases) {
    leases->set_on_lost([&matches](uint64_t id, uint64_t epoch) { matches.unload(id, epoch); });
    leases->start();
  }
  notifications.attach(&matches);

  // Password hashing gets its own thread so logins never stall the network or the writer.
  auth::HashingQueue hashing(config.hashing);
  auto post_hashing = [&hashing](const std::string& source, uint64_t connection_id, std::function<void()> job,
                                 std::function<void()> dropped) {
    return hashing.try_post(source, connection_id, std::move(job), std::move(dropped));
  };

  ServiceConfig service_config = config.service;
  service_config.now = now;
  service_config.shared_limits = leadership->clustered();
  // Device tokens outlive restarts only with a key kept on disk; one given by the operator must
  // load, the default beside the database may fail (a read-only folder): then tokens last until exit.
  // A database URL (PostgreSQL) has no folder beside it: its nodes need --device-key, one file.
  if (config.device_key_path.empty() && config.db_path.find("://") != std::string::npos) {
    spdlog::warn(
        "no --device-key with a database URL: device tokens will not outlive this run or work on "
        "other nodes");
  } else {
    std::string key_path =
        config.device_key_path.empty() ? config.db_path + ".device-key" : config.device_key_path;
    auto key = auth::load_device_key(key_path);
    if (key) {
      service_config.device_key = key.value();
    } else if (!config.device_key_path.empty()) {
      spdlog::critical("{}", key.status().message());
      return 1;
    } else {
      spdlog::warn("{}: device tokens will not outlive this run", key.status().message());
    }
  }
  // Clients (and the load generator) can tell what an acknowledgement guarantees.
  service_config.server_name +=
      std::string(" sync=") + (config.durability == storage::Durability::kFull     ? "full"
                               : config.durability == storage::Durability::kNormal ? "normal"
                                                                                   : "off");
  Service service(service_config, matches, writer, metrics, post_hashing);
  // Several nodes: commits are told to the other nodes, and changes asked here for a match
  // another node runs are forwarded to it (docs/architecture.md, "Several nodes").
  std::optional<ClusterBus> bus;
  if (leases) {
    bus.emplace(config.db_path, *leases, writer, matches);
    bus->set_service(&service);
    bus->set_users(&user_connections);
    service.set_forwarder([&bus](const auto& conn, const wire::ClientMessage& msg, uint64_t match_id) {
      bus->forward(conn, msg, match_id);
    });
  }
  // Tournaments resume (matches that finished while down are recorded) before anyone connects.
  TournamentHost tournaments(matches, writer, now, config.max_open_tournaments_per_user);
  if (bus) {
    // Tournaments are changed by the leader alone (docs/architecture.md, "Several nodes").
    bus->set_leader_duties(leadership.get(),
                           [&tournaments](uint64_t id) { tournaments.finished_elsewhere(id); });
    tournaments.set_cluster(
        [&bus](const auto& conn, const wire::ClientMessage& msg) { bus->forward_to_leader(conn, msg); },
        [&bus](uint64_t id) { bus->tell_leader_finished(id); });
    if (auto st = bus->start(); !st) {
      spdlog::critical("cluster: cannot listen on PostgreSQL: {}", st.message());
      return 1;
    }
  }
  PlayDesk desk({config.vacation_days}, matches, writer, server_clock, vacations, wakeups, webhooks);
  desk.set_email(&email, &mailer);
  tournaments.set_leadership(leadership.get());
  desk.set_leadership(leadership.get());
  webhooks.set_leadership(leadership.get());
  mailer.set_leadership(leadership.get());
  // A node that becomes the leader picks up at once what is due: clocks that ran out while the
  // last leader was gone, the outboxes.
  std::atomic<bool> starting{true};
  leadership->on_change([&desk, &webhooks, &mailer, &tournaments, &starting](bool leader) {
    if (!leader || starting) return;
    tournaments.reload();  // events created or advanced on the other nodes
    desk.fire_due([] {});
    webhooks.poke();
    mailer.poke();
  });
  leadership->start();
  starting = false;
  spdlog::info("frontierd: {}", leadership->is_leader() ? "the leader" : "not the leader (another node is)");
  tournaments.start();
  desk.start();
  bots.resume(matches, writer);  // a restart resumes the games where a bot is to move
  webhooks.start();
  mailer.start();
  if (mailer.enabled())
    spdlog::info("e-mail notices through {} from {}", config.smtp.url, mail_config.identity.from);
  service.set_extension([&tournaments, &desk, &email](const auto& conn, uint64_t rid, const auto& msg) {
    return tournaments.handle(conn, rid, msg) || desk.handle(conn, rid, msg) || email.handle(conn, rid, msg);
  });
  net.add_route(
      "/email/unsubscribe", [&email](const HttpRequest& req, std::function<void(HttpReply)> answer) {
        email.unsubscribe(req.method, req.target, [answer = std::move(answer)](int status, std::string html) {
          HttpReply r;
          r.status = status;
          r.content_type = "text/html; charset=utf-8";
          r.body = std::move(html);
          r.headers.emplace_back("Cache-Control", "no-store");
          add_security_headers(r);
          answer(std::move(r));
        });
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
  service.set_workers(
      [&bots](const auto& conn, uint64_t rid, const auto& msg) { return bots.handle(conn, rid, msg); });
  tournaments.set_bot_finder(bot_finder);
  service.set_summary_filler([&vacations, now](const storage::MatchRow& row, wire::MatchSummary& summary) {
    clock::fill_summary(row, vacations, now(), summary);
  });
  net.attach(&service, &metrics, [&] {
    storage::WriterStats w = writer.stats();
    return metrics.render(error_code_name, writer.queued()) + bots.render_metrics() +
           (leases ? leases->render_metrics() : "") + (bus ? bus->render_metrics() : "") +
           fmt::format(
               "# HELP frontier_leader 1 on the node that runs the once-per-site duties\n"
               "# TYPE frontier_leader gauge\nfrontier_leader {}\n",
               leadership->is_leader() ? 1 : 0) +
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
               games.games().size(), stored, storage::printable_db(config.db_path),
               storage::store_durability_name(config.db_path, config.durability), ready_ms.count());
  std::printf("frontierd listening on %s:%u\n", config.net.address.c_str(),
              static_cast<unsigned>(port.value()));
  if (config.net.admin_enabled)
    std::printf("frontierd admin (/healthz, /metrics only) on %s:%u\n", config.net.admin_address.c_str(),
                static_cast<unsigned>(net.admin_port()));
  std::fflush(stdout);
  // The local workers, once there is a port to connect to (none with --bot-workers 0).
  std::optional<bots::WorkerProcesses> workers;
  if (config.bots.workers > 0) {
    std::string path =
        config.bots.worker_path.empty() ? bots::default_worker_path() : config.bots.worker_path;
    workers.emplace(config.bots.workers, path, static_cast<uint16_t>(port.value()), bot_token_file);
    spdlog::info("bots: {} worker process(es) ({})", config.bots.workers, path);
  }

  std::thread stopper;
  net.run([&] {
    spdlog::info("frontierd: stopping (signal)");
    net.stop_accepting();
    service.begin_shutdown();
    hashing.stop();  // queued registrations and logins are dropped; their connections close below
    stopper = std::thread([&] {
      leadership->stop();  // another node may lead while this one drains
      bots.stop();         // no decision is handed out; moves still arriving are refused (shutting down)
      if (workers) workers->stop();
      tournaments.stop();  // no deadline or start time fires while the writer drains
      desk.stop();
      webhooks.stop();
      mailer.stop();  // a mail being handed over finishes (or times out) first
      if (bus) bus->stop();
      if (leases) {
        // After every queued commit, the leases are given up: other nodes take the matches at
        // once instead of waiting for them to expire.
        leases->stop();
        leases->release_all();
      }
      writer.stop();  // every queued commit lands; acknowledgements are posted to their sessions
      if (follow_reader) follow_reader->stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      net.close_all(std::chrono::milliseconds(2000));
      net.stop();
    });
  });
  if (stopper.joinable()) stopper.join();
  spdlog::info("frontierd: stopped cleanly");
  return 0;
}

int server_main(int argc, char** argv, const core::Registry& games, const std::string& worker) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // Moving a site to PostgreSQL is a command of its own, not a server start.
  if (!args.empty() && args[0] == "--copy-db") {
    if (args.size() != 3) {
      std::fprintf(stderr, "frontierd: usage: frontierd --copy-db SQLITE_FILE postgresql://...\n");
      return 2;
    }
    return copy_db_main(args[1], args[2], games);
  }
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
  if (config->bots.worker_path.empty()) config->bots.worker_path = worker;
  return run_server(config.value(), games);
}

}  // namespace frontier::server
