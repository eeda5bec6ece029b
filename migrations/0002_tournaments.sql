-- Hosted tournaments (docs/tournaments.md, "Running an event"). An event is stored whole as a
-- frontier.tournament_pb.Event after every change; its matches are linked here so a finished
-- match finds its board again after a restart; rating pools are stored whole per key
-- ("race", "race/A", "race/B").
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  event BLOB NOT NULL,            -- frontier.tournament_pb.Event
  updated_at INTEGER NOT NULL
);

CREATE TABLE tournament_matches (
  match_id INTEGER PRIMARY KEY REFERENCES matches(id),
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  round INTEGER NOT NULL,         -- 0: an elimination bracket match
  board INTEGER NOT NULL,         -- board index in the round, or the bracket match id
  game INTEGER NOT NULL,          -- game index within the board (mini-matches, deciders)
  recorded INTEGER NOT NULL DEFAULT 0  -- 1 once its result is in the event
);
CREATE INDEX tournament_matches_by_event ON tournament_matches(tournament_id, match_id);

CREATE TABLE rating_pools (
  key TEXT PRIMARY KEY,
  pool BLOB NOT NULL              -- frontier.tournament_pb.RatingPool
) WITHOUT ROWID;
