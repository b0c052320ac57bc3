/** Migration 9: OpenAPI specs and their processed versions. */
export const openApiMigration = `
`;
