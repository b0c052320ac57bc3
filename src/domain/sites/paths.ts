import { slugify, uniqueSlug } from '../../content/slug.js';
import { invalidInput, conflict } from '../core/errors.js';

/** One URL segment: what a basename, a section path or a site-space path may be. */
const SEGMENT = /^[A-Za-z0-9](?:[A-Za-z0-9._~-]*[A-Za-z0-9_~-])?$/;

/** Basenames that would shadow this server's own routes. */
export const RESERVED_BASENAMES = new Set(['v1', 'app', 'api', 'assets', 'static', 'sites', '~', '_quire', 'favicon.ico', 'robots.txt']);

/** Throws 400 naming `field` unless `value` is one URL segment. */
export function checkSegment(field: string, value: string): string {
  if (!SEGMENT.test(value)) {
    throw invalidInput(`${field}: "${value}" is not a URL path segment (letters, digits, ".", "_", "~" and "-", no "/")`);
  }
  return value;
}

/** Throws 409 when `value` is already the path of a sibling. */
export function checkUnique(field: string, value: string, taken: Iterable<string>): void {
  for (const other of taken) {
    if (other.toLowerCase() === value.toLowerCase()) throw conflict(`${field}: "${value}" is already used by another item at the same level`);
  }
}

/** A free path derived from a title: its slug, or `fallback`, with `-1`, `-2`... when taken. */
export function freePath(title: string, taken: Iterable<string>, fallback: string): string {
  const lower = new Set([...taken].map((t) => t.toLowerCase()));
  return uniqueSlug(slugify(title).toLowerCase() || fallback, lower);
}
