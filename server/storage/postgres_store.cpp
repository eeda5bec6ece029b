// PostgreSQL implementation of Store, with the semantics of sqlite_store.cpp call for call (the
// conformance suite, tests/server/store_conformance_test.cpp, runs both). One connection, used
// by the writer thread: begin() .. commit() is one transaction, committed with
// synchronous_commit = on, so commit() returns only once the WAL record is flushed to disk.
//
// Where PostgreSQL differs from SQLite, and what is done about it:
// * A failed statement aborts the whole transaction (SQLite undoes just the statement). So a
//   taken user name is found with ON CONFLICT DO NOTHING, not by a failing INSERT, and a read
//   that fails inside a transaction fails the transaction too (its writes could not commit).
// * COMMIT of an aborted transaction answers "ROLLBACK", not an error: commit() checks the tag.
// * INSERT OR REPLACE becomes INSERT .. ON CONFLICT DO UPDATE of every column, which REPLACE
//   rewrote (match_seats.turn_since goes back to 0 as SQLite's new row had it).
// * Identity columns take a number even for a rolled-back insert: ids may have gaps.
#include <algorithm>
#include <optional>
#include <span>

#include "core/embedded.h"
#include "storage/pg_connection.h"
#include "storage/postgres_store.h"

namespace frontier::storage {

std::span<const core::EmbeddedFile> postgres_migration_files();

const char* postgres_durability_name(Durability d) {
  switch (d) {
    case Durability::kOff:
      return "off (PostgreSQL synchronous_commit=off: benchmarks only)";
    case Durability::kNormal:
    case Durability::kFull:
      return "full (PostgreSQL synchronous_commit=on: every commit flushed to the server's WAL)";
  }
  return "?";
}

namespace {

using pg::Params;
using pg::Rows;

// pg_advisory_lock key of the migrations: "FRONTIER" in ASCII. Every node takes it before it
// reads schema_version and holds it until its migrations are committed.
constexpr int64_t kMigrationLock = 0x46524f4e54494552;

constexpr const char* kMatchColumns =
    "id, game, scenario, setup, seed_nonce, seed_commitment, status, visibility, time_control, created_by, "
    "created_at, seq, awaiting, result, clock, COALESCE(wake_at, 0), invite_code, "
    "COALESCE(tournament_id, 0), rematch_asked, rematch_match_id, last_activity, rated, ratings_recorded";
// How many columns kMatchColumns names: queries read their own columns after them.
constexpr int kMatchColumnCount = 23;

MatchRow read_match(const Rows& r, int i) {
  MatchRow m;
  m.id = static_cast<uint64_t>(r.i64(i, 0));
  m.game = r.str(i, 1);
  m.scenario = r.str(i, 2);
  m.setup = r.str(i, 3);
  m.seed_nonce = r.str(i, 4);
  m.seed_commitment = r.str(i, 5);
  m.status = static_cast<int>(r.i64(i, 6));
  m.visibility = static_cast<int>(r.i64(i, 7));
  m.time_control = r.str(i, 8);
  m.created_by = static_cast<uint64_t>(r.i64(i, 9));
  m.created_at = r.i64(i, 10);
  m.seq = static_cast<uint32_t>(r.i64(i, 11));
  m.awaiting = static_cast<uint32_t>(r.i64(i, 12));
  m.result = r.str(i, 13);
  m.clock = r.str(i, 14);
  m.wake_at = r.i64(i, 15);
  m.invite_code = r.str(i, 16);
  m.tournament_id = static_cast<uint64_t>(r.i64(i, 17));
  m.rematch_asked = static_cast<uint32_t>(r.i64(i, 18));
  m.rematch_match_id = static_cast<uint64_t>(r.i64(i, 19));
  m.last_activity = r.i64(i, 20);
  m.rated = r.i64(i, 21) != 0;
  m.ratings_recorded = r.i64(i, 22) != 0;
  return m;
}

int64_t id64(uint64_t id) {
  return static_cast<int64_t>(id);
}

std::string match_select(const char* rest) {
  return std::string("SELECT ") + kMatchColumns + rest;
}

class PostgresStore final : public Store {
 public:
  explicit PostgresStore(std::unique_ptr<pg::Connection> conn) : conn_(std::move(conn)) {}

  // Session settings: made again after every reconnection (a new session starts from the
  // server's defaults, and synchronous_commit there may be off).
  core::Status configure(Durability durability) {
    durability_ = durability;
    auto r = conn_->exec(std::string("SET synchronous_commit = ") +
                         (durability == Durability::kOff ? "off" : "on") +
                         "; SET application_name = 'frontierd'; SET client_min_messages = warning");
    return r ? core::Status::ok() : r.status();
  }

  core::Status migrate() {
    std::vector<core::EmbeddedFile> files(postgres_migration_files().begin(),
                                          postgres_migration_files().end());
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    if (auto r = conn_->exec("SELECT pg_advisory_lock(" + std::to_string(kMigrationLock) + ")"); !r)
      return r.status();
    core::Status st = migrate_locked(files);
    (void)conn_->exec("SELECT pg_advisory_unlock(" + std::to_string(kMigrationLock) + ")");
    return st;
  }

  core::Status begin() override {
    failure_ = core::Status::ok();
    in_transaction_ = false;
    // A connection lost since the last batch (the server restarted, the network failed) is
    // made again here, before anything of the batch ran, so only batches that met the loss fail.
    auto r = conn_->alive() ? conn_->exec("BEGIN") : core::Result<pg::Rows>(core::Status::corruption("lost"));
    if (!r && !conn_->alive()) {
      if (!conn_->reset())
        return failed(core::Status::corruption("PostgreSQL: connection lost: " + conn_->error()));
      if (auto st = configure(durability_); !st) return failed(st);
      r = conn_->exec("BEGIN");
    }
    in_transaction_ = r.is_ok();
    return r ? core::Status::ok() : failed(r.status());
  }
  core::Status commit() override {
    if (!failure_) {
      rollback();
      return failure_;
    }
    in_transaction_ = false;
    // Through the pipeline: the writes still sent ahead go with the COMMIT in one round trip, and
    // the first of them that failed is the answer (the COMMIT then did not run).
    auto r = conn_->run("COMMIT", Params());
    if (!r) {
      // A write sent ahead failed, so the COMMIT was skipped and the transaction is still open
      // (aborted): it ends here, as a failed commit always ended it. A lost connection: the
      // outcome is unknown, so it is a failure.
      if (conn_->alive()) (void)conn_->exec("ROLLBACK");
      return r.status();
    }
    if (r->command() != "COMMIT")
      return core::Status::corruption("PostgreSQL rolled the transaction back (" + r->command() + ")");
    return core::Status::ok();
  }
  void rollback() override {
    in_transaction_ = false;
    (void)conn_->exec("ROLLBACK");
  }
  core::Status transaction_status() const override { return failure_; }

  core::Result<uint64_t> create_user(const std::string& name, const std::string& hash, int64_t now) override {
    // A taken name is an answer, not a storage failure: ON CONFLICT keeps the transaction alive.
    Params p;
    p.text(name).text(hash).i64(now);
    auto r = write_rows(
        "INSERT INTO users(name, password_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING "
        "RETURNING id",
        p);
    if (!r) return r.status();
    if (r->count() == 0) return core::Status::invalid_argument("The name '" + name + "' is taken");
    return static_cast<uint64_t>(r->i64(0, 0));
  }
  core::Result<std::optional<UserRow>> find_user_by_name(const std::string& name) override {
    Params p;
    p.text(name);
    return user_query(
        "SELECT id, name, password_hash FROM users WHERE lower(name) = lower($1::text COLLATE \"C\")", p);
  }
  core::Result<std::optional<UserRow>> find_user(uint64_t id) override {
    Params p;
    p.i64(id64(id));
    return user_query("SELECT id, name, password_hash FROM users WHERE id = $1", p);
  }
  core::Status put_token(const std::string& token_hash, uint64_t user_id, int64_t now) override {
    Params p;
    p.bytes(token_hash).i64(id64(user_id)).i64(now);
    return write(
        "INSERT INTO tokens(hash, user_id, created_at) VALUES ($1, $2, $3) "
        "ON CONFLICT (hash) DO UPDATE SET user_id = excluded.user_id, created_at = excluded.created_at",
        p);
  }
  core::Result<std::optional<uint64_t>> user_for_token(const std::string& token_hash,
                                                       int64_t issued_after) override {
    Params p;
    p.bytes(token_hash).i64(issued_after);
    auto r = read("SELECT user_id FROM tokens WHERE hash = $1 AND created_at >= $2", p);
    if (!r) return r.status();
    if (r->count() == 0) return std::optional<uint64_t>();
    return std::optional<uint64_t>(static_cast<uint64_t>(r->i64(0, 0)));
  }
  core::Status delete_token(const std::string& token_hash) override {
    Params p;
    p.bytes(token_hash);
    return write("DELETE FROM tokens WHERE hash = $1", p);
  }

  core::Result<std::vector<TokenRow>> tokens_of_user(uint64_t user_id) override {
    Params p;
    p.i64(id64(user_id));
    auto r = read("SELECT hash, created_at FROM tokens WHERE user_id = $1 ORDER BY created_at DESC", p);
    if (!r) return r.status();
    std::vector<TokenRow> out;
    for (int i = 0; i < r->count(); ++i) out.push_back({r->str(i, 0), r->i64(i, 1)});
    return out;
  }
  core::Status delete_tokens_issued_before(int64_t before) override {
    Params p;
    p.i64(before);
    return write("DELETE FROM tokens WHERE created_at < $1", p);
  }

  core::Result<uint64_t> create_match(const MatchRow& m) override {
    Params p;
    p.text(m.game).text(m.scenario).bytes(m.setup).text(m.seed_nonce).text(m.seed_commitment);
    p.i64(m.status).i64(m.visibility).bytes(m.time_control).i64(id64(m.created_by)).i64(m.created_at);
    p.i64(m.seq).i64(m.awaiting).text(m.result).text(m.invite_code).i64(id64(m.tournament_id));
    p.i64(m.rated ? 1 : 0);
    return inserted(
        "INSERT INTO matches(game, scenario, setup, seed_nonce, seed_commitment, status, visibility, "
        "time_control, created_by, created_at, seq, awaiting, result, invite_code, tournament_id, "
        "last_activity, rated) "
        "VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,NULLIF($15::bigint, 0),$10,$16) RETURNING id",
        p);
  }
  core::Status set_seat(uint64_t match_id, int seat, uint64_t user_id) override {
    Params p;
    p.i64(id64(match_id)).i64(seat).i64(id64(user_id));
    return write(
        "INSERT INTO match_seats(match_id, seat, user_id) VALUES ($1, $2, $3) "
        "ON CONFLICT (match_id, seat) DO UPDATE SET user_id = excluded.user_id, turn_since = 0",
        p);
  }
  core::Status update_match(uint64_t match_id, int status, uint32_t seq, uint32_t awaiting,
                            const std::string& result, int64_t finished_at, int64_t last_activity) override {
    Params p;
    p.i64(status).i64(seq).i64(awaiting).text(result).i64(finished_at).i64(last_activity).i64(id64(match_id));
    return write(
        "UPDATE matches SET status = $1, seq = $2, awaiting = $3, result = $4, "
        "finished_at = CASE WHEN $5::bigint > 0 THEN $5::bigint ELSE finished_at END, last_activity = $6 "
        "WHERE id = $7",
        p);
  }
  core::Status append_event(uint64_t match_id, const EventRow& e) override {
    Params p;
    p.i64(id64(match_id)).i64(e.seq).i64(e.seat).i64(static_cast<int>(e.kind)).bytes(e.action);
    p.i64(id64(e.user_id)).bytes(e.client_action_id).i64(e.at).i64(e.target_seq);
    return write(
        "INSERT INTO events(match_id, seq, seat, kind, action, user_id, client_action_id, at, target_seq) "
        "VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)",
        p);
  }
  core::Status put_snapshot(uint64_t match_id, uint32_t seq, const std::string& state) override {
    Params p;
    p.i64(id64(match_id)).i64(seq).bytes(state);
    return write(
        "INSERT INTO snapshots(match_id, seq, state) VALUES ($1, $2, $3) "
        "ON CONFLICT (match_id, seq) DO UPDATE SET state = excluded.state",
        p);
  }
  core::Status add_chat(const ChatRow& c) override {
    Params p;
    p.i64(id64(c.match_id)).i64(id64(c.user_id)).i64(c.seat).bytes(c.text).i64(c.at);
    return write("INSERT INTO chat(match_id, user_id, seat, text, at) VALUES ($1, $2, $3, $4, $5)", p);
  }

  core::Result<std::optional<MatchRow>> load_match(uint64_t match_id) override {
    Params p;
    p.i64(id64(match_id));
    static const std::string sql = match_select(" FROM matches WHERE id = $1");
    auto r = read(sql, p);
    if (!r) return r.status();
    if (r->count() == 0) return std::optional<MatchRow>();
    return std::optional<MatchRow>(read_match(*r, 0));
  }
  core::Result<std::vector<SeatRow>> seats(uint64_t match_id) override {
    Params p;
    p.i64(id64(match_id));
    auto r = read(
        "SELECT s.seat, s.user_id, u.name FROM match_seats s JOIN users u ON u.id = s.user_id "
        "WHERE s.match_id = $1 ORDER BY s.seat",
        p);
    if (!r) return r.status();
    std::vector<SeatRow> out;
    for (int i = 0; i < r->count(); ++i)
      out.push_back({static_cast<int>(r->i64(i, 0)), static_cast<uint64_t>(r->i64(i, 1)), r->str(i, 2)});
    return out;
  }
  core::Result<std::optional<std::pair<uint32_t, std::string>>> snapshot_below(uint64_t match_id,
                                                                               uint32_t below_seq) override {
    Params p;
    p.i64(id64(match_id)).i64(below_seq);
    auto r = read(
        "SELECT seq, state FROM snapshots WHERE match_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT 1", p);
    if (!r) return r.status();
    if (r->count() == 0) return std::optional<std::pair<uint32_t, std::string>>();
    return std::optional<std::pair<uint32_t, std::string>>(
        std::make_pair(static_cast<uint32_t>(r->i64(0, 0)), r->str(0, 1)));
  }
  core::Result<std::vector<EventRow>> events(uint64_t match_id, uint32_t from_seq) override {
    Params p;
    p.i64(id64(match_id)).i64(from_seq);
    auto r = read(
        "SELECT seq, seat, kind, action, user_id, client_action_id, at, target_seq FROM events "
        "WHERE match_id = $1 AND seq >= $2 ORDER BY seq",
        p);
    if (!r) return r.status();
    std::vector<EventRow> out;
    for (int i = 0; i < r->count(); ++i) {
      EventRow e;
      e.seq = static_cast<uint32_t>(r->i64(i, 0));
      e.seat = static_cast<int>(r->i64(i, 1));
      e.kind = static_cast<EventKind>(r->i64(i, 2));
      e.action = r->str(i, 3);
      e.user_id = static_cast<uint64_t>(r->i64(i, 4));
      e.client_action_id = r->str(i, 5);
      e.at = r->i64(i, 6);
      e.target_seq = static_cast<uint32_t>(r->i64(i, 7));
      out.push_back(std::move(e));
    }
    return out;
  }
  core::Result<uint32_t> chat_line_count(uint64_t match_id) override {
    Params p;
    p.i64(id64(match_id));
    auto r = read("SELECT count(*) FROM chat WHERE match_id = $1", p);
    if (!r) return r.status();
    return r->count() > 0 ? static_cast<uint32_t>(r->i64(0, 0)) : 0;
  }
  core::Result<std::vector<ChatLine>> chat_lines(uint64_t match_id, uint32_t limit) override {
    Params p;
    p.i64(id64(match_id)).i64(limit);
    auto r = read(
        "SELECT c.user_id, COALESCE(u.name, ''), c.seat, c.text, c.at FROM "
        "(SELECT * FROM chat WHERE match_id = $1 ORDER BY id DESC LIMIT $2) c "
        "LEFT JOIN users u ON u.id = c.user_id ORDER BY c.id",
        p);
    if (!r) return r.status();
    std::vector<ChatLine> out;
    for (int i = 0; i < r->count(); ++i) {
      ChatLine l;
      l.row.match_id = match_id;
      l.row.user_id = static_cast<uint64_t>(r->i64(i, 0));
      l.user_name = r->str(i, 1);
      l.row.seat = static_cast<int>(r->i64(i, 2));
      l.row.text = r->str(i, 3);
      l.row.at = r->i64(i, 4);
      out.push_back(std::move(l));
    }
    return out;
  }
  core::Result<std::vector<MatchRow>> open_matches(uint32_t limit) override {
    Params p;
    p.i64(limit);
    static const std::string sql =
        match_select(" FROM matches WHERE status = 1 AND visibility = 0 ORDER BY id DESC LIMIT $1");
    return match_list(sql, p);
  }
  core::Result<std::vector<MatchRow>> matches_of_user(uint64_t user_id, uint32_t limit) override {
    Params p;
    p.i64(id64(user_id)).i64(limit);
    static const std::string sql = match_select(
        " FROM matches WHERE id IN (SELECT match_id FROM match_seats WHERE user_id = $1) ORDER BY id DESC "
        "LIMIT $2");
    return match_list(sql, p);
  }
  core::Result<uint64_t> ensure_bot_account(const std::string& name, const std::string& level,
                                            int64_t now) override {
    // "!" is no password hash: nothing verifies against it, so no one logs in as a bot.
    Params p;
    p.text(name).i64(now).text(level);
    if (auto st =
            write("INSERT INTO users(name, password_hash, created_at, bot_level) VALUES ($1, '!', $2, $3) "
                  "ON CONFLICT ((lower(name))) DO UPDATE SET bot_level = excluded.bot_level WHERE "
                  "users.bot_level <> ''",
                  p);
        !st) {
      return st;
    }
    Params q;
    q.text(name).text(level);
    auto r =
        read("SELECT id FROM users WHERE lower(name) = lower($1::text COLLATE \"C\") AND bot_level = $2", q);
    if (!r) return r.status();
    if (r->count() == 0)
      return core::Status::invalid_argument("the bot name '" + name + "' belongs to a person");
    return static_cast<uint64_t>(r->i64(0, 0));
  }
  core::Result<std::vector<uint64_t>> matches_awaiting_bots() override {
    return ids(
        "SELECT DISTINCT m.id FROM matches m JOIN match_seats s ON s.match_id = m.id "
        "JOIN users u ON u.id = s.user_id WHERE m.status = 2 AND u.bot_level <> '' "
        "AND ((m.awaiting >> s.seat::int) & 1) = 1 ORDER BY m.id");
  }
  core::Result<uint32_t> open_matches_created_by(uint64_t user_id) override {
    Params p;
    p.i64(id64(user_id));
    auto r = read("SELECT count(*) FROM matches WHERE status = 1 AND created_by = $1", p);
    if (!r) return r.status();
    return r->count() > 0 ? static_cast<uint32_t>(r->i64(0, 0)) : 0;
  }
  core::Result<uint32_t> unfinished_matches_of(uint64_t user_id) override {
    Params p;
    p.i64(id64(user_id));
    auto r = read(
        "SELECT count(DISTINCT m.id) FROM match_seats s JOIN matches m ON m.id = s.match_id "
        "WHERE s.user_id = $1 AND m.status IN (1, 2) AND m.tournament_id IS NULL",
        p);
    if (!r) return r.status();
    return r->count() > 0 ? static_cast<uint32_t>(r->i64(0, 0)) : 0;
  }
  core::Result<std::vector<uint64_t>> unfinished_matches() override {
    return ids("SELECT id FROM matches WHERE status <> 3 ORDER BY id");
  }
  core::Status prompts_started(uint64_t match_id, int64_t now, uint32_t prompt_started) override {
    for (int seat = 0; prompt_started >> seat; ++seat) {
      if (!((prompt_started >> seat) & 1u)) continue;
      Params p;
      p.i64(now).i64(id64(match_id)).i64(seat);
      if (auto st = write("UPDATE match_seats SET turn_since = $1 WHERE match_id = $2 AND seat = $3", p); !st)
        return st;
    }
    return {};
  }
  core::Status mark_seen(uint64_t user_id, uint64_t match_id) override {
    Params p;
    p.i64(id64(user_id)).i64(id64(match_id));
    return write(
        "INSERT INTO match_seen(user_id, match_id, seen_seq, seen_chat_id) "
        "SELECT $1::bigint, m.id, m.seq, COALESCE((SELECT max(c.id) FROM chat c WHERE c.match_id = m.id), 0) "
        "FROM matches m WHERE m.id = $2 "
        "ON CONFLICT (user_id, match_id) DO UPDATE SET seen_seq = excluded.seen_seq, "
        "seen_chat_id = excluded.seen_chat_id",
        p);
  }
  core::Status set_rematch(uint64_t match_id, uint32_t asked, uint64_t rematch_match_id) override {
    Params p;
    p.i64(asked).i64(id64(rematch_match_id)).i64(id64(match_id));
    return write("UPDATE matches SET rematch_asked = $1, rematch_match_id = $2 WHERE id = $3", p);
  }
  core::Status delete_snapshots_after(uint64_t match_id, uint32_t seq) override {
    Params p;
    p.i64(id64(match_id)).i64(seq);
    return write("DELETE FROM snapshots WHERE match_id = $1 AND seq > $2", p);
  }
  core::Result<std::vector<MyMatchRow>> my_matches(uint64_t user_id, uint32_t limit) override {
    // The same query as SQLite's (sqlite_store.cpp), with PostgreSQL's booleans.
    static const std::string sql =
        std::string("SELECT ") + kMatchColumns +
        ", your_turn, turn_since, unread, unseen FROM ("
        "SELECT m.*, "
        "  (m.status = 2 AND EXISTS (SELECT 1 FROM match_seats y WHERE y.match_id = m.id "
        "     AND y.user_id = $1 AND ((m.awaiting >> y.seat::int) & 1) = 1)) AS your_turn, "
        "  COALESCE((SELECT min(CASE WHEN y.turn_since > 0 THEN y.turn_since ELSE m.created_at END) "
        "     FROM match_seats y WHERE y.match_id = m.id AND y.user_id = $1 "
        "     AND ((m.awaiting >> y.seat::int) & 1) = 1), 0) AS turn_since, "
        "  (SELECT count(*) FROM chat c WHERE c.match_id = m.id AND c.user_id <> $1 "
        "     AND c.id > COALESCE(seen.seen_chat_id, 0)) AS unread, "
        "  (m.status = 3 AND COALESCE(seen.seen_seq, -1) < m.seq) AS unseen "
        "FROM matches m LEFT JOIN match_seen seen ON seen.user_id = $1 AND seen.match_id = m.id "
        "WHERE m.id IN (SELECT match_id FROM match_seats WHERE user_id = $1)) mine "
        "ORDER BY CASE WHEN your_turn THEN 0 WHEN unread > 0 THEN 1 WHEN unseen THEN 2 ELSE 3 END, "
        "  CASE WHEN your_turn THEN turn_since ELSE 0 END, last_activity DESC, id DESC LIMIT $2";
    Params p;
    p.i64(id64(user_id)).i64(limit);
    auto r = read(sql, p);
    if (!r) return r.status();
    std::vector<MyMatchRow> out;
    for (int i = 0; i < r->count(); ++i) {
      MyMatchRow m;
      m.match = read_match(*r, i);
      // The columns after kMatchColumns.
      m.your_turn = r->i64(i, kMatchColumnCount) != 0;
      m.turn_since = r->i64(i, kMatchColumnCount + 1);
      m.unread_chat = static_cast<uint32_t>(r->i64(i, kMatchColumnCount + 2));
      m.unseen_result = r->i64(i, kMatchColumnCount + 3) != 0;
      out.push_back(std::move(m));
    }
    return out;
  }
  core::Result<uint64_t> match_count() override {
    auto r = read("SELECT count(*) FROM matches", Params());
    if (!r) return r.status();
    return r->count() > 0 ? static_cast<uint64_t>(r->i64(0, 0)) : 0;
  }

  core::Result<uint64_t> put_tournament(uint64_t id, const std::string& event, int64_t now) override {
    Params p;
    p.bytes(event).i64(now);
    if (id == 0)
      return inserted("INSERT INTO tournaments(event, updated_at) VALUES ($1, $2) RETURNING id", p);
    p.i64(id64(id));
    if (auto st = write("UPDATE tournaments SET event = $1, updated_at = $2 WHERE id = $3", p); !st)
      return st;
    return id;
  }
  core::Result<std::vector<std::pair<uint64_t, std::string>>> tournaments() override {
    auto r = read("SELECT id, event FROM tournaments ORDER BY id", Params());
    if (!r) return r.status();
    std::vector<std::pair<uint64_t, std::string>> out;
    for (int i = 0; i < r->count(); ++i) out.emplace_back(static_cast<uint64_t>(r->i64(i, 0)), r->str(i, 1));
    return out;
  }
  core::Status link_tournament_match(const TournamentMatchRow& t) override {
    Params p;
    p.i64(id64(t.match_id)).i64(id64(t.tournament_id)).i64(t.round).i64(t.board).i64(t.game);
    p.i64(t.recorded ? 1 : 0);
    return write(
        "INSERT INTO tournament_matches(match_id, tournament_id, round, board, game, recorded) "
        "VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT (match_id) DO UPDATE SET tournament_id = "
        "excluded.tournament_id, "
        "round = excluded.round, board = excluded.board, game = excluded.game, recorded = excluded.recorded",
        p);
  }
  core::Status mark_tournament_match_recorded(uint64_t match_id) override {
    Params p;
    p.i64(id64(match_id));
    return write("UPDATE tournament_matches SET recorded = 1 WHERE match_id = $1", p);
  }
  core::Result<std::vector<TournamentMatchRow>> tournament_matches() override {
    auto r = read(
        "SELECT match_id, tournament_id, round, board, game, recorded FROM tournament_matches ORDER BY "
        "match_id",
        Params());
    if (!r) return r.status();
    std::vector<TournamentMatchRow> out;
    for (int i = 0; i < r->count(); ++i) {
      out.push_back({static_cast<uint64_t>(r->i64(i, 0)), static_cast<uint64_t>(r->i64(i, 1)),
                     static_cast<int>(r->i64(i, 2)), static_cast<int>(r->i64(i, 3)),
                     static_cast<int>(r->i64(i, 4)), r->i64(i, 5) != 0});
    }
    return out;
  }
  core::Status put_rating_pool(const std::string& key, const std::string& pool) override {
    Params p;
    p.text(key).bytes(pool);
    return write(
        "INSERT INTO rating_pools(key, pool) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET pool = "
        "excluded.pool",
        p);
  }
  core::Result<std::vector<std::pair<std::string, std::string>>> rating_pools() override {
    auto r = read("SELECT key, pool FROM rating_pools ORDER BY key", Params());
    if (!r) return r.status();
    std::vector<std::pair<std::string, std::string>> out;
    for (int i = 0; i < r->count(); ++i) out.emplace_back(r->str(i, 0), r->str(i, 1));
    return out;
  }
  core::Status mark_ratings_recorded(uint64_t match_id) override {
    Params p;
    p.i64(id64(match_id));
    return write("UPDATE matches SET ratings_recorded = 1 WHERE id = $1", p);
  }
  core::Result<std::vector<uint64_t>> rated_matches_unrecorded() override {
    // As SQLite's: the partial index matches_rating_due holds only rated matches not yet recorded.
    auto r = read(
        "SELECT id FROM matches WHERE rated = 1 AND ratings_recorded = 0 AND status = 3 "
        "AND tournament_id IS NULL ORDER BY id",
        Params());
    if (!r) return r.status();
    std::vector<uint64_t> out;
    for (int i = 0; i < r->count(); ++i) out.push_back(static_cast<uint64_t>(r->i64(i, 0)));
    return out;
  }

  core::Status put_clock(uint64_t match_id, const std::string& clock, int64_t wake_at) override {
    Params p;
    p.text(clock).i64(wake_at).i64(id64(match_id));
    return write("UPDATE matches SET clock = $1, wake_at = NULLIF($2::bigint, 0) WHERE id = $3", p);
  }
  core::Result<std::vector<std::pair<uint64_t, int64_t>>> clock_wakes() override {
    auto r = read("SELECT id, wake_at FROM matches WHERE wake_at IS NOT NULL", Params());
    if (!r) return r.status();
    std::vector<std::pair<uint64_t, int64_t>> out;
    for (int i = 0; i < r->count(); ++i) out.emplace_back(static_cast<uint64_t>(r->i64(i, 0)), r->i64(i, 1));
    return out;
  }
  core::Result<ProfileRow> profile(uint64_t user_id) override {
    Params p;
    p.i64(id64(user_id));
    auto r = read("SELECT webhook_url, notify_flags FROM users WHERE id = $1", p);
    if (!r) return r.status();
    if (r->count() == 0) return ProfileRow{user_id, {}, 7};
    return ProfileRow{user_id, r->str(0, 0), static_cast<uint32_t>(r->i64(0, 1))};
  }
  core::Status put_profile(const ProfileRow& row) override {
    Params p;
    p.text(row.webhook_url).i64(row.notify_flags).i64(id64(row.user_id));
    return write("UPDATE users SET webhook_url = $1, notify_flags = $2 WHERE id = $3", p);
  }
  core::Result<uint64_t> add_vacation(const VacationRow& row) override {
    Params p;
    p.i64(id64(row.user_id)).i64(row.starts_at).i64(row.ends_at);
    return inserted("INSERT INTO vacations(user_id, starts_at, ends_at) VALUES ($1, $2, $3) RETURNING id", p);
  }
  core::Status end_vacation(uint64_t vacation_id, int64_t ends_at) override {
    Params p;
    p.i64(ends_at).i64(id64(vacation_id));
    return write("UPDATE vacations SET ends_at = $1 WHERE id = $2", p);
  }
  core::Result<std::vector<VacationRow>> vacations(int64_t after) override {
    Params p;
    p.i64(after);
    auto r = read(
        "SELECT id, user_id, starts_at, ends_at FROM vacations WHERE ends_at > $1 ORDER BY starts_at, id", p);
    if (!r) return r.status();
    std::vector<VacationRow> out;
    for (int i = 0; i < r->count(); ++i)
      out.push_back({static_cast<uint64_t>(r->i64(i, 0)), static_cast<uint64_t>(r->i64(i, 1)), r->i64(i, 2),
                     r->i64(i, 3)});
    return out;
  }
  core::Result<uint64_t> add_outbox(const OutboxRow& row) override {
    Params p;
    p.i64(id64(row.user_id)).text(row.url).bytes(row.body).i64(row.attempts).i64(row.next_at);
    return inserted(
        "INSERT INTO webhook_outbox(user_id, url, body, attempts, next_at) VALUES ($1, $2, $3, $4, $5) "
        "RETURNING id",
        p);
  }
  core::Status retry_outbox(uint64_t id, int attempts, int64_t next_at) override {
    Params p;
    p.i64(attempts).i64(next_at).i64(id64(id));
    return write("UPDATE webhook_outbox SET attempts = $1, next_at = $2 WHERE id = $3", p);
  }
  core::Status delete_outbox(uint64_t id) override {
    Params p;
    p.i64(id64(id));
    return write("DELETE FROM webhook_outbox WHERE id = $1", p);
  }
  core::Result<WindowCount> bump_counter(const std::string& key, int64_t now, int64_t window,
                                         int64_t delta) override {
    Params p;
    p.bytes(key).i64(now).i64(window).i64(delta);
    auto r = write_rows(
        delta < 0
            ? "UPDATE shared_counters SET count = GREATEST(count + $4::bigint, 0) "
              "WHERE key = $1 AND ends_at > $2::bigint AND $3::bigint = $3::bigint RETURNING count, ends_at"
            : "INSERT INTO shared_counters(key, count, ends_at) VALUES ($1, $4::bigint, $2::bigint + "
              "$3::bigint) "
              "ON CONFLICT (key) DO UPDATE SET "
              "count = CASE WHEN shared_counters.ends_at <= $2::bigint THEN $4::bigint "
              "ELSE shared_counters.count + $4::bigint END, "
              "ends_at = CASE WHEN shared_counters.ends_at <= $2::bigint THEN $2::bigint + $3::bigint "
              "ELSE shared_counters.ends_at END "
              "RETURNING count, ends_at",
        p);
    if (!r) return r.status();
    if (r->count() == 0) return WindowCount{};
    return WindowCount{r->i64(0, 0), r->i64(0, 1)};
  }
  core::Status prune_counters(int64_t before) override {
    Params p;
    p.i64(before);
    return write("DELETE FROM shared_counters WHERE ends_at < $1", p);
  }
  core::Result<std::vector<OutboxRow>> outbox() override {
    auto r =
        read("SELECT id, user_id, url, body, attempts, next_at FROM webhook_outbox ORDER BY id", Params());
    if (!r) return r.status();
    std::vector<OutboxRow> out;
    for (int i = 0; i < r->count(); ++i) {
      out.push_back({static_cast<uint64_t>(r->i64(i, 0)), static_cast<uint64_t>(r->i64(i, 1)), r->str(i, 2),
                     r->str(i, 3), static_cast<int>(r->i64(i, 4)), r->i64(i, 5)});
    }
    return out;
  }

  // E-mail notices (migrations/postgres/0002_email.sql), as sqlite_store.cpp does them.
  core::Result<std::optional<EmailRow>> email(uint64_t user_id) override {
    Params p;
    p.i64(id64(user_id));
    return first(email_query("WHERE user_id = $1", p));
  }
  core::Result<std::optional<EmailRow>> email_by_unsubscribe(const std::string& secret) override {
    Params p;
    p.text(secret);
    return first(email_query("WHERE unsubscribe = $1", p));
  }
  core::Status put_email(const EmailRow& row) override {
    Params user;
    user.i64(id64(row.user_id));
    if (row.address.empty()) {
      if (auto st = write("DELETE FROM user_email WHERE user_id = $1", user); !st) return st;
      return write("DELETE FROM turn_emails WHERE user_id = $1", user);
    }
    Params p;
    p.i64(id64(row.user_id)).bytes(row.address).i64(row.verified ? 1 : 0).text(row.code_hash);
    p.i64(row.code_expires).i64(row.code_tries).i64(row.code_sent_at).i64(row.choices);
    p.i64(row.turn_delay).text(row.unsubscribe).i64(row.digest_due);
    // SQLite's INSERT OR REPLACE: every column of the row is rewritten.
    return write(
        std::string("INSERT INTO user_email(") + kEmailColumns +
            ") VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) ON CONFLICT (user_id) DO UPDATE SET "
            "address = excluded.address, verified = excluded.verified, code_hash = excluded.code_hash, "
            "code_expires = excluded.code_expires, code_tries = excluded.code_tries, "
            "code_sent_at = excluded.code_sent_at, choices = excluded.choices, "
            "turn_delay = excluded.turn_delay, unsubscribe = excluded.unsubscribe, "
            "digest_due = excluded.digest_due",
        p);
  }
  core::Result<std::vector<EmailRow>> digests_due(int64_t now, uint32_t limit) override {
    Params p;
    p.i64(now).i64(limit);
    return email_query(
        "WHERE verified = 1 AND (choices & 2) <> 0 AND digest_due <= $1 ORDER BY digest_due LIMIT $2", p);
  }
  core::Result<bool> add_email(const EmailOutboxRow& row) override {
    // A dedupe key seen before is an answer (false), not a failure: the transaction goes on.
    Params p;
    p.i64(id64(row.user_id)).text(row.dedupe).bytes(row.to).bytes(row.message).i64(row.attempts);
    p.i64(row.next_at).i64(row.created_at);
    auto r = write_rows(
        "INSERT INTO email_outbox(user_id, dedupe, to_address, message, attempts, next_at, created_at) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (dedupe) DO NOTHING RETURNING id",
        p);
    if (!r) return r.status();
    return r->count() > 0;
  }
  core::Result<std::vector<EmailOutboxRow>> emails_due(int64_t now, uint32_t limit) override {
    Params p;
    p.i64(now).i64(limit);
    auto r = read(
        "SELECT id, user_id, dedupe, to_address, message, attempts, next_at, created_at FROM email_outbox "
        "WHERE sent_at = 0 AND next_at <= $1 ORDER BY next_at, id LIMIT $2",
        p);
    if (!r) return r.status();
    std::vector<EmailOutboxRow> out;
    for (int i = 0; i < r->count(); ++i) {
      out.push_back({static_cast<uint64_t>(r->i64(i, 0)), static_cast<uint64_t>(r->i64(i, 1)), r->str(i, 2),
                     r->str(i, 3), r->str(i, 4), static_cast<int>(r->i64(i, 5)), r->i64(i, 6), r->i64(i, 7)});
    }
    return out;
  }
  core::Result<int64_t> email_next_at() override {
    auto r = read(
        "SELECT COALESCE(min(t), 0) FROM (SELECT min(next_at) AS t FROM email_outbox WHERE sent_at = 0 "
        "UNION ALL SELECT min(due_at) FROM turn_emails "
        "UNION ALL SELECT min(digest_due) FROM user_email WHERE verified = 1 AND (choices & 2) <> 0) due",
        Params());
    if (!r) return r.status();
    return r->count() > 0 ? r->i64(0, 0) : 0;
  }
  core::Status email_sent(uint64_t id, int64_t at, int64_t forget_before) override {
    Params p;
    p.i64(at).i64(id64(id));
    if (auto st = write("UPDATE email_outbox SET sent_at = $1, attempts = attempts + 1 WHERE id = $2", p);
        !st)
      return st;
    Params old;
    old.i64(forget_before);
    return write("DELETE FROM email_outbox WHERE sent_at <> 0 AND sent_at < $1", old);
  }
  core::Status email_retry(uint64_t id, int attempts, int64_t next_at) override {
    Params p;
    p.i64(attempts).i64(next_at).i64(id64(id));
    return write("UPDATE email_outbox SET attempts = $1, next_at = $2 WHERE id = $3", p);
  }
  core::Status add_turn_email(const TurnEmailRow& row) override {
    Params p;
    p.i64(id64(row.user_id)).i64(id64(row.match_id)).i64(row.seq).i64(row.due_at).bytes(row.text);
    return write(
        "INSERT INTO turn_emails(user_id, match_id, seq, due_at, text) VALUES ($1, $2, $3, $4, $5) "
        "ON CONFLICT (user_id, match_id) DO NOTHING",
        p);
  }
  core::Result<std::vector<TurnEmailRow>> turn_emails_due(int64_t now, uint32_t limit) override {
    Params p;
    p.i64(now).i64(limit);
    auto r = read(
        "SELECT user_id, match_id, seq, due_at, text FROM turn_emails WHERE due_at <= $1 ORDER BY due_at "
        "LIMIT $2",
        p);
    if (!r) return r.status();
    std::vector<TurnEmailRow> out;
    for (int i = 0; i < r->count(); ++i) {
      out.push_back({static_cast<uint64_t>(r->i64(i, 0)), static_cast<uint64_t>(r->i64(i, 1)),
                     static_cast<uint32_t>(r->i64(i, 2)), r->i64(i, 3), r->str(i, 4)});
    }
    return out;
  }
  core::Status delete_turn_email(uint64_t user_id, uint64_t match_id) override {
    Params p;
    p.i64(id64(user_id)).i64(id64(match_id));
    return write("DELETE FROM turn_emails WHERE user_id = $1 AND match_id = $2", p);
  }
  core::Result<uint32_t> seen_seq(uint64_t user_id, uint64_t match_id) override {
    Params p;
    p.i64(id64(user_id)).i64(id64(match_id));
    auto r = read("SELECT seen_seq FROM match_seen WHERE user_id = $1 AND match_id = $2", p);
    if (!r) return r.status();
    return r->count() > 0 ? static_cast<uint32_t>(r->i64(0, 0)) : 0;
  }

  // Leases (migrations/postgres/0005_match_leases.sql). Lock waits go one way only, so two
  // nodes cannot deadlock over them: a take never waits for a row another transaction locked
  // (SKIP LOCKED: a lease being committed under, or being taken, is busy now and the caller
  // asks again), while a fence (FOR SHARE) and a renewal wait for a take to commit, and then
  // see its new epoch.
  core::Result<LeaseTake> take_lease(uint64_t match_id, const std::string& node, int64_t lease_ms) override {
    Params p;
    p.i64(id64(match_id));
    // Only a row this node may take (its own, or expired) is locked: a live lease of another node
    // is left unlocked. Locking it too (as this did) held the row for the rest of the batch, and
    // its holder's renewal waited for that; two nodes asking for each other's live matches (a
    // forwarded change, a follower's load) and then renewing in the same batches deadlocked, a
    // batch failed and a node stopped (bench/cluster/run.sh's kill row found it).
    Params q;
    q.i64(id64(match_id)).text(node);
    auto current = write_rows(
        "SELECT node FROM match_leases WHERE match_id = $1 AND (node = $2 OR expires_at < clock_timestamp()) "
        "FOR UPDATE SKIP LOCKED",
        q);
    if (!current) return current.status();
    Params t;
    t.i64(id64(match_id)).text(node).i64(lease_ms);
    if (current->count() > 0) {
      auto taken = write_rows(
          "UPDATE match_leases SET node = $2, epoch = epoch + 1, "
          "expires_at = clock_timestamp() + $3::bigint * interval '1 millisecond' WHERE match_id = $1 "
          "RETURNING epoch",
          t);
      if (!taken) return taken.status();
      return LeaseTake{static_cast<uint64_t>(taken->i64(0, 0)), node};
    }
    // No row, a live lease of another node, or a row another transaction holds locked. A plain
    // read never waits and sees the row's committed version: a row that exists is busy now (held
    // by another node, its fence committing, its node renewing, another node taking it). The INSERT below
    // must not meet it: ON CONFLICT waits for a transaction that updated the conflicting row (a renewal in
    // flight), and two nodes each taking a match whose lease the other is renewing then wait on each other (a
    // deadlock, which fails a batch and stops the node; bench/cluster/run.sh's cross-node run found it).
    auto existing = read("SELECT node FROM match_leases WHERE match_id = $1", p);
    if (!existing) return existing.status();
    if (existing->count() > 0) return LeaseTake{0, existing->str(0, 0)};
    // No lease yet (a match stored before leases, or copied from SQLite): the first take inserts
    // it; DO NOTHING when another node inserted it first.
    auto inserted = write_rows(
        "INSERT INTO match_leases(match_id, node, epoch, expires_at) "
        "SELECT $1, $2, 1, clock_timestamp() + $3::bigint * interval '1 millisecond' "
        "WHERE EXISTS (SELECT 1 FROM matches WHERE id = $1) ON CONFLICT (match_id) DO NOTHING RETURNING "
        "epoch",
        t);
    if (!inserted) return inserted.status();
    if (inserted->count() > 0) return LeaseTake{static_cast<uint64_t>(inserted->i64(0, 0)), node};
    auto holder = read("SELECT node FROM match_leases WHERE match_id = $1", p);
    if (!holder) return holder.status();
    if (holder->count() == 0) return core::Status::not_found("There is no match " + std::to_string(match_id));
    return LeaseTake{0, holder->str(0, 0)};
  }
  core::Result<std::vector<uint64_t>> renew_leases(const std::string& node,
                                                   const std::vector<std::pair<uint64_t, uint64_t>>& held,
                                                   int64_t lease_ms) override {
    std::vector<int64_t> ids;
    std::vector<int64_t> epochs;
    for (const auto& [id, epoch] : held) {
      ids.push_back(id64(id));
      epochs.push_back(static_cast<int64_t>(epoch));
    }
    Params p;
    p.text(node).i64_array(ids).i64_array(epochs).i64(lease_ms);
    auto r = write_rows(
        "UPDATE match_leases l SET expires_at = clock_timestamp() + $4::bigint * interval '1 millisecond' "
        "FROM unnest($2::bigint[], $3::bigint[]) AS h(match_id, epoch) "
        "WHERE l.match_id = h.match_id AND l.epoch = h.epoch AND l.node = $1 RETURNING l.match_id",
        p);
    if (!r) return r.status();
    std::vector<uint64_t> kept;
    for (int i = 0; i < r->count(); ++i) kept.push_back(static_cast<uint64_t>(r->i64(i, 0)));
    std::vector<uint64_t> lost;
    for (const auto& h : held) {
      if (std::find(kept.begin(), kept.end(), h.first) == kept.end()) lost.push_back(h.first);
    }
    return lost;
  }
  core::Result<bool> hold_lease(uint64_t match_id, const std::string& node, uint64_t epoch) override {
    Params p;
    p.i64(id64(match_id)).text(node).i64(static_cast<int64_t>(epoch));
    auto r = write_rows(
        "SELECT 1 FROM match_leases WHERE match_id = $1 AND node = $2 AND epoch = $3 FOR SHARE", p);
    if (!r) return r.status();
    return r->count() > 0;
  }
  core::Status release_lease(uint64_t match_id, const std::string& node, uint64_t epoch) override {
    // Expired, not deleted: the epoch must keep rising, or a later holder could reuse an old one.
    Params p;
    p.i64(id64(match_id)).text(node).i64(static_cast<int64_t>(epoch));
    return write(
        "UPDATE match_leases SET expires_at = '-infinity' WHERE match_id = $1 AND node = $2 AND epoch = $3",
        p);
  }
  core::Status notify(const std::string& channel, const std::string& payload) override {
    Params p;
    p.text(channel).text(payload);
    return write("SELECT pg_notify($1, $2)", p);
  }

 private:
  static constexpr const char* kEmailColumns =
      "user_id, address, verified, code_hash, code_expires, code_tries, code_sent_at, choices, turn_delay, "
      "unsubscribe, digest_due";
  // The first row of a read, if any.
  static core::Result<std::optional<EmailRow>> first(core::Result<std::vector<EmailRow>> rows) {
    if (!rows) return rows.status();
    if (rows->empty()) return std::optional<EmailRow>();
    return std::optional<EmailRow>(std::move(rows->front()));
  }
  core::Result<std::vector<EmailRow>> email_query(const char* where, const Params& p) {
    auto r = read(std::string("SELECT ") + kEmailColumns + " FROM user_email " + where, p);
    if (!r) return r.status();
    std::vector<EmailRow> out;
    for (int i = 0; i < r->count(); ++i) {
      EmailRow e;
      e.user_id = static_cast<uint64_t>(r->i64(i, 0));
      e.address = r->str(i, 1);
      e.verified = r->i64(i, 2) != 0;
      e.code_hash = r->str(i, 3);
      e.code_expires = r->i64(i, 4);
      e.code_tries = static_cast<int>(r->i64(i, 5));
      e.code_sent_at = r->i64(i, 6);
      e.choices = static_cast<uint32_t>(r->i64(i, 7));
      e.turn_delay = r->i64(i, 8);
      e.unsubscribe = r->str(i, 9);
      e.digest_due = r->i64(i, 10);
      out.push_back(std::move(e));
    }
    return out;
  }

  core::Status migrate_locked(const std::vector<core::EmbeddedFile>& files) {
    auto table = conn_->exec(
        "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT PRIMARY KEY, name TEXT NOT NULL, "
        "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
    if (!table) return table.status();
    auto version = conn_->run("SELECT COALESCE(max(version), 0) FROM schema_version", Params());
    if (!version) return version.status();
    int64_t applied = version->i64(0, 0);
    if (applied > static_cast<int64_t>(files.size())) {
      return core::Status::corruption("Database schema version " + std::to_string(applied) +
                                      " is newer than this server (" + std::to_string(files.size()) +
                                      "); upgrade frontierd");
    }
    for (size_t i = static_cast<size_t>(applied); i < files.size(); ++i) {
      std::string name(files[i].name);
      Params p;
      p.i64(static_cast<int64_t>(i + 1)).text(name);
      core::Status st = core::Status::ok();
      if (auto r = conn_->exec("BEGIN"); !r) st = r.status();
      if (st) {
        if (auto r = conn_->exec(std::string(files[i].contents)); !r) st = r.status();
      }
      if (st) {
        if (auto r = conn_->run("INSERT INTO schema_version(version, name) VALUES ($1, $2)", p); !r)
          st = r.status();
      }
      if (st) {
        auto r = conn_->exec("COMMIT");
        if (!r)
          st = r.status();
        else if (r->command() != "COMMIT")
          st = core::Status::corruption("rolled back");
      }
      if (!st) {
        (void)conn_->exec("ROLLBACK");
        return core::Status::corruption("Migration postgres/" + name + " failed: " + st.message());
      }
    }
    return core::Status::ok();
  }

  // A failure is kept for the rest of the transaction, so the writer stops the batch and
  // commit() refuses it even where a caller ignored the status.
  core::Status failed(core::Status st) {
    if (failure_) failure_ = st;
    return st;
  }
  core::Status unstorable() {
    return failed(
        core::Status::corruption("PostgreSQL: a text with a NUL byte or invalid UTF-8 cannot be stored"));
  }
  core::Result<Rows> write_rows(std::string_view sql, const Params& p) {
    if (p.impossible()) return unstorable();
    auto r = conn_->run(sql, p);
    if (!r) return failed(r.status());
    return r;
  }
  // A write whose result nothing reads. Inside a transaction it is sent ahead without waiting
  // (pg::Connection::send): it reaches the server with the next statement that is waited for
  // (a fence, a read, the COMMIT), so a job's writes cost no round trip of their own. Its failure
  // shows there, and fails the batch as it would have here: every job of a batch is acknowledged
  // only after the COMMIT, which is never sent after a failed write. Capped, so the results
  // waiting in the socket stay small (a blocking client that sends a lot without reading could
  // otherwise wait on a server waiting for it to read).
  core::Status write(std::string_view sql, const Params& p) {
    if (!in_transaction_ || !failure_) {
      auto r = write_rows(sql, p);
      return r ? core::Status::ok() : r.status();
    }
    if (p.impossible()) return unstorable();
    if (auto st = conn_->send(sql, p); !st) return failed(st);
    if (conn_->unsynced() >= kMaxSentAhead) {
      if (auto st = conn_->sync(); !st) return failed(st);
    }
    return core::Status::ok();
  }
  core::Result<uint64_t> inserted(std::string_view sql, const Params& p) {
    auto r = write_rows(sql, p);
    if (!r) return r.status();
    if (r->count() == 0) return failed(core::Status::corruption("PostgreSQL: an insert returned no id"));
    return static_cast<uint64_t>(r->i64(0, 0));
  }
  // A failed read is an error for the caller, never "no rows". Inside a transaction a failed
  // statement aborts it, so the failure is kept like a write's: the batch could not commit anyway.
  core::Result<Rows> read(std::string_view sql, const Params& p) {
    if (p.impossible()) return Rows();  // nothing stored equals a text PostgreSQL cannot hold
    auto r = conn_->run(sql, p);
    if (!r) {
      if (in_transaction_) return failed(r.status());
      return r.status();
    }
    return r;
  }
  core::Result<std::optional<UserRow>> user_query(std::string_view sql, const Params& p) {
    auto r = read(sql, p);
    if (!r) return r.status();
    if (r->count() == 0) return std::optional<UserRow>();
    return std::optional<UserRow>(UserRow{static_cast<uint64_t>(r->i64(0, 0)), r->str(0, 1), r->str(0, 2)});
  }
  core::Result<std::vector<MatchRow>> match_list(std::string_view sql, const Params& p) {
    auto r = read(sql, p);
    if (!r) return r.status();
    std::vector<MatchRow> out;
    for (int i = 0; i < r->count(); ++i) out.push_back(read_match(*r, i));
    return out;
  }
  core::Result<std::vector<uint64_t>> ids(std::string_view sql) {
    auto r = read(sql, Params());
    if (!r) return r.status();
    std::vector<uint64_t> out;
    for (int i = 0; i < r->count(); ++i) out.push_back(static_cast<uint64_t>(r->i64(i, 0)));
    return out;
  }

  // Statements sent ahead before the writer waits for them anyway: a few jobs' writes.
  static constexpr size_t kMaxSentAhead = 64;

  std::unique_ptr<pg::Connection> conn_;
  core::Status failure_;  // the first failed statement of the open transaction
  bool in_transaction_ = false;
  Durability durability_ = Durability::kFull;
};

}  // namespace

core::Result<std::unique_ptr<Store>> open_postgres(const std::string& url, Durability durability) {
  auto conn = pg::Connection::open(url);
  if (!conn) return conn.status();
  auto store = std::make_unique<PostgresStore>(std::move(conn.value()));
  if (auto st = store->configure(durability); !st) return st;
  if (auto st = store->migrate(); !st) return st;
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace frontier::storage
