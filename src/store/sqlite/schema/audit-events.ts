/**
 * The audit log: every write to an organization, with who made it, what it did and to what. Listed per organization,
 * newest first (and filtered by action, actor or target); removed by age.
 */
export const auditEventsMigration = `
  CREATE TABLE audit_events (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    occurred_at TEXT NOT NULL,
    action TEXT NOT NULL,
    actor_type TEXT NOT NULL,
    actor_id TEXT NOT NULL,
    actor_label TEXT,
    source TEXT NOT NULL,
    target_type TEXT NOT NULL,
    target_id TEXT NOT NULL,
    target_label TEXT,
    payload TEXT NOT NULL
  );
  CREATE INDEX audit_events_organization ON audit_events (organization_id, occurred_at, id);
  CREATE INDEX audit_events_occurred ON audit_events (occurred_at);
`;
