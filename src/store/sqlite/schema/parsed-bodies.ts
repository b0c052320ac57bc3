/**
 * Migration 21: a page's parsed body (packed, see content/parsed-body.ts) beside its parse record, so a site build in
 * another process than the sync's renders from it instead of parsing the page's markdown again. Null for records
 * made before, and for files that did not parse: those pages are parsed at their render.
 */
export const parsedBodiesMigration = `
  ALTER TABLE parsed_blobs ADD COLUMN body BLOB;
`;
