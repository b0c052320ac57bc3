/**
 * `builtin:openapi` computed pages, as GitBook makes them: the page stands for an organization spec
 * (`dependencies: {spec: {ref: {kind: openapi, spec: <slug>}}}`) and is replaced, where it stands, by the pages of
 * content/openapi/pages.ts (one per tag, untagged operations, Models). On the site each operation sits under a `##`
 * heading, so the pages render, get searched, outlined and copied as `.md` like any page. Their ids derive from the
 * computed page's, so URLs stay put.
 */
import { formatTag } from '../../content/blocks/attributes.js';
import { slugify } from '../../content/index.js';
import { type GeneratedPage, type OpenAPIPagePlan, openAPIPagePlans, openAPISpecSlug, placeOpenAPIPages } from '../../content/openapi/pages.js';
import { RevisionIndex } from '../../domain/content/revision-index.js';
import type { ComputedPage, RevisionPage } from '../../model/index.js';
import type { BlobStore } from '../../store/index.js';
import type { OpenAPISpecSource } from '../render/openapi/source.js';
import type { SiteInput } from '../types.js';

/** The site with every `builtin:openapi` page expanded, and sources whose blobs also hold the generated pages' markdown. */
export async function withOpenAPIPages<S extends { blobs: BlobStore }>(site: SiteInput, sources: S): Promise<{ site: SiteInput; sources: S }> {
  const source = site.openapi;
  if (!source) return { site, sources };
  const slugs = site.spaces.flatMap((space) => space.view.content.pages.filter(isOpenAPIPage).flatMap((page) => openAPISpecSlug(page.dependencies) ?? []));
  if (slugs.length) await source.load([...new Set(slugs)]);
  const generated = new Map<string, Buffer>();
  const spaces = site.spaces.map((space) => {
    if (!space.view.content.pages.some(isOpenAPIPage)) return space;
    // The index may stand for other versions of some pages than the content lists (a live preview's edits).
    const current = new Map(space.view.index.documents().map((p) => [p.id, p]));
    const pages = expand(
      space.view.content.pages.map((p) => current.get(p.id) ?? p),
      source,
      generated,
    );
    const content = { ...space.view.content, pages };
    return { ...space, view: { ...space.view, content, index: new RevisionIndex(content) } };
  });
  if (!generated.size) return { site, sources };
  return { site: { ...site, spaces }, sources: { ...sources, blobs: withGenerated(sources.blobs, generated) } };
}

const isOpenAPIPage = (page: RevisionPage): page is ComputedPage => page.kind === 'computed' && page.source === 'builtin:openapi';

function expand(pages: RevisionPage[], source: OpenAPISpecSource, generated: Map<string, Buffer>): RevisionPage[] {
  const paths = new Set(pages.filter((p) => !isOpenAPIPage(p)).map((p) => p.path));
  const replaced = new Map<string, string | null>();
  const out: RevisionPage[] = [];
  for (const page of pages) {
    if (!isOpenAPIPage(page)) {
      // Pages nested under a computed page move up to its parent.
      out.push(page.parentId !== null && replaced.has(page.parentId) ? { ...page, parentId: replaced.get(page.parentId)! } : page);
      continue;
    }
    replaced.set(page.id, page.parentId);
    for (const made of pagesOf(page, source, paths)) {
      generated.set(made.page.blob, Buffer.from(made.markdown, 'utf8'));
      out.push(made.page);
    }
  }
  return out;
}

function pagesOf(computed: ComputedPage, source: OpenAPISpecSource, paths: Set<string>): GeneratedPage[] {
  const slug = openAPISpecSlug(computed.dependencies);
  const loaded = slug ? source.bySlug(slug) : { error: 'This page names no OpenAPI spec: its dependencies need `spec: {ref: {kind: openapi, spec: <slug>}}`' };
  const plans: OpenAPIPagePlan[] =
    'error' in loaded
      ? [
          {
            key: 'unavailable',
            title: computed.title,
            slug: slugify(computed.title) || 'api',
            parent: null,
            markdown: `${formatTag('hint', [['style', 'warning']])}\n${loaded.error}\n{% endhint %}\n`,
          },
        ]
      : openAPIPagePlans(loaded.doc, slug!, { models: computed.props.models === true, form: 'site' });
  return placeOpenAPIPages(plans, {
    id: (key) => `${computed.id}-${key}`,
    parentId: computed.parentId,
    dir: computed.path.split('/').slice(0, -1).join('/'),
    hidden: computed.hidden,
    paths,
  });
}

/** The store's blobs, plus the generated pages' markdown. */
function withGenerated(blobs: BlobStore, generated: Map<string, Buffer>): BlobStore {
  return {
    put: async (bytes) => await blobs.put(bytes),
    get: async (oid) => generated.get(oid) ?? (await blobs.get(oid)),
    has: async (oid) => generated.has(oid) || (await blobs.has(oid)),
  };
}
