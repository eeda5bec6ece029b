-- Rated and casual matches outside tournaments (docs/play-by-web.md, "Rated and casual"). The
-- creator chooses; a rated match's result goes into the Glicko-2 pools once, in the same
-- transaction that sets ratings_recorded, so a restart neither loses nor repeats it. Tournament
-- matches carry their event's choice in `rated` but are rated by the tournament host
-- (tournament_matches.recorded), never by this flag.
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;             -- 1 = rated
ALTER TABLE matches ADD COLUMN ratings_recorded INTEGER NOT NULL DEFAULT 0;  -- 1 = its result was rated (or counted for nothing)
-- The few finished rated matches still waiting for their rating (after a crash), found at start-up.
CREATE INDEX matches_rating_due ON matches(id) WHERE rated = 1 AND ratings_recorded = 0;
