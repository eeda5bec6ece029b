-- Counters shared by every node of a site: login throttles and per-account allowances
-- (server/api/shared_counts.h). A key's window begins with its first event and lasts the
-- limit's window; one upsert per event counts it. The key is bytes: it holds names and
-- addresses as the client sent them.
CREATE TABLE shared_counters (
  key BLOB PRIMARY KEY,
  count INTEGER NOT NULL,
  ends_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX shared_counters_ends ON shared_counters(ends_at);
