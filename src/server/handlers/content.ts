import { type BodyFormat, type LinkStatus, type RevisionView } from '../../domain/content/content.js';
import { type Context, type Handlers, ok, pageOf } from '../handler.js';
import { list, type Urls } from '../present.js';
import { changeRequest } from '../present-change-requests.js';
import * as present from '../present-content.js';

/** `evaluated=true` and `deterministic-only` both evaluate: variables are the only expressions, and they are deterministic. */
export const isEvaluated = (query: Context['query']): boolean => [true, 'true', 'deterministic-only'].includes(query.evaluated as string);

export const optionsOf = (query: Context['query']): present.ContentOptions => ({
  metadata: query.metadata !== false,
  computed: query.computed !== false,
});

/** URL prefixes of the application: links to them are reported as `in-app`. */
export const appPrefixes = (urls: Urls): string[] => [urls.app('/'), 'https://app.gitbook.com/'];

/** A page, with its body when `format` asks for one. */
export async function pageReply(ctx: Context, view: RevisionView, pageId: string | undefined, path?: string) {
  const contents = ctx.domain.content;
  const page = path !== undefined ? contents.pageByPath(view, path) : contents.page(view, pageId!);
  const format = ctx.query.format as BodyFormat | undefined;
  const body = format && page.kind === 'document' ? await contents.body(view, page, format, isEvaluated(ctx.query)) : undefined;
  return ok(present.page(ctx.urls, view, page, optionsOf(ctx.query), body));
}

/** A revision, naming the change request it merged when it is a merge. */
export function revisionReply(ctx: Context, view: RevisionView) {
  const merged = ctx.domain.changeRequests.mergedInto(ctx.caller, view);
  return ok(present.revision(ctx.urls, view, optionsOf(ctx.query), merged && changeRequest(ctx.urls, merged)));
}

export const contentHandlers: Handlers = {
  getCurrentRevision: (ctx) => revisionReply(ctx, ctx.domain.content.current(ctx.caller, ctx.params.spaceId!)),

  listPages: ({ caller, domain, params, query, urls }) =>
    ok({ pages: present.pageTree(urls, domain.content.current(caller, params.spaceId!), null, optionsOf(query)) }),

  listFiles: ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = contents.current(caller, params.spaceId!);
    return ok(list(contents.files(view, pageOf(query)), (f) => present.file(urls, view, f, optionsOf(query))));
  },

  getFileById: ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = contents.current(caller, params.spaceId!);
    return ok(present.file(urls, view, contents.file(view, params.fileId!), optionsOf(query)));
  },

  listSpaceFileBacklinks: ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = contents.current(caller, params.spaceId!);
    return ok(list(contents.backlinks(view, { file: params.fileId! }, pageOf(query)), (p) => present.pageLocation(urls, view, p)));
  },

  listSpacePageBacklinks: ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = contents.current(caller, params.spaceId!);
    return ok(list(contents.backlinks(view, { page: params.pageId! }, pageOf(query)), (p) => present.pageLocation(urls, view, p)));
  },

  getPageById: (ctx) => pageReply(ctx, ctx.domain.content.current(ctx.caller, ctx.params.spaceId!), ctx.params.pageId),

  getPageByPath: (ctx) => pageReply(ctx, ctx.domain.content.current(ctx.caller, ctx.params.spaceId!), undefined, ctx.params.pagePath!),

  listPageLinksInSpace: ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = contents.current(caller, params.spaceId!);
    const linkQuery = { ...pageOf(query), ...(query.status ? { status: query.status as LinkStatus } : {}) };
    const { page, stats } = contents.listLinks(view, linkQuery, appPrefixes(urls), params.pageId!);
    return ok({ ...list(page, (u) => present.linkUsage(urls, view, u)), stats: present.linkStats(stats) });
  },

  listSpaceLinks: ({ caller, domain, params, query, urls }) => {
    const contents = domain.content;
    const view = contents.current(caller, params.spaceId!);
    const linkQuery = { ...pageOf(query), ...(query.status ? { status: query.status as LinkStatus } : {}) };
    const { page, stats } = contents.listLinks(view, linkQuery, appPrefixes(urls));
    return ok({ ...list(page, (u) => present.linkUsage(urls, view, u)), stats: present.linkStats(stats) });
  },

  searchSpaceContent: ({ caller, domain, params, query, urls }) => {
    const { view, page } = domain.content.search(caller, params.spaceId!, String(query.query ?? ''), pageOf(query));
    return ok(list(page, (hit) => present.searchResult(urls, view, hit)));
  },

  getReusableContentById: ({ caller, domain, params, query }) => {
    const contents = domain.content;
    const view = contents.current(caller, params.spaceId!);
    return ok(present.reusableContent(contents.reusableContent(view, params.reusableContentId!), optionsOf(query)));
  },

  getDocumentById: async ({ caller, domain, params }) => ok(await domain.content.documentById(caller, params.spaceId!, params.documentId!)),
};
