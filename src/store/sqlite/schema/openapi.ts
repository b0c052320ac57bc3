/**
 * Migration 9: OpenAPI specs and their processed versions.
 *
 * A spec's source is a URL or a text (kept in the blob store under its git blob oid). Each change of source bumps
 * `generation`; a processing run writes its outcome only if the generation it started from is still current.
 * Every successful processing adds a version holding the processed text (a blob) and where it came from.
 */
export const openApiMigration = `
  CREATE TABLE openapi_specs (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    slug TEXT NOT NULL,
    source_url TEXT,
    source_blob TEXT,
    visibility TEXT NOT NULL,
    processing_state TEXT NOT NULL,
    generation INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_version_id TEXT,
    last_processed_at TEXT,
    last_error_code TEXT,
    last_errors TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE UNIQUE INDEX openapi_specs_slug ON openapi_specs (organization_id, slug);

  CREATE TABLE openapi_spec_versions (
    id TEXT PRIMARY KEY,
    spec_id TEXT NOT NULL REFERENCES openapi_specs (id) ON DELETE CASCADE,
    blob TEXT NOT NULL,
    source_url TEXT,
    file_name TEXT NOT NULL,
    format TEXT NOT NULL,
    openapi_version TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX openapi_spec_versions_spec ON openapi_spec_versions (spec_id, created_at, id);
`;
