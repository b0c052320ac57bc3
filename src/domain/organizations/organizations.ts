import type { MemberRecord, MergeRules, OrganizationRecord, RoleName, UserRecord } from '../../model/index.js';
import { newId } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, forbidden, notFound } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast } from '../core/roles.js';

export interface OrganizationPatch {
  title?: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: RoleName | null;
  defaultContent?: { type: 'site'; site: string } | null;
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
  mergeRules?: MergeRules;
}

export interface MemberView {
  member: MemberRecord;
  user: UserRecord;
  /** Spaces the member was given a role on, and teams they belong to, in this organization. */
  spaces: number;
  teams: number;
}

export interface MemberQuery extends PageRequest {
  role?: RoleName | 'guest';
  search?: string;
  sort?: 'joinedAt' | 'lastSeenAt';
  order?: 'asc' | 'desc';
}

export class Organizations {
  constructor(private readonly deps: Deps) {}

  /** The organization, once the caller is known to be at least a guest in it. */
  get(caller: Caller, id: string): OrganizationRecord {
    const org = this.find(id);
    caller.access.requireOrganization(org, 'member');
    return org;
  }

  find(id: string): OrganizationRecord {
    const org = this.deps.store.organizations.get(id);
    if (!org) throw notFound(`No matching organization found for the ID ${id}`);
    return org;
  }

  listForCaller(caller: Caller, request: PageRequest): Page<OrganizationRecord> {
    const orgs = this.deps.store.organizations
      .membershipsOf(caller.user.id)
      .filter((m) => !m.disabled)
      .map((m) => this.deps.store.organizations.get(m.organizationId))
      .filter((o): o is OrganizationRecord => o !== undefined);
    return paginate(orgs, request, (o) => [o.createdAt, o.id]);
  }

  update(caller: Caller, id: string, patch: OrganizationPatch): OrganizationRecord {
    const org = this.find(id);
    caller.access.requireOrganization(org, 'admin');
    if (patch.defaultContent) {
      throw invalidInput(`defaultContent: no site ${patch.defaultContent.site} in the organization ${id}`);
    }
    if (patch.title !== undefined && patch.title !== org.title && this.deps.store.organizations.byTitle(patch.title)) {
      throw conflict(`title: another organization is already named "${patch.title}"`);
    }
    const next: OrganizationRecord = {
      ...org,
      title: patch.title ?? org.title,
      emailDomains: patch.emailDomains ?? org.emailDomains,
      hostname: patch.hostname ?? org.hostname,
      defaultRole: patch.defaultRole === undefined ? org.defaultRole : patch.defaultRole,
      defaultContent: patch.defaultContent === undefined ? org.defaultContent : patch.defaultContent,
      logo: patch.logo === undefined ? org.logo : patch.logo,
      sso: patch.sso ?? org.sso,
      ai: patch.ai ?? org.ai,
      inviteLinks: patch.inviteLinks ?? org.inviteLinks,
      mergeRules: patch.mergeRules ?? org.mergeRules,
      updatedAt: nowIso(this.deps),
    };
    this.deps.store.organizations.update(next);
    return next;
  }

  // Members

  listMembers(caller: Caller, organizationId: string, query: MemberQuery): Page<MemberView> {
    const org = this.requireMemberReader(caller, organizationId);
    const search = query.search?.trim().toLowerCase();
    const members = this.deps.store.organizations
      .members(org.id)
      .filter((m) => query.role === undefined || (query.role === 'guest' ? m.role === null : m.role === query.role))
      .map((m) => this.view(m))
      .filter((v) => !search || v.user.displayName.toLowerCase().includes(search) || v.user.email.toLowerCase().includes(search));
    const sort = query.sort ?? 'joinedAt';
    return paginate(
      members,
      query,
      (v) => [(sort === 'lastSeenAt' ? v.member.lastSeenAt : v.member.joinedAt) ?? '', v.user.id],
      (query.order ?? 'desc') === 'desc',
    );
  }

  getMember(caller: Caller, organizationId: string, userId: string): MemberView {
    const org = this.requireMemberReader(caller, organizationId);
    return this.view(this.findMember(org.id, userId));
  }

  updateMember(caller: Caller, organizationId: string, userId: string, role: RoleName | null | undefined): MemberView {
    const org = this.find(organizationId);
    caller.access.requireOrganization(org, 'admin');
    const member = this.findMember(org.id, userId);
    if (role === undefined || role === member.role) return this.view(member);
    return this.deps.store.tx(() => {
      if (member.role === 'admin' && this.deps.store.organizations.countAdmins(org.id) <= 1) {
        throw conflict(`The organization ${org.id} needs at least one admin; ${userId} is the last one`);
      }
      const next = { ...member, role };
      this.deps.store.organizations.upsertMember(next);
      return this.view(next);
    });
  }

  /** Admins remove anyone; members may remove themselves. */
  removeMember(caller: Caller, organizationId: string, userId: string): boolean {
    const org = this.find(organizationId);
    if (userId !== caller.user.id) caller.access.requireOrganization(org, 'admin');
    const member = this.deps.store.organizations.member(org.id, userId);
    if (!member) return false;
    return this.deps.store.tx(() => {
      if (member.role === 'admin' && this.deps.store.organizations.countAdmins(org.id) <= 1) {
        throw conflict(`The organization ${org.id} needs at least one admin; ${userId} is the last one`);
      }
      const { content, grants, organizations } = this.deps.store;
      grants.removeUserIn(
        userId,
        'space',
        content.spacesIn(org.id).map((s) => s.id),
      );
      grants.removeUserIn(
        userId,
        'collection',
        content.collectionsIn(org.id).map((c) => c.id),
      );
      organizations.removeUserFromTeamsOf(org.id, userId);
      return organizations.removeMember(org.id, userId);
    });
  }

  /** Adds the user to the organization with `role` unless they already belong to it. */
  ensureMember(organizationId: string, userId: string, role: RoleName | null): MemberRecord {
    const existing = this.deps.store.organizations.member(organizationId, userId);
    if (existing) return existing;
    const member: MemberRecord = {
      organizationId,
      userId,
      role,
      disabled: false,
      sso: false,
      joinedAt: nowIso(this.deps),
      lastSeenAt: null,
    };
    this.deps.store.organizations.upsertMember(member);
    return member;
  }

  /** Creates the organization unless one with that title exists. */
  ensure(title: string, settings: { hostname?: string; emailDomains: string[]; defaultRole: RoleName | null }): OrganizationRecord {
    const existing = this.deps.store.organizations.byTitle(title);
    if (existing) return existing;
    const now = nowIso(this.deps);
    const org: OrganizationRecord = {
      id: newId(),
      title,
      hostname: settings.hostname ?? null,
      emailDomains: settings.emailDomains,
      defaultRole: settings.defaultRole,
      useCase: 'productDocs',
      inviteLinks: true,
      sso: false,
      ai: false,
      logo: null,
      defaultContent: null,
      mergeRules: { type: 'none' },
      createdAt: now,
      updatedAt: now,
    };
    this.deps.store.organizations.insert(org);
    return org;
  }

  private requireMemberReader(caller: Caller, organizationId: string): OrganizationRecord {
    const org = this.find(organizationId);
    const role = caller.access.requireOrganization(org, 'member');
    if (!atLeast(role, 'read')) throw forbidden(`Guests cannot list the members of the organization ${org.id}`);
    return org;
  }

  private findMember(organizationId: string, userId: string): MemberRecord {
    const member = this.deps.store.organizations.member(organizationId, userId);
    if (!member) throw notFound(`No member ${userId} in the organization ${organizationId}`);
    return member;
  }

  private view(member: MemberRecord): MemberView {
    const { store } = this.deps;
    const user = store.users.get(member.userId)!;
    const orgTeams = new Set(store.organizations.teams(member.organizationId).map((t) => t.id));
    const spaceIds = new Set(store.content.spacesIn(member.organizationId).map((s) => s.id));
    const spaces = store.grants.forPrincipals(member.userId, []).filter((g) => g.resourceKind === 'space' && spaceIds.has(g.resourceId)).length;
    const teams = store.organizations.teamIdsOf(member.userId).filter((t) => orgTeams.has(t)).length;
    return { member, user, spaces, teams };
  }
}
