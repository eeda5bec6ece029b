-- Play-by-web, social side (docs/play-by-web.md): invite codes of private matches, takebacks,
-- rematches, and what each player has seen of each match ("my matches" ordering).
-- Event kinds added to events.kind: 4 abort, 5 takeback (target_seq: the seq the match returned to).
ALTER TABLE events ADD COLUMN target_seq INTEGER NOT NULL DEFAULT 0;

-- A PRIVATE match's seat (and watching it) needs this code; '' for public and tournament matches.
ALTER TABLE matches ADD COLUMN invite_code TEXT NOT NULL DEFAULT '';
-- Seat bit mask of the players who asked for a rematch, and the rematch once created.
ALTER TABLE matches ADD COLUMN rematch_asked INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN rematch_match_id INTEGER NOT NULL DEFAULT 0;
-- Unix seconds of the latest committed change (event, join, chat): "my matches" orders by it.
ALTER TABLE matches ADD COLUMN last_activity INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET last_activity = COALESCE((SELECT max(at) FROM events e WHERE e.match_id = matches.id),
                                            created_at);
-- Tournament matches made before this migration are known by their link.
UPDATE matches SET tournament_id = (SELECT t.tournament_id FROM tournament_matches t WHERE t.match_id = matches.id)
  WHERE tournament_id IS NULL;

-- When each seat's current prompt began (unix seconds; 0 = since the match started).
ALTER TABLE match_seats ADD COLUMN turn_since INTEGER NOT NULL DEFAULT 0;

-- What a user has seen of a match: the match's seq and the last chat line id they were shown.
CREATE TABLE match_seen (
  user_id INTEGER NOT NULL,
  match_id INTEGER NOT NULL,
  seen_seq INTEGER NOT NULL,
  seen_chat_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, match_id)
) WITHOUT ROWID;
