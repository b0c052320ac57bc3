/** Migration 10: integrations, installations and their events. */
export const integrationsMigration = `
`;
