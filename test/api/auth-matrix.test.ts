import { ChangeRequestReviewStatus, MemberRole } from '@gitbook/api';
import type { GitBookAPI } from '@gitbook/api';
import type { GitBookAPI as NewerGitBookAPI } from '@gitbook/api-0.202';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLES, atLeast, type RoleName } from '../../src/domain/core/roles.js';
import { useServer, statusOf } from '../helpers/server.js';

const s = useServer();
/** The 0.202.0 client with the same token, for the operations only it has. */
const newer = (api: GitBookAPI) => s.newerClient(api.authToken ?? '');

/** Fresh objects, made by the owner, for one call. */
interface Fixture {
  space: string;
  other: string;
  deleted: string;
  collection: string;
  member: string;
  self: string;
}

type Need = 'public' | 'any' | 'member' | RoleName | 'owner';
interface Case {
  op: string;
  need: Need;
  /** `newer`: the same caller through the 0.202.0 client, for the operations only it has. */
  call: (api: GitBookAPI, fx: Fixture, newer: NewerGitBookAPI) => Promise<{ status: number }>;
  /** Status for a member of another organization, when not 403. */
  stranger?: number;
}

const cases: Case[] = [
  { op: 'getApiInformation', need: 'public', call: (api) => api.getApiInformation() },
  { op: 'getAuthenticatedUser', need: 'any', call: (api) => api.user.getAuthenticatedUser() },
  { op: 'getUserById', need: 'member', stranger: 404, call: (api, fx) => api.users.getUserById(fx.member) },
  { op: 'updateUserById', need: 'any', call: (api, fx) => api.users.updateUserById(fx.self, { displayName: 'Me' }) },
  { op: 'listOrganizationsForAuthenticatedUser', need: 'any', call: (api) => api.orgs.listOrganizationsForAuthenticatedUser() },
  { op: 'getOrganizationById', need: 'member', call: (api) => api.orgs.getOrganizationById(s.org) },
  { op: 'updateOrganizationById', need: 'admin', call: (api) => api.orgs.updateOrganizationById(s.org, { ai: false }) },
  { op: 'listMembersInOrganizationById', need: 'read', call: (api) => api.orgs.listMembersInOrganizationById(s.org) },
  { op: 'getMemberInOrganizationById', need: 'read', call: (api) => api.orgs.getMemberInOrganizationById(s.org, s.ownerId) },
  {
    op: 'updateMemberInOrganizationById',
    need: 'admin',
    call: (api, fx) => api.orgs.updateMemberInOrganizationById(s.org, fx.member, { role: MemberRole.Comment }),
  },
  { op: 'removeMemberFromOrganizationById', need: 'admin', call: (api, fx) => api.orgs.removeMemberFromOrganizationById(s.org, fx.member) },
  { op: 'createCollection', need: 'create', call: (api) => api.orgs.createCollection(s.org, { title: 'New' }) },
  { op: 'listCollectionsInOrganizationById', need: 'member', call: (api) => api.orgs.listCollectionsInOrganizationById(s.org) },
  { op: 'getCollectionById', need: 'read', call: (api, fx) => api.collections.getCollectionById(fx.collection) },
  { op: 'updateCollectionById', need: 'create', call: (api, fx) => api.collections.updateCollectionById(fx.collection, { title: 'Renamed' }) },
  { op: 'deleteCollectionById', need: 'admin', call: (api, fx) => api.collections.deleteCollectionById(fx.collection) },
  { op: 'listSpacesInCollectionById', need: 'read', call: (api, fx) => api.collections.listSpacesInCollectionById(fx.collection) },
  {
    op: 'moveCollection',
    need: 'admin',
    call: (api, fx) => api.collections.moveCollection(fx.collection, { position: { after: { type: 'space', space: fx.space } } }),
  },
  { op: 'transferCollection', need: 'owner', call: (api, fx) => api.collections.transferCollection(fx.collection, { organization: s.otherOrg }) },
  { op: 'createSpace', need: 'create', call: (api) => api.orgs.createSpace(s.org, { title: 'New' }) },
  { op: 'listSpacesInOrganizationById', need: 'member', call: (api) => api.orgs.listSpacesInOrganizationById(s.org) },
  { op: 'getSpaceById', need: 'read', call: (api, fx) => api.spaces.getSpaceById(fx.space) },
  { op: 'updateSpaceById (title)', need: 'edit', call: (api, fx) => api.spaces.updateSpaceById(fx.space, { title: 'T' } as never) },
  { op: 'updateSpaceById (editMode)', need: 'admin', call: (api, fx) => api.spaces.updateSpaceById(fx.space, { editMode: 'locked' } as never) },
  { op: 'deleteSpaceById', need: 'admin', call: (api, fx) => api.spaces.deleteSpaceById(fx.space) },
  { op: 'restoreSpace', need: 'admin', call: (api, fx) => api.spaces.restoreSpace(fx.deleted) },
  { op: 'duplicateSpace', need: 'create', call: (api, fx) => api.spaces.duplicateSpace(fx.space) },
  { op: 'moveSpace', need: 'admin', call: (api, fx) => api.spaces.moveSpace(fx.space, { parent: fx.collection }) },
  { op: 'transferSpace', need: 'owner', call: (api, fx) => api.spaces.transferSpace(fx.space, { organization: s.otherOrg }) },
  { op: 'inviteToSpace', need: 'admin', call: (api, fx) => api.spaces.inviteToSpace(fx.space, { role: MemberRole.Read, users: [fx.member] }) },
  { op: 'listUserPermissionsInSpace', need: 'read', call: (api, fx) => api.spaces.listUserPermissionsInSpace(fx.space) },
  { op: 'listTeamPermissionsInSpace', need: 'read', call: (api, fx) => api.spaces.listTeamPermissionsInSpace(fx.space) },
  { op: 'listPermissionsAggregateInSpace', need: 'read', call: (api, fx) => api.spaces.listPermissionsAggregateInSpace(fx.space) },
  {
    op: 'updateUserPermissionInSpace',
    need: 'admin',
    call: (api, fx) => api.spaces.updateUserPermissionInSpace(fx.other, fx.member, { role: MemberRole.Edit }),
  },
  { op: 'removeUserFromSpace', need: 'admin', call: (api, fx) => api.spaces.removeUserFromSpace(fx.other, fx.member) },
  { op: 'removeTeamFromSpace', need: 'admin', call: (api, fx) => api.spaces.removeTeamFromSpace(fx.space, 'no-team') },
  {
    op: 'inviteToCollection',
    need: 'admin',
    call: (api, fx) => api.collections.inviteToCollection(fx.collection, { role: MemberRole.Read, users: [fx.member] }),
  },
  { op: 'listUserPermissionsInCollection', need: 'read', call: (api, fx) => api.collections.listUserPermissionsInCollection(fx.collection) },
  { op: 'listTeamPermissionsInCollection', need: 'read', call: (api, fx) => api.collections.listTeamPermissionsInCollection(fx.collection) },
  { op: 'listPermissionsAggregateInCollection', need: 'read', call: (api, fx) => api.collections.listPermissionsAggregateInCollection(fx.collection) },
  { op: 'removeUserFromCollection', need: 'admin', call: (api, fx) => api.collections.removeUserFromCollection(fx.collection, fx.member) },
  { op: 'listOrganizationAuditEvents', need: 'admin', call: (_api, _fx, newer) => newer.orgs.listOrganizationAuditEvents(s.org) },
  { op: 'listOrganizationAuditEventActions', need: 'admin', call: (_api, _fx, newer) => newer.orgs.listOrganizationAuditEventActions(s.org) },
  {
    op: 'getOrganizationAuditEvent',
    need: 'admin',
    call: async (_api, _fx, newer) => {
      const [latest] = (await s.newerClient().orgs.listOrganizationAuditEvents(s.org, { limit: 1 })).data.items;
      return await newer.orgs.getOrganizationAuditEvent(s.org, latest!.id);
    },
  },
  {
    op: 'getChangeRequestReviewById',
    need: 'read',
    call: async (api, fx) => {
      const cr = (await s.client().spaces.createChangeRequest(fx.space, { subject: 'Reviewed' })).data;
      const reviewer = s.client((await s.member('review')).token);
      const review = (await reviewer.spaces.submitChangeRequestReview(fx.space, cr.id, { status: ChangeRequestReviewStatus.Approved })).data;
      return await newer(api).spaces.getChangeRequestReviewById(fx.space, cr.id, review.id);
    },
  },
  {
    op: 'listSpacePageMetaLinks',
    need: 'read',
    call: async (api, fx) => {
      const cr = (await s.client().spaces.createChangeRequest(fx.space, { subject: 'Page' })).data;
      const changes = [{ operation: 'insert_page', title: 'Page', document: { markdown: 'Hi.\n' } }];
      await s.request('POST', `/v1/spaces/${fx.space}/change-requests/${cr.id}/content?compat=false`, { body: { changes } });
      await s.client().spaces.mergeChangeRequest(fx.space, cr.id);
      const page = (await s.client().spaces.listPages(fx.space)).data.pages[0]!;
      return await newer(api).spaces.listSpacePageMetaLinks(fx.space, page.id);
    },
  },
  {
    op: 'getLatestOpenAPISpecVersionContentRaw',
    need: 'read',
    stranger: 403,
    call: async (api) => {
      const slug = `matrix-raw-${Math.random().toString(36).slice(2, 10)}`;
      await s.client().orgs.createOrUpdateOpenApiSpecBySlug(s.org, slug, { source: { text: 'openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths: {}\n' } });
      await s.domain.jobs.runDue();
      return await newer(api).orgs.getLatestOpenApiSpecVersionContentRaw(s.org, slug);
    },
  },
  { op: 'getOrganizationAgentInstructions', need: 'member', call: (api) => newer(api).orgs.getOrganizationAgentInstructions(s.org) },
  {
    op: 'updateOrganizationAgentInstructions',
    need: 'admin',
    call: (api) => newer(api).orgs.updateOrganizationAgentInstructions(s.org, { instructions: { object: 'document', data: {}, nodes: [] } }),
  },
  { op: 'listImportRuns', need: 'member', call: (api) => newer(api).org.listImportRuns(s.org) },
  {
    op: 'startImportRun',
    need: 'edit',
    call: (api, fx) => newer(api).org.startImportRun(s.org, { source: { type: 'website', url: 'https://docs.example.com/' }, target: { space: fx.space } }),
  },
  {
    op: 'getImportRun',
    need: 'read',
    call: async (api, fx) => {
      const run = (
        await s.newerClient().org.startImportRun(s.org, { source: { type: 'website', url: 'https://docs.example.com/' }, target: { space: fx.space } })
      ).data;
      return await newer(api).org.getImportRun(s.org, run.id);
    },
  },
  {
    op: 'cancelImportRun',
    need: 'edit',
    call: async (api, fx) => {
      const run = (
        await s.newerClient().org.startImportRun(s.org, { source: { type: 'website', url: 'https://docs.example.com/' }, target: { space: fx.space } })
      ).data;
      return await newer(api).org.cancelImportRun(s.org, run.id);
    },
  },
  { op: 'getOrganizationsForEmailDomain', need: 'any', call: (api) => newer(api).emailDomains.getOrganizationsForEmailDomain('test.local') },
];

type Identity = { name: string; role: RoleName | null | 'owner' | 'stranger' | 'anonymous' | 'bad-token' };
const identities: Identity[] = [
  { name: 'no token', role: 'anonymous' },
  { name: 'bad token', role: 'bad-token' },
  { name: 'owner', role: 'owner' },
  ...[...ROLES].reverse().map((role) => ({ name: role, role })),
  { name: 'guest', role: null },
  { name: 'member of another organization', role: 'stranger' },
];

function expected(c: Case, who: Identity['role']): number | 'success' {
  if (c.need === 'public') return 'success';
  if (who === 'anonymous' || who === 'bad-token') return 401;
  if (c.need === 'any' || who === 'owner') return 'success';
  if (who === 'stranger') return c.stranger ?? 403;
  if (c.need === 'owner') return 403;
  if (c.need === 'member') return 'success';
  return atLeast(who, c.need) ? 'success' : 403;
}

async function fixture(api: GitBookAPI): Promise<Fixture> {
  const { data: col } = await api.orgs.createCollection(s.org, { title: 'Fixture' });
  const { data: space } = await api.orgs.createSpace(s.org, { title: 'Fixture' });
  const { data: other } = await api.orgs.createSpace(s.org, { title: 'Shared' });
  const { data: deleted } = await api.orgs.createSpace(s.org, { title: 'Deleted' });
  await api.spaces.deleteSpaceById(deleted.id);
  const member = (await s.member('read')).userId;
  await api.spaces.inviteToSpace(other.id, { role: MemberRole.Comment, users: [member] });
  return { space: space.id, other: other.id, deleted: deleted.id, collection: col.id, member, self: '' };
}

async function clientFor(who: Identity['role']): Promise<{ api: GitBookAPI; newer: NewerGitBookAPI; self: string }> {
  const as = (token: string | undefined, self: string) => ({ api: s.client(token), newer: s.newerClient(token), self });
  if (who === 'anonymous') return as('', s.ownerId);
  if (who === 'bad-token') return as('docs_not-a-real-token', s.ownerId);
  if (who === 'owner') return as(undefined, s.ownerId);
  if (who === 'stranger') {
    const m = await s.member('admin', s.otherOrg);
    return as(m.token, m.userId);
  }
  const m = await s.member(who);
  return as(m.token, m.userId);
}

describe('auth matrix: every finished operation, with no token, a bad token and each role', () => {
  for (const c of cases) {
    it(c.op, async () => {
      const results: Record<string, number> = {};
      const wanted: Record<string, number | 'success'> = {};
      for (const who of identities) {
        const fx = await fixture(s.client());
        const { api, newer, self } = await clientFor(who.role);
        const status = await statusOf(c.call(api, { ...fx, self }, newer));
        const want = expected(c, who.role);
        results[who.name] = want === 'success' && status >= 200 && status < 300 ? -1 : status;
        wanted[who.name] = want === 'success' ? -1 : want;
      }
      expect(results).toEqual(wanted);
    });
  }
});

let fixtures = 0;

/** Every object a write operation can name, made by the owner, by the path parameter that names it. */
async function writeFixture(): Promise<Ids> {
  const n = ++fixtures;
  const post = async (method: string, path: string, body: unknown): Promise<any> => {
    const response = await s.request(method, `/v1${path}`, { body });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
    return response.json;
  };
  const get = async (path: string): Promise<any> => (await s.request('GET', `/v1${path}`)).json;
  const org = s.org;
  const space = (await post('POST', `/orgs/${org}/spaces`, { title: 'Swept' })).id as string;
  const target = (await post('POST', `/orgs/${org}/spaces`, { title: 'Target' })).id as string;
  const collection = (await post('POST', `/orgs/${org}/collections`, { title: 'Swept' })).id as string;
  const teamTitle = `Swept team ${n}`;
  const team = (await post('PUT', `/orgs/${org}/teams`, { title: teamTitle })).id as string;
  const member = (await s.member('edit')).userId;
  await post('POST', `/spaces/${space}/permissions`, { role: 'read', users: [member], teams: [team] });
  await post('POST', `/collections/${collection}/permissions`, { role: 'read', users: [member], teams: [team] });
  await post('PUT', `/orgs/${org}/teams/${team}/members/${member}`, undefined);
  const cr = (await post('POST', `/spaces/${space}/change-requests`, { subject: 'Swept' })).id as string;
  const comment = (await post('POST', `/spaces/${space}/comments`, { body: { markdown: 'Hi' } })).id as string;
  const reply = (await post('POST', `/spaces/${space}/comments/${comment}/replies`, { body: { markdown: 'Yo' } })).id as string;
  const crComment = (await post('POST', `/spaces/${space}/change-requests/${cr}/comments`, { body: { markdown: 'Hi' } })).id as string;
  const crReply = (await post('POST', `/spaces/${space}/change-requests/${cr}/comments/${crComment}/replies`, { body: { markdown: 'Yo' } })).id as string;
  const site = (await post('POST', `/orgs/${org}/sites`, { title: 'Swept', spaces: [space] })).id as string;
  await post('POST', `/orgs/${org}/sites/${site}/permissions`, { role: 'read', users: [member], teams: [team] });
  const section = (await post('POST', `/orgs/${org}/sites/${site}/sections`, { spaceId: target, title: 'Two' })).id as string;
  const group = (await post('POST', `/orgs/${org}/sites/${site}/section-groups`, { title: 'Group', sections: [section] })).id as string;
  const siteSpace = (await s.request('GET', `/v1/orgs/${org}/sites/${site}/site-spaces`)).json.items[0].id as string;
  await post('PATCH', `/orgs/${org}/sites/${site}/site-spaces/${siteSpace}/customization`, { title: 'Custom' });
  const shareLink = (await post('POST', `/orgs/${org}/sites/${site}/share-links`, { name: 'Link' })).id as string;
  const redirect = (
    await post('POST', `/orgs/${org}/sites/${site}/redirects`, { source: '/old', destination: { kind: 'site-section', siteSectionId: section } })
  ).id as string;
  const mcp = (await post('POST', `/orgs/${org}/sites/${site}/mcp-servers`, { name: 'M', url: 'https://mcp.example.com/sse', headers: {} })).id as string;
  const externalLink = (await post('POST', `/orgs/${org}/sites/${site}/external-links`, { title: 'Home', url: 'https://example.com/' })).id as string;
  const channel = (await post('POST', `/orgs/${org}/sites/${site}/channels`, { type: 'builtin:slack', setupSettings: {} })).id as string;
  const invite = (await post('POST', `/orgs/${org}/link-invites`, { role: 'read' })).id as string;
  const translation = (await post('POST', `/orgs/${org}/translations`, { source: { space: target, language: 'en' }, language: 'fr' })).id as string;
  const slug = `swept-spec-${n}`;
  await post('PUT', `/orgs/${org}/openapi/${slug}`, { source: { text: 'openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths: {}\n' } });
  const integration = `swept-integration-${n}`;
  await post('POST', `/integrations/${integration}`, { organization: org, title: 'Swept', description: 'x', script: 'x', scopes: [], visibility: 'public' });
  const installation = (await post('POST', `/integrations/${integration}/installations`, { organization: org })).id as string;
  await post('POST', `/integrations/${integration}/installations/${installation}/spaces`, { space });
  return {
    organizationId: org,
    spaceId: space,
    collectionId: collection,
    teamId: team,
    userId: member,
    changeRequestId: cr,
    commentId: comment,
    commentReplyId: reply,
    crCommentId: crComment,
    crReplyId: crReply,
    siteId: site,
    siteSectionId: section,
    siteSectionGroupId: group,
    siteSpaceId: siteSpace,
    shareLinkId: shareLink,
    siteRedirectId: redirect,
    siteMcpServerId: mcp,
    siteExternalLinkId: externalLink,
    siteChannelId: channel,
    inviteId: invite,
    translationId: translation,
    specSlug: slug,
    integrationName: integration,
    installationId: installation,
    teamTitle,
    specVisibility: (await get(`/orgs/${org}/openapi/${slug}`)).visibility,
    instructions: JSON.stringify((await get(`/orgs/${org}/translations/${translation}`)).instructions ?? { nodes: [] }),
    authBackend: (await get(`/orgs/${org}/sites/${site}/publishing/auth`)).backend ?? 'custom',
    customization: JSON.stringify(await get(`/orgs/${org}/sites/${site}/customization`)),
  };
}

type Ids = Record<string, string>;
type Body = Record<string, unknown> | ((ids: Ids) => unknown);

/** Update and delete operations with a body that changes nothing (or an empty one), by path. */
const writes: [method: string, path: string, body?: Body][] = [
  ['PATCH', '/spaces/{spaceId}', { title: 'Swept' }],
  ['PATCH', '/spaces/{spaceId}', {}],
  ['DELETE', '/spaces/{spaceId}'],
  ['POST', '/spaces/{spaceId}/restore'],
  ['PATCH', '/spaces/{spaceId}/permissions/teams/{teamId}', { role: 'read' }],
  ['DELETE', '/spaces/{spaceId}/permissions/teams/{teamId}'],
  ['PATCH', '/spaces/{spaceId}/permissions/users/{userId}', { role: 'read' }],
  ['DELETE', '/spaces/{spaceId}/permissions/users/{userId}'],
  ['PATCH', '/spaces/{spaceId}/change-requests/{changeRequestId}', { subject: 'Swept' }],
  ['PATCH', '/spaces/{spaceId}/change-requests/{changeRequestId}', {}],
  ['DELETE', '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}'],
  ['PUT', '/spaces/{spaceId}/comments/{commentId}', { body: { markdown: 'Hi' } }],
  ['PUT', '/spaces/{spaceId}/comments/{commentId}', {}],
  ['DELETE', '/spaces/{spaceId}/comments/{commentId}'],
  ['PUT', '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', { body: { markdown: 'Yo' } }],
  ['PUT', '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', {}],
  ['DELETE', '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}'],
  ['PUT', '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{crCommentId}', { body: { markdown: 'Hi' } }],
  ['PUT', '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{crCommentId}', {}],
  ['DELETE', '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{crCommentId}'],
  ['PUT', '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{crCommentId}/replies/{crReplyId}', { body: { markdown: 'Yo' } }],
  ['PUT', '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{crCommentId}/replies/{crReplyId}', {}],
  ['DELETE', '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{crCommentId}/replies/{crReplyId}'],
  ['PATCH', '/collections/{collectionId}', { title: 'Swept' }],
  ['PATCH', '/collections/{collectionId}', {}],
  ['DELETE', '/collections/{collectionId}'],
  ['PATCH', '/collections/{collectionId}/permissions/teams/{teamId}', { role: 'read' }],
  ['DELETE', '/collections/{collectionId}/permissions/teams/{teamId}'],
  ['PATCH', '/collections/{collectionId}/permissions/users/{userId}', { role: 'read' }],
  ['DELETE', '/collections/{collectionId}/permissions/users/{userId}'],
  ['DELETE', '/integrations/{integrationName}'],
  ['DELETE', '/integrations/{integrationName}/dev'],
  ['PATCH', '/integrations/{integrationName}/installations/{installationId}', {}],
  ['DELETE', '/integrations/{integrationName}/installations/{installationId}'],
  ['PATCH', '/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}', {}],
  ['DELETE', '/integrations/{integrationName}/installations/{installationId}/spaces/{spaceId}'],
  ['PATCH', '/orgs/{organizationId}', { title: 'Main' }],
  ['PATCH', '/orgs/{organizationId}', {}],
  ['PATCH', '/orgs/{organizationId}/members/{userId}', { role: 'edit' }],
  ['DELETE', '/orgs/{organizationId}/members/{userId}'],
  ['PATCH', '/orgs/{organizationId}/teams/{teamId}', (ids) => ({ title: ids.teamTitle })],
  ['DELETE', '/orgs/{organizationId}/teams/{teamId}'],
  ['PUT', '/orgs/{organizationId}/teams/{teamId}/members', { add: [], remove: [] }],
  ['DELETE', '/orgs/{organizationId}/teams/{teamId}/members/{userId}'],
  ['PATCH', '/orgs/{organizationId}/link-invites/{inviteId}', { role: 'read' }],
  ['DELETE', '/orgs/{organizationId}/link-invites/{inviteId}'],
  ['PATCH', '/orgs/{organizationId}/openapi/{specSlug}', (ids) => ({ visibility: ids.specVisibility })],
  ['DELETE', '/orgs/{organizationId}/openapi/{specSlug}'],
  ['PUT', '/orgs/{organizationId}/translations/{translationId}', (ids) => ({ instructions: JSON.parse(ids.instructions!) })],
  ['DELETE', '/orgs/{organizationId}/translations/{translationId}'],
  ['PUT', '/orgs/{organizationId}/translations-glossary', { operations: [] }],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}', { title: 'Swept' }],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}', {}],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}', { name: 'Link' }],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/publishing/auth', (ids) => ({ backend: ids.authBackend })],
  ['PUT', '/orgs/{organizationId}/sites/{siteId}/customization', (ids) => JSON.parse(ids.customization!)],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}', { title: 'Group' }],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}'],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}', { title: 'Two' }],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}', {}],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization', { title: 'Custom' }],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}', { source: '/old' }],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}', { name: 'M' }],
  ['POST', '/spaces/{spaceId}/move', { parent: null }],
  ['POST', '/collections/{collectionId}/move', { parent: null }],
  ['POST', '/spaces/{spaceId}/change-requests/{changeRequestId}/update'],
  ['POST', '/spaces/{spaceId}/change-requests/{changeRequestId}/merge'],
  ['POST', '/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers', { users: [] }],
  ['POST', '/orgs/{organizationId}/sites/{siteId}/unpublish'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/structure/sort', (ids) => ({ item: { type: 'site-section', id: ids.siteSectionId }, position: {} })],
  ['POST', '/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move', {}],
  ['POST', '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move', {}],
  ['POST', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move', {}],
  ['PUT', '/orgs/{organizationId}/teams/{teamId}/members/{userId}'],
  ['PUT', '/integrations/{integrationName}/dev', { tunnelUrl: 'https://tunnel.example.com/hook' }],
  ['POST', '/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate'],
  ['POST', '/orgs/{organizationId}/translations/{translationId}/run'],
  ['POST', '/orgs/{organizationId}/members/{userId}/sso'],
  ['POST', '/spaces/{spaceId}/change-requests/{changeRequestId}/reviews', { status: 'approved' }],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/mcp-servers/{siteMcpServerId}'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}', { role: 'read' }],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/permissions/users/{userId}'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}', { role: 'read' }],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/permissions/teams/{teamId}'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}', { title: 'Home' }],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/external-links/{siteExternalLinkId}'],
  ['PATCH', '/orgs/{organizationId}/sites/{siteId}/channels/{siteChannelId}', { role: 'support' }],
  ['DELETE', '/orgs/{organizationId}/sites/{siteId}/channels/{siteChannelId}'],
];

/** The path with ids from the fixture; `unknown` replaces the last one with an id that names nothing. */
function pathOf(template: string, ids: Ids, unknown: boolean): string {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const last = names.at(-1);
  return `/v1${template.replace(/\{(\w+)\}/g, (_, name: string) => (unknown && name === last && name !== 'organizationId' ? 'unknownid00000000000' : ids[name]!))}`;
}

describe('auth matrix: updates that change nothing and deletes of unknown ids are refused below the role', () => {
  // The fixtures start jobs (OpenAPI processing, translations): let them end before the store closes.
  afterAll(() => s.domain.jobs.stop());
  for (const [method, template, body] of writes) {
    it(`${method} ${template}${typeof body === 'object' && !Object.keys(body).length ? ' (empty body)' : ''}`, async () => {
      const ids = await writeFixture();
      const reader = (await s.member('read')).token;
      const outsider = (await s.member('admin', s.otherOrg)).token;
      const results: Record<string, number> = {};
      const payload = typeof body === 'function' ? body(ids) : body;
      for (const [who, token] of [
        ['read', reader],
        ['outsider', outsider],
      ] as const) {
        for (const unknown of [false, true]) {
          const response = await s.request(method, pathOf(template, ids, unknown), { token, ...(payload !== undefined ? { body: payload } : {}) });
          const status = response.status;
          results[`${who}${unknown ? ' (unknown id)' : ''}`] = status === 403 || status === 404 ? 0 : status;
        }
      }
      expect(results).toEqual({ read: 0, 'read (unknown id)': 0, outsider: 0, 'outsider (unknown id)': 0 });
    });
  }
});
