import { createHash } from 'node:crypto';
import type { SiteRecord } from '../../model/index.js';
import type { ChangeRequests } from '../change-requests/change-requests.js';
import type { Contents } from '../content/content.js';
import type { Caller, Deps } from '../core/context.js';
import { notFound } from '../core/errors.js';
import { SHARE_KEY_PARAM, type Sites, VISITOR_TOKEN_PARAM, VisitorDenied } from '../sites/sites.js';
import { normalizeSource } from '../sites/redirects.js';
import { hasDeeperSiteSpaces, locateSite, matchSiteSpace, parseUrl } from './site-urls.js';

export interface PublishedLookupRequest {
  url: string;
  /** The server's public URL: its sites live at `<base>/<basename>/`. */
  base: string;
  /** A token signed with the site's key (`visitor-auth` sites); the URL's `jwt_token` is read too. */
  visitorToken?: string;
  unsignedClaims?: Record<string, unknown>;
  /** Answer a denied visitor with a redirect to the site's sign-in (fallback) URL instead of an error. */
  redirectOnError?: boolean;
}

export type PublishedLookup =
  | { kind: 'redirect'; target: 'application' | 'content'; redirect: string }
  /** Out of the site (its visitor sign-in): names the site it was resolved to. */
  | { kind: 'redirect'; target: 'external'; site: string; redirect: string }
  | {
      kind: 'content';
      site: SiteRecord;
      siteSectionId?: string;
      siteSpaceId: string;
      spaceId: string;
      changeRequestId?: string;
      revisionId?: string;
      /** Path of the page inside the site space ('' for its first page). */
      pathname: string;
      basePath: string;
      siteBasePath: string;
      shareKey?: string;
      complete: boolean;
      /** Changes when the visitor's claims do (signed-in visitors of `visitor-auth` sites only). */
      contextId?: string;
      canonicalUrl: string;
    };

/**
 * `getPublishedContentByUrl`: what a visitor opening a published URL gets, under the same rules as the site
 * server: the site must be published, `share-link` sites need a share key (`?share=`), `visitor-auth` sites a
 * token signed with their key, and sections and site spaces whose condition fails for the visitor's claims are
 * not there. `/~/changes/<id>/` and `/~/revisions/<id>/` after a site space's path preview a change request or
 * revision, for callers who can read the space. A path that is no page but a site redirect's source answers
 * with that redirect.
 */
export class PublishedUrls {
  constructor(
    private readonly deps: Deps,
    private readonly sites: Sites,
    private readonly content: Contents,
    private readonly changeRequests: ChangeRequests,
  ) {}

  async lookup(caller: Caller, request: PublishedLookupRequest): Promise<PublishedLookup> {
    const url = parseUrl(request.url);
    const located = await locateSite(this.deps.store, url, request.base);
    if (!located || !located.site.published) throw notFound(`No published content at ${url.href}`);
    const { site, siteRoot, siteBasePath } = located;

    const shareKey = url.searchParams.get(SHARE_KEY_PARAM) ?? undefined;
    const token = request.visitorToken ?? url.searchParams.get(VISITOR_TOKEN_PARAM) ?? undefined;
    let claims: Record<string, unknown>;
    try {
      ({ claims } = await this.sites.publishing.admit(site, { shareKey, token, unsigned: request.unsignedClaims ?? {} }));
    } catch (error) {
      if (error instanceof VisitorDenied && error.fallbackURL && request.redirectOnError) {
        const join = error.fallbackURL.includes('?') ? '&' : '?';
        return { kind: 'redirect', target: 'external', site: site.id, redirect: `${error.fallbackURL}${join}location=${encodeURIComponent(url.href)}` };
      }
      throw error;
    }

    const tree = await this.sites.structure(null, site.id);
    const visitor = { claims };
    const sectionOf = new Map(tree.sections.flatMap((s) => s.siteSpaces.map((n) => [n.record.id, s] as const)));
    const nodes = tree.siteSpaces.filter((n) => {
      const section = sectionOf.get(n.record.id);
      return this.sites.publishing.shows(n.record.condition, visitor) && (!section || this.sites.publishing.shows(section.record.condition, visitor));
    });

    // A preview marker splits the path: site segments before it, page segments after it.
    const { segments } = located;
    const marker = segments.findIndex((s, i) => s === '~' && (segments[i + 1] === 'changes' || segments[i + 1] === 'revisions') && segments[i + 2]);
    const siteSegments = marker === -1 ? segments : segments.slice(0, marker);
    const match = matchSiteSpace(nodes, siteSegments);
    if (!match) throw notFound(`No content of the site ${site.id} at ${url.href} for this visitor`);
    const { node } = match;
    const pageSegments = marker === -1 ? match.rest : [...match.rest, ...segments.slice(marker + 3)];
    const pathname = pageSegments.join('/');
    const ownPath = node.urlPath ? `${node.urlPath}/` : '';

    let preview: { changeRequestId?: string; revisionId: string } | undefined;
    if (marker !== -1) {
      const id = segments[marker + 2]!;
      if (segments[marker + 1] === 'changes') {
        const { changeRequest } = await this.changeRequests.find(caller, node.spaceId, id, 'read');
        preview = { changeRequestId: changeRequest.id, revisionId: changeRequest.revisionId };
      } else {
        preview = { revisionId: (await this.content.revision(caller, node.spaceId, id)).revision.id };
      }
    } else if (pathname && !(await this.content.published(node.spaceId)).index.pageAtPath(pathname)) {
      const wanted = normalizeSource(`/${segments.join('/')}`);
      const redirect = (await this.sites.redirects.all(site)).find((r) => normalizeSource(r.redirect.source) === wanted);
      if (redirect) return { kind: 'redirect', target: 'content', redirect: `${siteRoot}/${redirect.path}` };
    }

    const previewPath = marker === -1 ? '' : `~/${segments[marker + 1]}/${segments[marker + 2]}/`;
    const section = sectionOf.get(node.record.id);
    return {
      kind: 'content',
      site,
      ...(section ? { siteSectionId: section.record.id } : {}),
      siteSpaceId: node.record.id,
      spaceId: node.spaceId,
      ...(preview?.changeRequestId ? { changeRequestId: preview.changeRequestId } : {}),
      ...(preview ? { revisionId: preview.revisionId } : {}),
      pathname,
      basePath: `${siteBasePath}${ownPath}${previewPath}`,
      siteBasePath,
      ...(site.visibility === 'share-link' && shareKey ? { shareKey } : {}),
      complete: pathname !== '' || marker !== -1 || !hasDeeperSiteSpaces(nodes, node),
      ...(site.visibility === 'visitor-auth' ? { contextId: contextIdOf(claims) } : {}),
      canonicalUrl: `${siteRoot}/${[node.urlPath, pathname].filter(Boolean).map(encodePath).join('/')}`,
    };
  }
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** A stable digest of the claims: equal claims, equal context. */
function contextIdOf(claims: Record<string, unknown>): string {
  const stable = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, stable(v)]),
        )
      : Array.isArray(value)
        ? value.map(stable)
        : value;
  return createHash('sha256')
    .update(JSON.stringify(stable(claims)))
    .digest('base64url')
    .slice(0, 22);
}
