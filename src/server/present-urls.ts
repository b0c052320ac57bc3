import type * as api from '@gitbook/api';
import type { AppContent, PublishedLookup } from '../domain/urls/url-resolvers.js';
import { changeRequest } from './present-change-requests.js';
import { page } from './present-content.js';
import { collection, space, type Urls } from './present.js';

export function subdomain(found: { subdomain: string; organization: { id: string } }): api.Subdomain {
  return { object: 'subdomain', subdomain: found.subdomain, target: { type: 'organization', organization: found.organization.id }, isActive: true };
}

type ContentByUrl =
  | { collection: api.Collection }
  | { space: api.Space; changeRequest?: api.ChangeRequest; page?: api.RevisionPageDocument | api.RevisionPageGroup };

export function contentByUrl(urls: Urls, found: AppContent): ContentByUrl {
  if (found.kind === 'collection') return { collection: collection(urls, found.collection) };
  return {
    space: space(urls, found.space),
    ...(found.changeRequest ? { changeRequest: changeRequest(urls, found.changeRequest) } : {}),
    ...(found.page
      ? { page: page(urls, found.page.view, found.page.page, { metadata: true, computed: true }) as api.RevisionPageDocument | api.RevisionPageGroup }
      : {}),
  };
}

/**
 * `apiToken` is empty: Quire has no short-lived content tokens. Published content is read through the site URL
 * (with its share key or visitor token), or through the API with the caller's own token.
 */
export function publishedContent(found: PublishedLookup): api.PublishedSiteContentLookup {
  if (found.kind === 'redirect') {
    const { kind: _kind, ...redirect } = found;
    return redirect;
  }
  return {
    site: found.site.id,
    ...(found.siteSectionId ? { siteSection: found.siteSectionId } : {}),
    siteSpace: found.siteSpaceId,
    space: found.spaceId,
    ...(found.changeRequestId ? { changeRequest: found.changeRequestId } : {}),
    ...(found.revisionId ? { revision: found.revisionId } : {}),
    pathname: found.pathname,
    basePath: found.basePath,
    siteBasePath: found.siteBasePath,
    apiToken: '',
    organization: found.site.organizationId,
    ...(found.shareKey ? { shareKey: found.shareKey } : {}),
    complete: found.complete,
    ...(found.contextId ? { contextId: found.contextId } : {}),
    canonicalUrl: found.canonicalUrl,
  };
}
