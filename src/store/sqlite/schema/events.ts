/** Migration 7: events (space_gitsync_started, space_gitsync_completed, ...), indexed by space. */
export const eventsMigration = `
  CREATE TABLE events (
    id TEXT PRIMARY KEY,
    space_id TEXT,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX events_space ON events (space_id, type, created_at);
`;
