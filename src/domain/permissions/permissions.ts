import type { CollectionRecord, ResourceKind, SpaceRecord, TeamRecord, UserRecord } from '../../model/index.js';
import type { Collections } from '../collections/collections.js';
import { Caller, type Deps, nowIso } from '../core/context.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import type { RoleName } from '../core/roles.js';
import type { Spaces } from '../spaces/spaces.js';
import type { Teams, TeamView } from '../teams/teams.js';

export interface ResourceRef {
  kind: ResourceKind;
  id: string;
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

type Resource = { kind: 'space'; record: SpaceRecord } | { kind: 'collection'; record: CollectionRecord };

/** Roles given directly on a space or a collection, to users or teams. */
export class Permissions {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly spaces: Spaces,
    private readonly collections: Collections,
    private readonly teams: Teams,
  ) {}

  /** Users who are not yet members join the organization as guests. */
  invite(caller: Caller, ref: ResourceRef, invitation: Invitation): void {
    const resource = this.resolve(caller, ref, 'admin');
    const { role } = invitation;
    if (role === null) throw invalidInput('role: give a role to invite with (guest is not a role on content)');
    const org = this.organizations.find(resource.record.organizationId);
    const { store } = this.deps;
    const users = (invitation.users ?? []).map((id) => {
      const user = store.users.get(id);
      if (!user) throw notFound(`users: no user ${id}`);
      return user;
    });
    const teams = (invitation.teams ?? []).map((id) => this.teams.find(org.id, id));
    const createdAt = nowIso(this.deps);
    store.tx(() => {
      for (const user of users) {
        this.organizations.ensureMember(org.id, user.id, null);
        store.grants.put({ resourceKind: ref.kind, resourceId: ref.id, principalKind: 'user', principalId: user.id, role, createdAt });
      }
      for (const team of teams) {
        store.grants.put({ resourceKind: ref.kind, resourceId: ref.id, principalKind: 'team', principalId: team.id, role, createdAt });
      }
    });
  }

  listUsers(caller: Caller, ref: ResourceRef, request: PageRequest): Page<UserPermission> {
    this.resolve(caller, ref, 'read');
    const items = this.deps.store.grants
      .on(ref.kind, ref.id)
      .filter((g) => g.principalKind === 'user' && g.role !== null)
      .map((g) => ({ permission: g.role!, user: this.deps.store.users.get(g.principalId) }))
      .filter((p): p is UserPermission => p.user !== undefined);
    return paginate(items, request, (p) => [p.user.id]);
  }

  listTeams(caller: Caller, ref: ResourceRef, request: PageRequest): Page<TeamPermission> {
    this.resolve(caller, ref, 'read');
    const items = this.deps.store.grants
      .on(ref.kind, ref.id)
      .filter((g) => g.principalKind === 'team' && g.role !== null)
      .map((g) => ({ permission: g.role!, team: this.deps.store.organizations.team(g.principalId) }))
      .filter((p): p is { permission: RoleName; team: TeamRecord } => p.team !== undefined)
      .map((p) => ({ permission: p.permission, team: this.teams.view(caller, p.team) }));
    return paginate(items, request, (p) => [p.team.team.id]);
  }

  /** A null role takes the grant away. */
  update(caller: Caller, ref: ResourceRef, principal: 'user' | 'team', principalId: string, role: RoleName | null | undefined): void {
    this.resolve(caller, ref, 'admin');
    const { grants } = this.deps.store;
    const grant = grants.get(ref.kind, ref.id, principal, principalId);
    if (!grant) throw notFound(`The ${principal} ${principalId} has no role on the ${ref.kind} ${ref.id}`);
    if (role === undefined) return;
    if (role === null) grants.remove(ref.kind, ref.id, principal, principalId);
    else grants.put({ ...grant, role });
  }

  remove(caller: Caller, ref: ResourceRef, principal: 'user' | 'team', principalId: string): boolean {
    this.resolve(caller, ref, 'admin');
    return this.deps.store.grants.remove(ref.kind, ref.id, principal, principalId);
  }

  /** Everyone who can reach the resource, with the role they end up with from every source. */
  aggregate(caller: Caller, ref: ResourceRef, request: PageRequest & { role?: RoleName }): Page<UserPermission> {
    const resource = this.resolve(caller, ref, 'read');
    const { store } = this.deps;
    const items: UserPermission[] = [];
    for (const member of store.organizations.members(resource.record.organizationId)) {
      if (member.disabled) continue;
      const user = store.users.get(member.userId);
      if (!user) continue;
      const access = new Caller(store, user).access;
      const role = resource.kind === 'space' ? access.spaceRole(resource.record) : access.collectionRole(resource.record);
      if (role && (request.role === undefined || role === request.role)) items.push({ permission: role, user });
    }
    return paginate(items, request, (p) => [p.user.id]);
  }

  private resolve(caller: Caller, ref: ResourceRef, needed: RoleName): Resource {
    if (ref.kind === 'space') {
      const record = this.spaces.find(ref.id);
      caller.access.requireSpace(record, needed);
      return { kind: 'space', record };
    }
    const record = this.collections.find(ref.id);
    caller.access.requireCollection(record, needed);
    return { kind: 'collection', record };
  }
}
