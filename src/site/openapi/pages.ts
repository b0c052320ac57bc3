/**
 * `builtin:openapi` computed pages, as GitBook makes them: the page stands for an organization spec
 * (`dependencies: {spec: {ref: {kind: openapi, spec: <slug>}}}`) and is replaced, where it stands, by one page per tag
 * of the spec (nested under their `x-parent`, titled by `x-page-title`, at `x-page-slug`) listing the tag's operations,
 * a page for operations without a tag, and with `props.models: true` a Models page of every schema. The generated
 * pages are markdown made of `{% openapi-operation %}` blocks under `##` headings, so they render, get searched,
 * outlined and copied as `.md` like any page. Their ids derive from the computed page's, so URLs stay put.
 */
import { formatTag } from '../../content/blocks/attributes.js';
import { slugify, uniqueSlug } from '../../content/index.js';
import { RevisionIndex } from '../../domain/content/revision-index.js';
import { type ComputedPage, type DocumentPage, gitBlobOid, type RevisionPage } from '../../model/index.js';
import type { BlobStore } from '../../store/index.js';
import type { OpenAPIDocument, Operation, Tag } from '../render/openapi/index.js';
import type { OpenAPISpecSource } from '../render/openapi/source.js';
import type { SiteInput } from '../types.js';

const UNTAGGED = 'Other operations';

/** The site with every `builtin:openapi` page expanded, and sources whose blobs also hold the generated pages' markdown. */
export async function withOpenAPIPages<S extends { blobs: BlobStore }>(site: SiteInput, sources: S): Promise<{ site: SiteInput; sources: S }> {
  const source = site.openapi;
  if (!source) return { site, sources };
  const slugs = site.spaces.flatMap((space) => space.view.content.pages.filter(isOpenAPIPage).flatMap((page) => specSlugOf(page) ?? []));
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

/** The slug of the spec a computed page depends on. */
export function specSlugOf(page: ComputedPage): string | undefined {
  const spec = page.dependencies.spec as { ref?: { kind?: unknown; spec?: unknown } } | undefined;
  return spec?.ref?.kind === 'openapi' && typeof spec.ref.spec === 'string' ? spec.ref.spec : undefined;
}

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

interface Generated {
  page: DocumentPage;
  markdown: string;
}

function pagesOf(computed: ComputedPage, source: OpenAPISpecSource, paths: Set<string>): Generated[] {
  const slug = specSlugOf(computed);
  const base = computed.path.split('/').slice(0, -1).join('/');
  const make = (
    key: string,
    title: string,
    pageSlug: string,
    parent: DocumentPage | null,
    markdown: string,
    description?: string,
    icon?: string,
  ): Generated => {
    const dir = parent ? parent.path : base;
    const path = uniqueSlug(dir ? `${dir}/${pageSlug}` : pageSlug, paths);
    const page: DocumentPage = {
      id: `${computed.id}-${key}`,
      kind: 'document',
      title,
      slug: path.split('/').pop()!,
      path,
      parentId: parent ? parent.id : computed.parentId,
      hidden: computed.hidden,
      blob: gitBlobOid(Buffer.from(markdown, 'utf8')),
      git: null,
      ...(description ? { description } : {}),
      ...(icon ? { icon } : {}),
    };
    return { page, markdown };
  };
  const loaded = slug ? source.bySlug(slug) : { error: 'This page names no OpenAPI spec: its dependencies need `spec: {ref: {kind: openapi, spec: <slug>}}`' };
  if ('error' in loaded) {
    const markdown = `${formatTag('hint', [['style', 'warning']])}\n${loaded.error}\n{% endhint %}\n`;
    return [make('unavailable', computed.title, slugify(computed.title) || 'api', null, markdown)];
  }
  const doc = loaded.doc;
  const byTag = new Map<string, Operation[]>();
  for (const op of doc.operations()) {
    const tag = op.tags[0] ?? UNTAGGED;
    byTag.set(tag, [...(byTag.get(tag) ?? []), op]);
  }
  const tags: Tag[] = [...doc.tags(), ...(byTag.has(UNTAGGED) ? [{ name: UNTAGGED, title: UNTAGGED }] : [])];
  const children = (parent: string | undefined) =>
    tags.filter((t) => t.parent === parent || (parent === undefined && t.parent !== undefined && !tags.some((o) => o.name === t.parent)));
  const out: Generated[] = [];
  const visit = (tag: Tag, parent: DocumentPage | null, depth: number) => {
    const ops = byTag.get(tag.name) ?? [];
    const nested = depth < 5 ? children(tag.name) : [];
    if (!ops.length && !nested.length) return;
    const made = make(
      `tag-${slugify(tag.name) || out.length}`,
      tag.title,
      tag.slug ?? (slugify(tag.title) || 'operations'),
      parent,
      tagMarkdown(slug!, tag, ops),
      tag.pageDescription ?? firstLine(tag.description),
      tag.icon,
    );
    out.push(made);
    for (const child of nested) visit(child, made.page, depth + 1);
  };
  for (const tag of children(undefined)) visit(tag, null, 0);
  if (computed.props.models === true && doc.schemaNames().length) out.push(make('models', 'Models', 'models', null, modelsMarkdown(slug!, doc)));
  return out;
}

function tagMarkdown(slug: string, tag: Tag, ops: Operation[]): string {
  const parts = tag.description ? [tag.description.trim()] : [];
  for (const op of ops) {
    parts.push(`## ${escapeHeading(op.summary ?? `${op.method.toUpperCase()} ${op.path}`)}`);
    parts.push(
      `${formatTag('openapi-operation', [
        ['spec', slug],
        ['path', op.path],
        ['method', op.method],
        ['title', 'false'],
      ])}\n{% endopenapi-operation %}`,
    );
  }
  return `${parts.join('\n\n')}\n`;
}

function modelsMarkdown(slug: string, doc: OpenAPIDocument): string {
  return `${formatTag('openapi-schemas', [
    ['spec', slug],
    ['schemas', doc.schemaNames().join(',')],
    ['grouped', 'true'],
  ])}\n{% endopenapi-schemas %}\n`;
}

const escapeHeading = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>#|{}]/g, '\\$&');

/** The first line of a tag's text as plain words, for the page description; none when it is long or a block. */
function firstLine(text: string | undefined): string | undefined {
  const line = text
    ?.split('\n')
    .find((l) => l.trim())
    ?.trim();
  if (!line || line.length > 300 || line.startsWith('{%')) return undefined;
  return (
    line
      .replace(/<[^>]*>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_`]/g, '')
      .trim() || undefined
  );
}

/** The store's blobs, plus the generated pages' markdown. */
function withGenerated(blobs: BlobStore, generated: Map<string, Buffer>): BlobStore {
  return {
    put: async (bytes) => await blobs.put(bytes),
    get: async (oid) => generated.get(oid) ?? (await blobs.get(oid)),
    has: async (oid) => generated.has(oid) || (await blobs.has(oid)),
  };
}
