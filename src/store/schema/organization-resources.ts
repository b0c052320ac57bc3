/** Migration 11: translations, glossary, SAML providers. */
export const organizationResourcesMigration = `
`;
