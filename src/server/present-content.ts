import type * as api from '@gitbook/api';
import type { LinkTarget, LinkUsage, MetaLinks, PageBody, PageHit, PageRef, RevisionView } from '../domain/content/content.js';
import { pageUpdatedAt } from '../domain/content/page-dates.js';
import type { ComputedPageContent, ComputedRevision } from '../domain/openapi/computed.js';
import type { ImportRunRecord, ComputedPage, DocumentPage, GroupPage, LinkPage, RevisionFile, RevisionPage, RevisionReusableContent } from '../model/index.js';
import { organization, space, type Urls } from './present.js';

/** Query options shared by the content reads. */
export interface ContentOptions {
  /** false: leave out the mutable git metadata (`metadata=false`). */
  metadata: boolean;
  /**
   * false: computed pages are left as their source (`computed=false`). true (the default): they are computed,
   * which here resolves their dependencies; this server holds no OpenAPI specs, so an `openapi` one resolves to null.
   */
  computed?: boolean;
}

/** A page's layout where its frontmatter says nothing; covers are never masked, heading anchors always shown. */
const DEFAULT_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
} as const;

/** A revision; a merge names the change request it came from (`mergedFrom`), else it reads as edits. */
export function revision(urls: Urls, view: RevisionView, options: ContentOptions, mergedFrom?: api.ChangeRequest): api.Revision & { tags: [] } {
  const { revision: r, space: s } = view;
  const git = r.git as { oid?: string; message?: string; ref?: string; url?: string; createdByService?: boolean } | null;
  return {
    object: 'revision',
    id: r.id,
    parents: r.parents,
    ...(r.type === 'merge' && mergedFrom ? { type: 'merge' as const, mergedFrom } : { type: (r.type === 'merge' ? 'edits' : r.type) as 'edits' }),
    pages: pageTree(urls, view, null, options),
    files: view.content.files.map((f) => file(urls, view, f, options)),
    reusableContents: view.content.reusableContents.map((rc) => reusableContent(rc, options)),
    variables: variables(view.content.variables),
    // Tags are not part of Quire's content model: a revision defines none.
    tags: [],
    createdAt: r.createdAt,
    ...(options.metadata && git?.oid
      ? {
          git: {
            oid: git.oid,
            message: git.message ?? '',
            createdByGitBook: git.createdByService ?? false,
            createdByService: git.createdByService ?? false,
            ...(git.ref ? { ref: git.ref } : {}),
            ...(git.url ? { url: git.url } : {}),
          } as api.GitSyncCommit,
        }
      : {}),
    urls: { app: urls.app(`/spaces/${s.id}/revisions/${r.id}`) },
  };
}

/** The pages under `parentId` (null: the top level), each with its own subtree. */
export function pageTree(urls: Urls, view: RevisionView, parentId: string | null, options: ContentOptions): api.RevisionPage[] {
  return view.index.childrenOf(parentId).map((p) => page(urls, view, p, options));
}

/** One page with its subtree; `body` adds the markdown or document of a document page. */
export function page(urls: Urls, view: RevisionView, p: RevisionPage, options: ContentOptions, body?: PageBody): api.RevisionPage {
  switch (p.kind) {
    case 'document':
      return documentPage(urls, view, p, options, body, pageTree(urls, view, p.id, options));
    case 'group':
      return groupPage(urls, view, p, options);
    case 'link':
      return linkPage(urls, view, p);
    case 'computed':
      return computedPage(p, options);
  }
}

/** A page as a location (in links and backlinks): no subtree, no body. */
export function shallowPage(urls: Urls, view: RevisionView, p: RevisionPage, options: ContentOptions): api.RevisionPage {
  if (p.kind === 'document') return documentPage(urls, view, p, options, undefined, []);
  if (p.kind === 'group') return { ...groupPage(urls, view, p, options), pages: [] };
  return page(urls, view, p, options);
}

function documentPage(
  urls: Urls,
  view: RevisionView,
  p: DocumentPage,
  options: ContentOptions,
  body: PageBody | undefined,
  children: api.RevisionPage[],
): api.RevisionPageDocument & { tags: [] } {
  const updatedAt = pageUpdatedAt(p);
  return {
    id: p.id,
    title: p.title,
    ...(p.emoji ? { emoji: p.emoji } : {}),
    ...(p.icon ? { icon: p.icon } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    kind: 'sheet',
    type: 'document',
    urls: { app: pageUrl(urls, view, p) },
    slug: p.slug,
    path: p.path,
    ...(p.description !== undefined ? { description: p.description } : {}),
    pages: children as api.RevisionPageDocument['pages'],
    ...(options.metadata && p.git ? { git: { oid: p.git.oid, path: p.git.path } } : {}),
    layout: { ...DEFAULT_LAYOUT, ...p.layout },
    // Pages carry no tags here (the revision defines none).
    tags: [],
    ...(p.cover ? { cover: { ...p.cover, yPos: p.cover.yPos ?? 0 } as api.RevisionPageDocumentCover } : {}),
    hidden: p.hidden,
    noIndex: p.noIndex ?? false,
    noRobotsIndex: p.noRobotsIndex ?? false,
    documentId: p.blob,
    ...(body ?? {}),
  } as api.RevisionPageDocument & { tags: [] };
}

/** A computed revision: its pages as a tree, each with its document inline (they are stored nowhere); no files. */
export function computedRevision(urls: Urls, spaceId: string, computed: ComputedRevision) {
  const children = new Map<string | null, ComputedPageContent[]>();
  for (const item of computed.pages) children.set(item.page.parentId, [...(children.get(item.page.parentId) ?? []), item]);
  const tree = (parentId: string | null): api.RevisionPageDocument[] =>
    (children.get(parentId) ?? []).map(
      ({ page: p, document }) =>
        ({
          id: p.id,
          title: p.title,
          ...(p.icon ? { icon: p.icon } : {}),
          kind: 'sheet',
          type: 'document',
          urls: { app: urls.app(`/spaces/${spaceId}/pages/${p.id}`) },
          slug: p.slug,
          path: p.path,
          ...(p.description !== undefined ? { description: p.description } : {}),
          pages: tree(p.id),
          layout: DEFAULT_LAYOUT,
          tags: [],
          hidden: p.hidden,
          noIndex: false,
          noRobotsIndex: false,
          document,
        }) as api.RevisionPageDocument,
    );
  return { pages: tree(null), files: [], reusableContents: [] };
}

function groupPage(urls: Urls, view: RevisionView, p: GroupPage, options: ContentOptions): api.RevisionPageGroup {
  return {
    id: p.id,
    title: p.title,
    kind: 'group',
    type: 'group',
    slug: p.slug,
    path: p.path,
    hidden: p.hidden,
    pages: pageTree(urls, view, p.id, options) as api.RevisionPageGroup['pages'],
  };
}

function linkPage(urls: Urls, view: RevisionView, p: LinkPage): api.RevisionPageLink {
  const t = p.target;
  let target: api.ContentRef;
  let href: string | undefined;
  if (t.kind === 'url') [target, href] = [{ kind: 'url', url: t.url }, t.url];
  else if (t.kind === 'space') [target, href] = [{ kind: 'space', space: t.space }, urls.app(`/spaces/${t.space}`)];
  else {
    target = t.anchor ? { kind: 'anchor', anchor: t.anchor, page: t.page } : { kind: 'page', page: t.page };
    const linked = view.index.pages.get(t.page);
    href = linked ? `${pageUrl(urls, view, linked)}${t.anchor ? `#${t.anchor}` : ''}` : undefined;
  }
  return { id: p.id, title: p.title, kind: 'link', type: 'link', target, ...(href ? { href } : {}), hidden: p.hidden };
}

function computedPage(p: ComputedPage, options: ContentOptions): api.RevisionPageComputed {
  const dependencies = options.computed === false ? p.dependencies : resolvedDependencies(p.dependencies);
  return {
    id: p.id,
    title: p.title,
    type: 'computed',
    computed: { type: p.source, props: p.props, dependencies } as api.ComputedContentSourceRevision,
  };
}

/** Each `{ref}` dependency with its resolved `value` (ComputedContentDependencyResolved). */
function resolvedDependencies(dependencies: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(dependencies).map(([name, dependency]) => {
      const ref = (dependency as { ref?: { kind?: unknown } } | null)?.ref;
      if (ref?.kind !== 'openapi' || 'value' in (dependency as object)) return [name, dependency];
      return [name, { ref, value: null }];
    }),
  );
}

export function file(urls: Urls, view: RevisionView, f: RevisionFile, options: ContentOptions): api.RevisionFile {
  return {
    id: f.id,
    name: f.name,
    contentType: f.contentType,
    downloadURL: downloadUrl(urls, view, f),
    size: f.size,
    ...(f.dimensions ? { dimensions: f.dimensions } : {}),
    ...(options.metadata && f.git ? { git: { oid: f.git.oid, path: f.git.path } } : {}),
  };
}

/**
 * Where a file's bytes are served: scoped to the (immutable) revision, so the URL never changes meaning,
 * and authenticated like the API (`Authorization: Bearer`).
 */
export function downloadUrl(urls: Urls, view: RevisionView, f: RevisionFile): string {
  return urls.api(`/spaces/${view.space.id}/revisions/${view.revision.id}/files/${encodeURIComponent(f.id)}/content`);
}

export function reusableContent(rc: RevisionReusableContent, options: ContentOptions): api.RevisionReusableContent {
  return {
    id: rc.id,
    title: rc.title,
    ...(options.metadata && rc.git ? { git: { oid: rc.git.oid, path: rc.git.path } } : {}),
    document: rc.blob,
  };
}

/** A link target and the pages that hold it. */
export async function linkUsage(urls: Urls, view: RevisionView, usage: LinkUsage): Promise<api.ContentReferenceUsage> {
  return {
    status: usage.status as api.ContentReferenceStatus,
    relation: usage.relation as api.ContentReferenceRelation,
    targetReference: await targetLocation(urls, view, usage.target),
    locationReferences: await Promise.all(usage.sources.map(async (p) => await pageLocation(urls, view, p))),
  };
}

export function linkStats(stats: { total: number; broken: number }): api.ContentReferencesStats {
  return { total: stats.total, broken: { total: stats.broken } };
}

/** A page of the space as an absolute location. */
export async function pageLocation(urls: Urls, view: RevisionView, p: RevisionPage, anchor?: string): Promise<api.ContentLocationPage> {
  return {
    kind: 'page',
    ...(await owner(urls, view)),
    page: shallowPage(urls, view, p, { metadata: true }),
    ...(anchor ? { internalLocation: { type: 'anchor', anchor } } : {}),
  };
}

/** Missing targets are reported as the URL they were written as (`../missing.md`, `/broken/pages/...`). */
async function targetLocation(urls: Urls, view: RevisionView, target: LinkTarget): Promise<api.ContentLocation> {
  switch (target.kind) {
    case 'page':
      return await pageLocation(urls, view, target.page, target.anchor);
    case 'file':
      return { kind: 'file', ...(await owner(urls, view)), file: file(urls, view, target.file, { metadata: true }) };
    case 'reusable-content':
      return { kind: 'reusable-content', ...(await owner(urls, view)), reusableContent: reusableContent(target.reusableContent, { metadata: true }) };
    case 'url':
      return { kind: 'url', url: target.url };
    case 'missing':
      return { kind: 'url', url: target.anchor ? `${target.target}#${target.anchor}` : target.target };
  }
}

async function owner(urls: Urls, view: RevisionView): Promise<{ organization: api.Organization; space: api.Space }> {
  return { organization: organization(urls, view.organization, view.role), space: space(urls, await view.spaceView()) };
}

/** Search fields 0.202.0 added (required) that 0.143.2's types do not have. */
interface Since202 {
  page: { description: string; score: number; rank: number; ancestors: { title: string }[]; sections?: { score: number }[] };
}

/** Scores as the API has them: higher is better, from 0 (bm25's are negative, lower better). */
const apiScore = (bm25: number) => Math.max(0, -bm25);

export function searchResult(urls: Urls, view: RevisionView, hit: PageHit): api.SearchPageResult & Since202['page'] {
  const base = pageUrl(urls, view, hit.page);
  return {
    id: hit.page.id,
    title: hit.page.title,
    description: hit.page.description ?? '',
    path: hit.page.path,
    score: apiScore(hit.score),
    rank: hit.rank,
    ancestors: ancestors(view, hit.page).map((p) => ({ title: p.title })),
    urls: { app: base },
    sections: hit.sections.map((s) => ({
      id: s.anchor ? `${hit.page.id}#${s.anchor}` : hit.page.id,
      title: s.heading || hit.page.title,
      path: s.anchor ? `${hit.page.path}#${s.anchor}` : hit.page.path,
      score: apiScore(s.score),
      body: s.snippet,
      urls: { app: s.anchor ? `${base}#${s.anchor}` : base },
    })),
  };
}

/** A space's matches in a search of several spaces (an organization's, a site's); its score is its best page's. */
export function spaceSearchResult(urls: Urls, result: { view: RevisionView; hits: PageHit[] }): api.SearchSpaceResult & { type: 'space'; score: number } {
  const { view, hits } = result;
  return {
    type: 'space',
    id: view.space.id,
    title: view.space.title,
    score: Math.max(0, ...hits.map((hit) => apiScore(hit.score))),
    pages: hits.map((hit) => searchResult(urls, view, hit)),
  };
}

/** The pages above a page, from the top level to its parent. */
function ancestors(view: RevisionView, p: RevisionPage): RevisionPage[] {
  const out: RevisionPage[] = [];
  const seen = new Set<string>();
  for (let id = p.parentId; id && !seen.has(id); id = view.index.pages.get(id)?.parentId ?? null) {
    seen.add(id);
    const parent = view.index.pages.get(id);
    if (parent) out.unshift(parent);
  }
  return out;
}

function pageUrl(urls: Urls, view: RevisionView, p: RevisionPage): string {
  return urls.app(`/spaces/${view.space.id}/pages/${p.id}`);
}

/** The spec's variables hold strings, numbers and booleans only. */
function variables(vars: Record<string, unknown>): api.Variables {
  return Object.fromEntries(
    Object.entries(vars).filter((entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1])),
  );
}

/** A page's meta links (0.202.0 `RevisionPageMetaLinks`). */
export function metaLinks(links: MetaLinks) {
  const ref = (r: PageRef) => ({ kind: 'page' as const, page: r.page, space: r.space });
  return { ...(links.canonical ? { canonical: ref(links.canonical) } : {}), alternates: links.alternates.map(ref) };
}

/** An import run (0.202.0 `ContentImportRun`). */
export function importRun(urls: Urls, r: ImportRunRecord) {
  return {
    object: 'import-run' as const,
    id: r.id,
    status: r.status,
    ...(r.reason ? { reason: r.reason } : {}),
    source: { type: 'website' as const, url: r.sourceUrl },
    target: { space: r.spaceId, ...(r.changeRequestId ? { changeRequest: r.changeRequestId } : {}), ...(r.pageId ? { page: r.pageId } : {}) },
    ...(r.siteId ? { site: r.siteId } : {}),
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    ...(r.startedAt ? { startedAt: r.startedAt } : {}),
    ...(r.completedAt && r.status === 'completed' ? { completedAt: r.completedAt } : {}),
    pages: r.importedPages.map((p) => ({ ...p, status: 'complete' as const })),
    urls: { location: urls.api(`/org/${r.organizationId}/imports/${r.id}`) },
  };
}
