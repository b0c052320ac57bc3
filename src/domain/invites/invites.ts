// Joining an organization: by invitation of an admin (emails), by an invite link (to the organization, or as a guest to
// one space or collection), or by an email domain the organization accepts.
import { type CollectionRecord, type InviteLinkRecord, type MemberRecord, newId, type OrganizationRecord, type SpaceRecord } from '../../model/index.js';
import type { Collections } from '../collections/collections.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, forbidden, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast, type RoleName } from '../core/roles.js';
import type { Spaces } from '../spaces/spaces.js';
import type { Users } from '../users/users.js';

export type EmailInvite = string | { email: string; role: RoleName | null };

export interface InviteUsersInput {
  emails: EmailInvite[];
  role?: RoleName | null;
  sso?: boolean;
}

export type InviteLinkInput = { role: RoleName | null } | { space: string; level: RoleName | null } | { collection: string; level: RoleName | null };

export interface InviteLinkView {
  invite: InviteLinkRecord;
  space?: SpaceRecord;
  collection?: CollectionRecord;
  /** The caller already has everything the invite gives. */
  redundant: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class Invites {
  constructor(
    private readonly deps: Deps,
    private readonly organizations: Organizations,
    private readonly spaces: Spaces,
    private readonly collections: Collections,
    private readonly users: Users,
  ) {}

  /** Adds each email's user (created if new) to the organization; those already members are left as they are. */
  async inviteUsers(caller: Caller, organizationId: string, input: InviteUsersInput): Promise<{ users: string[]; invited: number }> {
    const org = await this.requireAdmin(caller, organizationId);
    if (input.emails.length === 0) throw invalidInput('emails: give at least one email address');
    const wanted = input.emails.map((entry, i) => {
      const { email, role } = typeof entry === 'string' ? { email: entry, role: input.role === undefined ? org.defaultRole : input.role } : entry;
      const normalized = email.trim().toLowerCase();
      if (!EMAIL.test(normalized)) throw invalidInput(`emails[${i}]: "${email}" is not an email address`);
      return { email: normalized, role };
    });
    const { store } = this.deps;
    const added: string[] = [];
    await store.tx(async () => {
      for (const { email, role } of wanted) {
        const user = await this.users.ensure(email, email.split('@')[0]!);
        if (await store.organizations.member(org.id, user.id)) continue;
        const member = await this.organizations.ensureMember(org.id, user.id, role);
        if (input.sso) await store.organizations.upsertMember({ ...member, sso: true });
        added.push(user.id);
      }
    });
    return { users: added, invited: added.length };
  }

  async listLinks(caller: Caller, organizationId: string, request: PageRequest): Promise<Page<InviteLinkView>> {
    const org = await this.requireAdmin(caller, organizationId);
    // The spec lists organization invites only; content invites are read one by one.
    const views = await Promise.all(
      (await this.deps.store.invites.inOrganization(org.id))
        .filter((i) => i.target === 'organization')
        .map(async (invite) => (await this.viewOf(caller, invite))!),
    );
    return paginate(views, request, (v) => [v.invite.createdAt, v.invite.id]);
  }

  async getLink(caller: Caller, organizationId: string, inviteId: string): Promise<InviteLinkView> {
    const invite = await this.findLink(organizationId, inviteId);
    await caller.access.requireOrganization(await this.organizations.find(organizationId), 'member');
    const view = await this.viewOf(caller, invite);
    if (!view) throw notFound(`The invite ${inviteId} points to content that no longer exists`);
    return view;
  }

  async createLink(caller: Caller, organizationId: string, input: InviteLinkInput): Promise<InviteLinkView> {
    const org = await this.organizations.find(organizationId);
    if (!org.inviteLinks) throw forbidden(`The organization ${org.id} does not allow invite links (setting inviteLinks)`);
    const base = { id: newId(), organizationId: org.id, createdBy: caller.user.id, createdAt: nowIso(this.deps) };
    let invite: InviteLinkRecord;
    if ('space' in input) {
      const space = await this.contentTarget(caller, org, 'space', input.space, input.level);
      invite = { ...base, target: 'space', resourceId: space.id, role: input.level };
    } else if ('collection' in input) {
      const collection = await this.contentTarget(caller, org, 'collection', input.collection, input.level);
      invite = { ...base, target: 'collection', resourceId: collection.id, role: input.level };
    } else {
      await caller.access.requireOrganization(org, 'admin');
      invite = { ...base, target: 'organization', resourceId: null, role: input.role };
    }
    await this.deps.store.invites.put(invite);
    return (await this.viewOf(caller, invite))!;
  }

  async updateLink(
    caller: Caller,
    organizationId: string,
    inviteId: string,
    patch: { role?: RoleName | null; level?: RoleName | null },
  ): Promise<InviteLinkView> {
    const invite = await this.findLink(organizationId, inviteId);
    await this.requireManager(caller, invite);
    const isContent = invite.target !== 'organization';
    const field = isContent ? 'level' : 'role';
    if (!(field in patch))
      throw invalidInput(
        `${isContent ? 'role' : 'level'}: an invite to ${isContent ? `a ${invite.target}` : 'the organization'} has a ${field}, not a ${isContent ? 'role' : 'level'}`,
      );
    const role = patch[field] ?? null;
    if (isContent && role === null) throw invalidInput('level: give a level (guest is not a level on content)');
    // Read again in the transaction that writes it: a link deleted meanwhile stays deleted (the write is an upsert).
    const next = await this.deps.store.tx(async () => {
      const next = { ...(await this.findLink(organizationId, inviteId)), role };
      await this.deps.store.invites.put(next);
      return next;
    });
    return (await this.viewOf(caller, next))!;
  }

  async deleteLink(caller: Caller, organizationId: string, inviteId: string): Promise<boolean> {
    const invite = await this.deps.store.invites.get(inviteId);
    if (!invite || invite.organizationId !== organizationId) {
      await this.requireAdmin(caller, organizationId);
      return false;
    }
    await this.requireManager(caller, invite);
    return await this.deps.store.invites.delete(organizationId, inviteId);
  }

  /** The caller accepts an invite link: joins the organization, or the space or collection as a guest. */
  async joinWithInvite(caller: Caller, organizationId: string, inviteId: string): Promise<void> {
    const { store } = this.deps;
    await store.tx(async () => {
      // Read in the transaction that applies it: a link deleted or changed meanwhile admits no one, or with its new role.
      const invite = await this.findLink(organizationId, inviteId);
      if (invite.target === 'organization') {
        const member = await store.organizations.member(organizationId, caller.user.id);
        if (!member) await this.organizations.ensureMember(organizationId, caller.user.id, invite.role);
        else if (member.role === null || (invite.role !== null && !atLeast(member.role, invite.role)))
          await store.organizations.upsertMember({ ...member, role: invite.role });
        return;
      }
      const resourceId = invite.resourceId!;
      if (!(await this.targetExists(invite))) throw notFound(`The invite ${inviteId} points to a ${invite.target} that no longer exists`);
      await this.organizations.ensureMember(organizationId, caller.user.id, null);
      const grant = await store.grants.get(invite.target, resourceId, 'user', caller.user.id);
      if (grant && atLeast(grant.role, invite.role!)) return;
      await store.grants.put({
        resourceKind: invite.target,
        resourceId,
        principalKind: 'user',
        principalId: caller.user.id,
        role: invite.role,
        createdAt: nowIso(this.deps),
      });
    });
  }

  /** The caller joins an organization that accepts their email domain, with its default role. */
  async joinByEmailDomain(caller: Caller, organizationId: string): Promise<void> {
    const org = await this.organizations.find(organizationId);
    if (await this.deps.store.organizations.member(org.id, caller.user.id)) return;
    const domain = caller.user.email.split('@').pop()!.toLowerCase();
    if (!org.emailDomains.map((d) => d.toLowerCase()).includes(domain)) {
      throw invalidInput(`The organization ${org.id} does not accept members from the email domain ${domain}; ask an admin for an invite`);
    }
    await this.organizations.ensureMember(org.id, caller.user.id, org.defaultRole);
  }

  /** Records that the caller was active in the organization. */
  async ping(caller: Caller, organizationId: string): Promise<void> {
    return await this.deps.store.tx(async () => {
      const org = await this.organizations.find(organizationId);
      await caller.access.requireOrganization(org, 'member');
      const member = (await this.deps.store.organizations.member(org.id, caller.user.id))!;
      await this.deps.store.organizations.upsertMember({ ...member, lastSeenAt: nowIso(this.deps) });
    });
  }

  /** Marks a member as signing in through the organization's SSO. */
  async setSso(caller: Caller, organizationId: string, userId: string): Promise<MemberRecord> {
    return await this.deps.store.tx(async () => {
      const org = await this.requireAdmin(caller, organizationId);
      const member = await this.deps.store.organizations.member(org.id, userId);
      if (!member) throw notFound(`No member ${userId} in the organization ${org.id}`);
      const next = { ...member, sso: true };
      await this.deps.store.organizations.upsertMember(next);
      return next;
    });
  }

  private async requireAdmin(caller: Caller, organizationId: string): Promise<OrganizationRecord> {
    const org = await this.organizations.find(organizationId);
    await caller.access.requireOrganization(org, 'admin');
    return org;
  }

  /** Organization invites are managed by admins; content invites also by the admins of that content. */
  private async requireManager(caller: Caller, invite: InviteLinkRecord): Promise<void> {
    const org = await this.organizations.find(invite.organizationId);
    if (atLeast(await caller.access.organizationRole(org.id), 'admin')) return;
    if (invite.target === 'space' && invite.resourceId) return void (await caller.access.requireSpace(await this.spaces.find(invite.resourceId), 'admin'));
    if (invite.target === 'collection' && invite.resourceId)
      return void (await caller.access.requireCollection(await this.collections.find(invite.resourceId), 'admin'));
    await caller.access.requireOrganization(org, 'admin');
  }

  private async contentTarget(caller: Caller, org: OrganizationRecord, kind: 'space' | 'collection', id: string, level: RoleName | null) {
    if (level === null) throw invalidInput('level: give a level (guest is not a level on content)');
    const record = kind === 'space' ? await this.spaces.find(id) : await this.collections.find(id);
    if (record.organizationId !== org.id) throw invalidInput(`${kind}: ${id} is not in the organization ${org.id}`);
    if (kind === 'space') await caller.access.requireSpace(record as SpaceRecord, 'admin');
    else await caller.access.requireCollection(record as CollectionRecord, 'admin');
    return record;
  }

  private async findLink(organizationId: string, inviteId: string): Promise<InviteLinkRecord> {
    const invite = await this.deps.store.invites.get(inviteId);
    if (!invite || invite.organizationId !== organizationId) throw notFound(`No invite ${inviteId} in the organization ${organizationId}`);
    return invite;
  }

  private async targetExists(invite: InviteLinkRecord): Promise<boolean> {
    const { content } = this.deps.store;
    if (invite.target === 'space') return !!(await content.space(invite.resourceId!)) && !(await content.space(invite.resourceId!))!.deletedAt;
    if (invite.target === 'collection') return !!(await content.collection(invite.resourceId!));
    return true;
  }

  private async viewOf(caller: Caller, invite: InviteLinkRecord): Promise<InviteLinkView | undefined> {
    const { content } = this.deps.store;
    if (invite.target === 'organization') {
      const role = await caller.access.organizationRole(invite.organizationId);
      return { invite, redundant: role !== undefined && (invite.role === null || atLeast(role, invite.role)) };
    }
    if (!(await this.targetExists(invite))) return undefined;
    if (invite.target === 'space') {
      const space = (await content.space(invite.resourceId!))!;
      return { invite, space, redundant: atLeast(await caller.access.spaceRole(space), invite.role!) };
    }
    const collection = (await content.collection(invite.resourceId!))!;
    return { invite, collection, redundant: atLeast(await caller.access.collectionRole(collection), invite.role!) };
  }
}
