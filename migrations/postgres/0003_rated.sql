-- Rated and casual matches: the same columns as SQLite's migrations/0007_rated.sql (see it for
-- what they mean), with 0001's conventions (every integer BIGINT).
ALTER TABLE matches ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN ratings_recorded BIGINT NOT NULL DEFAULT 0;
CREATE INDEX matches_rating_due ON matches(id) WHERE rated = 1 AND ratings_recorded = 0;
