import { randomBytes } from 'node:crypto';

/** A random, URL-safe, 20-character id (120 bits). */
export function newId(): string {
  return randomBytes(15).toString('base64url');
}

export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
