/**
 * Migration 18, for operations of @gitbook/api 0.202.0:
 * - the generation (source update) each OpenAPI version was made from: every update of a spec's source makes its own
 *   version, even when a newer update lands before it is processed; versions are listed by generation;
 * - each organization's Docs agent instructions (a JSON document), who last set them and when;
 * - import runs: a website import into a space (or a change request, or a page), recorded as a job with its status.
 */
export const api0202AdditionsMigration = `
  ALTER TABLE openapi_spec_versions ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;

  CREATE TABLE agent_instructions (
    organization_id TEXT PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
    instructions TEXT NOT NULL,
    updated_by TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE import_runs (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    space_id TEXT NOT NULL,
    change_request_id TEXT,
    page_id TEXT,
    site_id TEXT,
    source_url TEXT NOT NULL,
    status TEXT NOT NULL,
    reason TEXT,
    revision_id TEXT,
    imported_pages TEXT NOT NULL DEFAULT '[]',
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    started_at TEXT,
    completed_at TEXT
  );
  CREATE INDEX import_runs_organization ON import_runs (organization_id, created_at);
`;
