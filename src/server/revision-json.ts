import { LRUCache } from 'lru-cache';
import type { RevisionView } from '../domain/content/content.js';
import { jsonNamingNoUser } from './emails.js';
import type { Result } from './handler.js';

/** The texts kept, in UTF-16 code units: a big space's page tree is a few MB, a page a few KB. */
const MAX_TEXT = 32 * 1024 * 1024;

/**
 * Response bodies that depend on nothing but a revision's content and the request's options (its pages, page tree and
 * files), serialised once per revision: a revision never changes, so a text needs no version to check and no expiry.
 * A write makes a new revision, which the view of the next read names, so the next read builds a new text.
 */
export class RevisionJson {
  private readonly texts = new LRUCache<string, string>({ maxSize: MAX_TEXT, sizeCalculation: (text, key) => text.length + key.length });

  /**
   * The 200 answer `build` gives for `view`: `what` names the body among the revision's (the operation's kind, the
   * item, every option the body depends on). A body naming users is not kept (whose emails show depends on the caller).
   */
  async reply(base: string, view: RevisionView, what: string, build: () => unknown): Promise<Result> {
    const key = `${base}\u0000${view.space.id}\u0000${view.revision.id}\u0000${what}`;
    const kept = this.texts.get(key);
    if (kept !== undefined) return { status: 200, json: kept };
    const body = await build();
    const json = jsonNamingNoUser(body);
    if (json === undefined) return { status: 200, body };
    if (json.length + key.length <= MAX_TEXT / 8) this.texts.set(key, json);
    return { status: 200, json };
  }
}
