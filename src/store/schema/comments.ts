/** Migration 5: comments, replies and reactions. */
export const commentsMigration = `
`;
