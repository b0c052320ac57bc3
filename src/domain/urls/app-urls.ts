import type { DocumentPage, GroupPage } from '../../model/index.js';
import type { ChangeRequests, ChangeRequestView } from '../change-requests/change-requests.js';
import type { CollectionView, Collections } from '../collections/collections.js';
import type { Contents, RevisionView } from '../content/content.js';
import type { Caller, Deps } from '../core/context.js';
import { notFound } from '../core/errors.js';
import type { Sites } from '../sites/sites.js';
import type { Spaces, SpaceView } from '../spaces/spaces.js';
import { locateSite, matchSiteSpace, parseUrl, segmentsOf } from './site-urls.js';

export type AppContent =
  | { kind: 'collection'; collection: CollectionView }
  | { kind: 'space'; space: SpaceView; changeRequest?: ChangeRequestView; page?: { view: RevisionView; page: DocumentPage | GroupPage } };

/**
 * `getContentByUrl`: a URL of this server's app, in its own forms (`<app>/collections/<id>`,
 * `<app>/spaces/<id>[/change-requests/<id>|/revisions/<id>][/pages/<pageId>]`) or GitBook's
 * (`<app>/o/<org>/c/<id>`, `<app>/o/<org>/s/<id>[/~/changes/<id>|/~/revisions/<id>][/<page path>]`), or a
 * published site URL (`/<basename>/<site space path>/<page path>`), to the collection or space (change request,
 * page) it shows. The caller needs read access to it, as for reading it by id.
 */
export class AppUrls {
  constructor(
    private readonly deps: Deps,
    private readonly collections: Collections,
    private readonly spaces: Spaces,
    private readonly content: Contents,
    private readonly changeRequests: ChangeRequests,
    private readonly sites: Sites,
  ) {}

  async resolve(caller: Caller, raw: string, appPrefixes: readonly string[], base: string): Promise<AppContent> {
    const url = parseUrl(raw);
    const href = `${url.origin}${url.pathname}`;
    const prefix = appPrefixes.find((p) => href.startsWith(p) || `${href}/` === p);
    const found = prefix !== undefined ? await this.app(caller, segmentsOf(href.slice(prefix.length))) : await this.published(caller, url, base);
    if (!found) throw notFound(`No content found for the URL ${url.href}`);
    return found;
  }

  private async app(caller: Caller, segments: string[]): Promise<AppContent | undefined> {
    const [first, id, ...rest] = segments;
    if (id === undefined) return undefined;
    if (first === 'collections' && !rest.length) return { kind: 'collection', collection: await this.collections.get(caller, id) };
    if (first === 'spaces') return await this.ownSpaceUrl(caller, id, rest);
    if (first !== 'o' || rest.length < 2) return undefined;
    const [kind, contentId, ...more] = rest as [string, string, ...string[]];
    if (kind === 'c' && !more.length) {
      const collection = await this.collections.get(caller, contentId);
      return collection.collection.organizationId === id ? { kind: 'collection', collection } : undefined;
    }
    if (kind === 's') return await this.gitbookSpaceUrl(caller, id, contentId, more);
    return undefined;
  }

  /** `spaces/<id>`, then `change-requests/<id>` or `revisions/<id>`, then `pages/<pageId>`. */
  private async ownSpaceUrl(caller: Caller, spaceId: string, rest: string[]): Promise<AppContent | undefined> {
    const space = await this.spaces.get(caller, spaceId);
    let [kind, id, ...more] = rest;
    let changeRequest: ChangeRequestView | undefined;
    let view: RevisionView | undefined;
    if (kind === 'change-requests' && id !== undefined) {
      changeRequest = await this.changeRequests.get(caller, spaceId, id);
      view = await this.content.revision(caller, spaceId, changeRequest.changeRequest.revisionId);
      [kind, id, ...more] = more;
    } else if (kind === 'revisions' && id !== undefined) {
      view = await this.content.revision(caller, spaceId, id);
      [kind, id, ...more] = more;
    }
    if (kind === undefined) return { kind: 'space', space, ...(changeRequest ? { changeRequest } : {}) };
    if (kind !== 'pages' || id === undefined || more.length) return undefined;
    view ??= await this.content.current(caller, spaceId);
    const page = this.content.page(view, id);
    if (page.kind !== 'document' && page.kind !== 'group') throw notFound(`The page ${id} is a ${page.kind} page: it shows no content of its own`);
    return { kind: 'space', space, ...(changeRequest ? { changeRequest } : {}), page: { view, page } };
  }

  /** GitBook's form: `o/<org>/s/<space>[/~/changes/<id>|/~/revisions/<id>]/<page path>`. */
  private async gitbookSpaceUrl(caller: Caller, organizationId: string, spaceId: string, rest: string[]): Promise<AppContent | undefined> {
    const space = await this.spaces.get(caller, spaceId);
    if (space.space.organizationId !== organizationId) return undefined;
    let changeRequest: ChangeRequestView | undefined;
    let view: RevisionView | undefined;
    let path = rest;
    if (rest[0] === '~' && rest[2] !== undefined && (rest[1] === 'changes' || rest[1] === 'revisions')) {
      if (rest[1] === 'changes') {
        changeRequest = await this.changeRequests.get(caller, spaceId, rest[2]);
        view = await this.content.revision(caller, spaceId, changeRequest.changeRequest.revisionId);
      } else {
        view = await this.content.revision(caller, spaceId, rest[2]);
      }
      path = rest.slice(3);
    }
    if (!path.length) return { kind: 'space', space, ...(changeRequest ? { changeRequest } : {}) };
    view ??= await this.content.current(caller, spaceId);
    return { kind: 'space', space, ...(changeRequest ? { changeRequest } : {}), page: { view, page: this.content.pageByPath(view, path.join('/')) } };
  }

  /** A published site URL: the space of the site space it falls in, and the page at the rest of the path. */
  private async published(caller: Caller, url: URL, base: string): Promise<AppContent | undefined> {
    const located = await locateSite(this.deps.store, url, base);
    if (!located) return undefined;
    const match = matchSiteSpace((await this.sites.structure(null, located.site.id)).siteSpaces, located.segments);
    if (!match) return undefined;
    const space = await this.spaces.get(caller, match.node.spaceId);
    if (!match.rest.length) return { kind: 'space', space };
    const view = await this.content.current(caller, match.node.spaceId);
    return { kind: 'space', space, page: { view, page: this.content.pageByPath(view, match.rest.join('/')) } };
  }
}
