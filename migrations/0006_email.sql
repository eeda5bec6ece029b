-- E-mail notices (docs/play-by-web.md, "E-mail notices"): an optional address per account,
-- verified by a code mailed to it, what its owner wants mailed, and the mail outbox.
CREATE TABLE user_email (
  user_id INTEGER PRIMARY KEY REFERENCES users(id),
  address TEXT NOT NULL,
  verified INTEGER NOT NULL DEFAULT 0,
  code_hash TEXT NOT NULL DEFAULT '',       -- SHA-256 (hex) of the code mailed; '' = none pending
  code_expires INTEGER NOT NULL DEFAULT 0,  -- unix seconds
  code_tries INTEGER NOT NULL DEFAULT 0,    -- wrong codes entered since it was mailed
  code_sent_at INTEGER NOT NULL DEFAULT 0,
  choices INTEGER NOT NULL DEFAULT 29,      -- 1 your turn, 2 daily digest, 4 clock, 8 pairings, 16 game over
  turn_delay INTEGER NOT NULL DEFAULT 3600, -- seconds without looking before "your turn" is mailed
  unsubscribe TEXT NOT NULL UNIQUE,         -- the secret of the one-click unsubscribe link
  digest_due INTEGER NOT NULL DEFAULT 0     -- when the next daily digest is due
);

-- Every notice queued for mailing. The whole message is stored once, so a retry sends the same
-- bytes (same Message-ID). A sent row stays 30 days with sent_at set: its dedupe key keeps the
-- same notice from being queued, and so mailed, a second time.
CREATE TABLE email_outbox (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  dedupe TEXT NOT NULL UNIQUE,  -- e.g. "turn:<user>:<match>:<seq>"
  to_address TEXT NOT NULL,
  message TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  sent_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX email_outbox_due ON email_outbox(next_at) WHERE sent_at = 0;

-- "Your turn" mails waiting for the user's delay: mailed when due unless the user has looked at
-- the match since (match_seen) or it is no longer their turn.
CREATE TABLE turn_emails (
  user_id INTEGER NOT NULL,
  match_id INTEGER NOT NULL,
  seq INTEGER NOT NULL,   -- the match's seq when the turn began
  due_at INTEGER NOT NULL,
  text TEXT NOT NULL,     -- the notification's sentence: "Your turn in Khartoum #12 (move 31)"
  PRIMARY KEY (user_id, match_id)
) WITHOUT ROWID;
CREATE INDEX turn_emails_due ON turn_emails(due_at);
