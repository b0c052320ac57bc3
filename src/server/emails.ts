/**
 * A response body as JSON text, where every user object (`{object: 'user', email}`) the caller may not see
 * the email of is written without it: one place for every operation that presents users.
 */
export function toJsonWithoutHiddenEmails(body: unknown, emailVisible: (userId: string) => boolean): string {
  return JSON.stringify(body, (_key, value: unknown) => {
    if (value === null || typeof value !== 'object') return value;
    const user = value as { object?: unknown; id?: unknown; email?: unknown };
    if (user.object !== 'user' || user.email === undefined || typeof user.id !== 'string' || emailVisible(user.id)) return value;
    const { email: _hidden, ...rest } = user;
    return rest;
  });
}

/** The ids of the users whose email `body` carries: the ones whose visibility its answer must know first. */
export function usersWithEmail(body: unknown): string[] {
  const ids = new Set<string>();
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    const user = value as { object?: unknown; id?: unknown; email?: unknown };
    if (user.object === 'user' && user.email !== undefined && typeof user.id === 'string') ids.add(user.id);
    for (const child of Array.isArray(value) ? value : Object.values(value)) if (child !== null && typeof child === 'object') stack.push(child);
  }
  return [...ids];
}
