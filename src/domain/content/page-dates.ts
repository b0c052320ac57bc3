// When a page was last updated, as far as its git side knows.
import type { DocumentPage } from '../../model/index.js';

/**
 * The date of the last commit that touched the page's file; undefined when it is unknown or stale (the page was
 * edited since it was imported: its blob is no longer the one the date is about).
 */
export function pageUpdatedAt(page: DocumentPage): string | undefined {
  const git = page.git;
  return git?.updatedAt !== undefined && git.oid === page.blob ? git.updatedAt : undefined;
}
