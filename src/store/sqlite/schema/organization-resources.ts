/** Migration 11: translations, glossary, SAML providers. */
export const organizationResourcesMigration = `
  -- Translations: a source space copied into a target space in another language by runs (jobs). stats is JSON;
  -- queued = a run was asked for while one was running; failures counts the attempts of the current run.
  CREATE TABLE translations (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    source_space_id TEXT NOT NULL,
    source_language TEXT NOT NULL,
    language TEXT NOT NULL,
    instructions TEXT NOT NULL,
    target_space_id TEXT NOT NULL,
    status TEXT NOT NULL,
    result_revision_id TEXT,
    stats TEXT NOT NULL,
    queued INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX translations_organization ON translations (organization_id, created_at, id);
  CREATE UNIQUE INDEX translations_source_language ON translations (source_space_id, language);

  -- What each run translated: an item (page or reusable content) is taken over from the target space as it is when
  -- its source key (its content) and the fingerprint (translator, languages, glossary) are unchanged since.
  CREATE TABLE translation_items (
    translation_id TEXT NOT NULL REFERENCES translations (id) ON DELETE CASCADE,
    item_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    source_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    PRIMARY KEY (translation_id, item_id)
  );

  -- Glossary: terms kept as given when translating; translations maps a language code to the term.
  CREATE TABLE glossary_entries (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    translations TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX glossary_entries_organization ON glossary_entries (organization_id, created_at, id);

  -- SAML single sign-on providers. IdP fields stay NULL until configured (the provider is pending until then);
  -- default_role NULL means new SSO members join as guests.
  CREATE TABLE saml_providers (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    label TEXT NOT NULL,
    sso_url TEXT,
    entity_id TEXT,
    certificate TEXT,
    default_team_id TEXT REFERENCES teams (id) ON DELETE SET NULL,
    default_role TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX saml_providers_organization ON saml_providers (organization_id, created_at, id);
`;
