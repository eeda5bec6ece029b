-- Accounts, event-sourced matches (DESIGN §5) and chat. Matches are an append-only list of
-- events (actions, undos, resignations) plus periodic snapshots; the matches row caches what
-- lists need (status, seq, whose turn) so no list ever replays a game.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- Session tokens are kept only as SHA-256 hashes: a stolen database opens no session.
CREATE TABLE tokens (
  hash BLOB PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX tokens_by_user ON tokens(user_id);

CREATE TABLE matches (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  scenario TEXT NOT NULL,
  setup BLOB NOT NULL,            -- frontier.MatchSetup, seed included (never sent before the end)
  seed_nonce TEXT NOT NULL,
  seed_commitment TEXT NOT NULL,
  status INTEGER NOT NULL,        -- frontier.wire.MatchStatus
  visibility INTEGER NOT NULL,
  time_control BLOB NOT NULL,     -- frontier.wire.TimeControl (reserved for clocks)
  created_by INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  finished_at INTEGER,
  seq INTEGER NOT NULL DEFAULT 0,
  awaiting INTEGER NOT NULL DEFAULT 0,  -- seat bit mask holding a prompt (whose turn)
  result TEXT NOT NULL DEFAULT '',
  tournament_id INTEGER            -- reserved for server-created tournament matches
);
CREATE INDEX matches_open ON matches(status, visibility, id);

CREATE TABLE match_seats (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  seat INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  PRIMARY KEY (match_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_user ON match_seats(user_id, match_id);

-- kind: 0 action, 1 undo (takes back the last effective action), 2 resignation.
CREATE TABLE events (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  seq INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  kind INTEGER NOT NULL,
  action BLOB NOT NULL,           -- frontier.Action
  user_id INTEGER NOT NULL,
  client_action_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

CREATE TABLE snapshots (
  match_id INTEGER NOT NULL REFERENCES matches(id),
  seq INTEGER NOT NULL,
  state BLOB NOT NULL,            -- core::snapshot bytes of the state after event `seq`
  PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

CREATE TABLE chat (
  id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches(id),
  user_id INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  text TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX chat_by_match ON chat(match_id, id);
