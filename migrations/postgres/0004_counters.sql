-- Counters shared by every node of a site: the same table as SQLite's migrations/0008_counters.sql
-- (see it for what each column means).
CREATE TABLE shared_counters (
  key BYTEA PRIMARY KEY,
  count BIGINT NOT NULL,
  ends_at BIGINT NOT NULL
);
CREATE INDEX shared_counters_ends ON shared_counters(ends_at);
