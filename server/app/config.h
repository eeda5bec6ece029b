// frontierd's configuration: defaults that just work, overridden by environment variables
// (FRONTIER_LISTEN, FRONTIER_DB, ...) and then by command-line flags.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "api/service.h"
#include "auth/hashing_queue.h"
#include "bots/bot_driver.h"
#include "core/status.h"
#include "match/lease_keeper.h"
#include "net/server.h"
#include "notify/mailer.h"
#include "notify/webhook_sender.h"
#include "storage/store.h"

namespace frontier::server {

struct AppConfig {
  NetConfig net;
  std::string db_path = "var/frontier.db";
  std::string device_key_path;  // empty: db_path + ".device-key"
  std::string log_level = "info";
  storage::Durability durability = storage::Durability::kFull;
  uint32_t snapshot_every = 32;
  uint32_t max_chat_lines = 5000;  // per match
  double offers_per_hour = 6;      // takeback offers per seat per match (bursts of 3)
  std::chrono::seconds finished_ttl{600};
  ServiceConfig service;
  // Play-by-web (docs/operations.md): the test clock, the vacation allowance, links in webhooks.
  bool manual_clock = false;
  int64_t manual_clock_start = 0;  // 0 = the real time at start-up
  uint32_t vacation_days = 30;
  notify::WebhookPolicy webhooks;
  // E-mail notices (docs/operations.md, "E-mail notices"): the relay and the From address.
  notify::SmtpConfig smtp;
  std::string mail_from;  // "" = "Frontier <noreply@HOST of the public URL>"
  auth::HashingQueue::Limits hashing;
  uint32_t max_open_tournaments_per_user = 10;  // created and not finished
  bots::BotConfig bots;
  // Several nodes over one PostgreSQL (docs/operations.md, "Running several nodes"); node "" =
  // default_node_id().
  LeaseConfig leases;
  bool help = false;
};

// Parses `args` (without the program name) over the environment `getenv`.
core::Result<AppConfig> parse_config(const std::vector<std::string>& args,
                                     const char* (*getenv)(const char*));
std::string usage();

}  // namespace frontier::server
