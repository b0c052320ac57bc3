import { invalidInput } from '../core/errors.js';

/**
 * Quire keeps one live structure per site (external links and redirects apart): a site space, section or group is
 * shown as soon as it is saved. A draft is refused rather than made live behind the caller's back.
 */
export function refuseDraft(draft: boolean | undefined, what: 'site space' | 'section' | 'section group'): void {
  if (draft) throw invalidInput(`draft: Quire keeps no draft ${what}s: it is live once saved (leave draft out, or send false)`);
}

/** A site space's home is its space's first page: a custom home page would leave that page without an address. */
export function refuseCustomHomePage(pageId: string | null | undefined): void {
  if (pageId) {
    throw invalidInput(
      `pageId: Quire shows the space's first page at the site space's root and keeps no custom home page; move ${pageId} first in the space instead`,
    );
  }
}
