/**
 * The pages GitBook makes of an OpenAPI spec for a `builtin:openapi` computed page: one page per tag of the spec
 * (nested under their `x-parent`, titled by `x-page-title`, at `x-page-slug`) listing the tag's operations, a page for
 * operations without a tag, and with `models` a Models page of every schema. Each page is markdown made of
 * `{% openapi-operation %}` blocks (and `{% openapi-schemas %}` for Models). The site builder and the computed content
 * operations of the API both make them here; ids come from the caller (a computed page's id, or a seed).
 */
import { type DocumentPage, gitBlobOid } from '../../model/index.js';
import { formatTag } from '../blocks/attributes.js';
import { slugify, uniqueSlug } from '../slug.js';
import type { OpenAPIDocument, Operation, Tag } from './document.js';

export const UNTAGGED = 'Other operations';

/** A page to be made, before it has a place in a revision. */
export interface OpenAPIPagePlan {
  /** Unique among the pages of one spec: the page's id derives from it. */
  key: string;
  /** The tag the page lists the operations of (UNTAGGED for those without one); none for Models. */
  tag?: string;
  title: string;
  /** The slug wanted; a taken path gets a `-n` suffix when the page is placed. */
  slug: string;
  /** The key of the page it nests under, or null at the top. */
  parent: string | null;
  markdown: string;
  description?: string;
  icon?: string;
}

export interface OpenAPIPageOptions {
  models: boolean;
  /**
   * `site`: each operation under a `##` heading of its summary (outlined and searched), its block without a title of
   * its own. `document`: the blocks alone, each showing its title, written as a document with no block body writes
   * them (no end tag), so they convert to `openapi-operation` and `openapi-schemas` blocks.
   */
  form: OpenAPIMarkdownForm;
}

export type OpenAPIMarkdownForm = 'site' | 'document';

/** The slug of the organization spec a `builtin:openapi` source depends on (`spec: {ref: {kind: openapi, spec}}`). */
export function openAPISpecSlug(dependencies: Record<string, unknown>): string | undefined {
  const spec = dependencies.spec as { ref?: { kind?: unknown; spec?: unknown } } | undefined;
  return spec?.ref?.kind === 'openapi' && typeof spec.ref.spec === 'string' ? spec.ref.spec : undefined;
}

/** The pages of a spec, each after the page it nests under. */
export function openAPIPagePlans(doc: OpenAPIDocument, spec: string, options: OpenAPIPageOptions): OpenAPIPagePlan[] {
  const byTag = new Map<string, Operation[]>();
  for (const op of doc.operations()) {
    const tag = op.tags[0] ?? UNTAGGED;
    byTag.set(tag, [...(byTag.get(tag) ?? []), op]);
  }
  const tags: Tag[] = [...doc.tags(), ...(byTag.has(UNTAGGED) ? [{ name: UNTAGGED, title: UNTAGGED }] : [])];
  const children = (parent: string | undefined) =>
    tags.filter((t) => t.parent === parent || (parent === undefined && t.parent !== undefined && !tags.some((o) => o.name === t.parent)));
  const out: OpenAPIPagePlan[] = [];
  const keys = new Set<string>();
  const visit = (tag: Tag, parent: string | null, depth: number) => {
    const ops = byTag.get(tag.name) ?? [];
    const nested = depth < 5 ? children(tag.name) : [];
    if (!ops.length && !nested.length) return;
    const description = tag.pageDescription ?? firstLine(tag.description);
    const plan: OpenAPIPagePlan = {
      key: uniqueSlug(`tag-${slugify(tag.name) || out.length}`, keys),
      tag: tag.name,
      title: tag.title,
      slug: tag.slug ?? (slugify(tag.title) || 'operations'),
      parent,
      markdown: tagMarkdown(spec, tag, ops, options.form),
      ...(description ? { description } : {}),
      ...(tag.icon ? { icon: tag.icon } : {}),
    };
    out.push(plan);
    for (const child of nested) visit(child, plan.key, depth + 1);
  };
  for (const tag of children(undefined)) visit(tag, null, 0);
  if (options.models && doc.schemaNames().length) {
    out.push({ key: uniqueSlug('models', keys), title: 'Models', slug: 'models', parent: null, markdown: openAPIModelsMarkdown(spec, doc, options.form) });
  }
  return out;
}

/** Where generated pages go: their ids, and the place of the page they stand for. */
export interface OpenAPIPagePlacement {
  id: (key: string) => string;
  /** The parent of the top pages. */
  parentId: string | null;
  /** The folder of the top pages' paths ('' at the root). */
  dir: string;
  hidden: boolean;
  /** The paths taken in the revision; each page's is added. */
  paths: Set<string>;
}

export interface GeneratedPage {
  page: DocumentPage;
  markdown: string;
}

/** The pages of the plans as document pages of a revision: ids, unique paths, parents; the blob is the markdown's oid. */
export function placeOpenAPIPages(plans: readonly OpenAPIPagePlan[], at: OpenAPIPagePlacement): GeneratedPage[] {
  const placed = new Map<string, DocumentPage>();
  return plans.map((plan) => {
    const parent = plan.parent === null ? undefined : placed.get(plan.parent);
    const dir = parent ? parent.path : at.dir;
    const path = uniqueSlug(dir ? `${dir}/${plan.slug}` : plan.slug, at.paths);
    const page: DocumentPage = {
      id: at.id(plan.key),
      kind: 'document',
      title: plan.title,
      slug: path.split('/').pop()!,
      path,
      parentId: parent ? parent.id : at.parentId,
      hidden: at.hidden,
      blob: gitBlobOid(Buffer.from(plan.markdown, 'utf8')),
      git: null,
      ...(plan.description ? { description: plan.description } : {}),
      ...(plan.icon ? { icon: plan.icon } : {}),
    };
    placed.set(plan.key, page);
    return { page, markdown: plan.markdown };
  });
}

/** The block of one operation; on the site, without a title of its own (a heading above it names it). */
export function openAPIOperationMarkdown(spec: string, op: Operation, form: OpenAPIMarkdownForm): string {
  const attributes: [string, string][] = [
    ['spec', spec],
    ['path', op.path],
    ['method', op.method],
  ];
  if (form === 'site') attributes.push(['title', 'false']);
  return block('openapi-operation', attributes, form);
}

export function openAPIModelsMarkdown(spec: string, doc: OpenAPIDocument, form: OpenAPIMarkdownForm): string {
  const attributes: [string, string][] = [
    ['spec', spec],
    ['schemas', doc.schemaNames().join(',')],
    ['grouped', 'true'],
  ];
  return `${block('openapi-schemas', attributes, form)}\n`;
}

const block = (tag: string, attributes: [string, string][], form: OpenAPIMarkdownForm) =>
  form === 'site' ? `${formatTag(tag, attributes)}\n{% end${tag} %}` : formatTag(tag, attributes);

function tagMarkdown(spec: string, tag: Tag, ops: Operation[], form: OpenAPIMarkdownForm): string {
  const parts = tag.description ? [tag.description.trim()] : [];
  for (const op of ops) {
    if (form === 'site') parts.push(`## ${escapeHeading(op.summary ?? `${op.method.toUpperCase()} ${op.path}`)}`);
    parts.push(openAPIOperationMarkdown(spec, op, form));
  }
  return `${parts.join('\n\n')}\n`;
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
