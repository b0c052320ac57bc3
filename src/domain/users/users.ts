import { randomBytes } from 'node:crypto';
import { newId, type TokenRecord, type UserRecord } from '../../model/index.js';
import { Caller, type Deps, nowIso } from '../core/context.js';
import { forbidden, notFound } from '../core/errors.js';
import { someAsync } from '../core/async.js';
import { StateCache } from '../core/state-cache.js';

export interface UserPatch {
  displayName?: string;
  photoURL?: string;
}

export class Users {
  /** Secrets that authenticate as a given user without being stored (DOCS_TOKEN). */
  private readonly fixedTokens = new Map<string, string>();
  /** Other kinds of token (installation tokens), tried when no user token matches. */
  private readonly tokenKinds: ((secret: string) => Promise<Caller | undefined>)[] = [];

  /**
   * The caller of each user token in use, kept while the store is unchanged: a request with a known token reads
   * nothing, and what its caller looked up (memberships, grants, spaces) serves the next requests too. Any write
   * drops them (a member removed is refused at once). Installation tokens expire with time: they are read each time.
   */
  private readonly callers: StateCache<Caller | undefined>;

  constructor(private readonly deps: Deps) {
    this.callers = new StateCache(deps.store, 1_000);
  }

  async authenticate(secret: string): Promise<Caller | undefined> {
    const caller = await this.callers.get(
      secret,
      () => this.userCaller(secret),
      (found) => found !== undefined,
    );
    if (caller) return caller;
    for (const authenticate of this.tokenKinds) {
      const caller = await authenticate(secret);
      if (caller) return caller;
    }
    return undefined;
  }

  acceptTokenKind(authenticate: (secret: string) => Promise<Caller | undefined>): void {
    this.tokenKinds.push(authenticate);
  }

  acceptFixedToken(secret: string, userId: string): void {
    this.fixedTokens.set(secret, userId);
    this.callers.clear();
  }

  /** The caller of a user token (stored, or fixed), if it is one. */
  private async userCaller(secret: string): Promise<Caller | undefined> {
    const userId = this.fixedTokens.get(secret) ?? (await this.deps.store.users.userIdForToken(secret));
    const user = userId === undefined ? undefined : await this.deps.store.users.get(userId);
    return user && new Caller(this.deps.store, user);
  }

  /** Issues a new token for the user; the secret is returned once and stored only as a hash. */
  async createToken(userId: string, label: string): Promise<{ token: string; record: TokenRecord }> {
    const token = `docs_${randomBytes(32).toString('base64url')}`;
    const record: TokenRecord = { id: newId(), userId, label, createdAt: nowIso(this.deps) };
    await this.deps.store.users.insertToken(record, token);
    return { token, record };
  }

  /** A user is visible to themselves and to anyone sharing an organization with them. */
  async get(caller: Caller, userId: string): Promise<UserRecord> {
    const user = await this.deps.store.users.get(userId);
    if (!user || !(await this.visible(caller, user))) throw notFound(`No matching user found for the ID ${userId}`);
    return user;
  }

  async update(caller: Caller, userId: string, patch: UserPatch): Promise<UserRecord> {
    const user = await this.get(caller, userId);
    if (user.id !== caller.user.id) throw forbidden('You can only update your own user');
    // Read again in the transaction that writes it: two patches of different fields at once both land.
    return await this.deps.store.tx(async () => {
      const current = (await this.deps.store.users.get(user.id)) ?? user;
      const next: UserRecord = {
        ...current,
        displayName: patch.displayName ?? current.displayName,
        photoURL: patch.photoURL ?? current.photoURL,
      };
      await this.deps.store.users.update(next);
      return next;
    });
  }

  /** Finds or creates the user with this email. */
  async ensure(email: string, displayName: string): Promise<UserRecord> {
    return await this.deps.store.tx(async () => {
      const existing = await this.deps.store.users.byEmail(email);
      if (existing) return existing;
      const user: UserRecord = { id: newId(), displayName, email: email.toLowerCase(), photoURL: null, createdAt: nowIso(this.deps) };
      await this.deps.store.users.insert(user);
      return user;
    });
  }

  /**
   * Whose email the caller may see: their own, and that of users sharing an organization with them.
   * One function per request, so each user is looked up once.
   */
  emailVisibility(caller: Caller): (userId: string) => Promise<boolean> {
    const known = new Map<string, boolean>([[caller.user.id, true]]);
    return async (userId) => {
      let visible = known.get(userId);
      if (visible === undefined) {
        const theirs = await this.deps.store.organizations.membershipsOf(userId);
        visible = await someAsync(theirs, async (m) => (await caller.access.organizationRole(m.organizationId)) !== undefined);
        known.set(userId, visible);
      }
      return visible;
    };
  }

  private async visible(caller: Caller, user: UserRecord): Promise<boolean> {
    return await this.emailVisibility(caller)(user.id);
  }
}
