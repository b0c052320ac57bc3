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
