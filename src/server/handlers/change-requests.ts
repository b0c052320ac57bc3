import type { ChangeRequestQuery } from '../../domain/change-requests/change-requests.js';
import { created, deleted, type Handlers, ok, pageOf, type WithParams } from '../handler.js';
import { list, listAsync } from '../present.js';
import * as cr from '../present-change-requests.js';
import * as present from '../present-content.js';
import { appPrefixes, fileReply, filesReply, linksOf, optionsOf, pageReply, pagesReply, revisionReply } from './content.js';

const filterOf = (query: ChangeRequestQuery): ChangeRequestQuery => ({
  ...pageOf(query),
  ...(query.status !== undefined ? { status: query.status } : {}),
  ...(query.creator !== undefined ? { creator: query.creator } : {}),
  ...(query.contributor !== undefined ? { contributor: query.contributor } : {}),
});

/** The change request's current revision, read like any revision. */
const contentOf = async ({ caller, domain, params }: WithParams<'spaceId' | 'changeRequestId'>) =>
  await domain.changeRequests.content(caller, params.spaceId, params.changeRequestId);

export const changeRequestHandlers: Handlers = {
  createChangeRequest: async ({ caller, domain, params, body, urls }) => {
    const view = await domain.changeRequests.create(caller, params.spaceId, body ?? {});
    return created(cr.changeRequest(urls, view), urls.api(`/spaces/${view.space.id}/change-requests/${view.changeRequest.id}`));
  },

  listChangeRequestsForSpace: async ({ caller, domain, params, query, urls }) =>
    ok(list(await domain.changeRequests.list(caller, params.spaceId, filterOf(query)), (v) => cr.changeRequest(urls, v))),

  listChangeRequestsForOrganization: async ({ caller, domain, params, query, urls }) =>
    ok(list(await domain.changeRequests.listForOrganization(caller, params.organizationId, filterOf(query)), (v) => cr.changeRequest(urls, v))),

  getChangeRequestById: async ({ caller, domain, params, urls }) =>
    ok(cr.changeRequest(urls, await domain.changeRequests.get(caller, params.spaceId, params.changeRequestId))),

  updateChangeRequestById: async ({ caller, domain, params, body, urls }) =>
    ok(cr.changeRequest(urls, await domain.changeRequests.update(caller, params.spaceId, params.changeRequestId, body))),

  mergeChangeRequest: async ({ caller, domain, params }) => {
    const { revisionId, result } = await domain.changeRequests.merge(caller, params.spaceId, params.changeRequestId);
    return ok({ revision: revisionId, result });
  },

  updateChangeRequest: async ({ caller, domain, params }) => {
    const { revisionId, result } = await domain.changeRequests.updateFromSpace(caller, params.spaceId, params.changeRequestId);
    return ok({ revision: revisionId, result });
  },

  getReviewsByChangeRequestId: async ({ caller, domain, params, query, urls }) => {
    const request = { ...pageOf(query), ...(query.outdated !== undefined ? { outdated: query.outdated } : {}) };
    return ok(list(await domain.changeRequests.reviews.list(caller, params.spaceId, params.changeRequestId, request), (v) => cr.review(urls, v)));
  },

  submitChangeRequestReview: async ({ caller, domain, params, body, urls }) => {
    const view = await domain.changeRequests.reviews.submit(caller, params.spaceId, params.changeRequestId, body);
    const location = urls.api(`/spaces/${params.spaceId}/change-requests/${view.review.changeRequestId}/reviews/${view.review.id}`);
    return created(cr.review(urls, view), location);
  },

  getChangeRequestReviewById: async ({ caller, domain, params, urls }) =>
    ok(cr.review(urls, await domain.changeRequests.reviews.get(caller, params.spaceId, params.changeRequestId, params.reviewId))),

  getRequestedReviewersByChangeRequestId: async ({ caller, domain, params, query, urls }) =>
    ok(
      list(await domain.changeRequests.reviews.reviewers(caller, params.spaceId, params.changeRequestId, pageOf(query)), (v) => cr.requestedReviewer(urls, v)),
    ),

  requestReviewersForChangeRequest: async ({ caller, domain, params, body, urls }) => {
    const { requested } = await domain.changeRequests.reviews.request(caller, params.spaceId, params.changeRequestId, body);
    return ok({ users: requested.map((v) => cr.requestedReviewer(urls, v)) });
  },

  removeRequestedReviewerFromChangeRequest: async ({ caller, domain, params }) =>
    deleted(await domain.changeRequests.reviews.removeReviewer(caller, params.spaceId, params.changeRequestId, params.userId)),

  getContributorsByChangeRequestId: async ({ caller, domain, params, urls }) =>
    ok(list(await domain.changeRequests.contributors(caller, params.spaceId, params.changeRequestId), (v) => cr.contributor(urls, v))),

  getChangeRequestChanges: async ({ caller, domain, params, query, urls }) =>
    ok(cr.changes(urls, await domain.changeRequests.changes(caller, params.spaceId, params.changeRequestId, query.limit))),

  getRevisionSemanticChanges: async ({ caller, domain, params, query, urls }) =>
    ok(cr.changes(urls, await domain.changeRequests.revisionChanges(caller, params.spaceId, params.revisionId, query.limit))),

  // Content of the change request: the same reads as a space's current content.

  getRevisionOfChangeRequestById: async (ctx) => await revisionReply(ctx, await contentOf(ctx)),

  listPagesInChangeRequest: async (ctx) => await pagesReply(ctx, await contentOf(ctx)),

  listFilesInChangeRequestById: async (ctx) => await filesReply(ctx, await contentOf(ctx)),

  getFileInChangeRequestById: async (ctx) => await fileReply(ctx, await contentOf(ctx), ctx.params.fileId),

  getPageInChangeRequestById: async (ctx) => await pageReply(ctx, await contentOf(ctx), ctx.params),

  listChangeRequestPageMetaLinks: async (ctx) => ok(present.metaLinks(await ctx.domain.content.metaLinks(ctx.caller, await contentOf(ctx), ctx.params.pageId))),

  getPageInChangeRequestByPath: async (ctx) => await pageReply(ctx, await contentOf(ctx), ctx.params),

  listChangeRequestLinks: async (ctx) => {
    const view = await contentOf(ctx);
    const { page, stats } = await ctx.domain.content.listLinks(view, linksOf(ctx.query), appPrefixes(ctx.urls));
    return ok({ ...(await listAsync(page, async (u) => await present.linkUsage(ctx.urls, view, u))), stats: present.linkStats(stats) });
  },

  listPageLinksInChangeRequest: async (ctx) => {
    const view = await contentOf(ctx);
    const { page, stats } = await ctx.domain.content.listLinks(view, linksOf(ctx.query), appPrefixes(ctx.urls), ctx.params.pageId);
    return ok({ ...(await listAsync(page, async (u) => await present.linkUsage(ctx.urls, view, u))), stats: present.linkStats(stats) });
  },

  listChangeRequestPageBacklinks: async (ctx) => {
    const view = await contentOf(ctx);
    return ok(
      await listAsync(
        await ctx.domain.content.backlinks(view, { page: ctx.params.pageId }, pageOf(ctx.query)),
        async (p) => await present.pageLocation(ctx.urls, view, p),
      ),
    );
  },

  listChangeRequestFileBacklinks: async (ctx) => {
    const view = await contentOf(ctx);
    return ok(
      await listAsync(
        await ctx.domain.content.backlinks(view, { file: ctx.params.fileId }, pageOf(ctx.query)),
        async (p) => await present.pageLocation(ctx.urls, view, p),
      ),
    );
  },

  getReusableContentInChangeRequestById: async (ctx) => {
    const view = await contentOf(ctx);
    const rc = ctx.domain.content.reusableContent(view, ctx.params.reusableContentId);
    return ok(present.reusableContent(rc, optionsOf(ctx.query)));
  },
};
