/**
 * Migration 19, for fields @gitbook/api 0.202.0 lets clients set on a site's structure:
 * - a site's default level: the role its organization's members have on it (`inherit`: their organization role);
 * - localized titles (and a section's localized description), as on external links;
 * - the transport an MCP server speaks (`sse` or `http`).
 */
export const siteStructureFieldsMigration = `
  ALTER TABLE sites ADD COLUMN default_level TEXT NOT NULL DEFAULT 'inherit';
  ALTER TABLE site_sections ADD COLUMN localized_title TEXT;
  ALTER TABLE site_sections ADD COLUMN localized_description TEXT;
  ALTER TABLE site_section_groups ADD COLUMN localized_title TEXT;
  ALTER TABLE site_mcp_servers ADD COLUMN transport TEXT NOT NULL DEFAULT 'sse';
`;
