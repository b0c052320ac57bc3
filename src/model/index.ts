/** The content model's vocabulary, shared by every layer: records, revisions and their pages, ids and git oids. */
export * from './change-requests.js';
export * from './comments.js';
export * from './events.js';
export * from './ids.js';
export * from './integrations.js';
export * from './invites.js';
export * from './oid.js';
export * from './openapi.js';
export * from './records.js';
export * from './revision.js';
export * from './search.js';
export * from './site-mcp-servers.js';
export * from './sites.js';
export * from './sso.js';
export * from './translations.js';
