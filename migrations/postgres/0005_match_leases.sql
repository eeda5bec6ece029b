-- Match ownership across nodes (docs/architecture.md, "Several nodes"). The node that runs a
-- match holds its lease until expires_at (the database's clock) and renews it while it runs;
-- another node takes it only once it has expired, raising the epoch. Every commit to a match
-- checks, in its own transaction, that its node still holds the lease at the epoch it took
-- (fencing), so a node that was paused or cut off past its lease commits nothing more there.
-- A lease given up is expired, never deleted: epochs only rise.
CREATE TABLE match_leases (
  match_id BIGINT PRIMARY KEY,
  node TEXT COLLATE "C" NOT NULL,
  epoch BIGINT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
