/**
 * A response body as JSON text, where every user object (`{object: 'user', email}`) of a user in `hidden` is written
 * without its email: one place for every operation that presents users. With none hidden, the plain serialiser
 * runs (a replacer visits every value: it cost a page read a third of its time).
 */
function toJsonWithoutHiddenEmails(body: unknown, hidden: ReadonlySet<string>): string {
  if (hidden.size === 0) return JSON.stringify(body);
  return JSON.stringify(body, (_key, value: unknown) => {
    if (value === null || typeof value !== 'object') return value;
    const user = value as { object?: unknown; id?: unknown; email?: unknown };
    if (user.object !== 'user' || user.email === undefined || typeof user.id !== 'string' || !hidden.has(user.id)) return value;
    const { email: _hidden, ...rest } = user;
    return rest;
  });
}

/** The ids of the users whose email `body` carries: the ones whose visibility its answer must know first. */
function usersWithEmail(body: unknown): string[] {
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

/** The body as JSON text: who may see each email is asked (through `visibility`, made only then) for the users it names. */
export async function jsonShowingEmails(body: unknown, visibility: () => (userId: string) => Promise<boolean>): Promise<string> {
  const users = usersWithEmail(body);
  const hidden = new Set<string>();
  if (users.length) {
    const visible = visibility();
    await Promise.all(users.map(async (id) => (await visible(id)) || hidden.add(id)));
  }
  return toJsonWithoutHiddenEmails(body, hidden);
}

/** The body as JSON text when it names no user with an email (the same for every caller), else undefined. */
export function jsonNamingNoUser(body: unknown): string | undefined {
  return usersWithEmail(body).length === 0 ? JSON.stringify(body) : undefined;
}
