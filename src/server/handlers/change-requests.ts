import type { ChangeRequestQuery } from '../../domain/change-requests/change-requests.js';
import { created, deleted, type Handlers, ok, pageOf, type WithParams } from '../handler.js';
import { list } from '../present.js';
import * as cr from '../present-change-requests.js';
import * as present from '../present-content.js';
import { appPrefixes, linksOf, optionsOf, pageReply, revisionReply } from './content.js';

const filterOf = (query: ChangeRequestQuery): ChangeRequestQuery => ({
  ...pageOf(query),
  ...(query.status !== undefined ? { status: query.status } : {}),
  ...(query.creator !== undefined ? { creator: query.creator } : {}),
  ...(query.contributor !== undefined ? { contributor: query.contributor } : {}),
});

/** The change request's current revision, read like any revision. */
const contentOf = ({ caller, domain, params }: WithParams<'spaceId' | 'changeRequestId'>) =>
  domain.changeRequests.content(caller, params.spaceId, params.changeRequestId);

export const changeRequestHandlers: Handlers = {
  createChangeRequest: ({ caller, domain, params, body, urls }) => {
    const view = domain.changeRequests.create(caller, params.spaceId, body ?? {});
    return created(cr.changeRequest(urls, view), urls.api(`/spaces/${view.space.id}/change-requests/${view.changeRequest.id}`));
  },

  listChangeRequestsForSpace: ({ caller, domain, params, query, urls }) =>
    ok(list(domain.changeRequests.list(caller, params.spaceId, filterOf(query)), (v) => cr.changeRequest(urls, v))),

  listChangeRequestsForOrganization: ({ caller, domain, params, query, urls }) =>
    ok(list(domain.changeRequests.listForOrganization(caller, params.organizationId, filterOf(query)), (v) => cr.changeRequest(urls, v))),

  getChangeRequestById: ({ caller, domain, params, urls }) =>
    ok(cr.changeRequest(urls, domain.changeRequests.get(caller, params.spaceId, params.changeRequestId))),

  updateChangeRequestById: ({ caller, domain, params, body, urls }) =>
    ok(cr.changeRequest(urls, domain.changeRequests.update(caller, params.spaceId, params.changeRequestId, body))),

  mergeChangeRequest: ({ caller, domain, params }) => {
    const { revisionId, result } = domain.changeRequests.merge(caller, params.spaceId, params.changeRequestId);
    return ok({ revision: revisionId, result });
  },

  updateChangeRequest: ({ caller, domain, params }) => {
    const { revisionId, result } = domain.changeRequests.updateFromSpace(caller, params.spaceId, params.changeRequestId);
    return ok({ revision: revisionId, result });
  },

  getReviewsByChangeRequestId: ({ caller, domain, params, query, urls }) => {
    const request = { ...pageOf(query), ...(query.outdated !== undefined ? { outdated: query.outdated } : {}) };
    return ok(list(domain.changeRequests.reviews.list(caller, params.spaceId, params.changeRequestId, request), (v) => cr.review(urls, v)));
  },

  submitChangeRequestReview: ({ caller, domain, params, body, urls }) => {
    const view = domain.changeRequests.reviews.submit(caller, params.spaceId, params.changeRequestId, body);
    const location = urls.api(`/spaces/${params.spaceId}/change-requests/${view.review.changeRequestId}/reviews/${view.review.id}`);
    return created(cr.review(urls, view), location);
  },

  getRequestedReviewersByChangeRequestId: ({ caller, domain, params, query, urls }) =>
    ok(list(domain.changeRequests.reviews.reviewers(caller, params.spaceId, params.changeRequestId, pageOf(query)), (v) => cr.requestedReviewer(urls, v))),

  requestReviewersForChangeRequest: ({ caller, domain, params, body, urls }) => {
    const { requested } = domain.changeRequests.reviews.request(caller, params.spaceId, params.changeRequestId, body);
    return ok({ users: requested.map((v) => cr.requestedReviewer(urls, v)) });
  },

  removeRequestedReviewerFromChangeRequest: ({ caller, domain, params }) =>
    deleted(domain.changeRequests.reviews.removeReviewer(caller, params.spaceId, params.changeRequestId, params.userId)),

  getContributorsByChangeRequestId: ({ caller, domain, params, urls }) =>
    ok(list(domain.changeRequests.contributors(caller, params.spaceId, params.changeRequestId), (v) => cr.contributor(urls, v))),

  getChangeRequestChanges: ({ caller, domain, params, query, urls }) =>
    ok(cr.changes(urls, domain.changeRequests.changes(caller, params.spaceId, params.changeRequestId, query.limit))),

  getRevisionSemanticChanges: ({ caller, domain, params, query, urls }) =>
    ok(cr.changes(urls, domain.changeRequests.revisionChanges(caller, params.spaceId, params.revisionId, query.limit))),

  // Content of the change request: the same reads as a space's current content.

  getRevisionOfChangeRequestById: (ctx) => revisionReply(ctx, contentOf(ctx)),

  listPagesInChangeRequest: (ctx) => ok({ pages: present.pageTree(ctx.urls, contentOf(ctx), null, optionsOf(ctx.query)) }),

  listFilesInChangeRequestById: (ctx) => {
    const view = contentOf(ctx);
    return ok(list(ctx.domain.content.files(view, pageOf(ctx.query)), (f) => present.file(ctx.urls, view, f, optionsOf(ctx.query))));
  },

  getFileInChangeRequestById: (ctx) => {
    const view = contentOf(ctx);
    return ok(present.file(ctx.urls, view, ctx.domain.content.file(view, ctx.params.fileId), optionsOf(ctx.query)));
  },

  getPageInChangeRequestById: (ctx) => pageReply(ctx, contentOf(ctx), ctx.params),

  getPageInChangeRequestByPath: (ctx) => pageReply(ctx, contentOf(ctx), ctx.params),

  listChangeRequestLinks: (ctx) => {
    const view = contentOf(ctx);
    const { page, stats } = ctx.domain.content.listLinks(view, linksOf(ctx.query), appPrefixes(ctx.urls));
    return ok({ ...list(page, (u) => present.linkUsage(ctx.urls, view, u)), stats: present.linkStats(stats) });
  },

  listPageLinksInChangeRequest: (ctx) => {
    const view = contentOf(ctx);
    const { page, stats } = ctx.domain.content.listLinks(view, linksOf(ctx.query), appPrefixes(ctx.urls), ctx.params.pageId);
    return ok({ ...list(page, (u) => present.linkUsage(ctx.urls, view, u)), stats: present.linkStats(stats) });
  },

  listChangeRequestPageBacklinks: (ctx) => {
    const view = contentOf(ctx);
    return ok(list(ctx.domain.content.backlinks(view, { page: ctx.params.pageId }, pageOf(ctx.query)), (p) => present.pageLocation(ctx.urls, view, p)));
  },

  listChangeRequestFileBacklinks: (ctx) => {
    const view = contentOf(ctx);
    return ok(list(ctx.domain.content.backlinks(view, { file: ctx.params.fileId }, pageOf(ctx.query)), (p) => present.pageLocation(ctx.urls, view, p)));
  },

  getReusableContentInChangeRequestById: (ctx) => {
    const view = contentOf(ctx);
    const rc = ctx.domain.content.reusableContent(view, ctx.params.reusableContentId);
    return ok(present.reusableContent(rc, optionsOf(ctx.query)));
  },
};
