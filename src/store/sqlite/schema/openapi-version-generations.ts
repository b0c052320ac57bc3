/**
 * Migration 16: the generation (source update) each OpenAPI version was made from. Every update of a spec's source
 * makes its own version, even when a newer update lands before it is processed; versions are listed by generation.
 */
export const openApiVersionGenerationsMigration = `
  ALTER TABLE openapi_spec_versions ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
`;
