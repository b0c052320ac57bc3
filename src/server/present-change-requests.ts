import type * as api from '@gitbook/api';
import type {
  Attributes,
  ChangeRequestView,
  ChangesView,
  ContributorView,
  RequestedReviewerView,
  ReviewView,
  SemanticChange,
} from '../domain/change-requests/change-requests.js';
import type { LinkTarget, PageCover, PageLayout, RevisionFile, RevisionPage, RevisionRecord } from '../model/index.js';
import { user, type Urls } from './present.js';

export function changeRequest(urls: Urls, view: ChangeRequestView): api.ChangeRequest {
  const cr = view.changeRequest;
  const path = `/spaces/${cr.spaceId}/change-requests/${cr.id}`;
  return {
    object: 'change-request',
    id: cr.id,
    number: cr.number,
    status: cr.status as api.ChangeRequestStatus,
    subject: cr.subject,
    ...(cr.description ? { description: cr.description as api.JSONDocument } : {}),
    createdBy: user(urls, view.createdBy),
    createdAt: cr.createdAt,
    updatedAt: cr.updatedAt,
    space: cr.spaceId,
    revision: cr.revisionId,
    revisionInitial: cr.revisionInitial,
    ...(cr.baseRevisionId !== cr.revisionInitial ? { revisionMergedAncestor: cr.baseRevisionId } : {}),
    ...(cr.revisionMerged ? { revisionMerged: cr.revisionMerged } : {}),
    comments: view.comments,
    outdated: view.outdated,
    urls: { app: urls.app(path), location: urls.api(path) },
  };
}

export function review(urls: Urls, view: ReviewView, spaceId: string): api.ChangeRequestReview & { urls: { location: string } } {
  const r = view.review;
  return {
    object: 'change-request-review',
    id: r.id,
    revision: r.revisionId,
    reviewer: user(urls, view.reviewer),
    ...(view.requestedBy ? { requestedBy: user(urls, view.requestedBy) } : {}),
    status: r.status as api.ChangeRequestReviewStatus,
    outdated: view.outdated,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    urls: { location: urls.api(`/spaces/${spaceId}/change-requests/${r.changeRequestId}/reviews/${r.id}`) },
  };
}

export function requestedReviewer(urls: Urls, view: RequestedReviewerView): api.ChangeRequestRequestedReviewer {
  return {
    object: 'change-request-requested-reviewer',
    revision: view.request.revisionId,
    requestedBy: user(urls, view.requestedBy),
    createdAt: view.request.createdAt,
    kind: 'user',
    user: user(urls, view.user),
  };
}

export function contributor(urls: Urls, view: ContributorView): api.UserContributor {
  return { updatedAt: view.contributor.updatedAt, count: view.contributor.count, user: user(urls, view.user), actionType: 'edit' };
}

export function changes(urls: Urls, view: ChangesView): api.RevisionSemanticChanges {
  return {
    changes: view.changes.map((c) => semanticChange(urls, view, c)),
    ...(view.more ? { more: view.more } : {}),
    ...(view.mergedFrom ? { mergedFrom: changeRequest(urls, view.mergedFrom) } : {}),
  };
}

function semanticChange(urls: Urls, view: ChangesView, c: SemanticChange): api.RevisionSemanticChange {
  const after = (f: RevisionFile) => changedFile(urls, view.space.id, view.after, f);
  switch (c.type) {
    case 'page_created':
    case 'page_deleted':
      return { type: c.type, page: changedPage(c.page) };
    case 'page_edited':
      return { type: c.type, page: changedPage(c.page), attributes: pageAttributes(c.attributes) as api.RevisionPageDocumentChangeAttributes };
    case 'page_moved':
      return {
        type: c.type,
        page: changedPage(c.page),
        parent: { ...(c.parent.before ? { before: changedPage(c.parent.before) } : {}), ...(c.parent.after ? { after: changedPage(c.parent.after) } : {}) },
      };
    case 'file_created':
      return { type: c.type, file: after(c.file) };
    case 'file_deleted':
      return { type: c.type, file: changedFile(urls, view.space.id, view.before ?? view.after, c.file) };
    case 'file_edited': {
      const { blob, ...rest } = c.attributes;
      const attributes: Attributes = { ...rest };
      if (blob) {
        attributes.downloadURL = {
          before: changedFile(urls, view.space.id, view.before ?? view.after, c.before).downloadURL,
          after: after(c.file).downloadURL,
        };
      }
      return { type: c.type, file: after(c.file), attributes: attributes as api.RevisionFileChangeAttributes };
    }
    case 'reusable_content_created':
    case 'reusable_content_deleted':
      return { type: c.type, reusableContent: { id: c.reusableContent.id, title: c.reusableContent.title, document: c.reusableContent.blob } };
    case 'reusable_content_edited':
      return {
        type: c.type,
        reusableContent: { id: c.reusableContent.id, title: c.reusableContent.title, document: c.reusableContent.blob },
        attributes: c.attributes as api.RevisionReusableContentChangeAttributes,
      };
    case 'variables_edited':
      return { type: c.type, variables: variableChanges(c.variables) };
  }
}

function changedPage(p: RevisionPage): api.ChangedRevisionPage {
  return { id: p.id, type: p.kind as api.RevisionPageType, title: p.title, path: p.path };
}

function changedFile(urls: Urls, spaceId: string, revision: RevisionRecord, f: RevisionFile): api.ChangedRevisionFile {
  return {
    id: f.id,
    name: f.name,
    contentType: f.contentType,
    downloadURL: urls.api(`/spaces/${spaceId}/revisions/${revision.id}/files/${encodeURIComponent(f.id)}/content`),
  };
}

/** Each side of a page attribute in the API's shapes (covers, layouts, link targets). */
function pageAttributes(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [key, change] of Object.entries(attributes)) {
    const shape = (value: unknown): unknown => {
      if (value === undefined) return undefined;
      if (key === 'cover') return { ...(value as PageCover), yPos: (value as PageCover).yPos ?? 0 };
      if (key === 'layout') {
        const { tags: _tags, actions: _actions, ...rest } = value as PageLayout;
        return rest;
      }
      if (key === 'target') return contentRef(value as LinkTarget);
      return value;
    };
    const [before, after] = [shape(change.before), shape(change.after)];
    out[key] = { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) };
  }
  return out;
}

function contentRef(t: LinkTarget): api.ContentRef {
  if (t.kind === 'url') return { kind: 'url', url: t.url };
  if (t.kind === 'space') return { kind: 'space', space: t.space };
  return t.anchor ? { kind: 'anchor', anchor: t.anchor, page: t.page } : { kind: 'page', page: t.page };
}

/** The spec's variable values are strings, numbers and booleans only. */
function variableChanges(variables: Attributes): Record<string, api.ChangeAttributeVariable> {
  const scalar = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v);
  return Object.fromEntries(
    Object.entries(variables).map(([name, c]) => [name, { ...(scalar(c.before) ? { before: c.before } : {}), ...(scalar(c.after) ? { after: c.after } : {}) }]),
  );
}
