// The storage interface of the server (DESIGN §5): accounts, event-sourced matches, chat.
// SQLite (sqlite_store.cpp) and PostgreSQL (postgres_store.cpp) implement it. Every method is
// pure (issue 45): a backend, or a test double, that misses one does not compile, rather than
// silently keeping nothing. A Store is used by one thread at a time, the Writer's (writer.h): every call
// happens inside the transaction the writer opened with begin(), and nothing is durable until commit()
// returns ok.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/status.h"

namespace frontier::storage {

struct UserRow {
  uint64_t id = 0;
  std::string name;
  std::string password_hash;
};

// A session token as stored: its hash (the token itself is never kept) and when it was issued.
struct TokenRow {
  std::string hash;
  int64_t created_at = 0;
};

struct MatchRow {
  uint64_t id = 0;
  std::string game;
  std::string scenario;
  std::string setup;  // serialized frontier.MatchSetup (with the seed)
  std::string seed_nonce;
  std::string seed_commitment;
  int status = 0;
  int visibility = 0;
  std::string time_control;
  uint64_t created_by = 0;
  int64_t created_at = 0;
  uint32_t seq = 0;
  uint32_t awaiting = 0;
  std::string result;
  // Clocks (migrations/0003_clocks.sql).
  std::string clock;    // the seats' clock state (server/clock/seat_clock.h); empty = not started
  int64_t wake_at = 0;  // when the clock next needs looking at; 0 = never
  // Play-by-web (migrations/0004_social.sql).
  std::string invite_code;  // PRIVATE matches only
  uint64_t tournament_id = 0;
  uint32_t rematch_asked = 0;  // seat bit mask
  uint64_t rematch_match_id = 0;
  int64_t last_activity = 0;
  // Rated or casual (migrations/0007_rated.sql).
  bool rated = false;
  bool ratings_recorded = false;  // its result went into the rating pools (or counted for nothing)
};

// One row of "my matches" (ListMatches MINE), with what the user has seen of it.
struct MyMatchRow {
  MatchRow match;
  bool your_turn = false;
  int64_t turn_since = 0;  // with your_turn: when the earliest of your prompts began
  uint32_t unread_chat = 0;
  bool unseen_result = false;
};

struct SeatRow {
  int seat = 0;
  uint64_t user_id = 0;
  std::string user_name;
};

// A match created for a tournament board (see migrations/0002_tournaments.sql).
struct TournamentMatchRow {
  uint64_t match_id = 0;
  uint64_t tournament_id = 0;
  int round = 0;
  int board = 0;
  int game = 0;
  bool recorded = false;
};

// Numbers are stored: never renumber.
enum class EventKind { kAction = 0, kUndo = 1, kResign = 2, kTimeout = 3, kAbort = 4, kTakeback = 5 };

struct EventRow {
  uint32_t seq = 0;
  int seat = 0;
  EventKind kind = EventKind::kAction;
  std::string action;  // serialized frontier.Action (empty for undo/resign)
  uint64_t user_id = 0;
  std::string client_action_id;
  int64_t at = 0;
  uint32_t target_seq = 0;  // kTakeback: the seq the match returned to
};

struct ChatRow {
  uint64_t match_id = 0;
  uint64_t user_id = 0;
  int seat = -1;
  std::string text;
  int64_t at = 0;
};

// A stored chat line as it is read back: with its author's name.
struct ChatLine {
  ChatRow row;
  std::string user_name;
};

// A user's notification settings (migrations/0003_clocks.sql).
struct ProfileRow {
  uint64_t user_id = 0;
  std::string webhook_url;
  uint32_t notify_flags = 7;  // ProfileFlag bits
};
enum ProfileFlag : uint32_t { kNotifyYourTurn = 1, kNotifyStartEnd = 2, kNotifyTimeLow = 4 };

struct VacationRow {
  uint64_t id = 0;
  uint64_t user_id = 0;
  int64_t starts_at = 0;
  int64_t ends_at = 0;
};

// A webhook delivery still to be made.
struct OutboxRow {
  uint64_t id = 0;
  uint64_t user_id = 0;
  std::string url;
  std::string body;
  int attempts = 0;
  int64_t next_at = 0;
};

// A counter shared by the nodes of a site (migrations/0008_counters.sql): its count in the window
// that began with its first event and ends at `ends_at`.
struct WindowCount {
  int64_t count = 0;
  int64_t ends_at = 0;
};

// E-mail notices (migrations/0006_email.sql). Numbers are stored: never renumber.
enum EmailChoice : uint32_t {
  kEmailYourTurn = 1,
  kEmailDigest = 2,
  kEmailClock = 4,
  kEmailPairings = 8,
  kEmailGameOver = 16,
};
struct EmailRow {
  uint64_t user_id = 0;
  std::string address;
  bool verified = false;
  std::string code_hash;  // of the verification code mailed; "" = none pending
  int64_t code_expires = 0;
  int code_tries = 0;
  int64_t code_sent_at = 0;
  uint32_t choices = kEmailYourTurn | kEmailClock | kEmailPairings | kEmailGameOver;
  int64_t turn_delay = 3600;  // seconds
  std::string unsubscribe;    // the one-click unsubscribe link's secret
  int64_t digest_due = 0;
};
// A mail queued for the relay.
struct EmailOutboxRow {
  uint64_t id = 0;
  uint64_t user_id = 0;
  std::string dedupe;  // one notice, one key: queued (and so sent) once
  std::string to;
  std::string message;  // RFC 5322, sent as is
  int attempts = 0;
  int64_t next_at = 0;
  int64_t created_at = 0;
};
// A "your turn" mail waiting for the user's delay.
struct TurnEmailRow {
  uint64_t user_id = 0;
  uint64_t match_id = 0;
  uint32_t seq = 0;
  int64_t due_at = 0;
  std::string text;
};

// Match ownership across nodes (docs/architecture.md, "Several nodes"; migrations/postgres/0003):
// the node running a match holds its lease, and every take raises the epoch, which fences off
// commits by an earlier holder.
struct LeaseTake {
  uint64_t epoch = 0;  // the new epoch; 0 = another node holds the lease
  std::string holder;  // with epoch 0: the node holding it
};

// Durability of commit(): kFull syncs the WAL on every commit (survives power loss);
// kNormal survives a process crash (SIGKILL) but not power loss; kOff is for benchmarks only.
enum class Durability { kOff, kNormal, kFull };
const char* durability_name(Durability d);

class Store {
 public:
  virtual ~Store() = default;

  virtual core::Status begin() = 0;
  // Refuses (and rolls back) a transaction in which a write failed: no batch is half-kept.
  virtual core::Status commit() = 0;
  virtual void rollback() = 0;
  // The first write that failed since begin(), or ok. Every write also returns its status; the
  // writer checks this after each job so one ignored failure still fails the whole batch.
  virtual core::Status transaction_status() const = 0;

  // Accounts. create_user fails with InvalidArgument when the name is taken.
  virtual core::Result<uint64_t> create_user(const std::string& name, const std::string& password_hash,
                                             int64_t now) = 0;
  virtual std::optional<UserRow> find_user_by_name(const std::string& name) = 0;
  virtual std::optional<UserRow> find_user(uint64_t id) = 0;
  virtual core::Status put_token(const std::string& token_hash, uint64_t user_id, int64_t now) = 0;
  // The user of a token issued at or after `issued_after` (unix seconds): older ones have expired.
  virtual std::optional<uint64_t> user_for_token(const std::string& token_hash, int64_t issued_after) = 0;
  virtual core::Status delete_token(const std::string& token_hash) = 0;
  // Sessions (docs/operations.md, Limits). Every token of `user_id`, expired or not, newest first.
  virtual std::vector<TokenRow> tokens_of_user(uint64_t user_id) = 0;
  // Removes every account's tokens issued before `before` (unix seconds): expired ones.
  virtual core::Status delete_tokens_issued_before(int64_t before) = 0;

  // Matches. create_match ignores row.id and returns the new id.
  virtual core::Result<uint64_t> create_match(const MatchRow& row) = 0;
  virtual core::Status set_seat(uint64_t match_id, int seat, uint64_t user_id) = 0;
  // After each committed change; `last_activity` (unix seconds) orders "my matches". One
  // UPDATE of the row per commit: the writer runs this for every action.
  virtual core::Status update_match(uint64_t match_id, int status, uint32_t seq, uint32_t awaiting,
                                    const std::string& result, int64_t finished_at,
                                    int64_t last_activity) = 0;
  virtual core::Status append_event(uint64_t match_id, const EventRow& event) = 0;
  virtual core::Status put_snapshot(uint64_t match_id, uint32_t seq, const std::string& state) = 0;
  virtual core::Status add_chat(const ChatRow& chat) = 0;

  virtual std::optional<MatchRow> load_match(uint64_t match_id) = 0;
  virtual std::vector<SeatRow> seats(uint64_t match_id) = 0;
  // The latest snapshot taken after an event seq below `below_seq`, if any: (seq, bytes).
  virtual std::optional<std::pair<uint32_t, std::string>> snapshot_below(uint64_t match_id,
                                                                         uint32_t below_seq) = 0;
  virtual std::vector<EventRow> events(uint64_t match_id, uint32_t from_seq) = 0;
  // The latest `limit` chat lines of a match, oldest first.
  virtual std::vector<ChatLine> chat_lines(uint64_t match_id, uint32_t limit) = 0;
  // How many chat lines the match has stored (the per-match cap).
  virtual uint32_t chat_line_count(uint64_t match_id) = 0;
  virtual std::vector<MatchRow> open_matches(uint32_t limit) = 0;
  virtual std::vector<MatchRow> matches_of_user(uint64_t user_id, uint32_t limit) = 0;
  virtual std::vector<uint64_t> unfinished_matches() = 0;
  // Computer opponents (migrations/0005_bots.sql): the id of the bot account `name` playing at
  // `level`, made (unable to log in) when missing.
  virtual core::Result<uint64_t> ensure_bot_account(const std::string& name, const std::string& level,
                                                    int64_t now) = 0;
  // Running matches where a seat held by a bot is prompted.
  virtual std::vector<uint64_t> matches_awaiting_bots() = 0;
  // How many matches `user_id` created that still wait for players (OPEN).
  virtual uint32_t open_matches_created_by(uint64_t user_id) = 0;

  // How many OPEN or RUNNING matches outside tournaments `user_id` holds a seat in.
  virtual uint32_t unfinished_matches_of(uint64_t user_id) = 0;

  // Play-by-web bookkeeping (migrations/0004_social.sql).
  // After a committed change: when the seats in `prompt_started` (a seat bit mask) began their prompt.
  virtual core::Status prompts_started(uint64_t match_id, int64_t now, uint32_t prompt_started) = 0;
  // `user` has seen the match as it stands (its seq and every chat line so far).
  virtual core::Status mark_seen(uint64_t user_id, uint64_t match_id) = 0;
  virtual core::Status set_rematch(uint64_t match_id, uint32_t asked, uint64_t rematch_match_id) = 0;
  // A takeback made every snapshot after `seq` wrong.
  virtual core::Status delete_snapshots_after(uint64_t match_id, uint32_t seq) = 0;
  // The user's matches: their turn first (longest waiting first), then unread chat, then
  // finished and not seen since, then the rest by latest activity.
  virtual std::vector<MyMatchRow> my_matches(uint64_t user_id, uint32_t limit) = 0;
  virtual uint64_t match_count() = 0;

  // Tournaments (server/tournament_host/). put_tournament with id 0 inserts and returns the new id.
  virtual core::Result<uint64_t> put_tournament(uint64_t id, const std::string& event, int64_t now) = 0;
  virtual std::vector<std::pair<uint64_t, std::string>> tournaments() = 0;
  virtual core::Status link_tournament_match(const TournamentMatchRow& row) = 0;
  virtual core::Status mark_tournament_match_recorded(uint64_t match_id) = 0;
  virtual std::vector<TournamentMatchRow> tournament_matches() = 0;
  virtual core::Status put_rating_pool(const std::string& key, const std::string& pool) = 0;
  virtual std::vector<std::pair<std::string, std::string>> rating_pools() = 0;
  // Rated matches outside tournaments (migrations/0007_rated.sql). Written in the transaction that
  // stores the rating pools with the match's result, so it is rated exactly once.
  virtual core::Status mark_ratings_recorded(uint64_t match_id) = 0;
  // Finished rated matches outside tournaments whose result is not yet in the pools (a crash
  // between the end's commit and the rating's), by id.
  virtual std::vector<uint64_t> rated_matches_unrecorded() = 0;

  // Clocks, vacations, profiles and webhooks (migrations/0003_clocks.sql).
  virtual core::Status put_clock(uint64_t match_id, const std::string& clock, int64_t wake_at) = 0;
  // (match id, wake_at) of every match with something due, however far ahead.
  virtual std::vector<std::pair<uint64_t, int64_t>> clock_wakes() = 0;
  virtual ProfileRow profile(uint64_t user_id) = 0;
  virtual core::Status put_profile(const ProfileRow& row) = 0;
  virtual core::Result<uint64_t> add_vacation(const VacationRow& row) = 0;
  virtual core::Status end_vacation(uint64_t vacation_id, int64_t ends_at) = 0;
  // Vacations ending after `after`, oldest first.
  virtual std::vector<VacationRow> vacations(int64_t after) = 0;
  virtual core::Result<uint64_t> add_outbox(const OutboxRow& row) = 0;
  virtual core::Status retry_outbox(uint64_t id, int attempts, int64_t next_at) = 0;
  virtual core::Status delete_outbox(uint64_t id) = 0;
  virtual std::vector<OutboxRow> outbox() = 0;

  // E-mail notices (migrations/0006_email.sql).
  virtual std::optional<EmailRow> email(uint64_t user_id) = 0;
  virtual std::optional<EmailRow> email_by_unsubscribe(const std::string& secret) = 0;
  // Stores the row; an empty address removes it (and its pending turn mails).
  virtual core::Status put_email(const EmailRow& row) = 0;
  // Verified addresses with the digest chosen whose digest is due.
  virtual std::vector<EmailRow> digests_due(int64_t now, uint32_t limit) = 0;
  // Queues a mail unless one with its dedupe key was ever queued; true when queued now.
  virtual core::Result<bool> add_email(const EmailOutboxRow& row) = 0;
  // Unsent mails due by `now`, earliest first.
  virtual std::vector<EmailOutboxRow> emails_due(int64_t now, uint32_t limit) = 0;
  // The earliest next_at of an unsent mail or a waiting turn mail; 0 = none.
  virtual int64_t email_next_at() = 0;
  // The relay took it; sent mails older than `forget_before` are dropped.
  virtual core::Status email_sent(uint64_t id, int64_t at, int64_t forget_before) = 0;
  virtual core::Status email_retry(uint64_t id, int attempts, int64_t next_at) = 0;
  // An earlier wait for the same match stands.
  virtual core::Status add_turn_email(const TurnEmailRow& row) = 0;
  virtual std::vector<TurnEmailRow> turn_emails_due(int64_t now, uint32_t limit) = 0;
  virtual core::Status delete_turn_email(uint64_t user_id, uint64_t match_id) = 0;
  // The match's seq when `user_id` last looked at it; 0 = never.
  virtual uint32_t seen_seq(uint64_t user_id, uint64_t match_id) = 0;

  // Counters every node shares (login throttles, per-account allowances; migrations/0008_counters.sql),
  // one statement per event. Adds `delta` to `key`'s count in its window; a window that ended
  // by `now` starts afresh at `now` and lasts `window` seconds. A negative delta takes counts
  // back (never below 0) and never starts a window.
  virtual core::Result<WindowCount> bump_counter(const std::string& key, int64_t now, int64_t window,
                                                 int64_t delta) = 0;
  // Drops counters whose window ended before `before`.
  virtual core::Status prune_counters(int64_t before) = 0;
  // Match leases (docs/architecture.md, "Several nodes"). Times are the database's clock, so
  // nodes' clocks need not agree. SQLite has one process by its flock (db_lock.h), which owns
  // every match: its take always succeeds, its renewal loses nothing and its fence always holds.
  // Takes the lease of `match_id` for `node` for `lease_ms` when it is free, expired or already
  // `node`'s, raising the epoch by one; epoch 0 (with the holder) when another node holds it.
  virtual core::Result<LeaseTake> take_lease(uint64_t match_id, const std::string& node,
                                             int64_t lease_ms) = 0;
  // Extends by `lease_ms` every (match id, epoch) of `held` that `node` still holds at that epoch,
  // in one statement; returns the matches of `held` it no longer holds.
  virtual core::Result<std::vector<uint64_t>> renew_leases(
      const std::string& node, const std::vector<std::pair<uint64_t, uint64_t>>& held, int64_t lease_ms) = 0;
  // The fence of a commit: true when `node` still holds `match_id` at `epoch`, and then the lease
  // stays locked until the transaction ends, so a takeover waits for this commit. False is an
  // answer, not a failure: the transaction stays usable for the batch's other jobs.
  virtual core::Result<bool> hold_lease(uint64_t match_id, const std::string& node, uint64_t epoch) = 0;
  // Gives the lease up (a match leaving memory, a node stopping) if `node` holds it at `epoch`.
  virtual core::Status release_lease(uint64_t match_id, const std::string& node, uint64_t epoch) = 0;
  // Tells the nodes listening on `channel` (PostgreSQL NOTIFY) when the transaction commits, and
  // only then; a payload is short text (under 8,000 bytes). SQLite has no other node: nothing.
  virtual core::Status notify(const std::string& channel, const std::string& payload) = 0;
};

// Opens (creating if needed) a SQLite database in WAL mode and applies the embedded
// migrations in order, tracked by PRAGMA user_version.
core::Result<std::unique_ptr<Store>> open_sqlite(const std::string& path, Durability durability);

}  // namespace frontier::storage
