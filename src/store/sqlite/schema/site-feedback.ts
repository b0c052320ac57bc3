/**
 * Migration 20: page feedback that visitors of a site send (`trackEventsInSiteById`), read back by
 * `aggregateSiteEvents`. One row per event; the domain bounds how many a site holds.
 */
export const siteFeedbackMigration = `
  CREATE TABLE site_feedback_events (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    site_space_id TEXT NOT NULL,
    space_id TEXT NOT NULL,
    page_id TEXT NOT NULL,
    rating TEXT NOT NULL,
    comment TEXT,
    session_id TEXT NOT NULL,
    visitor_id TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX site_feedback_events_site ON site_feedback_events (site_id, created_at);
`;
