/**
 * Migration 17: a site's external links (navigation entries to absolute URLs, at the root or in a section group, ordered
 * among sections and groups by `position`) and its agent channels (a connected tool's setup and the agent's role).
 */
export const siteLinksChannelsMigration = `
  CREATE TABLE site_external_links (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    group_id TEXT,
    title TEXT NOT NULL,
    localized_title TEXT,
    description TEXT,
    localized_description TEXT,
    icon TEXT,
    url TEXT NOT NULL,
    draft INTEGER NOT NULL DEFAULT 0,
    condition TEXT,
    position REAL NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX site_external_links_site ON site_external_links (site_id);

  CREATE TABLE site_channels (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    setup_settings TEXT NOT NULL,
    role TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX site_channels_site ON site_channels (site_id, created_at);
`;
