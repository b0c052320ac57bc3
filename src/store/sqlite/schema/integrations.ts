/**
 * Migration 10: integrations, installations and their events.
 *
 * An integration is published under a unique name by an organization; its manifest (scopes, blocks, configurations...)
 * is one JSON column, its secrets one sealed column. An installation ties it to an organization (at most one per
 * organization), and space and site installations hang below it. Events outlive the installation they concern, so they
 * reference it without a foreign key. Installation tokens are stored as hashes.
 */
export const integrationsMigration = `
  CREATE TABLE integrations (
    name TEXT PRIMARY KEY,
    id TEXT NOT NULL,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    title TEXT NOT NULL,
    visibility TEXT NOT NULL,
    target TEXT NOT NULL,
    manifest TEXT NOT NULL,
    script TEXT NOT NULL,
    secrets TEXT,
    dev_tunnel_url TEXT,
    dev_all INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX integrations_id ON integrations (id);
  CREATE INDEX integrations_organization ON integrations (organization_id);

  CREATE TABLE integration_installations (
    id TEXT PRIMARY KEY,
    integration_name TEXT NOT NULL REFERENCES integrations (name) ON DELETE CASCADE,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    space_selection TEXT NOT NULL,
    site_selection TEXT NOT NULL,
    configuration TEXT NOT NULL,
    external_ids TEXT NOT NULL,
    user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX integration_installations_target ON integration_installations (integration_name, organization_id);
  CREATE INDEX integration_installations_organization ON integration_installations (organization_id);

  CREATE TABLE integration_space_installations (
    installation_id TEXT NOT NULL REFERENCES integration_installations (id) ON DELETE CASCADE,
    space_id TEXT NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    configuration TEXT NOT NULL,
    external_ids TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (installation_id, space_id)
  );
  CREATE INDEX integration_space_installations_space ON integration_space_installations (space_id);

  CREATE TABLE integration_site_installations (
    installation_id TEXT NOT NULL REFERENCES integration_installations (id) ON DELETE CASCADE,
    site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    configuration TEXT NOT NULL,
    external_ids TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (installation_id, site_id)
  );
  CREATE INDEX integration_site_installations_site ON integration_site_installations (site_id);

  CREATE TABLE integration_events (
    id TEXT PRIMARY KEY,
    integration_name TEXT NOT NULL REFERENCES integrations (name) ON DELETE CASCADE,
    integration_id TEXT NOT NULL,
    installation_id TEXT,
    organization_id TEXT,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    trace TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX integration_events_integration ON integration_events (integration_name, created_at, id);

  CREATE TABLE integration_tokens (
    hash TEXT PRIMARY KEY,
    installation_id TEXT NOT NULL REFERENCES integration_installations (id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX integration_tokens_installation ON integration_tokens (installation_id);
`;
