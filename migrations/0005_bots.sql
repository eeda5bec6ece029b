-- Computer opponents (docs/ai.md): a bot is an account with a level. Bot accounts are made at
-- start-up, cannot log in (no password hash verifies) and play through the same request gate.
ALTER TABLE users ADD COLUMN bot_level TEXT NOT NULL DEFAULT '';  -- '' = a person; easy/normal/hard
