// Flags and environment share one table, so --help, the environment names and parsing agree.
#include "app/config.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <functional>

#include <fmt/format.h>

namespace frontier::server {

namespace {

using Setter = std::function<core::Status(AppConfig&, const std::string&)>;

struct Option {
  const char* flag;
  const char* env;
  const char* help;
  Setter set;
  const char* bare = nullptr;  // the value when the flag is given without one (--manual-clock)
};

template <typename T>
core::Status parse_number(const std::string& text, T& out, const char* what) {
  T v{};
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || p != text.data() + text.size()) {
    return core::Status::invalid_argument(fmt::format("{} must be a number, not '{}'", what, text));
  }
  out = v;
  return core::Status::ok();
}

core::Status parse_bool(const std::string& text, bool& out, const char* flag) {
  if (text != "true" && text != "false" && text != "1" && text != "0")
    return core::Status::invalid_argument(fmt::format("{} is true or false", flag));
  out = text == "true" || text == "1";
  return core::Status::ok();
}

core::Status parse_host_port(const std::string& v, const char* flag, std::string& address, uint16_t& port) {
  auto colon = v.rfind(':');
  if (colon == std::string::npos)
    return core::Status::invalid_argument(std::string(flag) + " is HOST:PORT, e.g. 127.0.0.1:8080");
  address = v.substr(0, colon);
  if (address.size() > 2 && address.front() == '[') address = address.substr(1, address.size() - 2);
  return parse_number(v.substr(colon + 1), port, "The port");
}

core::Status parse_listen(AppConfig& c, const std::string& v) {
  return parse_host_port(v, "--listen", c.net.address, c.net.port);
}

const std::vector<Option>& options() {
  static const std::vector<Option> table = {
      {"--listen", "FRONTIER_LISTEN", "HOST:PORT to listen on (default 127.0.0.1:8080; port 0 = any free)",
       parse_listen},
      {"--admin-listen", "FRONTIER_ADMIN_LISTEN",
       "HOST:PORT of a second listener serving /healthz and /metrics only, still answering when the main "
       "one is full (default: none)",
       [](AppConfig& c, const std::string& v) {
         c.net.admin_enabled = true;
         return parse_host_port(v, "--admin-listen", c.net.admin_address, c.net.admin_port);
       }},
      {"--db", "FRONTIER_DB",
       "SQLite database file (default var/frontier.db; created when missing), or a PostgreSQL URL "
       "postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (docs/operations.md, \"Running on PostgreSQL\")",
       [](AppConfig& c, const std::string& v) {
         c.db_path = v;
         return core::Status::ok();
       }},
      {"--log-level", "FRONTIER_LOG_LEVEL", "trace, debug, info, warn, error or off (default info)",
       [](AppConfig& c, const std::string& v) {
         c.log_level = v;
         return core::Status::ok();
       }},
      {"--sync", "FRONTIER_SYNC", "commit durability: full (default), normal or off (benchmarks only)",
       [](AppConfig& c, const std::string& v) {
         if (v == "full") {
           c.durability = storage::Durability::kFull;
         } else if (v == "normal") {
           c.durability = storage::Durability::kNormal;
         } else if (v == "off") {
           c.durability = storage::Durability::kOff;
         } else {
           return core::Status::invalid_argument("--sync is full, normal or off");
         }
         return core::Status::ok();
       }},
      {"--threads", "FRONTIER_THREADS",
       "network and match threads (default 0: one per CPU the process may run on)",
       [](AppConfig& c, const std::string& v) { return parse_number(v, c.net.threads, "--threads"); }},
      {"--max-connections", "FRONTIER_MAX_CONNECTIONS", "open WebSockets allowed (default 20000)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.net.max_connections, "--max-connections");
       }},
      {"--max-frame", "FRONTIER_MAX_FRAME", "largest accepted frame in bytes (default 65536)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.net.max_frame_bytes, "--max-frame");
       }},
      {"--idle-timeout", "FRONTIER_IDLE_TIMEOUT",
       "seconds without traffic before a connection is dropped; pings at half (default 120)",
       [](AppConfig& c, const std::string& v) {
         int64_t s = 0;
         auto st = parse_number(v, s, "--idle-timeout");
         c.net.idle_timeout = std::chrono::seconds(s);
         return st;
       }},
      {"--rate", "FRONTIER_RATE", "messages per second per connection (default 200; bursts of twice that)",
       [](AppConfig& c, const std::string& v) {
         auto st = parse_number(v, c.service.rate_per_second, "--rate");
         c.service.rate_burst = 2 * c.service.rate_per_second;
         return st;
       }},
      {"--heavy-rate", "FRONTIER_HEAVY_RATE",
       "list and history requests per second per connection (default 10; bursts of 4 times that)",
       [](AppConfig& c, const std::string& v) {
         auto st = parse_number(v, c.service.heavy_rate_per_second, "--heavy-rate");
         c.service.heavy_rate_burst = 4 * c.service.heavy_rate_per_second;
         return st;
       }},
      {"--heavy-rate-total", "FRONTIER_HEAVY_RATE_TOTAL",
       "list and history requests per second, all connections together (default 400; bursts of twice "
       "that; 0 = no limit)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.heavy_rate_total, "--heavy-rate-total");
       }},
      {"--snapshot-every", "FRONTIER_SNAPSHOT_EVERY", "store a snapshot every N actions (default 32)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.snapshot_every, "--snapshot-every");
       }},
      {"--finished-ttl", "FRONTIER_FINISHED_TTL", "seconds a finished match stays in memory (default 600)",
       [](AppConfig& c, const std::string& v) {
         int64_t s = 0;
         auto st = parse_number(v, s, "--finished-ttl");
         c.finished_ttl = std::chrono::seconds(s);
         return st;
       }},
      {"--web-root", "FRONTIER_WEB_ROOT",
       "the browser client's files, served at / (default: this build's web/dist)",
       [](AppConfig& c, const std::string& v) {
         c.net.web_root = v;
         return core::Status::ok();
       }},
      {"--public-url", "FRONTIER_PUBLIC_URL",
       "the URL browsers use, e.g. https://frontier.example: its origin is trusted, https: makes cookies "
       "Secure, webhook links start with it (default http://<listen address>)",
       [](AppConfig& c, const std::string& v) {
         if (!v.empty() && !v.starts_with("http://") && !v.starts_with("https://"))
           return core::Status::invalid_argument("--public-url starts with http:// or https://");
         c.net.public_url = v;
         while (!c.net.public_url.empty() && c.net.public_url.back() == '/') c.net.public_url.pop_back();
         return core::Status::ok();
       }},
      {"--secure-cookies", "FRONTIER_SECURE_COOKIES",
       "mark the session cookie Secure (behind a TLS proxy without --public-url)",
       [](AppConfig& c, const std::string& v) {
         return parse_bool(v, c.net.secure_cookies, "--secure-cookies");
       },
       "true"},
      {"--kdf", "FRONTIER_KDF", "password hashing cost: interactive (default) or min (tests only)",
       [](AppConfig& c, const std::string& v) {
         if (v == "interactive") {
           c.service.kdf = auth::KdfCost::interactive();
         } else if (v == "min") {
           c.service.kdf = auth::KdfCost::minimal();
         } else {
           return core::Status::invalid_argument("--kdf is interactive or min");
         }
         return core::Status::ok();
       }},
      {"--manual-clock", "FRONTIER_MANUAL_CLOCK",
       "TESTS ONLY: a clock that moves only on AdvanceClock, starting at the given unix time (bare: now)",
       [](AppConfig& c, const std::string& v) {
         c.manual_clock = true;
         if (v == "now") return core::Status::ok();
         return parse_number(v, c.manual_clock_start, "--manual-clock");
       },
       "now"},
      {"--node-id", "FRONTIER_NODE_ID",
       "this node's name in match leases, unique among the nodes of one PostgreSQL database (default "
       "HOSTNAME-PID)",
       [](AppConfig& c, const std::string& v) {
         if (v.empty() || v.size() > 128)
           return core::Status::invalid_argument("--node-id has 1 to 128 characters");
         c.leases.node = v;
         return core::Status::ok();
       }},
      {"--lease-ms", "FRONTIER_LEASE_MS",
       "PostgreSQL: milliseconds a match lease lasts without renewal; another node takes the match after "
       "(default 3000)",
       [](AppConfig& c, const std::string& v) {
         int64_t ms = 0;
         auto st = parse_number(v, ms, "--lease-ms");
         if (st && ms < 100) return core::Status::invalid_argument("--lease-ms is at least 100");
         c.leases.lease = std::chrono::milliseconds(ms);
         return st;
       }},
      {"--lease-renew-ms", "FRONTIER_LEASE_RENEW_MS",
       "PostgreSQL: milliseconds between renewals of every lease this node holds (default 1000; less than "
       "--lease-ms; 0 = never: tests only)",
       [](AppConfig& c, const std::string& v) {
         int64_t ms = 0;
         auto st = parse_number(v, ms, "--lease-renew-ms");
         c.leases.renew_every = std::chrono::milliseconds(ms);
         return st;
       }},
      {"--vacation-days", "FRONTIER_VACATION_DAYS", "vacation days per user per calendar year (default 30)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.vacation_days, "--vacation-days");
       }},
      {"--webhook-timeout", "FRONTIER_WEBHOOK_TIMEOUT",
       "seconds a webhook receiver has to answer one delivery (default 5)",
       [](AppConfig& c, const std::string& v) {
         int64_t s = 0;
         auto st = parse_number(v, s, "--webhook-timeout");
         if (st && (s < 1 || s > 60)) return core::Status::invalid_argument("--webhook-timeout is 1 to 60");
         c.webhooks.timeout = std::chrono::seconds(s);
         return st;
       }},
      {"--webhooks-per-destination", "FRONTIER_WEBHOOKS_PER_DESTINATION",
       "webhook deliveries in flight to one host:port at once (default 2)",
       [](AppConfig& c, const std::string& v) {
         auto st = parse_number(v, c.webhooks.per_destination, "--webhooks-per-destination");
         if (st && c.webhooks.per_destination == 0)
           return core::Status::invalid_argument("--webhooks-per-destination is at least 1");
         return st;
       }},
      {"--smtp-url", "FRONTIER_SMTP_URL",
       "mail relay for e-mail notices: smtp://HOST:PORT (STARTTLS when offered) or smtps://HOST:PORT "
       "(default none: no mail)",
       [](AppConfig& c, const std::string& v) {
         if (!v.empty() && !v.starts_with("smtp://") && !v.starts_with("smtps://"))
           return core::Status::invalid_argument("--smtp-url starts with smtp:// or smtps://");
         c.smtp.url = v;
         return core::Status::ok();
       }},
      {"--smtp-user", "FRONTIER_SMTP_USER", "user name at the mail relay (default none)",
       [](AppConfig& c, const std::string& v) {
         c.smtp.user = v;
         return core::Status::ok();
       }},
      {"--smtp-password", "FRONTIER_SMTP_PASSWORD",
       "password at the mail relay; prefer the environment variable (a command line is visible to all)",
       [](AppConfig& c, const std::string& v) {
         c.smtp.password = v;
         return core::Status::ok();
       }},
      {"--smtp-password-file", "FRONTIER_SMTP_PASSWORD_FILE",
       "file whose first line is the password at the mail relay (a secret mounted for the service)",
       [](AppConfig& c, const std::string& v) {
         std::ifstream in(v);
         if (!in || !std::getline(in, c.smtp.password))
           return core::Status::invalid_argument("--smtp-password-file: cannot read '" + v + "'");
         if (!c.smtp.password.empty() && c.smtp.password.back() == '\r') c.smtp.password.pop_back();
         return core::Status::ok();
       }},
      {"--smtp-ca-file", "FRONTIER_SMTP_CA_FILE",
       "PEM file of the certificates that sign the mail relay's (default the system's CA store)",
       [](AppConfig& c, const std::string& v) {
         if (!v.empty() && !std::ifstream(v))
           return core::Status::invalid_argument("--smtp-ca-file: cannot read '" + v + "'");
         c.smtp.ca_file = v;
         return core::Status::ok();
       }},
      {"--smtp-require-tls", "FRONTIER_SMTP_REQUIRE_TLS",
       "with smtp://, send nothing unless the relay's STARTTLS succeeds (default false: used when offered)",
       [](AppConfig& c, const std::string& v) {
         return parse_bool(v, c.smtp.require_tls, "--smtp-require-tls");
       },
       "true"},
      {"--mail-from", "FRONTIER_MAIL_FROM",
       "From of e-mail notices, e.g. \"Frontier <frontier@example.org>\" (default noreply@ the public URL's "
       "host)",
       [](AppConfig& c, const std::string& v) {
         c.mail_from = v;
         return core::Status::ok();
       }},
      // Limits against resource exhaustion (docs/operations.md lists them all).
      {"--max-queued-bytes", "FRONTIER_MAX_QUEUED_BYTES",
       "bytes queued for one client that does not read before it is closed (default 2097152)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.net.max_queued_bytes, "--max-queued-bytes");
       }},
      {"--max-queued-bytes-total", "FRONTIER_MAX_QUEUED_BYTES_TOTAL",
       "bytes queued for all clients together (default 134217728)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.net.max_queued_bytes_total, "--max-queued-bytes-total");
       }},
      {"--hash-queue", "FRONTIER_HASH_QUEUE",
       "password hashes (logins, registrations) queued at once, 2 per connection (default 64)",
       [](AppConfig& c, const std::string& v) { return parse_number(v, c.hashing.total, "--hash-queue"); }},
      {"--bot-workers", "FRONTIER_BOT_WORKERS",
       "frontier-bot worker processes started here for the computer opponents (default 1; 0 = "
       "external workers only)",
       [](AppConfig& c, const std::string& v) { return parse_number(v, c.bots.workers, "--bot-workers"); }},
      {"--bot-token-file", "FRONTIER_BOT_TOKEN_FILE",
       "the workers' token, made there when missing (default <db>.bot-token)",
       [](AppConfig& c, const std::string& v) {
         c.bots.token_file = v;
         return core::Status::ok();
       }},
      {"--bot-worker-path", "FRONTIER_BOT_WORKER_PATH",
       "the worker executable (default frontier-bot beside frontierd)",
       [](AppConfig& c, const std::string& v) {
         c.bots.worker_path = v;
         return core::Status::ok();
       }},
      {"--bot-think-ms", "FRONTIER_BOT_THINK_MS",
       "longest a computer opponent thinks over one decision, in milliseconds (default 3000)",
       [](AppConfig& c, const std::string& v) {
         int64_t ms = 0;
         auto st = parse_number(v, ms, "--bot-think-ms");
         c.bots.think_limit = std::chrono::milliseconds(ms);
         return st;
       }},
      {"--registrations", "FRONTIER_REGISTRATIONS",
       "new accounts per client address per 10 minutes (default 30; 0 = no limit)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.registrations_per_address, "--registrations");
       }},
      // The login policy (docs/operations.md, "The login policy").
      {"--login-failures-per-name-address", "FRONTIER_LOGIN_FAILURES_PER_NAME_ADDRESS",
       "failed logins to one account from one client address per minute, then it waits 30 s; not for "
       "a client with the account's device token (default 5; 0 = no limit)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.login.failures_per_name_source,
                             "--login-failures-per-name-address");
       }},
      {"--login-failures-per-address", "FRONTIER_LOGIN_FAILURES_PER_ADDRESS",
       "failed logins from one client address per minute, then it waits 30 s; not for clients with a "
       "device token (default 30; 0 = no limit)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.login.failures_per_source, "--login-failures-per-address");
       }},
      {"--login-failures-per-name", "FRONTIER_LOGIN_FAILURES_PER_NAME",
       "failed logins to one account from clients without its device token per 10 minutes, then "
       "those clients wait 10 minutes (default 50; 0 = no limit)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.login.failures_per_name, "--login-failures-per-name");
       }},
      {"--login-failures-per-device", "FRONTIER_LOGIN_FAILURES_PER_DEVICE",
       "failed logins with one device token per minute, then it waits 30 s (default 5; 0 = no limit)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.login.failures_per_device, "--login-failures-per-device");
       }},
      {"--logins-per-address", "FRONTIER_LOGINS_PER_ADDRESS",
       "login attempts, right or wrong, per client address per minute, bursts of as many (default 60; "
       "0 = no limit)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.login.logins_per_source, "--logins-per-address");
       }},
      {"--logins-per-account", "FRONTIER_LOGINS_PER_ACCOUNT",
       "successful logins per account per minute, bursts of as many (default 10; 0 = no limit)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.login.logins_per_account, "--logins-per-account");
       }},
      {"--device-key", "FRONTIER_DEVICE_KEY",
       "file holding the key device tokens are signed with; made when missing (default: the database "
       "file's name + .device-key)",
       [](AppConfig& c, const std::string& v) {
         c.device_key_path = v;
         return core::Status::ok();
       }},
      {"--trusted-proxy", "FRONTIER_TRUSTED_PROXY",
       "addresses of reverse proxies whose X-Forwarded-For names the client, comma-separated (default none)",
       [](AppConfig& c, const std::string& v) {
         c.net.trusted_proxies.clear();
         size_t start = 0;
         while (start <= v.size()) {
           size_t comma = std::min(v.find(',', start), v.size());
           if (comma > start) c.net.trusted_proxies.push_back(v.substr(start, comma - start));
           start = comma + 1;
         }
         return core::Status::ok();
       }},
      {"--session-days", "FRONTIER_SESSION_DAYS", "days a session token stays valid (default 30)",
       [](AppConfig& c, const std::string& v) {
         int64_t days = 0;
         auto st = parse_number(v, days, "--session-days");
         if (st && days <= 0) return core::Status::invalid_argument("--session-days is at least 1");
         c.service.token_lifetime = std::chrono::hours(24 * days);
         return st;
       }},
      {"--max-sessions", "FRONTIER_MAX_SESSIONS",
       "sessions (logins) one account may hold; a login beyond it ends the oldest (default 20; 0 = no cap)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.max_sessions_per_user, "--max-sessions");
       }},
      {"--chat-rate", "FRONTIER_CHAT_RATE",
       "chat lines per second per account, all its connections together (default 2; bursts of 10 times "
       "that; 0 = no limit)",
       [](AppConfig& c, const std::string& v) {
         auto st = parse_number(v, c.service.chat_rate_per_second, "--chat-rate");
         c.service.chat_burst = 10 * c.service.chat_rate_per_second;
         return st;
       }},
      {"--max-chat-lines", "FRONTIER_MAX_CHAT_LINES",
       "chat lines stored per match (default 5000; 0 = no cap)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.max_chat_lines, "--max-chat-lines");
       }},
      {"--offer-rate", "FRONTIER_OFFER_RATE",
       "takeback offers per hour per seat of a match, each telling the opponent (default 6; bursts of 3; 0 = "
       "no "
       "limit)",
       [](AppConfig& c, const std::string& v) { return parse_number(v, c.offers_per_hour, "--offer-rate"); }},
      {"--max-open-matches", "FRONTIER_MAX_OPEN_MATCHES",
       "matches waiting for an opponent one account may have created (default 20)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.max_open_matches_per_user, "--max-open-matches");
       }},
      {"--max-running-matches", "FRONTIER_MAX_RUNNING_MATCHES",
       "unfinished matches (solitaire and against the computer included) one account may play in and still "
       "create another (default 100; 0 = no cap)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.max_running_matches_per_user, "--max-running-matches");
       }},
      {"--matches-per-hour", "FRONTIER_MATCHES_PER_HOUR",
       "matches one account may create per hour (default 60; 0 = no limit)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.service.matches_per_hour, "--matches-per-hour");
       }},
      {"--max-open-tournaments", "FRONTIER_MAX_OPEN_TOURNAMENTS",
       "unfinished tournaments one account may have created (default 10)",
       [](AppConfig& c, const std::string& v) {
         return parse_number(v, c.max_open_tournaments_per_user, "--max-open-tournaments");
       }},
  };
  return table;
}

}  // namespace

std::string usage() {
  std::string out =
      "frontierd: the Frontier match server (protobuf over WebSockets, SQLite or PostgreSQL).\n\n"
      "Usage: frontierd [--flag VALUE]...\n\n";
  for (const auto& o : options())
    out += fmt::format("  {:<18} {}\n  {:<18} env {}\n", o.flag, o.help, "", o.env);
  out +=
      "  --copy-db SQLITE_FILE POSTGRESQL_URL\n                     copy an SQLite database into an empty "
      "PostgreSQL one, verify it, exit\n";
  out += "  --help             this text\n\nHTTP: /healthz, /metrics; WebSocket protocol: docs/protocol.md\n";
  return out;
}

core::Result<AppConfig> parse_config(const std::vector<std::string>& args,
                                     const char* (*getenv)(const char*)) {
  AppConfig config;
  config.net.web_root = FRONTIER_DEFAULT_WEB_ROOT;
  for (const auto& o : options()) {
    if (const char* v = getenv(o.env); v && *v) {
      if (auto st = o.set(config, v); !st) {
        return core::Status::invalid_argument(std::string(o.env) + ": " + st.message());
      }
    }
  }
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    if (arg == "--help" || arg == "-h") {
      config.help = true;
      continue;
    }
    std::string value;
    bool has_value = false;
    if (auto eq = arg.find('='); eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      has_value = true;
    }
    const Option* opt = nullptr;
    for (const auto& o : options()) {
      if (arg == o.flag) opt = &o;
    }
    if (!opt) return core::Status::invalid_argument("Unknown flag '" + arg + "' (see --help)");
    if (!has_value && opt->bare) {
      value = opt->bare;
    } else if (!has_value) {
      if (i + 1 >= args.size()) return core::Status::invalid_argument(arg + " needs a value");
      value = args[++i];
    }
    if (auto st = opt->set(config, value); !st) return st;
  }
  // A renewal must come before the lease runs out, with room for a busy writer.
  if (config.leases.renew_every.count() > 0 && config.leases.renew_every >= config.leases.lease)
    return core::Status::invalid_argument("--lease-renew-ms must be less than --lease-ms");
  return config;
}

}  // namespace frontier::server
