import { LRUCache } from 'lru-cache';
import type {
  DocumentPage,
  GroupPage,
  OrganizationRecord,
  RevisionContent,
  RevisionFile,
  RevisionPage,
  RevisionRecord,
  RevisionReusableContent,
  SpaceRecord,
} from '../../model/index.js';
import { type BodyFormat, type DocumentSource, Documents, type JsonDocument, type PageBody } from './documents.js';
import { collectLinks, type LinkStats, type LinkStatus, type LinkUsage, statsOf } from './links.js';
import { RevisionIndex } from './revision-index.js';
import { type MetaLinks, pageMetaLinks } from './meta-links.js';
import { MAX_SECTION_HITS, type PageHit, queryTerms, rankPages } from './search.js';
import type { Caller, Deps } from '../core/context.js';
import { StateCache } from '../core/state-cache.js';
import { invalidInput, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { PARSED_PAGE_VERSION, type ParsedLink, type ParsedPageData } from '../../content/parsed-page.js';
import type { RoleName } from '../core/roles.js';
import type { Spaces, SpaceView } from '../spaces/spaces.js';

export type { BodyFormat, JsonDocument, PageBody } from './documents.js';
export type { LinkStats, LinkStatus, LinkTarget, LinkUsage } from './links.js';
export type { PageHit, SectionHit } from './search.js';
export { RevisionIndex } from './revision-index.js';
export type { MetaLinks, PageRef } from './meta-links.js';

/** One revision of a space, as the caller may read it. */
export interface RevisionView {
  space: SpaceRecord;
  role: RoleName;
  organization: OrganizationRecord;
  revision: RevisionRecord;
  content: RevisionContent;
  index: RevisionIndex;
  /** The space with its counters, as the space reads present it (computed on first use). */
  spaceView(): Promise<SpaceView>;
}

export interface LinksQuery extends PageRequest {
  status?: LinkStatus;
}

export interface LinksPage {
  page: Page<LinkUsage>;
  /** Over every link of the scope, whatever the status filter. */
  stats: LinkStats;
}

/** Search reads at most this many characters of a query (the spec's maximum). */
const QUERY_MAX = 512;
/** Spaces whose current view a caller keeps. */
const CURRENT_VIEWS = 64;

/** The read side of space content: revisions, pages, files, links, backlinks, search and documents. */
export class Contents {
  private readonly indexes = new LRUCache<string, RevisionIndex>({ max: 32 });
  private readonly links = new LRUCache<string, LinkUsage[]>({ max: 32 });
  /** The current views of each caller (a token's caller lasts while the store is unchanged), per space. */
  private readonly currentViews = new WeakMap<Caller, StateCache<RevisionView>>();
  readonly documents: Documents;

  constructor(
    private readonly deps: Deps,
    private readonly spaces: Spaces,
    private readonly organizations: Organizations,
  ) {
    this.documents = new Documents(deps.store.blobs);
  }

  /**
   * Whether the space's current revision has the page: for callers with no token, such as a site's visitors. A space
   * deleted or removed for good has no pages: the answer does not tell them apart from a live space's unknown page.
   */
  async hasPage(spaceId: string, pageId: string): Promise<boolean> {
    const space = await this.deps.store.content.space(spaceId);
    if (!space || space.deletedAt) return false;
    return (await this.indexOf(space.revisionId)).index.pages.has(pageId);
  }

  /** The space's current revision; a caller's views are kept while the store is unchanged (a write moves the revision). */
  async current(caller: Caller, spaceId: string): Promise<RevisionView> {
    let views = this.currentViews.get(caller);
    if (!views) this.currentViews.set(caller, (views = new StateCache(this.deps.store, CURRENT_VIEWS)));
    return await views.get(spaceId, async () => {
      const space = await this.spaces.find(spaceId);
      const role = await caller.access.requireSpace(space, 'read');
      return await this.view(space, role, space.revisionId);
    });
  }

  /** The current revision of a space as a published site shows it: to visitors, who need no role in the space. */
  async published(spaceId: string): Promise<RevisionView> {
    const space = await this.spaces.find(spaceId);
    return await this.view(space, 'read', space.revisionId);
  }

  /** A revision of the space, current or not. */
  async revision(caller: Caller, spaceId: string, revisionId: string): Promise<RevisionView> {
    const space = await this.spaces.find(spaceId);
    const role = await caller.access.requireSpace(space, 'read');
    return await this.view(space, role, revisionId);
  }

  page(view: RevisionView, pageId: string): RevisionPage {
    const page = view.index.pages.get(pageId);
    if (!page) throw notFound(`No page ${pageId} in the revision ${view.revision.id} of the space ${view.space.id}`);
    return page;
  }

  /** A document or group page by its path (`guides/setup`); link and computed pages have no content of their own. */
  pageByPath(view: RevisionView, path: string): DocumentPage | GroupPage {
    const page = view.index.pageAtPath(path);
    if (!page || (page.kind !== 'document' && page.kind !== 'group')) {
      throw notFound(`No page at the path "${path}" in the revision ${view.revision.id} of the space ${view.space.id}`);
    }
    return page;
  }

  /** The page's canonical and its alternates in the space's other languages; 404 for an unknown page. */
  async metaLinks(caller: Caller, view: RevisionView, pageId: string): Promise<MetaLinks> {
    return await pageMetaLinks(this.deps, this, caller, view, pageId);
  }

  document(view: RevisionView, pageId: string): DocumentPage {
    const page = this.page(view, pageId);
    if (page.kind !== 'document') throw notFound(`The page ${pageId} is a ${page.kind} page: it has no document`);
    return page;
  }

  file(view: RevisionView, fileId: string): RevisionFile {
    const file = view.index.files.get(fileId);
    if (!file) throw notFound(`No file ${fileId} in the revision ${view.revision.id} of the space ${view.space.id}`);
    return file;
  }

  /** The revision's files in order, a page at a time. */
  files(view: RevisionView, request: PageRequest): Page<RevisionFile> {
    const position = new Map(view.content.files.map((f, i) => [f.id, i]));
    return paginate(view.content.files, request, (f) => [position.get(f.id)!]);
  }

  reusableContent(view: RevisionView, id: string): RevisionReusableContent {
    const rc = view.index.reusable.get(id);
    if (!rc) throw notFound(`No reusable content ${id} in the revision ${view.revision.id} of the space ${view.space.id}`);
    return rc;
  }

  /** A page's body as markdown or a document; `evaluated` replaces variable expressions by their values. Parsed off the request thread. */
  async body(view: RevisionView, page: DocumentPage, format: BodyFormat, evaluated: boolean): Promise<PageBody> {
    await this.documents.load(page.blob, page.title);
    return await this.documents.body({ ...this.source(view, page.blob, page.git?.path ?? null, evaluated), title: page.title }, format);
  }

  /** The page's document, parsed on this thread (within the markdown limits); `body` parses off it. */
  async pageDocument(view: RevisionView, page: DocumentPage, evaluated: boolean): Promise<JsonDocument> {
    return await this.documentOf({ ...this.source(view, page.blob, page.git?.path ?? null, evaluated), title: page.title });
  }

  async reusableDocument(view: RevisionView, rc: RevisionReusableContent, evaluated: boolean): Promise<JsonDocument> {
    await this.documents.load(rc.blob, undefined);
    return await this.documentOf(this.source(view, rc.blob, rc.git?.path ?? null, evaluated));
  }

  /**
   * A document by id: the blob oid of a page or reusable content of the space's current revision
   * (the `documentId` of pages, the `document` of reusable contents).
   */
  async documentById(caller: Caller, spaceId: string, documentId: string): Promise<JsonDocument> {
    const view = await this.current(caller, spaceId);
    const owner = view.index.pagesByBlob.get(documentId)?.[0] ?? view.content.reusableContents.find((rc) => rc.blob === documentId);
    if (!owner) throw notFound(`No document ${documentId} in the space ${spaceId}`);
    await this.documents.load(documentId, undefined);
    return await this.documentOf(this.source(view, documentId, owner.git?.path ?? null, false));
  }

  private source(view: RevisionView, blob: string, gitPath: string | null, evaluated: boolean): DocumentSource {
    return { revisionId: view.revision.id, index: view.index, blob, gitPath, ...(evaluated ? { variables: view.content.variables } : {}) };
  }

  private async documentOf(source: DocumentSource): Promise<JsonDocument> {
    const body = await this.documents.body(source, 'document');
    return (body as { document: JsonDocument }).document;
  }

  /** The bytes of a file of a revision, for the download route. */
  async fileBytes(view: RevisionView, fileId: string): Promise<{ file: RevisionFile; bytes: Buffer }> {
    const file = this.file(view, fileId);
    const bytes = file.blob ? await this.deps.store.blobs.get(file.blob) : undefined;
    if (!bytes) throw notFound(`The bytes of the file ${fileId} are not stored on this server`);
    return { file, bytes };
  }

  /**
   * Links of the revision grouped by target, or only those found in one page. `appPrefixes` are the URL
   * prefixes of the application itself: links to them are "in-app".
   */
  async listLinks(view: RevisionView, query: LinksQuery, appPrefixes: readonly string[], pageId?: string): Promise<LinksPage> {
    let usages = await this.linksOf(view, appPrefixes);
    if (pageId !== undefined) {
      const page = this.page(view, pageId);
      usages = usages.filter((u) => u.sources.some((s) => s.id === page.id)).map((u) => ({ ...u, sources: [page as DocumentPage] }));
    }
    const stats = statsOf(usages);
    const order = new Map(usages.map((u, i) => [u, i]));
    const filtered = query.status ? usages.filter((u) => u.status === query.status) : usages;
    return { page: paginate(filtered, query, (u) => [order.get(u)!]), stats };
  }

  /** The pages that link to a page, or that use a file, in tree order. */
  async backlinks(view: RevisionView, target: { page: string } | { file: string }, query: PageRequest): Promise<Page<DocumentPage>> {
    const matches = (u: LinkUsage): boolean =>
      'page' in target ? u.target.kind === 'page' && u.target.page.id === target.page : u.target.kind === 'file' && u.target.file.id === target.file;
    if ('page' in target) this.page(view, target.page);
    else this.file(view, target.file);
    const sources = new Set((await this.linksOf(view, [])).filter(matches).flatMap((u) => u.sources));
    const order = new Map(view.index.content.pages.map((p, i) => [p.id, i]));
    return paginate([...sources], query, (p) => [order.get(p.id) ?? 0]);
  }

  /** Full-text search over the sections of the current revision's pages, best page first. */
  async search(caller: Caller, spaceId: string, query: string, request: PageRequest): Promise<{ view: RevisionView; page: Page<PageHit> }> {
    const view = await this.current(caller, spaceId);
    if (query.length > QUERY_MAX) throw invalidInput(`query: must be at most ${QUERY_MAX} characters`);
    const terms = queryTerms(query);
    const oids = [...view.index.pagesByBlob.keys()];
    const hits = terms.length > 0 ? await this.deps.store.search.search(terms, oids, MAX_SECTION_HITS) : [];
    const ranked = rankPages(view.index, hits, terms);
    const position = new Map(ranked.map((r, i) => [r, i]));
    return { view, page: paginate(ranked, request, (r) => [position.get(r)!]) };
  }

  private async view(space: SpaceRecord, role: RoleName, revisionId: string): Promise<RevisionView> {
    const revision = await this.deps.store.revisions.get(revisionId);
    if (!revision || revision.spaceId !== space.id) throw notFound(`No revision ${revisionId} in the space ${space.id}`);
    const organization = await this.organizations.find(space.organizationId);
    let owner: SpaceView | undefined;
    return {
      space,
      role,
      organization,
      revision,
      ...(await this.indexOf(revision.id)),
      spaceView: async () => (owner ??= await this.spaces.view(space, role)),
    };
  }

  private async indexOf(revisionId: string): Promise<{ content: RevisionContent; index: RevisionIndex }> {
    let index = this.indexes.get(revisionId);
    if (!index) {
      index = new RevisionIndex(await this.deps.store.revisions.content(revisionId));
      this.indexes.set(revisionId, index);
    }
    return { content: index.content, index };
  }

  private async linksOf(view: RevisionView, appPrefixes: readonly string[]): Promise<LinkUsage[]> {
    const key = `${view.revision.id}\n${appPrefixes.join('\n')}`;
    let usages = this.links.get(key);
    if (!usages) {
      const pages = view.index.documents();
      const parsed = await this.deps.store.parsed.getMany<ParsedPageData>([...new Set(pages.map((p) => p.blob))], PARSED_PAGE_VERSION);
      const linksOf = (page: DocumentPage): readonly ParsedLink[] => parsed.get(page.blob)?.links ?? [];
      usages = collectLinks(view.index, linksOf, appPrefixes);
      this.links.set(key, usages);
    }
    return usages;
  }
}
