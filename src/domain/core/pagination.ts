import { invalidInput } from './errors.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

export interface PageRequest {
  limit?: number;
  page?: string;
}

export interface Page<T> {
  items: T[];
  /** Total across all pages. */
  count: number;
  /** Token for the following page; absent on the last one. */
  next?: string;
}

type Key = (string | number)[];

/**
 * Keyset pagination over an in-memory list. The token holds the sort key of the last item
 * returned, so items added or removed between two calls neither repeat nor go missing.
 */
export function paginate<T>(items: T[], request: PageRequest, keyOf: (item: T) => Key, descending = false): Page<T> {
  const limit = request.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT) {
    throw invalidInput(`limit: must be a whole number from 0 to ${MAX_LIMIT}`);
  }
  const sign = descending ? -1 : 1;
  const keyed = items.map((item) => ({ item, key: keyOf(item) })).sort((a, b) => sign * compareKeys(a.key, b.key));

  let start = 0;
  if (request.page !== undefined) {
    const after = decodeToken(request.page, keyed[0]?.key.length);
    start = keyed.findIndex((entry) => sign * compareKeys(entry.key, after) > 0);
    if (start === -1) start = keyed.length;
  }
  const slice = keyed.slice(start, start + limit);
  const page: Page<T> = { items: slice.map((entry) => entry.item), count: items.length };
  const last = slice[slice.length - 1];
  if (last && start + limit < keyed.length) page.next = encodeToken(last.key);
  return page;
}

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
}

function encodeToken(key: Key): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeToken(token: string, length: number | undefined): Key {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalidInput('page: not a page token from this API (use next.page from a previous answer)');
  }
  const valid =
    Array.isArray(key) &&
    key.length > 0 &&
    (length === undefined || key.length === length) &&
    key.every((part) => typeof part === 'string' || (typeof part === 'number' && Number.isFinite(part)));
  if (!valid) throw invalidInput('page: not a page token from this API (use next.page from a previous answer)');
  return key as Key;
}
