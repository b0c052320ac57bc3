import type * as api from '@gitbook/api';
import type { CollectionView } from '../domain/collections/collections.js';
import type { MemberView } from '../domain/organizations/organizations.js';
import type { Page } from '../domain/core/pagination.js';
import { atLeast, type RoleName } from '../domain/core/roles.js';
import type { SpaceView } from '../domain/spaces/spaces.js';
import type { TeamView } from '../domain/teams/teams.js';
import type { AgentInstructionsRecord, OrganizationRecord, UserRecord } from '../model/index.js';

/** Builds the absolute URLs that API objects carry. */
export class Urls {
  private readonly baseOf: () => string;
  constructor(base: string | (() => string)) {
    this.baseOf = typeof base === 'string' ? () => base : base;
  }
  get base(): string {
    return this.baseOf().replace(/\/$/, '');
  }
  api(path: string): string {
    return `${this.base}/v1${path}`;
  }
  app(path: string): string {
    return `${this.base}/app${path}`;
  }
}

/** The API's list envelope: `next` only when there is a following page. */
export function list<T, U>(page: Page<T>, present: (item: T) => U): { items: U[]; count: number; next?: { page: string } } {
  return {
    items: page.items.map(present),
    count: page.count,
    ...(page.next ? { next: { page: page.next } } : {}),
  };
}

/** `list` with items presented asynchronously (they read the store), all at once. */
export async function listAsync<T, U>(page: Page<T>, present: (item: T) => Promise<U>): Promise<{ items: U[]; count: number; next?: { page: string } }> {
  return { ...list(page, () => undefined), items: await Promise.all(page.items.map(present)) };
}

export function user(urls: Urls, u: UserRecord): api.User {
  return {
    object: 'user',
    id: u.id,
    displayName: u.displayName,
    email: u.email,
    ...(u.photoURL ? { photoURL: u.photoURL } : {}),
    urls: { location: urls.api(`/users/${u.id}`) },
  };
}

export function organization(urls: Urls, org: OrganizationRecord, role: RoleName | null | undefined): api.Organization {
  const member = role !== undefined;
  const admin = role === 'admin';
  return {
    object: 'organization',
    id: org.id,
    title: org.title,
    createdAt: org.createdAt,
    emailDomains: org.emailDomains,
    ...(org.hostname ? { hostname: org.hostname } : {}),
    type: 'business' as api.OrganizationType,
    ...(org.useCase ? { useCase: org.useCase as api.OrganizationUseCase } : {}),
    defaultRole: org.defaultRole as api.MemberRoleOrGuest,
    ...(org.defaultContent ? { defaultContent: org.defaultContent } : {}),
    sso: org.sso,
    ai: org.ai,
    inviteLinks: org.inviteLinks,
    plan: 'enterprise_2024' as api.BillingProduct,
    mergeRules: org.mergeRules as api.MergeRulesStandaloneConfiguration,
    urls: {
      location: urls.api(`/orgs/${org.id}`),
      app: urls.app(`/o/${org.id}`),
      ...(org.logo ? { logo: org.logo } : {}),
    },
    trial: { status: 'notapplicable' as api.BillingTrialStatus, count: 0 },
    permissions: {
      view: member,
      access: member,
      admin,
      ownTeam: atLeast(role, 'admin'),
      createContent: atLeast(role, 'create'),
      createOpenAPISpec: atLeast(role, 'create'),
      ingestConversations: admin,
      viewBilling: admin,
      listMembers: atLeast(role, 'read'),
      listTeams: atLeast(role, 'read'),
      listIntegrations: atLeast(role, 'read'),
      listInstallations: admin,
      installIntegration: admin,
    },
  } as api.Organization;
}

export function member(urls: Urls, view: MemberView): api.OrganizationMember & { sites: number } {
  return {
    object: 'member',
    id: view.user.id,
    role: view.member.role as api.MemberRoleOrGuest,
    user: user(urls, view.user),
    disabled: view.member.disabled,
    joinedAt: view.member.joinedAt,
    ...(view.member.lastSeenAt ? { lastSeenAt: view.member.lastSeenAt } : {}),
    sso: view.member.sso,
    spaces: view.spaces,
    teams: view.teams,
    sites: view.sites,
  };
}

export function collection(urls: Urls, { collection: c, role }: CollectionView): api.Collection {
  return {
    object: 'collection',
    id: c.id,
    title: c.title,
    ...(c.description !== null ? { description: c.description } : {}),
    organization: c.organizationId,
    ...(c.parentId ? { parent: c.parentId } : {}),
    defaultLevel: c.defaultLevel as api.DefaultLevel,
    urls: { location: urls.api(`/collections/${c.id}`), app: urls.app(`/collections/${c.id}`) },
    permissions: {
      view: atLeast(role, 'read'),
      admin: atLeast(role, 'admin'),
      viewInviteLinks: atLeast(role, 'admin'),
      create: atLeast(role, 'create'),
    },
  };
}

/** `gitSync`: the space's git sync state, when the view carries one with a provider (see domain/git-sync/git.ts `gitInfoOf`). */
export function space(urls: Urls, { space: s, role, counts, gitSync }: SpaceView): api.Space {
  const live = s.editMode === 'live';
  return {
    object: 'space',
    id: s.id,
    title: s.title,
    emoji: s.emoji ?? '',
    visibility: s.visibility as api.ContentVisibility,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    ...(s.deletedAt ? { deletedAt: s.deletedAt } : {}),
    editMode: s.editMode as api.SpaceEditMode,
    mergeRules: s.mergeRules as api.MergeRulesSpaceConfiguration,
    urls: {
      location: urls.api(`/spaces/${s.id}`),
      app: urls.app(`/spaces/${s.id}`),
      ...(s.icon ? { icon: s.icon } : {}),
    },
    organization: s.organizationId,
    ...(s.parentId ? { parent: s.parentId } : {}),
    ...(s.language ? { language: s.language as api.TranslationLanguage } : {}),
    revision: s.revisionId,
    defaultLevel: s.defaultLevel as api.DefaultLevel,
    ...counts,
    // 0.202.0 requires a provider (GitHub or GitLab) of every Git Sync: a space synced with another remote or a directory
    // shows none here (getSpaceGitInfo describes it).
    ...(gitSync?.installationProvider ? { gitSync: gitSync as api.GitSyncState } : {}),
    permissions: {
      view: atLeast(role, 'read'),
      access: atLeast(role, 'read'),
      admin: atLeast(role, 'admin'),
      viewInviteLinks: atLeast(role, 'admin'),
      edit: live && atLeast(role, 'edit'),
      triggerGitSync: atLeast(role, 'create'),
      comment: atLeast(role, 'comment'),
      merge: live && atLeast(role, 'review'),
      review: atLeast(role, 'review'),
      installIntegration: atLeast(role, 'admin'),
    },
  };
}

export function team(view: TeamView): api.OrganizationTeam {
  return {
    object: 'team',
    id: view.team.id,
    title: view.team.title,
    members: view.members,
    spaces: view.spaces,
    createdAt: view.team.createdAt,
    permissions: { admin: view.canAdmin, view: true },
  };
}

/** An organization's Docs agent instructions (0.202.0 `OrganizationAgentInstructions`). */
export function agentInstructions(urls: Urls, r: AgentInstructionsRecord) {
  return {
    object: 'agent-instructions' as const,
    instructions: r.instructions,
    updatedAt: r.updatedAt,
    updatedBy: r.updatedBy,
    urls: { location: urls.api(`/orgs/${r.organizationId}/agent-instructions`) },
  };
}
