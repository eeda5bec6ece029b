#include "storage/pg_connection.h"

#include <endian.h>
#include <libpq-fe.h>

#include <cstdlib>
#include <cstring>

namespace frontier::storage::pg {
namespace {

// Type OIDs of the integer columns read back (catalog/pg_type.h, stable across versions).
constexpr Oid kBool = 16;
constexpr Oid kInt8 = 20;
constexpr Oid kInt2 = 21;
constexpr Oid kInt4 = 23;

// Whether PostgreSQL (UTF-8 database) can hold `s` as text: valid UTF-8 and no NUL byte.
bool storable_text(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c == 0) return false;
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return false;
    // Overlong forms, surrogates and code points past U+10FFFF are refused by the server too.
    if (n == 2 && c < 0xc2) return false;
    if (n == 3) {
      auto c1 = static_cast<unsigned char>(s[i + 1]);
      if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 >= 0xa0)) return false;
    }
    if (n == 4) {
      auto c1 = static_cast<unsigned char>(s[i + 1]);
      if ((c == 0xf0 && c1 < 0x90) || c > 0xf4 || (c == 0xf4 && c1 >= 0x90)) return false;
    }
    i += n;
  }
  return true;
}

}  // namespace

Params& Params::i64(int64_t v) {
  numbers_.push_back(std::to_string(v));
  values_.push_back(numbers_.back().c_str());
  lengths_.push_back(0);
  formats_.push_back(0);  // text format: the server reads the number as whatever type it infers
  return *this;
}

Params& Params::text(const std::string& v) {
  if (!storable_text(v)) impossible_ = true;
  return bytes(v);
}

Params& Params::bytes(const std::string& v) {
  values_.push_back(v.data());
  lengths_.push_back(static_cast<int>(v.size()));
  formats_.push_back(1);  // binary: the bytes as they are, no escaping
  return *this;
}

Params& Params::i64_array(const std::vector<int64_t>& v) {
  std::string text = "{";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i > 0) text += ',';
    text += std::to_string(v[i]);
  }
  text += '}';
  numbers_.push_back(std::move(text));
  values_.push_back(numbers_.back().c_str());
  lengths_.push_back(0);
  formats_.push_back(0);
  return *this;
}

Params& Params::null() {
  values_.push_back(nullptr);
  lengths_.push_back(0);
  formats_.push_back(0);
  return *this;
}

Rows::Rows(pg_result* res) : res_(res) {}
Rows::~Rows() {
  if (res_) PQclear(res_);
}
Rows::Rows(Rows&& o) noexcept : res_(o.res_) {
  o.res_ = nullptr;
}
Rows& Rows::operator=(Rows&& o) noexcept {
  if (this != &o) {
    if (res_) PQclear(res_);
    res_ = o.res_;
    o.res_ = nullptr;
  }
  return *this;
}

int Rows::count() const {
  return res_ ? PQntuples(res_) : 0;
}

int64_t Rows::i64(int row, int col) const {
  if (!res_ || PQgetisnull(res_, row, col)) return 0;
  const char* v = PQgetvalue(res_, row, col);
  if (PQfformat(res_, col) == 0) {
    if (PQftype(res_, col) == kBool) return v[0] == 't' ? 1 : 0;
    return std::strtoll(v, nullptr, 10);
  }
  switch (PQftype(res_, col)) {
    case kBool:
      return v[0] != 0 ? 1 : 0;
    case kInt2: {
      uint16_t x;
      std::memcpy(&x, v, sizeof x);
      return static_cast<int16_t>(be16toh(x));
    }
    case kInt4: {
      uint32_t x;
      std::memcpy(&x, v, sizeof x);
      return static_cast<int32_t>(be32toh(x));
    }
    case kInt8: {
      uint64_t x;
      std::memcpy(&x, v, sizeof x);
      return static_cast<int64_t>(be64toh(x));
    }
    default:
      return 0;  // not an integer column: a bug in the query, caught by the conformance tests
  }
}

std::string Rows::str(int row, int col) const {
  if (!res_ || PQgetisnull(res_, row, col)) return {};
  return std::string(PQgetvalue(res_, row, col), static_cast<size_t>(PQgetlength(res_, row, col)));
}

std::string Rows::command() const {
  return res_ ? PQcmdStatus(res_) : "";
}

int64_t Rows::affected() const {
  return res_ ? std::strtoll(PQcmdTuples(res_), nullptr, 10) : 0;
}

core::Result<std::unique_ptr<Connection>> Connection::open(const std::string& url) {
  PGconn* conn = PQconnectdb(url.c_str());
  if (!conn) return core::Status::not_found("PostgreSQL: out of memory");
  if (PQstatus(conn) != CONNECTION_OK) {
    std::string msg = PQerrorMessage(conn);
    PQfinish(conn);
    while (!msg.empty() && msg.back() == '\n') msg.pop_back();
    return core::Status::not_found("Cannot connect to PostgreSQL: " + msg);
  }
  return std::unique_ptr<Connection>(new Connection(conn));
}

Connection::~Connection() {
  PQfinish(conn_);
}

bool Connection::alive() const {
  return PQstatus(conn_) == CONNECTION_OK;
}

bool Connection::reset() {
  sent_.clear();  // answered by nothing now: their transaction died with the session
  PQreset(conn_);
  prepared_.clear();  // a new session knows none of them
  if (PQpipelineStatus(conn_) != PQ_PIPELINE_OFF) (void)PQexitPipelineMode(conn_);
  return alive();
}

int Connection::socket() const {
  return PQsocket(conn_);
}

std::vector<std::pair<std::string, std::string>> Connection::notifications() {
  std::vector<std::pair<std::string, std::string>> out;
  if (PQconsumeInput(conn_) == 0) return out;
  while (PGnotify* n = PQnotifies(conn_)) {
    out.emplace_back(n->relname, n->extra);
    PQfreemem(n);
  }
  return out;
}

std::string Connection::error() const {
  std::string msg = PQerrorMessage(conn_);
  while (!msg.empty() && msg.back() == '\n') msg.pop_back();
  return msg;
}

core::Result<Rows> Connection::checked(pg_result* res, std::string_view what) {
  ExecStatusType st = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
  if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return Rows(res);
  std::string msg = res ? PQresultErrorMessage(res) : PQerrorMessage(conn_);
  if (msg.empty()) msg = PQerrorMessage(conn_);
  while (!msg.empty() && msg.back() == '\n') msg.pop_back();
  if (res) PQclear(res);
  return core::Status::corruption("PostgreSQL: " + std::string(what.substr(0, 60)) + ": " + msg);
}

core::Result<Rows> Connection::exec(const std::string& sql) {
  // PQexec is refused in pipeline mode: what was sent ahead is finished first. The statement runs
  // even when one of them failed: it is the ROLLBACK (or COMMIT) that ends their transaction.
  core::Status ahead = sent_.empty() ? core::Status::ok() : sync();
  auto r = checked(PQexec(conn_, sql.c_str()), sql);
  if (!ahead) return ahead;
  return r;
}

std::pair<std::string, bool> Connection::statement_name(std::string_view sql) {
  if (auto it = prepared_.find(sql); it != prepared_.end()) return {it->second, false};
  std::string name = "f";  // built step by step: GCC 12 warns falsely on "f" + to_string here
  name += std::to_string(++names_);
  prepared_.emplace(std::string(sql), name);
  return {name, true};
}

core::Result<Rows> Connection::run(std::string_view sql, const Params& params) {
  if (!sent_.empty()) {
    // The statement joins those sent ahead: one round trip for all of them.
    if (auto st = send(sql, params); !st) {
      (void)collect(false);
      return st;
    }
    return collect(true);
  }
  auto [name, first_use] = statement_name(sql);
  if (first_use) {
    std::string text(sql);
    auto prepared = checked(PQprepare(conn_, name.c_str(), text.c_str(), params.size(), nullptr), sql);
    if (!prepared) {
      prepared_.erase(text);
      return prepared.status();
    }
  }
  return checked(PQexecPrepared(conn_, name.c_str(), params.size(), params.values_.data(),
                                params.lengths_.data(), params.formats_.data(), 1),
                 sql);
}

core::Status Connection::send(std::string_view sql, const Params& params) {
  if (PQpipelineStatus(conn_) == PQ_PIPELINE_OFF && PQenterPipelineMode(conn_) != 1)
    return core::Status::corruption("PostgreSQL: cannot enter pipeline mode: " + error());
  auto [name, first_use] = statement_name(sql);
  if (first_use) {
    std::string text(sql);
    if (PQsendPrepare(conn_, name.c_str(), text.c_str(), params.size(), nullptr) != 1) {
      prepared_.erase(text);
      return core::Status::corruption("PostgreSQL: " + text.substr(0, 60) + ": " + error());
    }
    sent_.push_back({std::move(text), true});
  }
  if (PQsendQueryPrepared(conn_, name.c_str(), params.size(), params.values_.data(), params.lengths_.data(),
                          params.formats_.data(), 1) != 1) {
    return core::Status::corruption("PostgreSQL: " + std::string(sql.substr(0, 60)) + ": " + error());
  }
  sent_.push_back({std::string(sql), false});
  return core::Status::ok();
}

core::Status Connection::sync() {
  auto r = collect(false);
  return r ? core::Status::ok() : r.status();
}

core::Result<Rows> Connection::collect(bool keep_last) {
  if (PQpipelineSync(conn_) != 1) {
    // Only a broken connection refuses it; no answer will come. The next begin() connects again.
    sent_.clear();
    return core::Status::corruption("PostgreSQL: sending the pipeline failed: " + error());
  }
  core::Status first = core::Status::ok();
  Rows last;
  // Each statement's results end with a NULL; after the first failure the server skipped the
  // rest (PGRES_PIPELINE_ABORTED). A lost connection answers NULL at once, so this ends.
  for (size_t i = 0; i < sent_.size(); ++i) {
    const Sent& sent = sent_[i];
    pg_result* res = PQgetResult(conn_);
    ExecStatusType st = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
    bool ok = st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
    if (!ok) {
      if (sent.prepare) prepared_.erase(sent.sql);
      if (first) {
        std::string msg = st == PGRES_PIPELINE_ABORTED ? "skipped after a failure"
                          : res                        ? PQresultErrorMessage(res)
                                                       : PQerrorMessage(conn_);
        while (!msg.empty() && msg.back() == '\n') msg.pop_back();
        first = core::Status::corruption("PostgreSQL: " + sent.sql.substr(0, 60) + ": " + msg);
      }
    }
    if (ok && keep_last && i + 1 == sent_.size()) {
      last = Rows(res);
    } else if (res) {
      PQclear(res);
    }
    if (res) {
      while (pg_result* more = PQgetResult(conn_)) PQclear(more);
    }
  }
  sent_.clear();
  // The sync's own result ends the pipeline; then the connection leaves pipeline mode, so the
  // plain calls (PQexec, LISTEN's reads) work again.
  if (PQstatus(conn_) == CONNECTION_OK) {
    pg_result* res = PQgetResult(conn_);
    if (!res || PQresultStatus(res) != PGRES_PIPELINE_SYNC) {
      if (first) first = core::Status::corruption("PostgreSQL: the pipeline did not end: " + error());
    }
    if (res) PQclear(res);
  }
  if (PQexitPipelineMode(conn_) != 1 && first)
    first = core::Status::corruption("PostgreSQL: cannot leave pipeline mode: " + error());
  if (!first) return first;
  return last;
}

}  // namespace frontier::storage::pg
