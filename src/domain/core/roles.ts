import type { RoleName } from '../../model/index.js';

export type { RoleName };

/** Lowest to highest. */
export const ROLES: readonly RoleName[] = ['read', 'comment', 'edit', 'review', 'create', 'admin'];

const rank = (role: RoleName | null | undefined): number => (role ? ROLES.indexOf(role) + 1 : 0);

export const atLeast = (role: RoleName | null | undefined, needed: RoleName): boolean => rank(role) >= rank(needed);

export function maxRole(...roles: (RoleName | null | undefined)[]): RoleName | null {
  let best: RoleName | null = null;
  for (const role of roles) if (rank(role) > rank(best)) best = role ?? null;
  return best;
}

export const isRole = (value: unknown): value is RoleName => typeof value === 'string' && (ROLES as string[]).includes(value);
