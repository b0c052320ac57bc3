/**
 * Versioned schema migrations, applied in order inside one transaction each.
 * SQL here is written to run on both SQLite and PostgreSQL.
 */
import { changeRequestsMigration } from './schema/change-requests.js';
import { commentsMigration } from './schema/comments.js';
import { sitesMigration } from './schema/sites.js';
import { eventsMigration } from './schema/events.js';
import { sitePublishingMigration } from './schema/site-publishing.js';
import { openApiMigration } from './schema/openapi.js';
import { integrationsMigration } from './schema/integrations.js';
import { organizationResourcesMigration } from './schema/organization-resources.js';
import { invitesMigration } from './schema/invites.js';
import { siteMcpServersMigration } from './schema/site-mcp-servers.js';
import { gitDatesMigration } from './schema/git-dates.js';
import { jobLeasesMigration } from './schema/job-leases.js';
import { auditEventsMigration } from './schema/audit-events.js';
import { siteLinksChannelsMigration } from './schema/site-links-channels.js';
import { api0202AdditionsMigration } from './schema/api-0202-additions.js';
import { siteStructureFieldsMigration } from './schema/site-structure-fields.js';
import { siteFeedbackMigration } from './schema/site-feedback.js';
import { parsedBodiesMigration } from './schema/parsed-bodies.js';

export const migrations: readonly string[] = [
  /* 1: organizations, users, content tree, permissions, revisions, jobs */ `
  CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    hostname TEXT,
    email_domains TEXT NOT NULL DEFAULT '[]',
    default_role TEXT,
    use_case TEXT,
    invite_links INTEGER NOT NULL DEFAULT 1,
    sso INTEGER NOT NULL DEFAULT 0,
    ai INTEGER NOT NULL DEFAULT 0,
    logo TEXT,
    default_content TEXT,
    merge_rules TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX organizations_title ON organizations (title);

  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    display_name TEXT NOT NULL,
    email TEXT NOT NULL,
    photo_url TEXT,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX users_email ON users (email);

  CREATE TABLE tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    hash TEXT NOT NULL,
    label TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX tokens_hash ON tokens (hash);

  CREATE TABLE members (
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT,
    disabled INTEGER NOT NULL DEFAULT 0,
    sso INTEGER NOT NULL DEFAULT 0,
    joined_at TEXT NOT NULL,
    last_seen_at TEXT,
    PRIMARY KEY (organization_id, user_id)
  );
  CREATE INDEX members_user ON members (user_id);

  CREATE TABLE teams (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX teams_organization ON teams (organization_id);

  CREATE TABLE team_members (
    team_id TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    PRIMARY KEY (team_id, user_id)
  );
  CREATE INDEX team_members_user ON team_members (user_id);

  CREATE TABLE collections (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    parent_id TEXT REFERENCES collections (id),
    title TEXT NOT NULL,
    description TEXT,
    default_level TEXT,
    position REAL NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX collections_parent ON collections (organization_id, parent_id);

  CREATE TABLE spaces (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id),
    parent_id TEXT REFERENCES collections (id),
    title TEXT NOT NULL,
    emoji TEXT,
    icon TEXT,
    visibility TEXT NOT NULL,
    edit_mode TEXT NOT NULL,
    default_level TEXT,
    language TEXT,
    merge_rules TEXT NOT NULL,
    revision_id TEXT NOT NULL,
    position REAL NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    deleted_at TEXT
  );
  CREATE INDEX spaces_parent ON spaces (organization_id, parent_id);

  CREATE TABLE grants (
    resource_kind TEXT NOT NULL,
    resource_id TEXT NOT NULL,
    principal_kind TEXT NOT NULL,
    principal_id TEXT NOT NULL,
    role TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (resource_kind, resource_id, principal_kind, principal_id)
  );
  CREATE INDEX grants_principal ON grants (principal_kind, principal_id);

  CREATE TABLE revisions (
    id TEXT PRIMARY KEY,
    space_id TEXT NOT NULL,
    parents TEXT NOT NULL,
    type TEXT NOT NULL,
    git TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX revisions_space ON revisions (space_id);

  CREATE TABLE jobs (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    dedupe_key TEXT,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    run_at TEXT NOT NULL,
    last_error TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX jobs_dedupe ON jobs (dedupe_key);
  CREATE INDEX jobs_due ON jobs (state, run_at);
  `,
  /* 2: revision content, sync state, parse cache, search index */ `
  CREATE TABLE revision_contents (
    revision_id TEXT PRIMARY KEY REFERENCES revisions (id) ON DELETE CASCADE,
    content TEXT NOT NULL
  );

  CREATE TABLE sync_states (
    space_id TEXT PRIMARY KEY REFERENCES spaces (id) ON DELETE CASCADE,
    source TEXT NOT NULL,
    directory TEXT NOT NULL,
    ref TEXT,
    commit_oid TEXT,
    tree_hash TEXT NOT NULL,
    revision_id TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE parsed_blobs (
    oid TEXT NOT NULL,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (oid, version)
  );

  CREATE VIRTUAL TABLE search_sections USING fts5 (
    heading, body, oid UNINDEXED, anchor UNINDEXED, position UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TABLE search_indexed (
    oid TEXT PRIMARY KEY,
    version INTEGER NOT NULL
  );
  `,
  /* 3: the docs.yaml key a synced space came from, so a multi-space repository maps each key to its space */ `
  ALTER TABLE sync_states ADD COLUMN space_key TEXT;
  CREATE INDEX sync_states_key ON sync_states (source, space_key);
  `,
  /* 4 */ changeRequestsMigration,
  /* 5 */ commentsMigration,
  /* 6 */ sitesMigration,
  /* 7 */ eventsMigration,
  /* 8 */ sitePublishingMigration,
  /* 9 */ openApiMigration,
  /* 10 */ integrationsMigration,
  /* 11 */ organizationResourcesMigration,
  /* 12 */ invitesMigration,
  /* 13 */ siteMcpServersMigration,
  /* 14 */ gitDatesMigration,
  /* 15 */ jobLeasesMigration,
  /* 16 */ auditEventsMigration,
  /* 17 */ siteLinksChannelsMigration,
  /* 18 */ api0202AdditionsMigration,
  /* 19 */ siteStructureFieldsMigration,
  /* 20 */ siteFeedbackMigration,
  /* 21 */ parsedBodiesMigration,
];
