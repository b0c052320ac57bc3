/** Migration 4: change requests, their reviews, reviewers and contributors. */
export const changeRequestsMigration = `
`;
