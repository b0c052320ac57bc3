/**
 * Migration 6: docs sites and their structure.
 *
 * A site holds site spaces (links to spaces) either at its root or inside sections; sections may sit in
 * section groups, which may nest. Siblings are ordered by `position`. A site space or section is its
 * container's default when the container's `default_*` column names it. Customization is stored as the
 * site's full settings (NULL = defaults) and, per site space, only the members it overrides.
 */
export const sitesMigration = `
  CREATE TABLE sites (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    title TEXT NOT NULL,
    visibility TEXT NOT NULL,
    basename TEXT NOT NULL,
    proxy TEXT,
    published INTEGER NOT NULL DEFAULT 0,
    adaptive_content INTEGER NOT NULL DEFAULT 0,
    agents_context TEXT NOT NULL,
    default_section_id TEXT,
    default_site_space_id TEXT,
    customization TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX sites_organization ON sites (organization_id, created_at, id);
  CREATE UNIQUE INDEX sites_basename ON sites (basename);

  CREATE TABLE site_section_groups (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    parent_id TEXT,
    title TEXT NOT NULL,
    icon TEXT,
    position REAL NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX site_section_groups_site ON site_section_groups (site_id);

  CREATE TABLE site_sections (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    group_id TEXT,
    title TEXT NOT NULL,
    path TEXT NOT NULL,
    description TEXT,
    icon TEXT,
    condition TEXT,
    default_site_space_id TEXT,
    position REAL NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX site_sections_site ON site_sections (site_id);

  CREATE TABLE site_spaces (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    section_id TEXT,
    space_id TEXT NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    condition TEXT,
    hidden INTEGER NOT NULL DEFAULT 0,
    customization TEXT,
    position REAL NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX site_spaces_site ON site_spaces (site_id);
  CREATE INDEX site_spaces_space ON site_spaces (space_id);

  CREATE TABLE site_share_links (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    share_key TEXT NOT NULL,
    name TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL
  );
  CREATE INDEX site_share_links_site ON site_share_links (site_id, created_at, id);
  CREATE UNIQUE INDEX site_share_links_key ON site_share_links (share_key);

  CREATE TABLE site_redirects (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    source TEXT NOT NULL,
    destination TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX site_redirects_source ON site_redirects (site_id, source);
`;
