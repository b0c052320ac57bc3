/**
 * Every routed operation, called through the official client of the newest spec that has it (0.202.0; 0.143.2 for
 * those it dropped) with a valid request on a seeded world: a 2xx (the client's fetch checks every answer against the
 * spec), or the 501/404 of src/server/unavailable.ts with its message. The operations come from the route table
 * (src/server/operation-status.ts), so an operation built on another branch is swept once merged; one with neither a
 * handler nor an unavailable.ts entry is listed as a todo.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sample } from 'openapi-sampler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncDirectory } from '../../src/gitsync/import.js';
import { type OperationEntry, operationStatuses } from '../../src/server/operation-status.js';
import { contractOperations, loadSpec, type Operation, type SpecName } from '../../src/server/openapi.js';
import { unavailable } from '../../src/server/unavailable.js';
import { useFixtureServer } from '../helpers/http-fixture.js';
import { errorOf, useServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait-for.js';

// The pages the embed operations read (allowed through DOCS_ALLOW_HOSTS before the server starts).
const web = useFixtureServer({ '/article': { body: '<title>An article</title>', type: 'text/html' } });
const s = useServer();

// --- The clients' methods, found by method and path ---------------------------------------------------------------

interface ClientMethod {
  call: (...args: unknown[]) => unknown;
  /** The method's arguments by name: path variables, `data`, `query`, `params`. */
  args: string[];
  /** The path variables in the order the path has them. */
  pathVars: string[];
}

/** `GET /spaces/{}/content` -> the client's method, read from each method's source (the client is generated). */
function clientMethods(api: object): Map<string, ClientMethod> {
  const methods = new Map<string, ClientMethod>();
  const add = (fn: unknown, self: object) => {
    if (typeof fn !== 'function') return;
    const source = String(fn);
    const path = /path: `([^`]*)`/.exec(source)?.[1];
    const method = /method: "(\w+)"/.exec(source)?.[1];
    const args = /^\(([^)]*)\)/.exec(source)?.[1];
    if (path === undefined || !method || args === undefined) return;
    methods.set(`${method} ${path.replace(/\$\{\w+\}/g, '{}')}`, {
      call: (fn as (...a: unknown[]) => unknown).bind(self),
      args: args.split(',').map((a) => a.trim().replace(/\s*=.*$/, '')),
      pathVars: [...path.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!),
    });
  };
  for (const value of Object.values(api)) {
    if (value && typeof value === 'object') for (const fn of Object.values(value)) add(fn, value);
    else add(value, api);
  }
  return methods;
}

const keyOf = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path.replace(/\{\w+\}/g, '{}')}`;

// --- The seeded world: every record a path parameter can name -------------------------------------------------------

type Ids = Record<string, string>;
let world: Ids;
/** Makers of a fresh record named by a path parameter, for the operations that delete or move it. */
let fresh: Record<string, (ids: Ids) => Promise<string>>;
let reviewerToken: string;

async function post(method: string, path: string, body?: unknown): Promise<any> {
  const response = await s.request(method, `/v1${path}`, body === undefined ? {} : { body });
  if (response.status >= 300) throw new Error(`seeding: ${method} ${path}: ${response.status} ${response.text}`);
  return response.json;
}

/** A space from a small Git Sync tree: two pages, an image file and a reusable content. */
async function seededSpace(title: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-sweep-'));
  mkdirSync(join(dir, '.gitbook/assets'), { recursive: true });
  mkdirSync(join(dir, '.gitbook/includes'), { recursive: true });
  writeFileSync(join(dir, 'SUMMARY.md'), '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n');
  writeFileSync(join(dir, 'README.md'), '# Welcome\n\nHello. See [the guide](guide.md).\n\n![A dot](.gitbook/assets/dot.png)\n');
  writeFileSync(join(dir, 'guide.md'), '# Guide\n\n## Steps\n\nDo this.\n\n{% include ".gitbook/includes/snippet.md" %}\n');
  writeFileSync(join(dir, '.gitbook/includes/snippet.md'), '---\ntitle: Snippet\n---\n\nShared words.\n');
  writeFileSync(
    join(dir, '.gitbook/assets/dot.png'),
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  );
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'Seed');
  const space = (await post('POST', `/orgs/${s.org}/spaces`, { title })).id as string;
  const caller = (await s.domain.users.authenticate(s.ownerToken))!;
  const [report] = await syncDirectory(s.domain, { dir, space, organizationId: s.org, caller, parseWorkers: 0 });
  if (!report?.revisionId) throw new Error(`seeding: the import of ${dir} failed`);
  return space;
}

const OPENAPI = 'openapi: 3.0.0\ninfo: {title: Pets, version: "1"}\npaths:\n  /pets:\n    get:\n      responses:\n        "200": {description: OK}\n';
let counter = 0;

async function seedWorld(): Promise<void> {
  const org = s.org;
  const reviewer = await s.member('review');
  reviewerToken = reviewer.token;
  const member = (await s.member('edit')).userId;
  const spaceId = await seededSpace('Sweep');
  const target = (await post('POST', `/orgs/${org}/spaces`, { title: 'Target' })).id as string;
  const revision = await post('GET', `/spaces/${spaceId}/content`);
  const pages = (await post('GET', `/spaces/${spaceId}/content/pages`)).pages as { id: string; documentId?: string }[];
  const changeRequestId = (await post('POST', `/spaces/${spaceId}/change-requests`, { subject: 'Sweep' })).id as string;
  await s.newerClient(reviewer.token).spaces.submitChangeRequestReview(spaceId, changeRequestId, { status: 'approved' as never });
  const team = (await post('PUT', `/orgs/${org}/teams`, { title: 'Sweepers' })).id as string;
  await post('POST', `/spaces/${spaceId}/permissions`, { role: 'read', users: [member], teams: [team] });
  const collection = (await post('POST', `/orgs/${org}/collections`, { title: 'Sweep' })).id as string;
  await post('POST', `/collections/${collection}/permissions`, { role: 'read', users: [member], teams: [team] });
  await post('PUT', `/orgs/${org}/teams/${team}/members/${member}`);
  const site = (await post('POST', `/orgs/${org}/sites`, { title: 'Sweep', spaces: [spaceId] })).id as string;
  const siteSpace = (await post('GET', `/orgs/${org}/sites/${site}/site-spaces`)).items[0].id as string;
  const section = (await post('POST', `/orgs/${org}/sites/${site}/sections`, { spaceId: target, title: 'Two' })).id as string;
  const integration = 'sweep-integration';
  await post('POST', `/integrations/${integration}`, { organization: org, title: 'Sweep', description: 'x', script: 'x', scopes: [], visibility: 'public' });
  const installation = (await post('POST', `/integrations/${integration}/installations`, { organization: org })).id as string;
  await post('POST', `/integrations/${integration}/installations/${installation}/spaces`, { space: spaceId });
  await post('POST', `/integrations/${integration}/installations/${installation}/sites`, { siteId: site });
  const events = (await post('GET', `/integrations/${integration}/events`)).items as { id: string }[];
  const specSlug = 'sweep-spec';
  await post('PUT', `/orgs/${org}/openapi/${specSlug}`, { source: { text: OPENAPI } });
  const versions = await waitFor(
    async () => {
      const items = (await post('GET', `/orgs/${org}/openapi/${specSlug}/versions`)).items as { id: string }[];
      return items.length ? items : undefined;
    },
    { timeout: 30_000, message: 'the OpenAPI spec to be processed' },
  );
  await post('PUT', `/orgs/${org}/translations-glossary`, { operations: [{ type: 'insert', translations: { en: 'Quire', fr: 'Quire' } }] });
  const glossary = (await post('GET', `/orgs/${org}/translations-glossary`)).items as { id: string }[];
  const translation = (await post('POST', `/orgs/${org}/translations`, { source: { space: target, language: 'en' }, language: 'fr' })).id as string;
  const saml = (await post('POST', `/orgs/${org}/saml`, { label: 'Sweep IdP' })).id as string;
  const spare = (await post('POST', `/orgs/${org}/spaces`, { title: 'Spare' })).id as string;
  const spareSite = (await post('POST', `/orgs/${org}/sites`, { title: 'Spare' })).id as string;
  await post('POST', `/orgs/${org}/sites/${site}/publish`);
  await post('PUT', `/orgs/${org}/sites/${site}/customization`, { feedback: { enabled: true } });
  const adaptive = loadSpec('newer').operations.find((o) => o.operationId === 'updateSiteAdaptiveSchema')!;
  await post('PUT', `/orgs/${org}/sites/${site}/adaptive-schema`, sampled(adaptive.body!.schema, 'newer'));

  fresh = {
    spaceId: async () => (await post('POST', `/orgs/${org}/spaces`, { title: `Fresh ${++counter}` })).id,
    collectionId: async () => (await post('POST', `/orgs/${org}/collections`, { title: `Fresh ${++counter}` })).id,
    changeRequestId: async (ids) => (await post('POST', `/spaces/${ids.spaceId}/change-requests`, { subject: `Fresh ${++counter}` })).id,
    commentId: async (ids) =>
      (
        await post('POST', ids.changeRequestId ? `/spaces/${ids.spaceId}/change-requests/${ids.changeRequestId}/comments` : `/spaces/${ids.spaceId}/comments`, {
          body: { markdown: 'Hi' },
        })
      ).id,
    commentReplyId: async (ids) =>
      (
        await post(
          'POST',
          `${ids.changeRequestId ? `/spaces/${ids.spaceId}/change-requests/${ids.changeRequestId}` : `/spaces/${ids.spaceId}`}/comments/${ids.commentId}/replies`,
          { body: { markdown: 'Yo' } },
        )
      ).id,
    userId: async () => (await s.member('read')).userId,
    teamId: async () => (await post('PUT', `/orgs/${org}/teams`, { title: `Fresh ${++counter}` })).id,
    siteId: async () => (await post('POST', `/orgs/${org}/sites`, { title: `Fresh ${++counter}` })).id,
    siteSpaceId: async (ids) => {
      const space = (await post('POST', `/orgs/${org}/spaces`, { title: `Fresh ${++counter}` })).id;
      return (await post('POST', `/orgs/${org}/sites/${ids.siteId}/site-spaces`, { spaceId: space })).id;
    },
    siteSectionId: async (ids) => {
      const space = (await post('POST', `/orgs/${org}/spaces`, { title: `Fresh ${++counter}` })).id;
      return (await post('POST', `/orgs/${org}/sites/${ids.siteId}/sections`, { spaceId: space, title: `Fresh ${counter}` })).id;
    },
    siteSectionGroupId: async (ids) =>
      (await post('POST', `/orgs/${org}/sites/${ids.siteId}/section-groups`, { title: `Group ${++counter}`, sections: [] })).id,
    siteRedirectId: async (ids) =>
      (
        await post('POST', `/orgs/${org}/sites/${ids.siteId}/redirects`, {
          source: ids.siteRedirectId === 'world' ? '/old-world' : `/old-${++counter}`,
          destination: { kind: 'site-section', siteSectionId: section },
        })
      ).id,
    shareLinkId: async (ids) => (await post('POST', `/orgs/${org}/sites/${ids.siteId}/share-links`, { name: `Link ${++counter}` })).id,
    siteChannelId: async (ids) =>
      (await post('POST', `/orgs/${org}/sites/${ids.siteId}/channels`, { type: 'builtin:slack', setupSettings: { allowedChannels: ['docs'] } })).id,
    siteExternalLinkId: async (ids) =>
      (await post('POST', `/orgs/${org}/sites/${ids.siteId}/external-links`, { title: `Link ${++counter}`, url: 'https://example.com/' })).id,
    siteMcpServerId: async (ids) =>
      (await post('POST', `/orgs/${org}/sites/${ids.siteId}/mcp-servers`, { name: `M${++counter}`, url: 'https://mcp.example.com/sse', headers: {} })).id,
    inviteId: async () => (await post('POST', `/orgs/${org}/link-invites`, { role: 'read' })).id,
    translationId: async () => (await post('POST', `/orgs/${org}/translations`, { source: { space: target, language: 'en' }, language: 'de' })).id,
    specSlug: async () => {
      const slug = `fresh-spec-${++counter}`;
      await post('PUT', `/orgs/${org}/openapi/${slug}`, { source: { text: OPENAPI } });
      return slug;
    },
    integrationName: async () => {
      const name = `fresh-integration-${++counter}`;
      await post('POST', `/integrations/${name}`, { organization: org, title: 'Fresh', description: 'x', script: 'x', scopes: [], visibility: 'public' });
      return name;
    },
    installationId: async (ids) => (await post('POST', `/integrations/${ids.integrationName}/installations`, { organization: org })).id,
    samlProviderId: async () => (await post('POST', `/orgs/${org}/saml`, { label: `Fresh ${++counter}` })).id,
  };

  world = {
    organizationId: org,
    spaceId,
    pageId: pages[0]!.id,
    pagePath: 'guide',
    documentId: pages[0]!.documentId ?? '',
    fileId: revision.files[0].id,
    reusableContentId: revision.reusableContents[0].id,
    revisionId: revision.id,
    changeRequestId,
    commentId: await fresh.commentId!({ spaceId }),
    crCommentId: await fresh.commentId!({ spaceId, changeRequestId }),
    userId: member,
    teamId: team,
    collectionId: collection,
    siteId: site,
    siteSpaceId: siteSpace,
    siteSectionId: section,
    siteSectionGroupId: await fresh.siteSectionGroupId!({ siteId: site }),
    siteRedirectId: await fresh.siteRedirectId!({ siteId: site, siteRedirectId: 'world' }),
    shareLinkId: await fresh.shareLinkId!({ siteId: site }),
    siteChannelId: await fresh.siteChannelId!({ siteId: site }),
    siteExternalLinkId: await fresh.siteExternalLinkId!({ siteId: site }),
    siteMcpServerId: await fresh.siteMcpServerId!({ siteId: site }),
    integrationName: integration,
    installationId: installation,
    eventId: events[0]?.id ?? 'no-event',
    specSlug,
    versionId: versions[0]!.id,
    glossaryEntryId: glossary[0]!.id,
    translationId: translation,
    inviteId: await fresh.inviteId!({}),
    samlProviderId: saml,
    subdomain: (await post('GET', `/orgs/${org}`)).subdomain ?? 'main',
    projectId: '1',
    reviewerId: reviewer.userId,
    targetSpaceId: target,
    spareSpaceId: spare,
    spareSiteId: spareSite,
    spaceAppUrl: (await post('GET', `/spaces/${spaceId}`)).urls.app,
    publishedUrl: (await post('GET', `/orgs/${org}/sites/${site}`)).urls.published,
    customization: JSON.stringify(await post('GET', `/orgs/${org}/sites/${site}/customization`)),
  };
  world.commentReplyId = await fresh.commentReplyId!({ spaceId, commentId: world.commentId! });
  await post('POST', `/orgs/${org}/sites/${site}/permissions`, { role: 'read', users: [member], teams: [team] });
  world.reviewId = (await post('GET', `/spaces/${spaceId}/change-requests/${changeRequestId}/reviews`)).items[0].id;
  // A website import run, left pending (jobs do not run here); its address is private: it would be refused, never fetched.
  world.importRunId = (await post('POST', `/org/${org}/imports`, IMPORT_RUN(spaceId))).id;
  world.emailDomain = 'test.local';
  // The seeding above wrote to the organization: its audit log has events.
  world.auditEventId = (await post('GET', `/orgs/${org}/audit-events`)).items[0].id;
  world.crCommentReplyId = await fresh.commentReplyId!({ spaceId, changeRequestId, commentId: world.crCommentId! });
}

// --- Requests -------------------------------------------------------------------------------------------------------

/** Operations that change what later operations read: they act on fresh records (the last path parameter's). */
const DESTRUCTIVE = new Set(['transferSpace', 'transferCollection', 'mergeChangeRequest', 'moveSpace', 'moveCollection', 'uninstallIntegration']);

const markdown = (text: string) => `data:text/markdown;base64,${Buffer.from(text).toString('base64')}`;
const IMPORT = () => ({ body: { url: markdown('# Imported\n\nWords.\n'), source: 'markdown' } });
const IMPORT_RUN = (space: string) => ({ source: { type: 'website', url: 'http://10.0.0.1/docs/' }, target: { space } });
/** A `builtin:openapi` computed content source on the world's spec. */
const OPENAPI_SOURCE = (props: Record<string, unknown>) => ({
  type: 'builtin:openapi',
  props,
  dependencies: { spec: { ref: { kind: 'openapi', spec: world.specSlug } } },
});

/** Bodies and queries the sampler cannot guess (ids of the world, values the server checks), by operationId. */
const REQUESTS: Record<string, () => { body?: unknown; query?: Record<string, unknown> }> = {
  updateUserById: () => ({ body: { displayName: 'Sweeper' } }),
  moveSpace: () => ({ body: { parent: world.collectionId } }),
  moveCollection: () => ({ body: { parent: world.collectionId } }),
  transferSpace: () => ({ body: { organization: s.otherOrg } }),
  transferCollection: () => ({ body: { organization: s.otherOrg } }),
  inviteToSpace: () => ({ body: { role: 'read', users: [world.userId] } }),
  inviteToCollection: () => ({ body: { role: 'read', users: [world.userId] } }),
  importContent: IMPORT,
  importContentInPageById: IMPORT,
  importContentInChangeRequest: IMPORT,
  importContentInChangeRequestPageById: IMPORT,
  applyTemplateToSpace: () => ({ body: { id: 'product-docs' } }),
  submitChangeRequestReview: () => ({ body: { status: 'approved' } }),
  requestReviewersForChangeRequest: () => ({ body: { users: [world.reviewerId] } }),
  updateChangeRequestContent: () => ({ body: { changes: [{ operation: 'update_page', page: world.pageId, title: 'Welcome again' }] } }),
  publishIntegration: () => ({ body: { organization: s.org, title: 'Sweep', description: 'x', script: 'x', scopes: [], visibility: 'public' } }),
  installIntegration: () => ({ body: { organization: s.org } }),
  setIntegrationDevelopmentMode: () => ({ body: { tunnelUrl: 'https://tunnel.example.com/hook', all: false } }),
  installIntegrationOnSpace: () => ({ body: { space: world.spareSpaceId } }),
  installIntegrationOnSite: () => ({ body: { siteId: world.spareSiteId } }),
  updateTeamInOrganizationById: () => ({ body: { title: 'Sweepers renamed' } }),
  createTranslation: () => ({ body: { source: { space: world.targetSpaceId, language: 'en' }, language: 'es' } }),
  updateGlossaryEntries: () => ({ body: { operations: [{ type: 'insert', translations: { en: 'Site', fr: 'Site' } }] } }),
  updateSiteShareLinkById: () => ({ body: { name: 'Renamed' } }),
  sortSiteStructure: () => ({ body: { item: { type: 'site-section', id: world.siteSectionId }, position: {} } }),
  updateSiteCustomizationById: () => ({ body: JSON.parse(world.customization!) }),
  addSpaceToSite: () => ({ body: { spaceId: world.spareSpaceId } }),
  addSectionToGroup: () => ({ body: { sectionId: world.siteSectionId } }),
  addSectionToSite: () => ({ body: { spaceId: world.spareSpaceId, title: 'Three' } }),
  createSiteRedirect: () => ({ body: { source: '/sweep-new', destination: { kind: 'site-section', siteSectionId: world.siteSectionId } } }),
  getSiteRedirectBySource: () => ({ query: { source: '/old-world' } }),
  getContentByUrl: () => ({ query: { url: world.spaceAppUrl } }),
  getPublishedContentByUrl: () => ({ query: { url: world.publishedUrl } }),
  getEmbedByUrl: () => ({ query: { url: `${web.url}/article` } }),
  getEmbedByUrlInSpace: () => ({ query: { url: `${web.url}/article` } }),
  resolvePublishedContentByUrl: () => ({ body: { url: world.publishedUrl } }),
  trackEventsInSiteById: () => ({
    body: {
      events: [
        {
          type: 'page_post_feedback_comment',
          feedback: { rating: 'good', comment: 'Swept' },
          session: { sessionId: 'sweep', visitorId: 'sweep', cookies: {}, userAgent: '', language: null, referrer: null },
          location: {
            url: `${s.url}/`,
            siteSection: null,
            siteSpace: world.siteSpaceId,
            siteShareKey: null,
            space: world.spaceId,
            revision: null,
            page: world.pageId,
          },
        },
      ],
    },
  }),
  aggregateSiteEvents: () => ({ body: { range: 'last7Days', groupBy: [{ column: 'page' }], select: [{ column: 'pageFeedbackRating' }] } }),
  startImportRun: () => ({ body: IMPORT_RUN(world.spaceId!) }),
  inviteToSite: () => ({ body: { role: 'read', users: [world.userId], teams: [world.teamId] } }),
  bulkUpsertSiteRedirects: () => ({
    body: { redirects: [{ source: '/sweep-bulk', destination: { kind: 'site-section', siteSectionId: world.siteSectionId } }] },
  }),
  getComputedRevision: () => ({ body: { source: OPENAPI_SOURCE({ models: true }), seed: 'sweep' } }),
  getComputedDocument: () => ({ body: { source: OPENAPI_SOURCE({ doc: 'operation', page: '/pets', method: 'get' }), seed: 'sweep' } }),
};

/** Operations called by another user than the owner. */
const TOKENS: Record<string, () => string> = { submitChangeRequestReview: () => reviewerToken };

/** Records made for one operation, where the last path parameter's fresh record is not enough. */
const FRESH: Record<string, () => Promise<Ids>> = {
  restoreSpace: async () => {
    const spaceId = await fresh.spaceId!({});
    await post('DELETE', `/spaces/${spaceId}`);
    return { spaceId };
  },
  applyTemplateToSpace: async () => ({ spaceId: await fresh.spaceId!({}) }),
  updateUserById: async () => ({ userId: s.ownerId }),
  installIntegration: async () => ({ integrationName: await fresh.integrationName!({}) }),
  uninstallIntegration: async () => {
    const integrationName = await fresh.integrationName!({});
    return { integrationName, installationId: await fresh.installationId!({ integrationName }) };
  },
  unpublishSite: async () => ({ siteId: await fresh.siteId!({}) }),
  applyTemplateToSite: async () => ({ siteId: await fresh.siteId!({}) }),
  // Only a pending run can be cancelled: one started just before (the world's may have run with the jobs since).
  cancelImportRun: async () => ({ importRunId: (await post('POST', `/org/${s.org}/imports`, IMPORT_RUN(world.spaceId!))).id }),
};

/** The ids of the request: the world's, with the comment ids of a change request inside one, and fresh ones where needed. */
async function idsFor(entry: OperationEntry, operation: Operation): Promise<Ids> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const inChangeRequest = operation.path.includes('/change-requests/');
  const ids: Ids = {};
  for (const name of names) {
    ids[name] =
      inChangeRequest && name === 'commentId' ? world.crCommentId! : inChangeRequest && name === 'commentReplyId' ? world.crCommentReplyId! : world[name]!;
  }
  if (FRESH[entry.operationId]) return { ...ids, ...(await FRESH[entry.operationId]!()) };
  const last = names.at(-1);
  if (last && entry.status.kind === 'working' && (entry.method === 'delete' || DESTRUCTIVE.has(entry.operationId)) && fresh[last]) {
    ids[last] = await fresh[last]!(inChangeRequest ? ids : { ...ids, changeRequestId: '' });
  }
  return ids;
}

function sampled(schema: object | undefined, spec: SpecName): unknown {
  if (!schema) return undefined;
  return sample(schema as never, { skipNonRequired: true, skipReadOnly: true, quiet: true }, loadSpec(spec).document as never);
}

function requestOf(operation: Operation, spec: SpecName): { body?: unknown; query: Record<string, unknown> } {
  const given = REQUESTS[operation.operationId]?.() ?? {};
  const query: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'query' && parameter.required) query[parameter.name] = sampled(parameter.schema, spec);
  }
  const body = 'body' in given ? given.body : operation.body ? sampled(operation.body.schema, spec) : undefined;
  return { body, query: { ...query, ...given.query } };
}

// --- The sweep ------------------------------------------------------------------------------------------------------

const ORDER = { get: 0, post: 1, put: 1, patch: 1, delete: 2 } as const;
const entries = operationStatuses().sort((a, b) => ORDER[a.method] - ORDER[b.method]);
const contract = new Map(contractOperations().map((c) => [c.operationId, c]));
const clients = {
  newer: (token?: string) => clientMethods(s.newerClient(token)),
  pinned: (token?: string) => clientMethods(s.client(token)),
};

beforeAll(seedWorld, 120_000);
// Seeding starts jobs (OpenAPI processing, translations): let them end before the store closes.
afterAll(() => s.domain.jobs.stop());

describe('every routed operation, through the client of the newest spec that has it', () => {
  for (const entry of entries) {
    const spec: SpecName = contract.get(entry.operationId)!.newer ? 'newer' : 'pinned';
    const operation = contract.get(entry.operationId)![spec]!;
    const title = `${entry.operationId} (${entry.method.toUpperCase()} ${entry.path}, ${spec === 'newer' ? '0.202.0' : '0.143.2'})`;
    if (entry.status.kind === 'missing') {
      it.todo(`${title}: no handler and no unavailable.ts entry`);
      continue;
    }
    it(title, async () => {
      const method = clients[spec](TOKENS[entry.operationId]?.()).get(keyOf(operation));
      expect(method, `the ${spec} client has no method for ${keyOf(operation)}`).toBeDefined();
      const ids = await idsFor(entry, operation);
      const { body, query } = requestOf(operation, spec);
      const pathValues = method!.pathVars.map((_, i) => ids[[...operation.path.matchAll(/\{(\w+)\}/g)][i]![1]!]);
      const args = method!.args.map((name) => {
        const at = method!.pathVars.indexOf(name);
        if (at >= 0) return pathValues[at];
        if (name === 'data') return body;
        if (name === 'query') return query;
        return undefined;
      });
      const result = method!.call(...args);
      if (Symbol.asyncIterator in (result as object)) {
        // A streamed answer: its events are read to the end, or its error thrown.
        const consumed = (async () => {
          for await (const _event of result as AsyncIterable<unknown>);
        })();
        if (entry.status.kind === 'unavailable') {
          expect(await errorOf(consumed)).toEqual({ code: entry.status.status, message: unavailable(entry.operationId)!.message });
        } else {
          await consumed;
        }
        return;
      }
      const call = result as Promise<{ status: number }>;
      if (entry.status.kind === 'unavailable') {
        expect(await errorOf(call), JSON.stringify({ ids, body, query })).toEqual({
          code: entry.status.status,
          message: unavailable(entry.operationId)!.message,
        });
      } else {
        const response = await call.catch((error: Error) => {
          throw new Error(`${error.message}\nrequest: ${JSON.stringify({ ids, body, query })}`);
        });
        expect(response.status).toBeGreaterThanOrEqual(200);
        expect(response.status).toBeLessThan(300);
      }
    });
  }
});
