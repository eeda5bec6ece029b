// SQLite implementation of Store: WAL mode, prepared statements cached per connection, and
// embedded migrations applied in order at open (PRAGMA user_version counts the applied ones).
#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <string_view>

#include "core/embedded.h"
#include "storage/store.h"

namespace frontier::storage {

std::span<const core::EmbeddedFile> migration_files();

const char* durability_name(Durability d) {
  switch (d) {
    case Durability::kOff:
      return "off (no sync: benchmarks only)";
    case Durability::kNormal:
      return "normal (WAL, synchronous=NORMAL: survives a process crash)";
    case Durability::kFull:
      return "full (WAL, synchronous=FULL: survives power loss)";
  }
  return "?";
}

namespace {

// One prepared statement, reset after each use.
class Stmt {
 public:
  Stmt(sqlite3* db, std::string_view sql) {
    if (sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt_,
                           nullptr) != SQLITE_OK) {
      error_ = sqlite3_errmsg(db);
    }
  }
  ~Stmt() { sqlite3_finalize(stmt_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  const std::string& error() const { return error_; }
  Stmt& bind(int i, int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  // Strings are bound in place (SQLITE_STATIC), not copied: every statement is bound, run and
  // reset within one call, while the caller's strings live. Copying cost a malloc and a free
  // per string per statement. Temporaries would dangle, so they do not compile.
  Stmt& bind(int i, const std::string& v) {
    sqlite3_bind_blob(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
    return *this;
  }
  Stmt& bind(int i, std::string&& v) = delete;
  Stmt& bind_text(int i, const std::string& v) {
    sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
    return *this;
  }
  Stmt& bind_text(int i, std::string&& v) = delete;
  // SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return sqlite3_step(stmt_); }
  void reset() {
    if (!stmt_) return;  // never prepared (its table is missing): step() failed with SQLITE_MISUSE
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  int64_t i64(int col) const { return sqlite3_column_int64(stmt_, col); }
  std::string str(int col) const {
    const void* p = sqlite3_column_blob(stmt_, col);
    return p ? std::string(static_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(stmt_, col)))
             : std::string();
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
  std::string error_;
};

// Runs to completion and resets, whatever happens.
int run(Stmt& s) {
  int rc = s.step();
  while (rc == SQLITE_ROW) rc = s.step();
  s.reset();
  return rc;
}

constexpr const char* kMatchColumns =
    "id, game, scenario, setup, seed_nonce, seed_commitment, status, visibility, time_control, created_by, "
    "created_at, seq, awaiting, result, clock, coalesce(wake_at, 0), invite_code, "
    "COALESCE(tournament_id, 0), rematch_asked, rematch_match_id, last_activity, rated, ratings_recorded";
// How many columns kMatchColumns names: queries read their own columns after them.
constexpr int kMatchColumnCount = 23;

// One upsert per counted event; a window that ended starts afresh. (Both backends: the same SQL.)
constexpr const char* kBumpCounter =
    "INSERT INTO shared_counters(key, count, ends_at) VALUES (?1, ?4, ?2 + ?3) "
    "ON CONFLICT(key) DO UPDATE SET "
    "count = CASE WHEN shared_counters.ends_at <= ?2 THEN ?4 ELSE shared_counters.count + ?4 END, "
    "ends_at = CASE WHEN shared_counters.ends_at <= ?2 THEN ?2 + ?3 ELSE shared_counters.ends_at END "
    "RETURNING count, ends_at";
constexpr const char* kTakeBackCounter =
    "UPDATE shared_counters SET count = max(count + ?4, 0) WHERE key = ?1 AND ends_at > ?2 "
    "RETURNING count, ends_at";

MatchRow read_match(const Stmt& s) {
  MatchRow m;
  m.id = static_cast<uint64_t>(s.i64(0));
  m.game = s.str(1);
  m.scenario = s.str(2);
  m.setup = s.str(3);
  m.seed_nonce = s.str(4);
  m.seed_commitment = s.str(5);
  m.status = static_cast<int>(s.i64(6));
  m.visibility = static_cast<int>(s.i64(7));
  m.time_control = s.str(8);
  m.created_by = static_cast<uint64_t>(s.i64(9));
  m.created_at = s.i64(10);
  m.seq = static_cast<uint32_t>(s.i64(11));
  m.awaiting = static_cast<uint32_t>(s.i64(12));
  m.result = s.str(13);
  m.clock = s.str(14);
  m.wake_at = s.i64(15);
  m.invite_code = s.str(16);
  m.tournament_id = static_cast<uint64_t>(s.i64(17));
  m.rematch_asked = static_cast<uint32_t>(s.i64(18));
  m.rematch_match_id = static_cast<uint64_t>(s.i64(19));
  m.last_activity = s.i64(20);
  m.rated = s.i64(21) != 0;
  m.ratings_recorded = s.i64(22) != 0;
  return m;
}

class SqliteStore final : public Store {
 public:
  explicit SqliteStore(sqlite3* db) : db_(db) {}
  ~SqliteStore() override {
    stmts_.clear();
    sqlite3_close(db_);
  }

  core::Status exec(const std::string& sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = err ? err : "unknown error";
      sqlite3_free(err);
      return core::Status::corruption("SQLite: " + msg);
    }
    return core::Status::ok();
  }

  core::Status migrate() {
    std::vector<core::EmbeddedFile> files(migration_files().begin(), migration_files().end());
    std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    Stmt version(db_, "PRAGMA user_version");
    int64_t applied = version.step() == SQLITE_ROW ? version.i64(0) : 0;
    version.reset();
    if (applied > static_cast<int64_t>(files.size())) {
      return core::Status::corruption("Database schema version " + std::to_string(applied) +
                                      " is newer than this server (" + std::to_string(files.size()) +
                                      "); upgrade frontierd");
    }
    for (size_t i = static_cast<size_t>(applied); i < files.size(); ++i) {
      std::string sql = "BEGIN IMMEDIATE;\n" + std::string(files[i].contents) +
                        "\nPRAGMA user_version = " + std::to_string(i + 1) + ";\nCOMMIT;";
      if (auto st = exec(sql); !st) {
        (void)exec("ROLLBACK");
        return core::Status::corruption("Migration " + std::string(files[i].name) +
                                        " failed: " + st.message());
      }
    }
    return core::Status::ok();
  }

  // The writer runs these for every group commit: prepared once and reused, where
  // sqlite3_exec would parse the SQL again each time.
  core::Status begin() override {
    failure_ = core::Status::ok();
    return control("BEGIN IMMEDIATE");
  }
  core::Status commit() override {
    if (!failure_) {
      rollback();
      return failure_;
    }
    return control("COMMIT");
  }
  void rollback() override { (void)control("ROLLBACK"); }
  core::Status transaction_status() const override { return failure_; }

  core::Status control(std::string_view sql) {
    Stmt& s = stmt(sql);
    if (run(s) != SQLITE_DONE)
      return core::Status::corruption("SQLite: " + std::string(sql) + ": " + sqlite3_errmsg(db_));
    return core::Status::ok();
  }

  core::Result<uint64_t> create_user(const std::string& name, const std::string& hash, int64_t now) override {
    Stmt& s = stmt("INSERT INTO users(name, password_hash, created_at) VALUES (?, ?, ?)");
    s.bind_text(1, name).bind_text(2, hash).bind(3, now);
    int rc = run(s);
    // A taken name is an answer, not a storage failure: SQLite undoes just this statement.
    if ((rc & 0xff) == SQLITE_CONSTRAINT)
      return core::Status::invalid_argument("The name '" + name + "' is taken");
    if (rc != SQLITE_DONE) return failed(rc);
    return static_cast<uint64_t>(sqlite3_last_insert_rowid(db_));
  }

  core::Result<std::optional<UserRow>> find_user_by_name(const std::string& name) override {
    return user_query("SELECT id, name, password_hash FROM users WHERE name = ?",
                      [&](Stmt& s) { s.bind_text(1, name); });
  }
  core::Result<std::optional<UserRow>> find_user(uint64_t id) override {
    return user_query("SELECT id, name, password_hash FROM users WHERE id = ?",
                      [&](Stmt& s) { s.bind(1, static_cast<int64_t>(id)); });
  }

  core::Status put_token(const std::string& token_hash, uint64_t user_id, int64_t now) override {
    Stmt& s = stmt("INSERT OR REPLACE INTO tokens(hash, user_id, created_at) VALUES (?, ?, ?)");
    s.bind(1, token_hash).bind(2, static_cast<int64_t>(user_id)).bind(3, now);
    return write(s);
  }
  core::Result<std::optional<uint64_t>> user_for_token(const std::string& token_hash,
                                                       int64_t issued_after) override {
    Stmt& s = stmt("SELECT user_id FROM tokens WHERE hash = ? AND created_at >= ?");
    s.bind(1, token_hash).bind(2, issued_after);
    std::optional<uint64_t> out;
    if (auto st = rows(s, [&] { out = static_cast<uint64_t>(s.i64(0)); }); !st) return st;
    return out;
  }
  core::Status delete_token(const std::string& token_hash) override {
    Stmt& s = stmt("DELETE FROM tokens WHERE hash = ?");
    s.bind(1, token_hash);
    return write(s);
  }

  core::Result<uint32_t> chat_line_count(uint64_t match_id) override {
    Stmt& s = stmt("SELECT COUNT(*) FROM chat WHERE match_id = ?");  // chat_by_match covers it
    s.bind(1, static_cast<int64_t>(match_id));
    uint32_t n = 0;
    if (auto st = rows(s, [&] { n = static_cast<uint32_t>(s.i64(0)); }); !st) return st;
    return n;
  }
  core::Result<std::vector<TokenRow>> tokens_of_user(uint64_t user_id) override {
    Stmt& s = stmt("SELECT hash, created_at FROM tokens WHERE user_id = ? ORDER BY created_at DESC");
    s.bind(1, static_cast<int64_t>(user_id));
    std::vector<TokenRow> out;
    if (auto st = rows(s, [&] { out.push_back({s.str(0), s.i64(1)}); }); !st) return st;
    return out;
  }
  core::Status delete_tokens_issued_before(int64_t before) override {
    Stmt& s = stmt("DELETE FROM tokens WHERE created_at < ?");
    s.bind(1, before);
    return write(s);
  }

  core::Result<uint64_t> create_match(const MatchRow& m) override {
    Stmt& s = stmt(
        "INSERT INTO matches(game, scenario, setup, seed_nonce, seed_commitment, status, visibility, "
        "time_control, created_by, created_at, seq, awaiting, result, invite_code, tournament_id, "
        "last_activity, rated) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,NULLIF(?, 0),?,?)");
    s.bind_text(1, m.game).bind_text(2, m.scenario).bind(3, m.setup).bind_text(4, m.seed_nonce);
    s.bind_text(5, m.seed_commitment).bind(6, m.status).bind(7, m.visibility).bind(8, m.time_control);
    s.bind(9, static_cast<int64_t>(m.created_by)).bind(10, m.created_at).bind(11, m.seq).bind(12, m.awaiting);
    s.bind_text(13, m.result).bind_text(14, m.invite_code).bind(15, static_cast<int64_t>(m.tournament_id));
    s.bind(16, m.created_at).bind(17, m.rated ? 1 : 0);
    return inserted(s);
  }
  core::Status set_seat(uint64_t match_id, int seat, uint64_t user_id) override {
    Stmt& s = stmt("INSERT OR REPLACE INTO match_seats(match_id, seat, user_id) VALUES (?, ?, ?)");
    s.bind(1, static_cast<int64_t>(match_id)).bind(2, seat).bind(3, static_cast<int64_t>(user_id));
    return write(s);
  }
  core::Status update_match(uint64_t match_id, int status, uint32_t seq, uint32_t awaiting,
                            const std::string& result, int64_t finished_at, int64_t last_activity) override {
    Stmt& s = stmt(
        "UPDATE matches SET status = ?, seq = ?, awaiting = ?, result = ?, "
        "finished_at = CASE WHEN ? > 0 THEN ? ELSE finished_at END, last_activity = ? WHERE id = ?");
    s.bind(1, status).bind(2, seq).bind(3, awaiting).bind_text(4, result).bind(5, finished_at);
    s.bind(6, finished_at).bind(7, last_activity).bind(8, static_cast<int64_t>(match_id));
    return write(s);
  }
  core::Status append_event(uint64_t match_id, const EventRow& e) override {
    Stmt& s = stmt(
        "INSERT INTO events(match_id, seq, seat, kind, action, user_id, client_action_id, at, target_seq) "
        "VALUES (?,?,?,?,?,?,?,?,?)");
    s.bind(1, static_cast<int64_t>(match_id))
        .bind(2, e.seq)
        .bind(3, e.seat)
        .bind(4, static_cast<int>(e.kind));
    s.bind(5, e.action)
        .bind(6, static_cast<int64_t>(e.user_id))
        .bind_text(7, e.client_action_id)
        .bind(8, e.at)
        .bind(9, e.target_seq);
    return write(s);
  }
  core::Status put_snapshot(uint64_t match_id, uint32_t seq, const std::string& state) override {
    Stmt& s = stmt("INSERT OR REPLACE INTO snapshots(match_id, seq, state) VALUES (?, ?, ?)");
    s.bind(1, static_cast<int64_t>(match_id)).bind(2, seq).bind(3, state);
    return write(s);
  }
  core::Status add_chat(const ChatRow& c) override {
    Stmt& s = stmt("INSERT INTO chat(match_id, user_id, seat, text, at) VALUES (?, ?, ?, ?, ?)");
    s.bind(1, static_cast<int64_t>(c.match_id)).bind(2, static_cast<int64_t>(c.user_id)).bind(3, c.seat);
    s.bind_text(4, c.text).bind(5, c.at);
    return write(s);
  }

  core::Result<std::optional<MatchRow>> load_match(uint64_t match_id) override {
    Stmt& s = stmt(std::string("SELECT ") + kMatchColumns + " FROM matches WHERE id = ?");
    s.bind(1, static_cast<int64_t>(match_id));
    std::optional<MatchRow> out;
    if (auto st = rows(s, [&] { out = read_match(s); }); !st) return st;
    return out;
  }
  core::Result<std::vector<SeatRow>> seats(uint64_t match_id) override {
    Stmt& s = stmt(
        "SELECT s.seat, s.user_id, u.name FROM match_seats s JOIN users u ON u.id = s.user_id "
        "WHERE s.match_id = ? ORDER BY s.seat");
    s.bind(1, static_cast<int64_t>(match_id));
    std::vector<SeatRow> out;
    if (auto st =
            rows(s,
                 [&] {
                   out.push_back({static_cast<int>(s.i64(0)), static_cast<uint64_t>(s.i64(1)), s.str(2)});
                 });
        !st)
      return st;
    return out;
  }
  core::Result<std::optional<std::pair<uint32_t, std::string>>> snapshot_below(uint64_t match_id,
                                                                               uint32_t below_seq) override {
    Stmt& s =
        stmt("SELECT seq, state FROM snapshots WHERE match_id = ? AND seq < ? ORDER BY seq DESC LIMIT 1");
    s.bind(1, static_cast<int64_t>(match_id)).bind(2, below_seq);
    std::optional<std::pair<uint32_t, std::string>> out;
    if (auto st = rows(s, [&] { out.emplace(static_cast<uint32_t>(s.i64(0)), s.str(1)); }); !st) return st;
    return out;
  }
  core::Result<std::vector<EventRow>> events(uint64_t match_id, uint32_t from_seq) override {
    Stmt& s = stmt(
        "SELECT seq, seat, kind, action, user_id, client_action_id, at, target_seq FROM events "
        "WHERE match_id = ? AND seq >= ? ORDER BY seq");
    s.bind(1, static_cast<int64_t>(match_id)).bind(2, from_seq);
    std::vector<EventRow> out;
    if (auto st = rows(s,
                       [&] {
                         EventRow e;
                         e.seq = static_cast<uint32_t>(s.i64(0));
                         e.seat = static_cast<int>(s.i64(1));
                         e.kind = static_cast<EventKind>(s.i64(2));
                         e.action = s.str(3);
                         e.user_id = static_cast<uint64_t>(s.i64(4));
                         e.client_action_id = s.str(5);
                         e.at = s.i64(6);
                         e.target_seq = static_cast<uint32_t>(s.i64(7));
                         out.push_back(std::move(e));
                       });
        !st)
      return st;
    return out;
  }
  core::Result<std::vector<ChatLine>> chat_lines(uint64_t match_id, uint32_t limit) override {
    Stmt& s = stmt(
        "SELECT c.user_id, COALESCE(u.name, ''), c.seat, c.text, c.at FROM "
        "(SELECT * FROM chat WHERE match_id = ? ORDER BY id DESC LIMIT ?) c "
        "LEFT JOIN users u ON u.id = c.user_id ORDER BY c.id");
    s.bind(1, static_cast<int64_t>(match_id)).bind(2, static_cast<int64_t>(limit));
    std::vector<ChatLine> out;
    if (auto st = rows(s,
                       [&] {
                         ChatLine l;
                         l.row.match_id = match_id;
                         l.row.user_id = static_cast<uint64_t>(s.i64(0));
                         l.user_name = s.str(1);
                         l.row.seat = static_cast<int>(s.i64(2));
                         l.row.text = s.str(3);
                         l.row.at = s.i64(4);
                         out.push_back(std::move(l));
                       });
        !st)
      return st;
    return out;
  }
  core::Result<std::vector<MatchRow>> open_matches(uint32_t limit) override {
    return match_list(std::string("SELECT ") + kMatchColumns +
                          " FROM matches WHERE status = 1 AND visibility = 0 ORDER BY id DESC LIMIT ?",
                      [&](Stmt& s) { s.bind(1, limit); });
  }
  core::Result<std::vector<MatchRow>> matches_of_user(uint64_t user_id, uint32_t limit) override {
    return match_list(std::string("SELECT ") + kMatchColumns +
                          " FROM matches WHERE id IN (SELECT match_id FROM match_seats WHERE user_id = ?) "
                          "ORDER BY id DESC LIMIT ?",
                      [&](Stmt& s) { s.bind(1, static_cast<int64_t>(user_id)).bind(2, limit); });
  }
  core::Result<uint64_t> ensure_bot_account(const std::string& name, const std::string& level,
                                            int64_t now) override {
    // "!" is no password hash: nothing verifies against it, so no one logs in as a bot.
    Stmt& insert = stmt(
        "INSERT INTO users(name, password_hash, created_at, bot_level) VALUES (?, '!', ?, ?) "
        "ON CONFLICT(name) DO UPDATE SET bot_level = excluded.bot_level WHERE users.bot_level != ''");
    insert.bind_text(1, name).bind(2, now).bind_text(3, level);
    if (auto st = write(insert); !st) return st;
    Stmt& s = stmt("SELECT id FROM users WHERE name = ? AND bot_level = ?");
    s.bind_text(1, name).bind_text(2, level);
    std::optional<uint64_t> id;
    if (auto st = rows(s, [&] { id = static_cast<uint64_t>(s.i64(0)); }); !st) return st;
    if (!id) return core::Status::invalid_argument("the bot name '" + name + "' belongs to a person");
    return *id;
  }
  core::Result<std::vector<uint64_t>> matches_awaiting_bots() override {
    Stmt& s = stmt(
        "SELECT DISTINCT m.id FROM matches m JOIN match_seats s ON s.match_id = m.id "
        "JOIN users u ON u.id = s.user_id WHERE m.status = 2 AND u.bot_level != '' "
        "AND (m.awaiting >> s.seat) & 1 ORDER BY m.id");
    std::vector<uint64_t> out;
    if (auto st = rows(s, [&] { out.push_back(static_cast<uint64_t>(s.i64(0))); }); !st) return st;
    return out;
  }
  core::Result<uint32_t> open_matches_created_by(uint64_t user_id) override {
    // matches_open (status, visibility, id) narrows this to the few OPEN matches.
    Stmt& s = stmt("SELECT COUNT(*) FROM matches WHERE status = 1 AND created_by = ?");
    s.bind(1, static_cast<int64_t>(user_id));
    uint32_t n = 0;
    if (auto st = rows(s, [&] { n = static_cast<uint32_t>(s.i64(0)); }); !st) return st;
    return n;
  }
  core::Result<uint32_t> unfinished_matches_of(uint64_t user_id) override {
    // seats_by_user (user_id, match_id) finds the user's seats; each match row is one lookup.
    Stmt& s = stmt(
        "SELECT COUNT(DISTINCT m.id) FROM match_seats ms JOIN matches m ON m.id = ms.match_id "
        "WHERE ms.user_id = ? AND m.status IN (1, 2) AND m.tournament_id IS NULL");
    s.bind(1, static_cast<int64_t>(user_id));
    uint32_t n = 0;
    if (auto st = rows(s, [&] { n = static_cast<uint32_t>(s.i64(0)); }); !st) return st;
    return n;
  }
  core::Result<std::vector<uint64_t>> unfinished_matches() override {
    Stmt& s = stmt("SELECT id FROM matches WHERE status != 3 ORDER BY id");
    std::vector<uint64_t> out;
    if (auto st = rows(s, [&] { out.push_back(static_cast<uint64_t>(s.i64(0))); }); !st) return st;
    return out;
  }
  core::Status prompts_started(uint64_t match_id, int64_t now, uint32_t prompt_started) override {
    for (int seat = 0; prompt_started >> seat; ++seat) {
      if (!((prompt_started >> seat) & 1u)) continue;
      Stmt& t = stmt("UPDATE match_seats SET turn_since = ? WHERE match_id = ? AND seat = ?");
      t.bind(1, now).bind(2, static_cast<int64_t>(match_id)).bind(3, seat);
      if (auto st = write(t); !st) return st;
    }
    return {};
  }
  core::Status mark_seen(uint64_t user_id, uint64_t match_id) override {
    Stmt& s = stmt(
        "INSERT OR REPLACE INTO match_seen(user_id, match_id, seen_seq, seen_chat_id) "
        "SELECT ?, m.id, m.seq, COALESCE((SELECT max(c.id) FROM chat c WHERE c.match_id = m.id), 0) "
        "FROM matches m WHERE m.id = ?");
    s.bind(1, static_cast<int64_t>(user_id)).bind(2, static_cast<int64_t>(match_id));
    return write(s);
  }
  core::Status set_rematch(uint64_t match_id, uint32_t asked, uint64_t rematch_match_id) override {
    Stmt& s = stmt("UPDATE matches SET rematch_asked = ?, rematch_match_id = ? WHERE id = ?");
    s.bind(1, asked).bind(2, static_cast<int64_t>(rematch_match_id)).bind(3, static_cast<int64_t>(match_id));
    return write(s);
  }
  core::Status delete_snapshots_after(uint64_t match_id, uint32_t seq) override {
    Stmt& s = stmt("DELETE FROM snapshots WHERE match_id = ? AND seq > ?");
    s.bind(1, static_cast<int64_t>(match_id)).bind(2, seq);
    return write(s);
  }
  core::Result<std::vector<MyMatchRow>> my_matches(uint64_t user_id, uint32_t limit) override {
    // One pass over the user's seats (seats_by_user), each match's extras by primary key or
    // index (chat_by_match counts only the lines after the seen one); sorted in SQL.
    Stmt& s =
        stmt(std::string("SELECT ") + kMatchColumns +
             ", your_turn, turn_since, unread, unseen FROM ("
             "SELECT m.*, "
             "  (m.status = 2 AND EXISTS (SELECT 1 FROM match_seats y WHERE y.match_id = m.id "
             "     AND y.user_id = ?1 AND (m.awaiting >> y.seat) & 1)) AS your_turn, "
             "  COALESCE((SELECT min(CASE WHEN y.turn_since > 0 THEN y.turn_since ELSE m.created_at END) "
             "     FROM match_seats y WHERE y.match_id = m.id AND y.user_id = ?1 "
             "     AND (m.awaiting >> y.seat) & 1), 0) AS turn_since, "
             "  (SELECT count(*) FROM chat c WHERE c.match_id = m.id AND c.user_id != ?1 "
             "     AND c.id > COALESCE(seen.seen_chat_id, 0)) AS unread, "
             "  (m.status = 3 AND COALESCE(seen.seen_seq, -1) < m.seq) AS unseen "
             "FROM matches m LEFT JOIN match_seen seen ON seen.user_id = ?1 AND seen.match_id = m.id "
             "WHERE m.id IN (SELECT match_id FROM match_seats WHERE user_id = ?1)) "
             "ORDER BY CASE WHEN your_turn THEN 0 WHEN unread > 0 THEN 1 WHEN unseen THEN 2 ELSE 3 END, "
             "  CASE WHEN your_turn THEN turn_since ELSE 0 END, last_activity DESC, id DESC LIMIT ?2");
    s.bind(1, static_cast<int64_t>(user_id)).bind(2, limit);
    std::vector<MyMatchRow> out;
    if (auto st = rows(s,
                       [&] {
                         MyMatchRow r;
                         r.match = read_match(s);
                         // The columns after kMatchColumns.
                         r.your_turn = s.i64(kMatchColumnCount) != 0;
                         r.turn_since = s.i64(kMatchColumnCount + 1);
                         r.unread_chat = static_cast<uint32_t>(s.i64(kMatchColumnCount + 2));
                         r.unseen_result = s.i64(kMatchColumnCount + 3) != 0;
                         out.push_back(std::move(r));
                       });
        !st)
      return st;
    return out;
  }
  core::Result<uint64_t> match_count() override {
    Stmt& s = stmt("SELECT count(*) FROM matches");
    uint64_t n = 0;
    if (auto st = rows(s, [&] { n = static_cast<uint64_t>(s.i64(0)); }); !st) return st;
    return n;
  }

  core::Result<uint64_t> put_tournament(uint64_t id, const std::string& event, int64_t now) override {
    if (id == 0) {
      Stmt& s = stmt("INSERT INTO tournaments(event, updated_at) VALUES (?, ?)");
      s.bind(1, event).bind(2, now);
      return inserted(s);
    }
    Stmt& s = stmt("UPDATE tournaments SET event = ?, updated_at = ? WHERE id = ?");
    s.bind(1, event).bind(2, now).bind(3, static_cast<int64_t>(id));
    if (auto st = write(s); !st) return st;
    return id;
  }
  core::Result<std::vector<std::pair<uint64_t, std::string>>> tournaments() override {
    Stmt& s = stmt("SELECT id, event FROM tournaments ORDER BY id");
    std::vector<std::pair<uint64_t, std::string>> out;
    if (auto st = rows(s, [&] { out.emplace_back(static_cast<uint64_t>(s.i64(0)), s.str(1)); }); !st)
      return st;
    return out;
  }
  core::Status link_tournament_match(const TournamentMatchRow& r) override {
    Stmt& s = stmt(
        "INSERT OR REPLACE INTO tournament_matches(match_id, tournament_id, round, board, game, recorded) "
        "VALUES (?,?,?,?,?,?)");
    s.bind(1, static_cast<int64_t>(r.match_id)).bind(2, static_cast<int64_t>(r.tournament_id));
    s.bind(3, r.round).bind(4, r.board).bind(5, r.game).bind(6, r.recorded ? 1 : 0);
    return write(s);
  }
  core::Status mark_tournament_match_recorded(uint64_t match_id) override {
    Stmt& s = stmt("UPDATE tournament_matches SET recorded = 1 WHERE match_id = ?");
    s.bind(1, static_cast<int64_t>(match_id));
    return write(s);
  }
  core::Result<std::vector<TournamentMatchRow>> tournament_matches() override {
    Stmt& s = stmt(
        "SELECT match_id, tournament_id, round, board, game, recorded FROM tournament_matches "
        "ORDER BY match_id");
    std::vector<TournamentMatchRow> out;
    if (auto st = rows(s,
                       [&] {
                         out.push_back({static_cast<uint64_t>(s.i64(0)), static_cast<uint64_t>(s.i64(1)),
                                        static_cast<int>(s.i64(2)), static_cast<int>(s.i64(3)),
                                        static_cast<int>(s.i64(4)), s.i64(5) != 0});
                       });
        !st)
      return st;
    return out;
  }
  core::Status put_rating_pool(const std::string& key, const std::string& pool) override {
    Stmt& s = stmt("INSERT OR REPLACE INTO rating_pools(key, pool) VALUES (?, ?)");
    s.bind_text(1, key).bind(2, pool);
    return write(s);
  }
  core::Result<std::vector<std::pair<std::string, std::string>>> rating_pools() override {
    Stmt& s = stmt("SELECT key, pool FROM rating_pools ORDER BY key");
    std::vector<std::pair<std::string, std::string>> out;
    if (auto st = rows(s, [&] { out.emplace_back(s.str(0), s.str(1)); }); !st) return st;
    return out;
  }
  core::Status mark_ratings_recorded(uint64_t match_id) override {
    Stmt& s = stmt("UPDATE matches SET ratings_recorded = 1 WHERE id = ?");
    s.bind(1, static_cast<int64_t>(match_id));
    return write(s);
  }
  core::Result<std::vector<uint64_t>> rated_matches_unrecorded() override {
    // The partial index matches_rating_due holds only rated matches not yet recorded: the running
    // ones and the few finished ones a crash left.
    Stmt& s = stmt(
        "SELECT id FROM matches WHERE rated = 1 AND ratings_recorded = 0 AND status = 3 "
        "AND tournament_id IS NULL ORDER BY id");
    std::vector<uint64_t> out;
    if (auto st = rows(s, [&] { out.push_back(static_cast<uint64_t>(s.i64(0))); }); !st) return st;
    return out;
  }

  core::Status put_clock(uint64_t match_id, const std::string& clock, int64_t wake_at) override {
    Stmt& s = stmt("UPDATE matches SET clock = ?, wake_at = nullif(?, 0) WHERE id = ?");
    s.bind_text(1, clock).bind(2, wake_at).bind(3, static_cast<int64_t>(match_id));
    return write(s);
  }
  core::Result<std::vector<std::pair<uint64_t, int64_t>>> clock_wakes() override {
    Stmt& s = stmt("SELECT id, wake_at FROM matches WHERE wake_at IS NOT NULL");
    std::vector<std::pair<uint64_t, int64_t>> out;
    if (auto st = rows(s, [&] { out.emplace_back(static_cast<uint64_t>(s.i64(0)), s.i64(1)); }); !st)
      return st;
    return out;
  }
  core::Result<ProfileRow> profile(uint64_t user_id) override {
    Stmt& s = stmt("SELECT webhook_url, notify_flags FROM users WHERE id = ?");
    s.bind(1, static_cast<int64_t>(user_id));
    ProfileRow out{user_id, {}, 7};
    if (auto st = rows(s, [&] { out = {user_id, s.str(0), static_cast<uint32_t>(s.i64(1))}; }); !st)
      return st;
    return out;
  }
  core::Status put_profile(const ProfileRow& row) override {
    Stmt& s = stmt("UPDATE users SET webhook_url = ?, notify_flags = ? WHERE id = ?");
    s.bind_text(1, row.webhook_url).bind(2, row.notify_flags).bind(3, static_cast<int64_t>(row.user_id));
    return write(s);
  }
  core::Result<uint64_t> add_vacation(const VacationRow& row) override {
    Stmt& s = stmt("INSERT INTO vacations(user_id, starts_at, ends_at) VALUES (?, ?, ?)");
    s.bind(1, static_cast<int64_t>(row.user_id)).bind(2, row.starts_at).bind(3, row.ends_at);
    return inserted(s);
  }
  core::Status end_vacation(uint64_t vacation_id, int64_t ends_at) override {
    Stmt& s = stmt("UPDATE vacations SET ends_at = ? WHERE id = ?");
    s.bind(1, ends_at).bind(2, static_cast<int64_t>(vacation_id));
    return write(s);
  }
  core::Result<std::vector<VacationRow>> vacations(int64_t after) override {
    Stmt& s =
        stmt("SELECT id, user_id, starts_at, ends_at FROM vacations WHERE ends_at > ? ORDER BY starts_at");
    s.bind(1, after);
    std::vector<VacationRow> out;
    if (auto st = rows(s,
                       [&] {
                         out.push_back({static_cast<uint64_t>(s.i64(0)), static_cast<uint64_t>(s.i64(1)),
                                        s.i64(2), s.i64(3)});
                       });
        !st)
      return st;
    return out;
  }
  core::Result<uint64_t> add_outbox(const OutboxRow& row) override {
    Stmt& s =
        stmt("INSERT INTO webhook_outbox(user_id, url, body, attempts, next_at) VALUES (?, ?, ?, ?, ?)");
    s.bind(1, static_cast<int64_t>(row.user_id)).bind_text(2, row.url).bind_text(3, row.body);
    s.bind(4, row.attempts).bind(5, row.next_at);
    return inserted(s);
  }
  core::Status retry_outbox(uint64_t id, int attempts, int64_t next_at) override {
    Stmt& s = stmt("UPDATE webhook_outbox SET attempts = ?, next_at = ? WHERE id = ?");
    s.bind(1, attempts).bind(2, next_at).bind(3, static_cast<int64_t>(id));
    return write(s);
  }
  core::Status delete_outbox(uint64_t id) override {
    Stmt& s = stmt("DELETE FROM webhook_outbox WHERE id = ?");
    s.bind(1, static_cast<int64_t>(id));
    return write(s);
  }
  core::Result<WindowCount> bump_counter(const std::string& key, int64_t now, int64_t window,
                                         int64_t delta) override {
    Stmt& s = stmt(delta < 0 ? kTakeBackCounter : kBumpCounter);
    s.bind(1, key).bind(2, now).bind(3, window).bind(4, delta);
    WindowCount out;
    int rc = s.step();
    if (rc == SQLITE_ROW) out = {s.i64(0), s.i64(1)};
    while (rc == SQLITE_ROW) rc = s.step();
    s.reset();
    if (rc != SQLITE_DONE) return failed(rc);
    return out;
  }
  core::Status prune_counters(int64_t before) override {
    Stmt& s = stmt("DELETE FROM shared_counters WHERE ends_at < ?");
    s.bind(1, before);
    return write(s);
  }
  core::Result<std::vector<OutboxRow>> outbox() override {
    Stmt& s = stmt("SELECT id, user_id, url, body, attempts, next_at FROM webhook_outbox ORDER BY id");
    std::vector<OutboxRow> out;
    if (auto st = rows(s,
                       [&] {
                         out.push_back({static_cast<uint64_t>(s.i64(0)), static_cast<uint64_t>(s.i64(1)),
                                        s.str(2), s.str(3), static_cast<int>(s.i64(4)), s.i64(5)});
                       });
        !st)
      return st;
    return out;
  }

  // E-mail notices (migrations/0006_email.sql).
  static constexpr const char* kEmailColumns =
      "user_id, address, verified, code_hash, code_expires, code_tries, code_sent_at, choices, turn_delay, "
      "unsubscribe, digest_due";
  static EmailRow read_email(const Stmt& s) {
    EmailRow r;
    r.user_id = static_cast<uint64_t>(s.i64(0));
    r.address = s.str(1);
    r.verified = s.i64(2) != 0;
    r.code_hash = s.str(3);
    r.code_expires = s.i64(4);
    r.code_tries = static_cast<int>(s.i64(5));
    r.code_sent_at = s.i64(6);
    r.choices = static_cast<uint32_t>(s.i64(7));
    r.turn_delay = s.i64(8);
    r.unsubscribe = s.str(9);
    r.digest_due = s.i64(10);
    return r;
  }
  template <typename Bind>
  core::Result<std::vector<EmailRow>> email_query(const std::string& where, Bind bind) {
    Stmt& s = stmt(std::string("SELECT ") + kEmailColumns + " FROM user_email " + where);
    bind(s);
    std::vector<EmailRow> out;
    if (auto st = rows(s, [&] { out.push_back(read_email(s)); }); !st) return st;
    return out;
  }
  core::Result<std::optional<EmailRow>> email(uint64_t user_id) override {
    auto found = email_query("WHERE user_id = ?", [&](Stmt& s) { s.bind(1, static_cast<int64_t>(user_id)); });
    if (!found) return found.status();
    if (found->empty()) return std::optional<EmailRow>();
    return std::optional<EmailRow>(std::move(found->front()));
  }
  core::Result<std::optional<EmailRow>> email_by_unsubscribe(const std::string& secret) override {
    auto found = email_query("WHERE unsubscribe = ?", [&](Stmt& s) { s.bind_text(1, secret); });
    if (!found) return found.status();
    if (found->empty()) return std::optional<EmailRow>();
    return std::optional<EmailRow>(std::move(found->front()));
  }
  core::Status put_email(const EmailRow& row) override {
    int64_t user = static_cast<int64_t>(row.user_id);
    if (row.address.empty()) {
      Stmt& d = stmt("DELETE FROM user_email WHERE user_id = ?");
      d.bind(1, user);
      if (auto st = write(d); !st) return st;
      Stmt& t = stmt("DELETE FROM turn_emails WHERE user_id = ?");
      t.bind(1, user);
      return write(t);
    }
    Stmt& s = stmt(std::string("INSERT OR REPLACE INTO user_email(") + kEmailColumns +
                   ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, user).bind_text(2, row.address).bind(3, row.verified ? 1 : 0).bind_text(4, row.code_hash);
    s.bind(5, row.code_expires).bind(6, row.code_tries).bind(7, row.code_sent_at).bind(8, row.choices);
    s.bind(9, row.turn_delay).bind_text(10, row.unsubscribe).bind(11, row.digest_due);
    return write(s);
  }
  core::Result<std::vector<EmailRow>> digests_due(int64_t now, uint32_t limit) override {
    return email_query(
        "WHERE verified = 1 AND (choices & 2) != 0 AND digest_due <= ? ORDER BY digest_due LIMIT ?",
        [&](Stmt& s) { s.bind(1, now).bind(2, limit); });
  }
  core::Result<bool> add_email(const EmailOutboxRow& row) override {
    Stmt& s = stmt(
        "INSERT OR IGNORE INTO email_outbox(user_id, dedupe, to_address, message, attempts, next_at, "
        "created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, static_cast<int64_t>(row.user_id)).bind_text(2, row.dedupe).bind_text(3, row.to);
    s.bind_text(4, row.message).bind(5, row.attempts).bind(6, row.next_at).bind(7, row.created_at);
    if (auto st = write(s); !st) return st;
    return sqlite3_changes(db_) > 0;
  }
  core::Result<std::vector<EmailOutboxRow>> emails_due(int64_t now, uint32_t limit) override {
    Stmt& s = stmt(
        "SELECT id, user_id, dedupe, to_address, message, attempts, next_at, created_at FROM email_outbox "
        "WHERE sent_at = 0 AND next_at <= ? ORDER BY next_at, id LIMIT ?");
    s.bind(1, now).bind(2, limit);
    std::vector<EmailOutboxRow> out;
    if (auto st =
            rows(s,
                 [&] {
                   out.push_back({static_cast<uint64_t>(s.i64(0)), static_cast<uint64_t>(s.i64(1)), s.str(2),
                                  s.str(3), s.str(4), static_cast<int>(s.i64(5)), s.i64(6), s.i64(7)});
                 });
        !st)
      return st;
    return out;
  }
  core::Result<int64_t> email_next_at() override {
    Stmt& s = stmt(
        "SELECT min(t) FROM (SELECT min(next_at) AS t FROM email_outbox WHERE sent_at = 0 "
        "UNION ALL SELECT min(due_at) FROM turn_emails "
        "UNION ALL SELECT min(digest_due) FROM user_email WHERE verified = 1 AND (choices & 2) != 0)");
    int64_t out = 0;
    if (auto st = rows(s, [&] { out = s.i64(0); }); !st) return st;
    return out;
  }
  core::Status email_sent(uint64_t id, int64_t at, int64_t forget_before) override {
    Stmt& s = stmt("UPDATE email_outbox SET sent_at = ?, attempts = attempts + 1 WHERE id = ?");
    s.bind(1, at).bind(2, static_cast<int64_t>(id));
    if (auto st = write(s); !st) return st;
    Stmt& old = stmt("DELETE FROM email_outbox WHERE sent_at != 0 AND sent_at < ?");
    old.bind(1, forget_before);
    return write(old);
  }
  core::Status email_retry(uint64_t id, int attempts, int64_t next_at) override {
    Stmt& s = stmt("UPDATE email_outbox SET attempts = ?, next_at = ? WHERE id = ?");
    s.bind(1, attempts).bind(2, next_at).bind(3, static_cast<int64_t>(id));
    return write(s);
  }
  core::Status add_turn_email(const TurnEmailRow& row) override {
    Stmt& s = stmt(
        "INSERT OR IGNORE INTO turn_emails(user_id, match_id, seq, due_at, text) VALUES (?, ?, ?, ?, ?)");
    s.bind(1, static_cast<int64_t>(row.user_id)).bind(2, static_cast<int64_t>(row.match_id));
    s.bind(3, row.seq).bind(4, row.due_at).bind_text(5, row.text);
    return write(s);
  }
  core::Result<std::vector<TurnEmailRow>> turn_emails_due(int64_t now, uint32_t limit) override {
    Stmt& s = stmt(
        "SELECT user_id, match_id, seq, due_at, text FROM turn_emails WHERE due_at <= ? ORDER BY due_at "
        "LIMIT ?");
    s.bind(1, now).bind(2, limit);
    std::vector<TurnEmailRow> out;
    if (auto st = rows(s,
                       [&] {
                         out.push_back({static_cast<uint64_t>(s.i64(0)), static_cast<uint64_t>(s.i64(1)),
                                        static_cast<uint32_t>(s.i64(2)), s.i64(3), s.str(4)});
                       });
        !st)
      return st;
    return out;
  }
  core::Status delete_turn_email(uint64_t user_id, uint64_t match_id) override {
    Stmt& s = stmt("DELETE FROM turn_emails WHERE user_id = ? AND match_id = ?");
    s.bind(1, static_cast<int64_t>(user_id)).bind(2, static_cast<int64_t>(match_id));
    return write(s);
  }
  core::Result<uint32_t> seen_seq(uint64_t user_id, uint64_t match_id) override {
    Stmt& s = stmt("SELECT seen_seq FROM match_seen WHERE user_id = ? AND match_id = ?");
    s.bind(1, static_cast<int64_t>(user_id)).bind(2, static_cast<int64_t>(match_id));
    uint32_t out = 0;
    if (auto st = rows(s, [&] { out = static_cast<uint32_t>(s.i64(0)); }); !st) return st;
    return out;
  }
  // One frontierd per SQLite file (db_lock.h): it owns every match, so there is nothing to fence.
  core::Result<LeaseTake> take_lease(uint64_t, const std::string&, int64_t) override {
    return LeaseTake{1, {}};
  }
  core::Result<std::vector<uint64_t>> renew_leases(const std::string&,
                                                   const std::vector<std::pair<uint64_t, uint64_t>>&,
                                                   int64_t) override {
    return std::vector<uint64_t>{};
  }
  core::Result<bool> hold_lease(uint64_t, const std::string&, uint64_t) override { return true; }
  core::Status release_lease(uint64_t, const std::string&, uint64_t) override { return core::Status::ok(); }
  core::Status notify(const std::string&, const std::string&) override { return core::Status::ok(); }

 private:
  // Looked up by string_view: the writer finds its statements several times per action, and a
  // std::string key built from each literal would allocate every time.
  Stmt& stmt(std::string_view sql) {
    auto it = stmts_.find(sql);
    // A statement that failed to prepare (its table was missing) is prepared again next time.
    if (it != stmts_.end() && !it->second->error().empty()) {
      stmts_.erase(it);
      it = stmts_.end();
    }
    if (it == stmts_.end()) it = stmts_.emplace(std::string(sql), std::make_unique<Stmt>(db_, sql)).first;
    return *it->second;
  }
  // Runs a write statement. A failure is kept for the rest of the transaction, so the
  // writer stops the batch and commit() refuses it even where a caller ignored the status.
  core::Status write(Stmt& s) {
    int rc = run(s);
    return rc == SQLITE_DONE ? core::Status::ok() : failed(rc);
  }
  core::Result<uint64_t> inserted(Stmt& s) {
    if (auto st = write(s); !st) return st;
    return static_cast<uint64_t>(sqlite3_last_insert_rowid(db_));
  }
  // Steps through every row of a read, calling `row` for each (it reads the statement's columns).
  // A read that fails (a missing table, an I/O error, a corrupt page) is an error for the caller,
  // never "nothing found", and it fails the open transaction as a failed write does (PostgreSQL
  // aborts it anyway): a job that read nothing may not act as if it had, and its batch is not
  // half-kept. (Outside a transaction, begin() clears it.)
  template <typename Row>
  core::Status rows(Stmt& s, Row row) {
    int rc = SQLITE_DONE;
    while ((rc = s.step()) == SQLITE_ROW) row();
    if (rc == SQLITE_DONE) {
      s.reset();
      return core::Status::ok();
    }
    auto st = core::Status::corruption(std::string("SQLite read failed: ") + sqlite3_errstr(rc) + ": " +
                                       sqlite3_errmsg(db_));
    s.reset();
    return failed(st);
  }
  core::Status failed(core::Status st) {
    if (failure_) failure_ = st;
    return st;
  }
  core::Status failed(int rc) {
    auto st = core::Status::corruption(std::string("SQLite write failed: ") + sqlite3_errstr(rc) + ": " +
                                       sqlite3_errmsg(db_));
    if (failure_) failure_ = st;
    return st;
  }
  template <typename Bind>
  core::Result<std::optional<UserRow>> user_query(const std::string& sql, Bind bind) {
    Stmt& s = stmt(sql);
    bind(s);
    std::optional<UserRow> out;
    if (auto st = rows(s, [&] { out = UserRow{static_cast<uint64_t>(s.i64(0)), s.str(1), s.str(2)}; }); !st)
      return st;
    return out;
  }
  template <typename Bind>
  core::Result<std::vector<MatchRow>> match_list(const std::string& sql, Bind bind) {
    Stmt& s = stmt(sql);
    bind(s);
    std::vector<MatchRow> out;
    if (auto st = rows(s, [&] { out.push_back(read_match(s)); }); !st) return st;
    return out;
  }

  sqlite3* db_;
  std::map<std::string, std::unique_ptr<Stmt>, std::less<>> stmts_;
  core::Status failure_;  // the first failed write of the open transaction
};

}  // namespace

core::Result<std::unique_ptr<Store>> open_sqlite(const std::string& path, Durability durability) {
  // Memory statistics make every sqlite3_malloc and sqlite3_free take a process-wide mutex (about
  // 40 lock calls per acknowledged action); nothing here reads them. It must be set before SQLite
  // initialises, so it is done once, before the first connection opens.
  static const bool memstatus_off = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
  (void)memstatus_off;
  sqlite3* db = nullptr;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return core::Status::not_found("Cannot open database " + path + ": " + msg);
  }
  auto store = std::make_unique<SqliteStore>(db);
  const char* sync = durability == Durability::kFull     ? "FULL"
                     : durability == Durability::kNormal ? "NORMAL"
                                                         : "OFF";
  // wal_autocheckpoint: the default (1,000 pages) made the writer copy the WAL back into the
  // database, and sync it, every few group commits under load; the live matches' pages are
  // rewritten again and again, so checkpointing 16x less often writes each hot page once instead
  // of many times (1,000 matches: ~9% more actions/s, docs/performance.md). The WAL may grow to
  // ~64 MB between checkpoints; every commit is still synced to it before any acknowledgement.
  if (auto st =
          store->exec(std::string("PRAGMA journal_mode=WAL; PRAGMA synchronous=") + sync +
                      "; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000; PRAGMA wal_autocheckpoint=16000;");
      !st) {
    return st;
  }
  if (auto st = store->migrate(); !st) return st;
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace frontier::storage
