// A base for Store test doubles that only care about the core (accounts, matches, events, chat:
// what the writer's failure tests exercise). Every other Store method is implemented here, on
// purpose, as keeping nothing: writes succeed and store nothing, reads succeed and find nothing
// (a profile reads as the defaults). Store's methods are all pure (issue 45), so a method added to Store
// must be decided here too rather than silently doing nothing in a real backend.
#pragma once

#include "storage/store.h"

namespace frontier::testing {

class CoreOnlyStore : public storage::Store {
 public:
  core::Result<std::vector<storage::TokenRow>> tokens_of_user(uint64_t) override {
    return std::vector<storage::TokenRow>{};
  }
  core::Status delete_tokens_issued_before(int64_t) override { return {}; }
  core::Result<uint32_t> chat_line_count(uint64_t) override { return 0; }
  core::Result<uint32_t> unfinished_matches_of(uint64_t) override { return 0; }

  core::Result<uint64_t> ensure_bot_account(const std::string&, const std::string&, int64_t) override {
    return core::Status::not_found("this store keeps no bots");
  }
  core::Result<std::vector<uint64_t>> matches_awaiting_bots() override { return std::vector<uint64_t>{}; }
  core::Result<uint32_t> open_matches_created_by(uint64_t) override { return 0; }

  core::Status prompts_started(uint64_t, int64_t, uint32_t) override { return {}; }
  core::Status mark_seen(uint64_t, uint64_t) override { return {}; }
  core::Status set_rematch(uint64_t, uint32_t, uint64_t) override { return {}; }
  core::Status delete_snapshots_after(uint64_t, uint32_t) override { return {}; }
  core::Result<std::vector<storage::MyMatchRow>> my_matches(uint64_t, uint32_t) override {
    return std::vector<storage::MyMatchRow>{};
  }

  core::Result<uint64_t> put_tournament(uint64_t id, const std::string&, int64_t) override { return id; }
  core::Result<std::vector<std::pair<uint64_t, std::string>>> tournaments() override {
    return std::vector<std::pair<uint64_t, std::string>>{};
  }
  core::Status link_tournament_match(const storage::TournamentMatchRow&) override { return {}; }
  core::Status mark_tournament_match_recorded(uint64_t) override { return {}; }
  core::Result<std::vector<storage::TournamentMatchRow>> tournament_matches() override {
    return std::vector<storage::TournamentMatchRow>{};
  }
  core::Status put_rating_pool(const std::string&, const std::string&) override { return {}; }
  core::Result<std::vector<std::pair<std::string, std::string>>> rating_pools() override {
    return std::vector<std::pair<std::string, std::string>>{};
  }
  core::Status mark_ratings_recorded(uint64_t) override { return {}; }
  core::Result<std::vector<uint64_t>> rated_matches_unrecorded() override { return std::vector<uint64_t>{}; }

  core::Status put_clock(uint64_t, const std::string&, int64_t) override { return {}; }
  core::Result<std::vector<std::pair<uint64_t, int64_t>>> clock_wakes() override {
    return std::vector<std::pair<uint64_t, int64_t>>{};
  }
  core::Result<storage::ProfileRow> profile(uint64_t user_id) override {
    return storage::ProfileRow{user_id, {}, 7};
  }
  core::Status put_profile(const storage::ProfileRow&) override { return {}; }
  core::Result<uint64_t> add_vacation(const storage::VacationRow&) override { return uint64_t{0}; }
  core::Status end_vacation(uint64_t, int64_t) override { return {}; }
  core::Result<std::vector<storage::VacationRow>> vacations(int64_t) override {
    return std::vector<storage::VacationRow>{};
  }
  core::Result<uint64_t> add_outbox(const storage::OutboxRow&) override { return uint64_t{0}; }
  core::Status retry_outbox(uint64_t, int, int64_t) override { return {}; }
  core::Status delete_outbox(uint64_t) override { return {}; }
  core::Result<std::vector<storage::OutboxRow>> outbox() override {
    return std::vector<storage::OutboxRow>{};
  }
  core::Result<storage::WindowCount> bump_counter(const std::string&, int64_t, int64_t, int64_t) override {
    return storage::WindowCount{};
  }
  core::Status prune_counters(int64_t) override { return {}; }

  core::Result<std::optional<storage::EmailRow>> email(uint64_t) override {
    return std::optional<storage::EmailRow>();
  }
  core::Result<std::optional<storage::EmailRow>> email_by_unsubscribe(const std::string&) override {
    return std::optional<storage::EmailRow>();
  }
  core::Status put_email(const storage::EmailRow&) override { return {}; }
  core::Result<std::vector<storage::EmailRow>> digests_due(int64_t, uint32_t) override {
    return std::vector<storage::EmailRow>{};
  }
  core::Result<bool> add_email(const storage::EmailOutboxRow&) override { return false; }
  core::Result<std::vector<storage::EmailOutboxRow>> emails_due(int64_t, uint32_t) override {
    return std::vector<storage::EmailOutboxRow>{};
  }
  core::Result<int64_t> email_next_at() override { return 0; }
  core::Status email_sent(uint64_t, int64_t, int64_t) override { return {}; }
  core::Status email_retry(uint64_t, int, int64_t) override { return {}; }
  core::Status add_turn_email(const storage::TurnEmailRow&) override { return {}; }
  core::Result<std::vector<storage::TurnEmailRow>> turn_emails_due(int64_t, uint32_t) override {
    return std::vector<storage::TurnEmailRow>{};
  }
  core::Status delete_turn_email(uint64_t, uint64_t) override { return {}; }
  core::Result<uint32_t> seen_seq(uint64_t, uint64_t) override { return 0; }
  // A single process: it owns every match (as SQLite does).
  core::Result<storage::LeaseTake> take_lease(uint64_t, const std::string&, int64_t) override {
    return storage::LeaseTake{1, {}};
  }
  core::Result<std::vector<uint64_t>> renew_leases(const std::string&,
                                                   const std::vector<std::pair<uint64_t, uint64_t>>&,
                                                   int64_t) override {
    return std::vector<uint64_t>{};
  }
  core::Result<bool> hold_lease(uint64_t, const std::string&, uint64_t) override { return true; }
  core::Status release_lease(uint64_t, const std::string&, uint64_t) override { return {}; }
  core::Status notify(const std::string&, const std::string&) override { return {}; }
};

}  // namespace frontier::testing
