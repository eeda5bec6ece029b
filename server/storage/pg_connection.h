// A thin layer over one libpq connection for the PostgreSQL store: statements prepared once per
// connection and run with parameters, results in binary format (bytea comes back as its bytes,
// integers as integers), and errors as Status. Used by one thread at a time, like the Store.
// Statements whose result nobody waits for can be sent ahead (libpq pipeline mode): they reach
// the server with the next statement that is waited for, in one round trip.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

struct pg_conn;
struct pg_result;

namespace frontier::storage::pg {

// The parameters of one statement, $1, $2, ... in the order added. Strings are sent as their
// bytes (binary format), so a bytea keeps every byte and a text is checked by the server.
class Params {
 public:
  Params& i64(int64_t v);
  // Strings are referenced, not copied: a statement is built and run within one call, while the
  // caller's strings live. Temporaries would dangle, so they do not compile.
  Params& text(const std::string& v);  // a text column: must be valid UTF-8 without NUL
  Params& text(std::string&& v) = delete;
  Params& bytes(const std::string& v);  // a bytea column: any bytes
  Params& bytes(std::string&& v) = delete;
  Params& null();  // SQL NULL
  // A bigint[] (sent in text form, "{1,2,3}"): `unnest($n::bigint[])` reads it.
  Params& i64_array(const std::vector<int64_t>& v);
  int size() const { return static_cast<int>(values_.size()); }
  // A text that PostgreSQL cannot hold (a NUL byte, invalid UTF-8): nothing stored equals it.
  bool impossible() const { return impossible_; }

 private:
  friend class Connection;
  std::deque<std::string> numbers_;  // a deque: adding one moves none, values_ points into them
  std::vector<const char*> values_;
  std::vector<int> lengths_;
  std::vector<int> formats_;
  bool impossible_ = false;
};

// The rows of one statement (or its error).
class Rows {
 public:
  Rows() = default;
  explicit Rows(pg_result* res);
  ~Rows();
  Rows(Rows&& o) noexcept;
  Rows& operator=(Rows&& o) noexcept;
  Rows(const Rows&) = delete;
  Rows& operator=(const Rows&) = delete;

  int count() const;
  // Integer columns of any width (int2/int4/int8/bool); NULL reads as 0.
  int64_t i64(int row, int col) const;
  // Text or bytea columns: the bytes as stored.
  std::string str(int row, int col) const;
  // "INSERT 0 1", "COMMIT", "ROLLBACK" ...
  std::string command() const;
  int64_t affected() const;

 private:
  pg_result* res_ = nullptr;
};

class Connection {
 public:
  // Connects to `url` (libpq URL or key=value string); nullptr with the reason on failure.
  static core::Result<std::unique_ptr<Connection>> open(const std::string& url);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // A statement without parameters (may hold several, separated by ';'), not prepared.
  core::Result<Rows> exec(const std::string& sql);
  // A prepared statement: prepared on its first use on this connection, then reused. Statements
  // sent ahead go with it, in order, in the same round trip; the first of them that failed is
  // the answer (the server skipped everything after it).
  core::Result<Rows> run(std::string_view sql, const Params& params);
  // Sends a prepared statement without waiting for its result (pipeline mode): it runs, in
  // order, before the next run(), exec() or sync(), which report its failure. Only for
  // statements whose result nothing reads, inside a transaction that a failure aborts anyway.
  core::Status send(std::string_view sql, const Params& params);
  // Waits for every statement sent ahead (one round trip); the first failure.
  core::Status sync();
  // Statements sent ahead and not yet synced.
  size_t unsynced() const { return sent_.size(); }
  // False once the connection is lost (the server went away).
  bool alive() const;
  // Connects again after a loss; every statement is prepared again on its next use.
  bool reset();
  std::string error() const;
  // LISTEN (storage/pg_listener.h): the socket to wait on, and the notifications that arrived
  // (channel, payload); reading them notices a lost connection (alive() turns false).
  int socket() const;
  std::vector<std::pair<std::string, std::string>> notifications();

 private:
  explicit Connection(pg_conn* conn) : conn_(conn) {}
  core::Result<Rows> checked(pg_result* res, std::string_view what);
  // The statement's name, and whether it is still to be prepared (a first use).
  std::pair<std::string, bool> statement_name(std::string_view sql);
  // Ends the pipeline: reads every result sent ahead, leaves pipeline mode. `keep_last`: the last
  // statement's rows are the answer (run()); otherwise the answer is empty rows.
  core::Result<Rows> collect(bool keep_last);

  pg_conn* conn_;
  std::map<std::string, std::string, std::less<>> prepared_;  // sql -> statement name
  uint64_t names_ = 0;                                        // statement names given on this connection
  // What was sent ahead, in order: each statement, and each PREPARE of a first use (whose name is
  // forgotten again if it did not succeed, so the next use prepares it again).
  struct Sent {
    std::string sql;
    bool prepare = false;
  };
  std::vector<Sent> sent_;
};

}  // namespace frontier::storage::pg
