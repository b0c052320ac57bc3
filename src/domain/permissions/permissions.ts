import type { CollectionRecord, ResourceKind, SiteRecord, SpaceRecord, TeamRecord, UserRecord } from '../../model/index.js';
import type { Collections } from '../collections/collections.js';
import { Caller, type Deps, nowIso } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { RoleName } from '../core/roles.js';
import type { SiteAccess } from '../sites/access.js';
import type { Spaces } from '../spaces/spaces.js';
import type { Teams, TeamView } from '../teams/teams.js';

export interface ResourceRef {
  kind: ResourceKind;
  id: string;
  /** A site's organization (from its path). */
  organizationId?: string;
}

export interface Invitation {
  role: RoleName | null;
  users?: string[];
  teams?: string[];
}

export interface UserPermission {
  permission: RoleName;
  user: UserRecord;
}

export interface TeamPermission {
  permission: RoleName;
  team: TeamView;
}

type Resource = { kind: 'space'; record: SpaceRecord } | { kind: 'collection'; record: CollectionRecord } | { kind: 'site'; record: SiteRecord };

/** Roles given directly on a space, a collection or a site, to users or teams. */
export class Permissions {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly spaces: Spaces,
    private readonly collections: Collections,
    private readonly teams: Teams,
    private readonly sites: () => SiteAccess,
  ) {}

  /** Users who are not yet members join the organization as guests. */
  async invite(caller: Caller, ref: ResourceRef, invitation: Invitation): Promise<void> {
    const resource = await this.resolve(caller, ref, 'admin');
    const { role } = invitation;
    if (role === null) throw invalidInput('role: give a role to invite with (guest is not a role on content)');
    const org = await this.organizations.find(resource.record.organizationId);
    const { store } = this.deps;
    const users = await Promise.all(
      (invitation.users ?? []).map(async (id) => {
        const user = await store.users.get(id);
        if (!user) throw notFound(`users: no user ${id}`);
        return user;
      }),
    );
    const teams = await Promise.all((invitation.teams ?? []).map(async (id) => await this.teams.find(org.id, id)));
    const createdAt = nowIso(this.deps);
    await store.tx(async () => {
      for (const user of users) {
        await this.organizations.ensureMember(org.id, user.id, null);
        await store.grants.put({ resourceKind: ref.kind, resourceId: ref.id, principalKind: 'user', principalId: user.id, role, createdAt });
      }
      for (const team of teams) {
        await store.grants.put({ resourceKind: ref.kind, resourceId: ref.id, principalKind: 'team', principalId: team.id, role, createdAt });
      }
    });
  }

  async listUsers(caller: Caller, ref: ResourceRef, request: PageRequest): Promise<Page<UserPermission>> {
    await this.resolve(caller, ref, 'read');
    const items = (
      await Promise.all(
        (
          await this.deps.store.grants.on(ref.kind, ref.id)
        )
          .filter((g) => g.principalKind === 'user' && g.role !== null)
          .map(async (g) => ({ permission: g.role!, user: await this.deps.store.users.get(g.principalId) })),
      )
    ).filter((p): p is UserPermission => p.user !== undefined);
    return paginate(items, request, (p) => [p.user.id]);
  }

  async listTeams(caller: Caller, ref: ResourceRef, request: PageRequest): Promise<Page<TeamPermission>> {
    await this.resolve(caller, ref, 'read');
    const items = await Promise.all(
      (
        await Promise.all(
          (
            await this.deps.store.grants.on(ref.kind, ref.id)
          )
            .filter((g) => g.principalKind === 'team' && g.role !== null)
            .map(async (g) => ({ permission: g.role!, team: await this.deps.store.organizations.team(g.principalId) })),
        )
      )
        .filter((p): p is { permission: RoleName; team: TeamRecord } => p.team !== undefined)
        .map(async (p) => ({ permission: p.permission, team: await this.teams.view(caller, p.team) })),
    );
    return paginate(items, request, (p) => [p.team.team.id]);
  }

  /** A null role takes the grant away. */
  async update(caller: Caller, ref: ResourceRef, principal: 'user' | 'team', principalId: string, role: RoleName | null | undefined): Promise<void> {
    return await this.deps.store.tx(async () => {
      await this.resolve(caller, ref, 'admin');
      const { grants } = this.deps.store;
      const grant = await grants.get(ref.kind, ref.id, principal, principalId);
      if (!grant) throw notFound(`The ${principal} ${principalId} has no role on the ${ref.kind} ${ref.id}`);
      if (role === undefined) return;
      if (role === null) await grants.remove(ref.kind, ref.id, principal, principalId);
      else await grants.put({ ...grant, role });
    });
  }

  async remove(caller: Caller, ref: ResourceRef, principal: 'user' | 'team', principalId: string): Promise<boolean> {
    await this.resolve(caller, ref, 'admin');
    return await this.deps.store.grants.remove(ref.kind, ref.id, principal, principalId);
  }

  /** Everyone who can reach the resource, with the role they end up with from every source. */
  async aggregate(caller: Caller, ref: ResourceRef, request: PageRequest & { role?: RoleName }): Promise<Page<UserPermission>> {
    const resource = await this.resolve(caller, ref, 'read');
    const { store } = this.deps;
    const items: UserPermission[] = [];
    for (const member of await store.organizations.members(resource.record.organizationId)) {
      if (member.disabled) continue;
      const user = await store.users.get(member.userId);
      if (!user) continue;
      const access = new Caller(store, user).access;
      const role =
        resource.kind === 'space'
          ? await access.spaceRole(resource.record)
          : resource.kind === 'site'
            ? await access.siteRole(resource.record)
            : await access.collectionRole(resource.record);
      if (role && (request.role === undefined || role === request.role)) items.push({ permission: role, user });
    }
    return paginate(items, request, (p) => [p.user.id]);
  }

  private async resolve(caller: Caller, ref: ResourceRef, needed: RoleName): Promise<Resource> {
    if (ref.kind === 'site') {
      const { site } = await this.sites().require(caller, ref.organizationId ?? '', ref.id, needed);
      return { kind: 'site', record: site };
    }
    if (ref.kind === 'space') {
      const record = await this.spaces.find(ref.id);
      await caller.access.requireSpace(record, needed);
      return { kind: 'space', record };
    }
    const record = await this.collections.find(ref.id);
    await caller.access.requireCollection(record, needed);
    return { kind: 'collection', record };
  }
}
