import type { CollectionRecord, DefaultLevel, MemberRecord, OrganizationRecord, SpaceRecord, UserRecord } from '../../model/index.js';
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
  spaceRole(spaceId: string): RoleName | null;
}

/**
 * What one user may do, computed from organization membership, then roles granted on collections
 * and spaces (to the user or their teams, inherited down the tree), then each item's default level.
 * One instance serves one request, so lookups are cached.
 */
export class Access {
  private readonly memberships = new Map<string, MemberRecord | undefined>();
  private grantsByResource?: Map<string, RoleName | null>;
  private readonly collectionCache = new Map<string, CollectionRecord | undefined>();

  constructor(
    private readonly store: Store,
    readonly user: UserRecord,
    readonly installation?: InstallationGrant,
  ) {}

  membership(organizationId: string): MemberRecord | undefined {
    if (!this.memberships.has(organizationId)) {
      const member = this.store.organizations.member(organizationId, this.user.id);
      this.memberships.set(organizationId, member && !member.disabled ? member : undefined);
    }
    return this.memberships.get(organizationId);
  }

  /** The caller's organization role: a role, null for a guest, undefined for no membership. */
  organizationRole(organizationId: string): RoleName | null | undefined {
    if (this.installation) return organizationId === this.installation.organizationId ? null : undefined;
    const member = this.membership(organizationId);
    return member ? member.role : undefined;
  }

  collectionRole(collection: CollectionRecord): RoleName | null {
    return this.resolve(collection.organizationId, 'collection', collection.id, collection.defaultLevel, collection.parentId);
  }

  spaceRole(space: SpaceRecord): RoleName | null {
    return this.resolve(space.organizationId, 'space', space.id, space.defaultLevel, space.parentId);
  }

  /** Throws 403 unless the caller has at least `needed` in the organization. */
  requireOrganization(org: OrganizationRecord, needed: RoleName | 'member'): RoleName | null {
    const role = this.organizationRole(org.id);
    if (role === undefined) throw forbidden(`You are not a member of the organization ${org.id}`);
    if (needed !== 'member' && !atLeast(role, needed)) {
      throw forbidden(`This needs the ${needed} role in the organization ${org.id}; you have ${role ?? 'guest'} access`);
    }
    return role;
  }

  requireSpace(space: SpaceRecord, needed: RoleName): RoleName {
    const role = this.spaceRole(space);
    if (!atLeast(role, needed)) throw forbidden(denied('space', space.id, needed, role));
    return role!;
  }

  requireCollection(collection: CollectionRecord, needed: RoleName): RoleName {
    const role = this.collectionRole(collection);
    if (!atLeast(role, needed)) throw forbidden(denied('collection', collection.id, needed, role));
    return role!;
  }

  /** Lets list operations share one collection lookup table. */
  primeCollections(collections: CollectionRecord[]): void {
    for (const c of collections) this.collectionCache.set(c.id, c);
  }

  private resolve(organizationId: string, kind: 'space' | 'collection', id: string, defaultLevel: DefaultLevel, parentId: string | null): RoleName | null {
    if (this.installation) {
      return kind === 'space' && organizationId === this.installation.organizationId ? this.installation.spaceRole(id) : null;
    }
    const orgRole = this.organizationRole(organizationId);
    if (orgRole === undefined) return null;
    if (orgRole === 'admin') return 'admin';

    let explicit = this.granted(kind, id);
    let base: RoleName | null | 'inherit' = orgRole === null ? null : defaultLevel;
    for (let parent = parentId; parent; ) {
      const collection = this.collection(parent);
      if (!collection) break;
      explicit = maxRole(explicit, this.granted('collection', collection.id));
      if (base === 'inherit') base = collection.defaultLevel;
      parent = collection.parentId;
    }
    if (base === 'inherit') base = orgRole;
    return maxRole(explicit, base);
  }

  private granted(kind: 'space' | 'collection', id: string): RoleName | null {
    if (!this.grantsByResource) {
      this.grantsByResource = new Map();
      const teams = this.store.organizations.teamIdsOf(this.user.id);
      for (const grant of this.store.grants.forPrincipals(this.user.id, teams)) {
        const key = `${grant.resourceKind}:${grant.resourceId}`;
        this.grantsByResource.set(key, maxRole(this.grantsByResource.get(key), grant.role));
      }
    }
    return this.grantsByResource.get(`${kind}:${id}`) ?? null;
  }

  private collection(id: string): CollectionRecord | undefined {
    if (!this.collectionCache.has(id)) this.collectionCache.set(id, this.store.content.collection(id));
    return this.collectionCache.get(id);
  }
}

function denied(kind: string, id: string, needed: RoleName, role: RoleName | null): string {
  return role ? `This needs the ${needed} role on the ${kind} ${id}; you have ${role}` : `You do not have access to the ${kind} ${id}`;
}
