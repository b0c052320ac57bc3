/**
 * Computed content of `builtin:openapi` sources (getComputedRevision, getComputedDocument): the pages an organization
 * spec expands to, as the site makes them (content/openapi/pages.ts), their documents converted from their markdown.
 * Ids derive from the caller's seed: the same seed gives the same ids. Translation and integration sources are not
 * computed here.
 */
import { createHash } from 'node:crypto';
import type { JSONDocument } from '@gitbook/api';
import { LRUCache } from 'lru-cache';
import { toDocument } from '../../content/document/index.js';
import { parseMarkdown } from '../../content/markdown/index.js';
import { OpenAPIDocument } from '../../content/openapi/document.js';
import {
  type OpenAPIPagePlan,
  openAPIModelsMarkdown,
  openAPIOperationMarkdown,
  openAPIPagePlans,
  openAPISpecSlug,
  placeOpenAPIPages,
} from '../../content/openapi/pages.js';
import type { DocumentPage } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { forbidden, invalidInput, notFound, notSupported } from '../core/errors.js';
import { atLeast } from '../core/roles.js';
import { checkMarkdownLimits } from '../content-writes/page-file-parse.js';
import type { Spaces } from '../spaces/spaces.js';
import type { OpenAPISpecs } from './openapi.js';
import { parseSpecText } from './text.js';

/** A computed content source as the request gives it (ComputedContentSourceRevision / ComputedContentSourceDocument). */
export interface ComputedSource {
  type: string;
  props?: Record<string, unknown>;
  dependencies?: Record<string, unknown>;
}

export interface ComputedPageContent {
  page: DocumentPage;
  document: JSONDocument;
}

/** Pages in order, each after the page it nests under (`parentId`: another page's id, or null at the top). */
export interface ComputedRevision {
  pages: ComputedPageContent[];
}

interface LoadedSpec {
  slug: string;
  doc: OpenAPIDocument;
}

export class ComputedContent {
  /** Parsed specs by the blob of their version (immutable). */
  private readonly documents = new LRUCache<string, OpenAPIDocument>({ max: 4 });

  constructor(
    private readonly deps: Deps,
    private readonly spaces: Spaces,
    private readonly specs: OpenAPISpecs,
  ) {}

  async revision(caller: Caller, spaceId: string, source: ComputedSource, seed: string): Promise<ComputedRevision> {
    const { slug, doc } = await this.load(caller, spaceId, source);
    const plans = openAPIPagePlans(doc, slug, { models: source.props?.models === true, form: 'document' });
    const placed = placeOpenAPIPages(plans, { id: (key) => seededId(seed, key), parentId: null, dir: '', hidden: false, paths: new Set() });
    return { pages: placed.map(({ page, markdown }) => ({ page, document: documentOf(markdown) })) };
  }

  /**
   * One piece of the spec: `models`; `operations` or `tag` (a tag's page) and `info` (its text alone), `page` naming
   * the tag or the page's id under this seed; `operation`, `page` being its path, with `method`.
   */
  async document(caller: Caller, spaceId: string, source: ComputedSource, seed: string): Promise<JSONDocument> {
    const { slug, doc } = await this.load(caller, spaceId, source);
    const props = (source.props ?? {}) as { doc?: unknown; page?: unknown; method?: unknown };
    const page = typeof props.page === 'string' ? props.page : '';
    switch (props.doc) {
      case 'models':
        if (!doc.schemaNames().length) throw notFound(`The OpenAPI spec "${slug}" has no schemas: it has no Models page`);
        return documentOf(openAPIModelsMarkdown(slug, doc, 'document'));
      case 'operation': {
        const method = typeof props.method === 'string' ? props.method : '';
        const op = doc.operation(page, method);
        if (!op) throw notFound(`source.props: the OpenAPI spec "${slug}" has no operation ${method.toUpperCase()} ${page}`);
        return documentOf(`${openAPIOperationMarkdown(slug, op, 'document')}\n`);
      }
      case 'operations':
      case 'tag':
      case 'info': {
        const plans = openAPIPagePlans(doc, slug, { models: false, form: 'document' });
        const plan = plans.find((p) => p.tag === page) ?? plans.find((p) => seededId(seed, p.key) === page);
        if (!plan) throw notFound(`source.props.page: the OpenAPI spec "${slug}" has no page "${page}" (a tag's name, or a page id under this seed)`);
        return documentOf(props.doc === 'info' ? infoMarkdown(doc, plan) : plan.markdown);
      }
      default:
        throw invalidInput(`source.props.doc: "${String(props.doc)}" is none of models, operations, tag, info, operation`);
    }
  }

  /** The space (which the caller must read) and the organization spec the source depends on, at its latest version. */
  private async load(caller: Caller, spaceId: string, source: ComputedSource): Promise<LoadedSpec> {
    const space = await this.spaces.find(spaceId);
    await caller.access.requireSpace(space, 'read');
    // The organization's specs are its members' to read (as getOpenAPISpec): a guest of one space reads none.
    if (!atLeast((await caller.access.organizationRole(space.organizationId)) ?? null, 'read')) {
      throw forbidden(`Computing from the OpenAPI specs of the organization of the space ${space.id} needs its read role`);
    }
    if (source.type !== 'builtin:openapi') throw notSupported(unsupportedReason(source.type));
    const slug = openAPISpecSlug(source.dependencies ?? {});
    if (!slug) throw invalidInput('source.dependencies.spec: a builtin:openapi source needs `spec: {ref: {kind: "openapi", spec: <slug>}}`');
    const published = await this.specs.published(space.organizationId, slug);
    if (!published) {
      const exists = await this.deps.store.openapi.bySlug(space.organizationId, slug);
      throw notFound(
        exists ? `The OpenAPI spec "${slug}" has no processed version yet` : `No OpenAPI spec "${slug}" in the organization of the space ${space.id}`,
      );
    }
    let doc = this.documents.get(published.version.blob);
    if (!doc) {
      const parsed = parseSpecText(published.text.replace(/^\uFEFF/, ''));
      if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
        throw notFound(`The latest version of the OpenAPI spec "${slug}" cannot be read back`);
      }
      doc = new OpenAPIDocument(parsed.value as Record<string, unknown>);
      this.documents.set(published.version.blob, doc);
    }
    return { slug, doc };
  }
}

function unsupportedReason(type: string): string {
  if (type === 'builtin:translation') {
    return 'computing a builtin:translation source is not available on this self-hosted server: a translation writes its result into its target space, whose content reads it';
  }
  return `computing ${type} is not available on this self-hosted server: an integration's computed content needs GitBook's cloud services to run the integration`;
}

/** A page id for this seed: 20 URL-safe characters, the same for the same seed and page. */
const seededId = (seed: string, key: string) => createHash('sha256').update(`${seed}\n${key}`).digest('base64url').slice(0, 20);

function infoMarkdown(doc: OpenAPIDocument, plan: OpenAPIPagePlan): string {
  const text = doc
    .tags()
    .find((t) => t.name === plan.tag)
    ?.description?.trim();
  return text ? `${text}\n` : '';
}

function documentOf(markdown: string): JSONDocument {
  checkMarkdownLimits(markdown, 'source');
  return toDocument(parseMarkdown(markdown));
}
