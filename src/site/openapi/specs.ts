/**
 * The OpenAPI documents of one site build: organization specs by slug (their latest processed version), files of the
 * space named by `src`, and `src` URLs. A URL is read from the organization spec made from that URL when there is one
 * (as GitBook turns such blocks into organization specs); otherwise a build fetches it, through the guarded fetch
 * helper, only when allowed (`fetchUrls`, or DOCS_FETCH_OPENAPI=1): a build never reaches out on its own. Each document
 * is parsed once per build; parsed documents are kept across builds by the hash of their text.
 */
import { sha1Hex } from '../../platform/digest.js';
import { LRUCache } from 'lru-cache';
import type { Root } from 'mdast';
import type { RevisionView } from '../../domain/content/content.js';
import type { OpenAPISpecRecord } from '../../model/index.js';
import { fetchUrl } from '../../platform/fetch.js';
import type { Domain } from '../../domain/index.js';
import { parseSpecText } from '../../domain/openapi/openapi.js';
import type { RenderContext } from '../render/context.js';
import { OpenAPIDocument } from '../../content/openapi/document.js';
import type { LoadedSpec, OpenAPISpecSource } from '../render/openapi/source.js';

const BLOCKS = new Set(['openapi', 'openapiOperation', 'openapiSchemas']);
const SPEC_FILE = /\.(json|ya?ml)$/i;
const documents = new LRUCache<string, OpenAPIDocument | string>({ max: 8 });

export interface SiteOpenAPIOptions {
  /** Fetch `src` URLs that no organization spec was made from (default: DOCS_FETCH_OPENAPI is `1` or `true`). */
  fetchUrls?: boolean;
}

/** The specs of the organization the site belongs to, and the spec files of the spaces it shows. */
export async function siteOpenAPI(
  domain: Domain,
  organizationId: string,
  views: readonly RevisionView[],
  options: SiteOpenAPIOptions = {},
): Promise<OpenAPISpecSource> {
  const files = views.flatMap((v) => v.content.files.filter((f) => SPEC_FILE.test(f.name)).map((f) => `${f.id}=${f.blob ?? ''}`));
  const stamp = hash(`${await domain.openapi.stamp(organizationId)}|${files.join(',')}`);
  const specs = await domain.deps.store.openapi.in(organizationId);
  return new SiteSpecs(domain, organizationId, stamp, specs, options.fetchUrls ?? /^(1|true)$/i.test(process.env.DOCS_FETCH_OPENAPI ?? ''));
}

/**
 * Specs are read (store, files, URLs) by `load` and `prepare`, before the pages that show them render; `bySlug` and
 * `bySrc`, called while a page renders, answer from what was read.
 */
class SiteSpecs implements OpenAPISpecSource {
  private readonly loaded = new Map<string, LoadedSpec>();

  constructor(
    private readonly domain: Domain,
    private readonly organizationId: string,
    readonly stamp: string,
    private readonly specs: readonly OpenAPISpecRecord[],
    private readonly fetchUrls: boolean,
  ) {}

  async load(slugs: readonly string[]): Promise<void> {
    await Promise.all(slugs.map((slug) => this.loadSlug(slug)));
  }

  async prepare(root: Root, ctx: RenderContext): Promise<void> {
    const urls = new Set<string>();
    const reads: Promise<void>[] = [];
    let found = false;
    const visit = (node: { type: string; children?: unknown[]; src?: string; spec?: string }) => {
      if (BLOCKS.has(node.type)) {
        found = true;
        if (typeof node.spec === 'string' && node.type !== 'openapi') reads.push(this.loadSlug(node.spec));
        if (node.type === 'openapi' && node.src) {
          if (/^https?:\/\//i.test(node.src)) {
            const spec = this.specFrom(node.src);
            if (spec) reads.push(this.loadSlug(spec.slug));
            else urls.add(node.src);
          } else reads.push(this.loadFile(node.src, ctx));
        }
      }
      for (const child of node.children ?? []) visit(child as typeof node);
    };
    visit(root);
    if (!found) return;
    const fetching = this.fetchUrls ? [...urls].filter((u) => !this.loaded.has(`url:${u}`)).map((u) => this.fetch(u)) : [];
    await Promise.all([...fetching, ...reads]);
  }

  bySlug(slug: string): LoadedSpec {
    return this.loaded.get(`slug:${slug}`) ?? { error: `The OpenAPI spec "${slug}" was not read before the page rendered` };
  }

  bySrc(src: string, ctx: RenderContext): LoadedSpec {
    if (/^https?:\/\//i.test(src)) {
      const spec = this.specFrom(src);
      if (spec) return this.bySlug(spec.slug);
      return (
        this.loaded.get(`url:${src}`) ?? {
          error: `${src} is not an OpenAPI spec of this organization: add it (createOpenAPISpec with source.url), or build with DOCS_FETCH_OPENAPI=1 to fetch it`,
        }
      );
    }
    const { file } = ctx.resolve(src, 'openapi');
    if (!file?.blob) return { error: `No spec file at ${src}` };
    return this.loaded.get(`file:${file.blob}`) ?? { error: `The spec file ${src} was not read before the page rendered` };
  }

  private loadSlug(slug: string): Promise<void> {
    return this.memo(`slug:${slug}`, async () => {
      const published = await this.domain.openapi.published(this.organizationId, slug);
      if (!published) {
        const spec = await this.domain.deps.store.openapi.bySlug(this.organizationId, slug);
        return { error: spec ? `The OpenAPI spec "${slug}" has no processed version yet` : `There is no OpenAPI spec "${slug}" in this organization` };
      }
      return withUrl(parse(published.text), published.version.sourceUrl);
    });
  }

  private async loadFile(src: string, ctx: RenderContext): Promise<void> {
    const { file } = ctx.resolve(src, 'openapi');
    if (!file?.blob) return;
    await this.memo(`file:${file.blob}`, async () => {
      const bytes = await this.domain.deps.store.blobs.get(file.blob!);
      return bytes ? withUrl(parse(bytes.toString('utf8')), ctx.urls.file(file)) : { error: `The file ${src} has no content` };
    });
  }

  /** The organization spec made from this URL, if any. */
  private specFrom(url: string): OpenAPISpecRecord | undefined {
    let href: string;
    try {
      href = new URL(url).href;
    } catch {
      return undefined;
    }
    return this.specs.find((spec) => spec.sourceUrl === href);
  }

  private async fetch(url: string): Promise<void> {
    let loaded: LoadedSpec;
    try {
      const fetched = await fetchUrl(url, 'src', this.domain.openapi.fetchPolicy);
      loaded = withUrl(parse(fetched.bytes.toString('utf8')), url);
    } catch (error) {
      loaded = { error: `Could not read the OpenAPI spec: ${(error as Error).message.replace(/^src: /, '')}` };
    }
    this.loaded.set(`url:${url}`, loaded);
  }

  /** Reads the spec under `key` once: later calls wait for the same read. */
  private memo(key: string, load: () => Promise<LoadedSpec>): Promise<void> {
    if (this.loaded.has(key)) return Promise.resolve();
    let reading = this.reading.get(key);
    if (!reading) {
      reading = load().then((spec) => {
        this.loaded.set(key, spec);
        this.reading.delete(key);
      });
      this.reading.set(key, reading);
    }
    return reading;
  }

  private readonly reading = new Map<string, Promise<void>>();
}

const hash = (text: string) => sha1Hex(text);
const withUrl = (parsed: OpenAPIDocument | string, url: string | null): LoadedSpec => (typeof parsed === 'string' ? { error: parsed } : { doc: parsed, url });

/** The document of a spec's text, or why it cannot be read. */
function parse(text: string): OpenAPIDocument | string {
  const key = hash(text);
  let doc = documents.get(key);
  if (doc === undefined) {
    const parsed = parseSpecText(text.replace(/^\uFEFF/, ''));
    if (!parsed.ok) doc = `The OpenAPI spec is not valid JSON or YAML${parsed.line ? ` (line ${parsed.line})` : ''}: ${parsed.message}`;
    else if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) doc = 'The OpenAPI spec is not an object';
    else doc = new OpenAPIDocument(parsed.value as Record<string, unknown>);
    documents.set(key, doc);
  }
  return doc;
}
