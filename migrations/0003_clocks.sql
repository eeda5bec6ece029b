-- Match clocks, vacations, profiles and the webhook outbox (docs/play-by-web.md, "Clocks,
-- vacation and notifications"). A match's clock state is written in the same transaction as
-- the change that moves it; wake_at is the next moment the clock needs looking at (a timeout or
-- the 80% reminder) and is indexed so start-up reads only timed, running matches.
ALTER TABLE matches ADD COLUMN clock TEXT NOT NULL DEFAULT '';  -- server/clock/seat_clock.h encoding
ALTER TABLE matches ADD COLUMN wake_at INTEGER;                 -- unix seconds; NULL = nothing due
CREATE INDEX matches_wake ON matches(wake_at) WHERE wake_at IS NOT NULL;

ALTER TABLE users ADD COLUMN webhook_url TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN notify_flags INTEGER NOT NULL DEFAULT 7;  -- 1 your turn, 2 start/end, 4 time low

-- One row per vacation; ends_at moves earlier when a vacation is ended early.
CREATE TABLE vacations (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL
);
CREATE INDEX vacations_by_user ON vacations(user_id, starts_at);

-- Webhook deliveries not yet done: survives restarts; a row leaves once delivered or given up.
CREATE TABLE webhook_outbox (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL
);
