import type { BodyFormat, LinksQuery, LinkStatus, RevisionView } from '../../domain/content/content.js';
import type { ComputedSource } from '../../domain/openapi/computed.js';
import { type Handlers, ok, pageOf, type Services } from '../handler.js';
import { list, listAsync, type Urls } from '../present.js';
import { changeRequest } from '../present-change-requests.js';
import * as present from '../present-content.js';

type ContentQuery = { metadata?: boolean; computed?: boolean };

/**
 * `evaluated=true` and `deterministic-only` both evaluate: variables are the only expressions, and they are deterministic.
 * Ajv's coercion through the parameter's `oneOf` leaves `true` as the string "true" (and the default as "false").
 */
export const isEvaluated = (query: { evaluated?: unknown }): boolean => ['true', 'deterministic-only'].includes(String(query.evaluated));

export const optionsOf = (query: ContentQuery): present.ContentOptions => ({
  metadata: query.metadata !== false,
  computed: query.computed !== false,
});

const isLinkStatus = (value: unknown): value is LinkStatus => value === 'ok' || value === 'broken' || value === 'in-app';

/** The query of a link listing; `status` is checked here, as listPageLinksInChangeRequest's spec does not declare it. */
export const linksOf = (query: Omit<LinksQuery, 'status'> & { status?: unknown }): LinksQuery => ({
  ...pageOf(query),
  ...(isLinkStatus(query.status) ? { status: query.status } : {}),
});

/** URL prefixes of the application: links to them are reported as `in-app`. */
export const appPrefixes = (urls: Urls): string[] => [urls.app('/'), 'https://app.gitbook.com/'];

/** What of the content options a body depends on, in the key of its text (see `RevisionJson`). */
const optionsKey = (options: present.ContentOptions): string => `${options.metadata ? 'metadata' : ''},${options.computed === false ? '' : 'computed'}`;

/** A page, by id or by path, with its body when `format` asks for one; serialised once per revision. */
export async function pageReply(
  ctx: Services & { query: ContentQuery & { format?: BodyFormat; evaluated?: unknown } },
  view: RevisionView,
  ref: { pageId: string } | { pagePath: string },
) {
  const contents = ctx.domain.content;
  const page = 'pagePath' in ref ? contents.pageByPath(view, ref.pagePath) : contents.page(view, ref.pageId);
  const options = optionsOf(ctx.query);
  const format = page.kind === 'document' ? ctx.query.format : undefined;
  const evaluated = format !== undefined && isEvaluated(ctx.query);
  return await ctx.revisionJson.reply(ctx.urls.base, view, `page ${page.id} ${optionsKey(options)} ${format ?? ''} ${evaluated}`, async () => {
    const body = format && page.kind === 'document' ? await contents.body(view, page, format, evaluated) : undefined;
    return present.page(ctx.urls, view, page, options, body);
  });
}

/** The revision's page tree; serialised once per revision. */
export async function pagesReply(ctx: Services & { query: ContentQuery }, view: RevisionView) {
  const options = optionsOf(ctx.query);
  return await ctx.revisionJson.reply(ctx.urls.base, view, `pages ${optionsKey(options)}`, () => ({ pages: present.pageTree(ctx.urls, view, null, options) }));
}

/** A page of the revision's files; serialised once per revision. */
export async function filesReply(ctx: Services & { query: ContentQuery & { page?: string; limit?: number } }, view: RevisionView) {
  const options = optionsOf(ctx.query);
  const request = pageOf(ctx.query);
  return await ctx.revisionJson.reply(ctx.urls.base, view, `files ${request.page ?? ''} ${request.limit ?? ''} ${optionsKey(options)}`, () =>
    list(ctx.domain.content.files(view, request), (f) => present.file(ctx.urls, view, f, options)),
  );
}

/** One file of the revision; serialised once per revision. */
export async function fileReply(ctx: Services & { query: ContentQuery }, view: RevisionView, fileId: string) {
  const options = optionsOf(ctx.query);
  const file = ctx.domain.content.file(view, fileId);
  return await ctx.revisionJson.reply(ctx.urls.base, view, `file ${file.id} ${optionsKey(options)}`, () => present.file(ctx.urls, view, file, options));
}

/** A revision, naming the change request it merged when it is a merge. */
export async function revisionReply(ctx: Services & { query: ContentQuery }, view: RevisionView) {
  const merged = await ctx.domain.changeRequests.mergedInto(ctx.caller, view);
  return ok(present.revision(ctx.urls, view, optionsOf(ctx.query), merged && changeRequest(ctx.urls, merged)));
}

export const contentHandlers: Handlers = {
  getCurrentRevision: async (ctx) => await revisionReply(ctx, await ctx.domain.content.current(ctx.caller, ctx.params.spaceId)),

  listPages: async (ctx) => await pagesReply(ctx, await ctx.domain.content.current(ctx.caller, ctx.params.spaceId)),

  listFiles: async (ctx) => await filesReply(ctx, await ctx.domain.content.current(ctx.caller, ctx.params.spaceId)),

  getFileById: async (ctx) => await fileReply(ctx, await ctx.domain.content.current(ctx.caller, ctx.params.spaceId), ctx.params.fileId),

  listSpaceFileBacklinks: async ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = await contents.current(caller, params.spaceId);
    return ok(await listAsync(await contents.backlinks(view, { file: params.fileId }, pageOf(query)), async (p) => await present.pageLocation(urls, view, p)));
  },

  listSpacePageBacklinks: async ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = await contents.current(caller, params.spaceId);
    return ok(await listAsync(await contents.backlinks(view, { page: params.pageId }, pageOf(query)), async (p) => await present.pageLocation(urls, view, p)));
  },

  getPageById: async (ctx) => await pageReply(ctx, await ctx.domain.content.current(ctx.caller, ctx.params.spaceId), ctx.params),

  listSpacePageMetaLinks: async ({ caller, domain, params }) =>
    ok(present.metaLinks(await domain.content.metaLinks(caller, await domain.content.current(caller, params.spaceId), params.pageId))),

  getPageByPath: async (ctx) => await pageReply(ctx, await ctx.domain.content.current(ctx.caller, ctx.params.spaceId), ctx.params),

  listPageLinksInSpace: async ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = await contents.current(caller, params.spaceId);
    const { page, stats } = await contents.listLinks(view, linksOf(query), appPrefixes(urls), params.pageId);
    return ok({ ...(await listAsync(page, async (u) => await present.linkUsage(urls, view, u))), stats: present.linkStats(stats) });
  },

  listSpaceLinks: async ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = await contents.current(caller, params.spaceId);
    const { page, stats } = await contents.listLinks(view, linksOf(query), appPrefixes(urls));
    return ok({ ...(await listAsync(page, async (u) => await present.linkUsage(urls, view, u))), stats: present.linkStats(stats) });
  },

  searchSpaceContent: async ({ caller, domain, params, query, urls }) => {
    const { view, page } = await domain.content.search(caller, params.spaceId, query.query, pageOf(query));
    return ok(list(page, (hit) => present.searchResult(urls, view, hit)));
  },

  getReusableContentById: async ({ caller, domain, params, query }) => {
    const contents = domain.content;
    const view = await contents.current(caller, params.spaceId);
    return ok(present.reusableContent(contents.reusableContent(view, params.reusableContentId), optionsOf(query)));
  },

  getDocumentById: async ({ caller, domain, params }) => ok(await domain.content.documentById(caller, params.spaceId, params.documentId)),

  getComputedRevision: async ({ caller, domain, params, body, urls }) =>
    ok(present.computedRevision(urls, params.spaceId, await domain.computed.revision(caller, params.spaceId, body.source as ComputedSource, body.seed))),

  // `schema` (current or next) needs nothing: documents have one schema here.
  getComputedDocument: async ({ caller, domain, params, body }) =>
    ok(await domain.computed.document(caller, params.spaceId, body.source as ComputedSource, body.seed)),
};
