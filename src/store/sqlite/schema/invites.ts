/**
 * Migration 12: invite links. A link invites into the organization with a role, or into one space or collection
 * (as a guest of the organization) with a level.
 */
export const invitesMigration = `
  CREATE TABLE invite_links (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    resource_kind TEXT NOT NULL,
    resource_id TEXT,
    role TEXT,
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX invite_links_organization ON invite_links (organization_id, created_at);
`;
