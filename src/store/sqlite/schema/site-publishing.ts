/**
 * Migration 8: what a published site needs beyond its structure. The publishing auth of a `visitor-auth` site (the
 * key that signs visitor tokens, sealed at rest; the backend and fallback URL as JSON), and the site's adaptive
 * schema (the JSON Schema of visitor claims that conditions read).
 */
export const sitePublishingMigration = `
  CREATE TABLE site_publishing_auth (
    site_id TEXT PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
    sealed_key TEXT NOT NULL,
    settings TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE site_adaptive_schemas (
    site_id TEXT PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
    json_schema TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
`;
