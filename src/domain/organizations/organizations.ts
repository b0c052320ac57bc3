import type { AgentInstructionsRecord, MemberRecord, MergeRules, OrganizationRecord, RoleName, UserRecord } from '../../model/index.js';
import { newId } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict, forbidden, notFound } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast } from '../core/roles.js';
import { organizationsForEmailDomain } from './email-domains.js';
import { agentInstructions, setAgentInstructions } from './agent-instructions.js';
import { memberView } from './member-view.js';

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
  /** Sites of the organization the member was given a role on (members also reach sites through their organization role). */
  sites: number;
}

export interface MemberQuery extends PageRequest {
  role?: RoleName | 'guest';
  search?: string;
  sort?: 'joinedAt' | 'lastSeenAt' | 'name';
  order?: 'asc' | 'desc';
}

export class Organizations {
  constructor(private readonly deps: Deps) {}

  /** The organization, once the caller is known to be at least a guest in it. */
  async get(caller: Caller, id: string): Promise<OrganizationRecord> {
    const org = await this.find(id);
    await caller.access.requireOrganization(org, 'member');
    return org;
  }

  /** The organizations accepting this email domain, among those the caller belongs to or may join. */
  async forEmailDomain(caller: Caller, emailDomain: string): Promise<OrganizationRecord[]> {
    return await organizationsForEmailDomain(this.deps, caller, emailDomain);
  }

  /** The Docs agent instructions: members read them, admins set them. */
  async agentInstructions(caller: Caller, organizationId: string): Promise<AgentInstructionsRecord> {
    return await agentInstructions(this.deps, caller, await this.find(organizationId));
  }

  async setAgentInstructions(caller: Caller, organizationId: string, instructions: Record<string, unknown>): Promise<AgentInstructionsRecord> {
    return await setAgentInstructions(this.deps, caller, await this.find(organizationId), instructions);
  }

  async find(id: string): Promise<OrganizationRecord> {
    const org = await this.deps.store.organizations.get(id);
    if (!org) throw notFound(`No matching organization found for the ID ${id}`);
    return org;
  }

  async listForCaller(caller: Caller, request: PageRequest): Promise<Page<OrganizationRecord>> {
    const orgs = (
      await Promise.all(
        (
          await this.deps.store.organizations.membershipsOf(caller.user.id)
        )
          .filter((m) => !m.disabled)
          .map(async (m) => await this.deps.store.organizations.get(m.organizationId)),
      )
    ).filter((o): o is OrganizationRecord => o !== undefined);
    return paginate(orgs, request, (o) => [o.createdAt, o.id]);
  }

  async update(caller: Caller, id: string, patch: OrganizationPatch): Promise<OrganizationRecord> {
    return await this.deps.store.tx(async () => {
      const org = await this.find(id);
      await caller.access.requireOrganization(org, 'admin');
      if (patch.defaultContent) {
        throw invalidInput(`defaultContent: no site ${patch.defaultContent.site} in the organization ${id}`);
      }
      if (patch.title !== undefined && patch.title !== org.title && (await this.deps.store.organizations.byTitle(patch.title))) {
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
      await this.deps.store.organizations.update(next);
      return next;
    });
  }

  // Members

  async listMembers(caller: Caller, organizationId: string, query: MemberQuery): Promise<Page<MemberView>> {
    const org = await this.requireMemberReader(caller, organizationId);
    const search = query.search?.trim().toLowerCase();
    const members = (
      await Promise.all(
        (
          await this.deps.store.organizations.members(org.id)
        )
          .filter((m) => query.role === undefined || (query.role === 'guest' ? m.role === null : m.role === query.role))
          .map(async (m) => await this.view(m)),
      )
    ).filter((v) => !search || v.user.displayName.toLowerCase().includes(search) || v.user.email.toLowerCase().includes(search));
    const sort = query.sort ?? 'joinedAt';
    return paginate(
      members,
      query,
      (v) => [(sort === 'name' ? v.user.displayName.toLowerCase() : sort === 'lastSeenAt' ? v.member.lastSeenAt : v.member.joinedAt) ?? '', v.user.id],
      (query.order ?? 'desc') === 'desc',
    );
  }

  async getMember(caller: Caller, organizationId: string, userId: string): Promise<MemberView> {
    const org = await this.requireMemberReader(caller, organizationId);
    return await this.view(await this.findMember(org.id, userId));
  }

  async updateMember(caller: Caller, organizationId: string, userId: string, role: RoleName | null | undefined): Promise<MemberView> {
    const org = await this.find(organizationId);
    await caller.access.requireOrganization(org, 'admin');
    // The member is read in the transaction that writes them: a role read before it may be stale (the last-admin check
    // then passes wrongly), and a member removed meanwhile would come back.
    return await this.deps.store.tx(async () => {
      const member = await this.findMember(org.id, userId);
      if (role === undefined || role === member.role) return await this.view(member);
      if (member.role === 'admin' && (await this.deps.store.organizations.countAdmins(org.id)) <= 1) {
        throw conflict(`The organization ${org.id} needs at least one admin; ${userId} is the last one`);
      }
      const next = { ...member, role };
      await this.deps.store.organizations.upsertMember(next);
      return await this.view(next);
    });
  }

  /** Admins remove anyone; members may remove themselves. */
  async removeMember(caller: Caller, organizationId: string, userId: string): Promise<boolean> {
    const org = await this.find(organizationId);
    if (userId !== caller.user.id) await caller.access.requireOrganization(org, 'admin');
    return await this.deps.store.tx(async () => {
      // Read here, not before: the last-admin check must see the role the member has when they are removed.
      const member = await this.deps.store.organizations.member(org.id, userId);
      if (!member) return false;
      if (member.role === 'admin' && (await this.deps.store.organizations.countAdmins(org.id)) <= 1) {
        throw conflict(`The organization ${org.id} needs at least one admin; ${userId} is the last one`);
      }
      const { content, grants, organizations } = this.deps.store;
      await grants.removeUserIn(
        userId,
        'space',
        (await content.spacesIn(org.id)).map((s) => s.id),
      );
      await grants.removeUserIn(
        userId,
        'collection',
        (await content.collectionsIn(org.id)).map((c) => c.id),
      );
      await grants.removeUserIn(
        userId,
        'site',
        (await this.deps.store.sites.in(org.id)).map((s) => s.id),
      );
      await organizations.removeUserFromTeamsOf(org.id, userId);
      return await organizations.removeMember(org.id, userId);
    });
  }

  /** Adds the user to the organization with `role` unless they already belong to it. */
  async ensureMember(organizationId: string, userId: string, role: RoleName | null): Promise<MemberRecord> {
    return await this.deps.store.tx(async () => {
      const existing = await this.deps.store.organizations.member(organizationId, userId);
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
      await this.deps.store.organizations.upsertMember(member);
      return member;
    });
  }

  /**
   * A new organization, its creator its admin (`createOrganization`). On a self-hosted server only the people who
   * run it create organizations: the caller must be an admin of one already (an installation token never is).
   * Titles are unique on the server (409).
   */
  async create(caller: Caller, input: { title: string; emailDomains?: string[] }): Promise<OrganizationRecord> {
    if (caller.access.installation) throw forbidden('An integration cannot create organizations');
    const memberships = await this.deps.store.organizations.membershipsOf(caller.user.id);
    if (!memberships.some((m) => !m.disabled && m.role === 'admin')) {
      throw forbidden('Creating an organization needs the admin role in an organization of this server');
    }
    const title = input.title.trim();
    if (title.length < 2) throw invalidInput('title: give at least 2 characters');
    return await this.deps.store.tx(async () => {
      if (await this.deps.store.organizations.byTitle(title)) throw conflict(`title: another organization is already named "${title}"`);
      const org = await this.ensure(title, { emailDomains: input.emailDomains ?? [], defaultRole: 'read' });
      await this.ensureMember(org.id, caller.user.id, 'admin');
      return org;
    });
  }

  /** Creates the organization unless one with that title exists. */
  async ensure(title: string, settings: { hostname?: string; emailDomains: string[]; defaultRole: RoleName | null }): Promise<OrganizationRecord> {
    return await this.deps.store.tx(async () => {
      const existing = await this.deps.store.organizations.byTitle(title);
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
      await this.deps.store.organizations.insert(org);
      return org;
    });
  }

  private async requireMemberReader(caller: Caller, organizationId: string): Promise<OrganizationRecord> {
    const org = await this.find(organizationId);
    const role = await caller.access.requireOrganization(org, 'member');
    if (!atLeast(role, 'read')) throw forbidden(`Guests cannot list the members of the organization ${org.id}`);
    return org;
  }

  private async findMember(organizationId: string, userId: string): Promise<MemberRecord> {
    const member = await this.deps.store.organizations.member(organizationId, userId);
    if (!member) throw notFound(`No member ${userId} in the organization ${organizationId}`);
    return member;
  }

  private view(member: MemberRecord): Promise<MemberView> {
    return memberView(this.deps.store, member);
  }
}
