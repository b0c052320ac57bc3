import type { CollectionRecord, DefaultLevel, MemberRecord, OrganizationRecord, SiteRecord, SpaceRecord, UserRecord } from '../../model/index.js';
import type { Store } from '../../store/index.js';
import { forbidden } from './errors.js';
import { atLeast, maxRole, type RoleName } from './roles.js';

/**
 * What an installation token may reach (see domain/integrations/tokens.ts): it is a guest of its organization, with
 * the role its scopes give on the spaces it is installed on, and nothing elsewhere.
 */
export interface InstallationGrant {
  integration: string;
  installationId: string;
  organizationId: string;
  spaceRole(spaceId: string): Promise<RoleName | null>;
}

/**
 * What one user may do, computed from organization membership, then roles granted on collections
 * and spaces (to the user or their teams, inherited down the tree), then each item's default level.
 * Lookups are cached: one instance serves one caller while the store is unchanged (see `Users.authenticate`), and a
 * lookup that failed is read again next time.
 */
export class Access {
  // Promises, not values: concurrent checks of one request share one read.
  private readonly memberships = new Map<string, Promise<MemberRecord | undefined>>();
  private grantsByResource?: Promise<Map<string, RoleName | null>>;
  private readonly collectionCache = new Map<string, Promise<CollectionRecord | undefined>>();

  constructor(
    private readonly store: Store,
    readonly user: UserRecord,
    readonly installation?: InstallationGrant,
  ) {}

  async membership(organizationId: string): Promise<MemberRecord | undefined> {
    let member = this.memberships.get(organizationId);
    if (!member) {
      member = this.store.organizations.member(organizationId, this.user.id).then((m) => (m && !m.disabled ? m : undefined));
      this.memberships.set(
        organizationId,
        forgetFailure(member, () => this.memberships.delete(organizationId)),
      );
    }
    return await member;
  }

  /** The caller's organization role: a role, null for a guest, undefined for no membership. */
  async organizationRole(organizationId: string): Promise<RoleName | null | undefined> {
    if (this.installation) return organizationId === this.installation.organizationId ? null : undefined;
    const member = await this.membership(organizationId);
    return member ? member.role : undefined;
  }

  async collectionRole(collection: CollectionRecord): Promise<RoleName | null> {
    return await this.resolve(collection.organizationId, 'collection', collection.id, collection.defaultLevel, collection.parentId);
  }

  async spaceRole(space: SpaceRecord): Promise<RoleName | null> {
    return await this.resolve(space.organizationId, 'space', space.id, space.defaultLevel, space.parentId);
  }

  /**
   * A site's role follows a space's rules, without collections: organization admins are admins, a role granted on the
   * site (to the user or their teams) adds to the site's default level for members (`inherit`: their organization
   * role; null: none), and guests have only what was granted.
   */
  async siteRole(site: SiteRecord): Promise<RoleName | null> {
    if (this.installation) return null;
    const orgRole = await this.organizationRole(site.organizationId);
    if (orgRole === undefined) return null;
    if (orgRole === 'admin') return 'admin';
    const base = orgRole === null ? null : site.defaultLevel === 'inherit' ? orgRole : site.defaultLevel;
    return maxRole(await this.granted('site', site.id), base);
  }

  /** Throws 403 unless the caller has at least `needed` in the organization. */
  async requireOrganization(org: OrganizationRecord, needed: RoleName | 'member'): Promise<RoleName | null> {
    const role = await this.organizationRole(org.id);
    if (role === undefined) throw forbidden(`You are not a member of the organization ${org.id}`);
    if (needed !== 'member' && !atLeast(role, needed)) {
      throw forbidden(`This needs the ${needed} role in the organization ${org.id}; you have ${role ?? 'guest'} access`);
    }
    return role;
  }

  async requireSpace(space: SpaceRecord, needed: RoleName): Promise<RoleName> {
    const role = await this.spaceRole(space);
    if (!atLeast(role, needed)) throw forbidden(denied('space', space.id, needed, role));
    return role!;
  }

  async requireCollection(collection: CollectionRecord, needed: RoleName): Promise<RoleName> {
    const role = await this.collectionRole(collection);
    if (!atLeast(role, needed)) throw forbidden(denied('collection', collection.id, needed, role));
    return role!;
  }

  /** Lets list operations share one collection lookup table. */
  primeCollections(collections: CollectionRecord[]): void {
    for (const c of collections) this.collectionCache.set(c.id, Promise.resolve(c));
  }

  private async resolve(
    organizationId: string,
    kind: 'space' | 'collection',
    id: string,
    defaultLevel: DefaultLevel,
    parentId: string | null,
  ): Promise<RoleName | null> {
    if (this.installation) {
      return kind === 'space' && organizationId === this.installation.organizationId ? await this.installation.spaceRole(id) : null;
    }
    const orgRole = await this.organizationRole(organizationId);
    if (orgRole === undefined) return null;
    if (orgRole === 'admin') return 'admin';

    let explicit = await this.granted(kind, id);
    let base: RoleName | null | 'inherit' = orgRole === null ? null : defaultLevel;
    for (let parent = parentId; parent; ) {
      const collection = await this.collection(parent);
      if (!collection) break;
      explicit = maxRole(explicit, await this.granted('collection', collection.id));
      if (base === 'inherit') base = collection.defaultLevel;
      parent = collection.parentId;
    }
    if (base === 'inherit') base = orgRole;
    return maxRole(explicit, base);
  }

  private async granted(kind: 'space' | 'collection' | 'site', id: string): Promise<RoleName | null> {
    this.grantsByResource ??= forgetFailure(this.readGrants(), () => (this.grantsByResource = undefined));
    return (await this.grantsByResource).get(`${kind}:${id}`) ?? null;
  }

  private async readGrants(): Promise<Map<string, RoleName | null>> {
    const byResource = new Map<string, RoleName | null>();
    const teams = await this.store.organizations.teamIdsOf(this.user.id);
    for (const grant of await this.store.grants.forPrincipals(this.user.id, teams)) {
      const key = `${grant.resourceKind}:${grant.resourceId}`;
      byResource.set(key, maxRole(byResource.get(key), grant.role));
    }
    return byResource;
  }

  private async collection(id: string): Promise<CollectionRecord | undefined> {
    let collection = this.collectionCache.get(id);
    if (!collection) {
      collection = forgetFailure(this.store.content.collection(id), () => this.collectionCache.delete(id));
      this.collectionCache.set(id, collection);
    }
    return await collection;
  }
}

function denied(kind: string, id: string, needed: RoleName, role: RoleName | null): string {
  return role ? `This needs the ${needed} role on the ${kind} ${id}; you have ${role}` : `You do not have access to the ${kind} ${id}`;
}

/** `promise`, with `forget` called if it fails: a cached read that failed (a lost connection) is not kept. */
function forgetFailure<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  void promise.catch(forget);
  return promise;
}
