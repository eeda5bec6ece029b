// Copies every table of an SQLite database into an empty PostgreSQL one, ids kept, in one
// PostgreSQL transaction: either the whole history arrives or none of it.
#include "storage/copy_db.h"

#include <sqlite3.h>

#include <memory>

#include "storage/pg_connection.h"
#include "storage/postgres_store.h"

namespace frontier::storage {
namespace {

// The tables in an order that satisfies the foreign keys, with their columns (names as in
// both schemas) and how each is carried: 'i' integer, 'n' integer or NULL, 't' text, 'b' bytes.
struct Table {
  const char* name;
  std::vector<std::pair<const char*, char>> columns;
  const char* identity;  // the identity column whose sequence must go on after the copied ids
};

const std::vector<Table>& tables() {
  static const std::vector<Table> list = {
      {"users",
       {{"id", 'i'},
        {"name", 't'},
        {"password_hash", 't'},
        {"created_at", 'i'},
        {"webhook_url", 't'},
        {"notify_flags", 'i'},
        {"bot_level", 't'}},
       "id"},
      {"tokens", {{"hash", 'b'}, {"user_id", 'i'}, {"created_at", 'i'}}, nullptr},
      {"matches",
       {{"id", 'i'},
        {"game", 't'},
        {"scenario", 't'},
        {"setup", 'b'},
        {"seed_nonce", 't'},
        {"seed_commitment", 't'},
        {"status", 'i'},
        {"visibility", 'i'},
        {"time_control", 'b'},
        {"created_by", 'i'},
        {"created_at", 'i'},
        {"finished_at", 'n'},
        {"seq", 'i'},
        {"awaiting", 'i'},
        {"result", 't'},
        {"tournament_id", 'n'},
        {"clock", 't'},
        {"wake_at", 'n'},
        {"invite_code", 't'},
        {"rematch_asked", 'i'},
        {"rematch_match_id", 'i'},
        {"last_activity", 'i'},
        {"rated", 'i'},
        {"ratings_recorded", 'i'}},
       "id"},
      {"match_seats", {{"match_id", 'i'}, {"seat", 'i'}, {"user_id", 'i'}, {"turn_since", 'i'}}, nullptr},
      {"events",
       {{"match_id", 'i'},
        {"seq", 'i'},
        {"seat", 'i'},
        {"kind", 'i'},
        {"action", 'b'},
        {"user_id", 'i'},
        {"client_action_id", 'b'},
        {"at", 'i'},
        {"target_seq", 'i'}},
       nullptr},
      {"snapshots", {{"match_id", 'i'}, {"seq", 'i'}, {"state", 'b'}}, nullptr},
      {"chat",
       {{"id", 'i'}, {"match_id", 'i'}, {"user_id", 'i'}, {"seat", 'i'}, {"text", 'b'}, {"at", 'i'}},
       "id"},
      {"tournaments", {{"id", 'i'}, {"event", 'b'}, {"updated_at", 'i'}}, "id"},
      {"tournament_matches",
       {{"match_id", 'i'},
        {"tournament_id", 'i'},
        {"round", 'i'},
        {"board", 'i'},
        {"game", 'i'},
        {"recorded", 'i'}},
       nullptr},
      {"rating_pools", {{"key", 't'}, {"pool", 'b'}}, nullptr},
      {"vacations", {{"id", 'i'}, {"user_id", 'i'}, {"starts_at", 'i'}, {"ends_at", 'i'}}, "id"},
      {"webhook_outbox",
       {{"id", 'i'}, {"user_id", 'i'}, {"url", 't'}, {"body", 'b'}, {"attempts", 'i'}, {"next_at", 'i'}},
       "id"},
      {"match_seen",
       {{"user_id", 'i'}, {"match_id", 'i'}, {"seen_seq", 'i'}, {"seen_chat_id", 'i'}},
       nullptr},
      {"user_email",
       {{"user_id", 'i'},
        {"address", 'b'},
        {"verified", 'i'},
        {"code_hash", 't'},
        {"code_expires", 'i'},
        {"code_tries", 'i'},
        {"code_sent_at", 'i'},
        {"choices", 'i'},
        {"turn_delay", 'i'},
        {"unsubscribe", 't'},
        {"digest_due", 'i'}},
       nullptr},
      {"email_outbox",
       {{"id", 'i'},
        {"user_id", 'i'},
        {"dedupe", 't'},
        {"to_address", 'b'},
        {"message", 'b'},
        {"attempts", 'i'},
        {"next_at", 'i'},
        {"created_at", 'i'},
        {"sent_at", 'i'}},
       "id"},
      {"turn_emails",
       {{"user_id", 'i'}, {"match_id", 'i'}, {"seq", 'i'}, {"due_at", 'i'}, {"text", 'b'}},
       nullptr},
  };
  return list;
}

struct SqliteCloser {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct StmtFinalizer {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};

std::string column_bytes(sqlite3_stmt* s, int col) {
  const void* p = sqlite3_column_blob(s, col);
  return p ? std::string(static_cast<const char*>(p), static_cast<size_t>(sqlite3_column_bytes(s, col)))
           : std::string();
}

core::Result<uint64_t> count_pg(pg::Connection& pg, const std::string& table) {
  auto r = pg.run("SELECT count(*) FROM " + table, pg::Params());
  if (!r) return r.status();
  return static_cast<uint64_t>(r->i64(0, 0));
}

core::Status copy_table(sqlite3* from, pg::Connection& to, const Table& t, uint64_t* copied) {
  std::string cols, placeholders;
  for (size_t i = 0; i < t.columns.size(); ++i) {
    if (i > 0) {
      cols += ", ";
      placeholders += ", ";
    }
    cols += t.columns[i].first;
    placeholders += '$';  // not "$" + to_string: GCC 12 warns falsely (-Wrestrict) on that
    placeholders += std::to_string(i + 1);
  }
  std::string select = "SELECT " + cols + " FROM " + t.name;
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(from, select.c_str(), -1, &raw, nullptr) != SQLITE_OK)
    return core::Status::corruption(std::string("SQLite: ") + t.name + ": " + sqlite3_errmsg(from));
  std::unique_ptr<sqlite3_stmt, StmtFinalizer> stmt(raw);
  std::string insert = std::string("INSERT INTO ") + t.name + " (" + cols + ") VALUES (" + placeholders + ")";
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) {
    std::vector<std::string> values(t.columns.size());
    pg::Params p;
    for (size_t i = 0; i < t.columns.size(); ++i) {
      int col = static_cast<int>(i);
      char kind = t.columns[i].second;
      if (kind == 'n' && sqlite3_column_type(stmt.get(), col) == SQLITE_NULL) {
        p.null();
      } else if (kind == 'i' || kind == 'n') {
        p.i64(sqlite3_column_int64(stmt.get(), col));
      } else {
        values[i] = column_bytes(stmt.get(), col);
        if (kind == 't')
          p.text(values[i]);
        else
          p.bytes(values[i]);
      }
    }
    if (p.impossible())
      return core::Status::corruption(std::string("a row of ") + t.name +
                                      " holds text PostgreSQL cannot keep");
    if (auto r = to.run(insert, p); !r) return r.status();
    ++*copied;
  }
  if (rc != SQLITE_DONE)
    return core::Status::corruption(std::string("SQLite: ") + t.name + ": " + sqlite3_errmsg(from));
  if (t.identity) {
    // The next new row takes the id after the largest copied one.
    std::string next = std::string("SELECT setval(pg_get_serial_sequence('") + t.name + "', '" + t.identity +
                       "'), COALESCE((SELECT max(" + t.identity + ") FROM " + t.name + "), 0) + 1, false)";
    if (auto r = to.exec(next); !r) return r.status();
  }
  return core::Status::ok();
}

core::Result<std::vector<TableCount>> copy_locked(sqlite3* from, pg::Connection& to) {
  for (const char* parent : {"users", "matches", "tournaments"}) {
    auto n = count_pg(to, parent);
    if (!n) return n.status();
    if (n.value() > 0)
      return core::Status::invalid_argument(std::string("The PostgreSQL database is not empty (") + parent +
                                            " has rows): copy into a new database");
  }
  std::vector<TableCount> counts;
  for (const auto& t : tables()) {
    TableCount c{t.name, 0, 0};
    if (auto st = copy_table(from, to, t, &c.source); !st) return st;
    auto n = count_pg(to, t.name);
    if (!n) return n.status();
    c.target = n.value();
    if (c.target != c.source)
      return core::Status::corruption(std::string(t.name) + ": " + std::to_string(c.source) + " rows read, " +
                                      std::to_string(c.target) + " in PostgreSQL");
    counts.push_back(c);
  }
  return counts;
}

}  // namespace

core::Result<std::vector<TableCount>> copy_sqlite_to_postgres(const std::string& sqlite_path,
                                                              const std::string& postgres_url) {
  // Opening each side as a store brings its schema up to date (and creates PostgreSQL's).
  if (auto source = open_sqlite(sqlite_path, Durability::kFull); !source) return source.status();
  if (auto target = open_postgres(postgres_url, Durability::kFull); !target) return target.status();
  sqlite3* raw = nullptr;
  if (sqlite3_open_v2(sqlite_path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(raw);
    return core::Status::not_found("Cannot open " + sqlite_path);
  }
  std::unique_ptr<sqlite3, SqliteCloser> from(raw);
  auto to = pg::Connection::open(postgres_url);
  if (!to) return to.status();
  auto& pg = *to.value();
  // One read transaction on SQLite (a consistent snapshot even while frontierd writes), one
  // write transaction on PostgreSQL.
  if (sqlite3_exec(from.get(), "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK)
    return core::Status::corruption(std::string("SQLite: ") + sqlite3_errmsg(from.get()));
  if (auto r = pg.exec("BEGIN; SET LOCAL synchronous_commit = on"); !r) return r.status();
  auto counts = copy_locked(from.get(), pg);
  sqlite3_exec(from.get(), "COMMIT", nullptr, nullptr, nullptr);
  if (!counts) {
    (void)pg.exec("ROLLBACK");
    return counts.status();
  }
  auto commit = pg.exec("COMMIT");
  if (!commit) return commit.status();
  if (commit->command() != "COMMIT") return core::Status::corruption("PostgreSQL rolled the copy back");
  return counts;
}

core::Result<std::vector<uint64_t>> sqlite_match_ids(const std::string& sqlite_path) {
  sqlite3* raw = nullptr;
  if (sqlite3_open_v2(sqlite_path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(raw);
    return core::Status::not_found("Cannot open " + sqlite_path);
  }
  std::unique_ptr<sqlite3, SqliteCloser> db(raw);
  sqlite3_stmt* stmt_raw = nullptr;
  if (sqlite3_prepare_v2(db.get(), "SELECT id FROM matches ORDER BY id", -1, &stmt_raw, nullptr) != SQLITE_OK)
    return core::Status::corruption(std::string("SQLite: ") + sqlite3_errmsg(db.get()));
  std::unique_ptr<sqlite3_stmt, StmtFinalizer> stmt(stmt_raw);
  std::vector<uint64_t> ids;
  while (sqlite3_step(stmt.get()) == SQLITE_ROW)
    ids.push_back(static_cast<uint64_t>(sqlite3_column_int64(stmt.get(), 0)));
  return ids;
}

}  // namespace frontier::storage
