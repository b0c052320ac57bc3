import { invalidInput } from '../core/errors.js';
import { DEFAULT_LIMIT, MAX_LIMIT, type PageRequest } from '../core/pagination.js';

/** A comment or reply's place in its list: (postedAt, id). */
export type Cursor = [string, string];

export function limitOf(request: PageRequest): number {
  const limit = request.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT) throw invalidInput(`limit: must be a whole number from 0 to ${MAX_LIMIT}`);
  return limit;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(token: string | undefined): Cursor | undefined {
  if (token === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  if (!Array.isArray(value) || value.length !== 2 || !value.every((part) => typeof part === 'string')) {
    throw invalidInput('page: not a page token from this list (use next.page from a previous answer)');
  }
  return value as Cursor;
}
