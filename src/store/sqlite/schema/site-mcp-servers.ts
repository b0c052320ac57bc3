/** Migration 13: the MCP servers a site's assistant may call. Their headers usually hold credentials: sealed at rest. */
export const siteMcpServersMigration = `
  CREATE TABLE site_mcp_servers (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    url TEXT NOT NULL,
    sealed_headers TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX site_mcp_servers_site ON site_mcp_servers (site_id, created_at);
`;
