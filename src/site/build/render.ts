/**
 * The second stage of a build: renders the pages a space's plan says must render (their bodies on the render worker
 * when there are many, see render-pool.ts), into their HTML, their markdown copy and their manifest entry (anchors,
 * links, search documents). Kept pages come out with their entry of the previous build. Writes nothing; hands the
 * search documents of every page to the search index, in page order.
 */
import { withoutFrontmatter } from '../../content/frontmatter.js';
import { type Section, underTitle } from '../../content/search-text.js';
import { pageUpdatedAt } from '../../domain/content/page-dates.js';
import { takeBody } from '../../content/page-parse.js';
import { bodyCode, type PackedBody, unpackBody } from '../../content/parsed-body.js';
import type { DocumentPage } from '../../model/index.js';
import type { BlobStore } from '../../store/index.js';
import { CodeHighlights, STALL_MS } from '../highlight-pool.js';
import type { CodeBlock } from '../render/highlight.js';
import type { PageEntry } from '../manifest.js';
import { type PageView, renderPageBytes } from '../page.js';
import type { RenderedBody } from '../render/markdown.js';
import { mayUseOpenAPI, type PageSource, renderPageBody, reusableFrom, type SpaceRender } from '../render/page-body.js';
import { RENDER_WORKERS_FROM, type RenderPool, renderPool } from '../render-pool.js';
import type { SearchDoc, SearchPage } from '../search-index.js';
import type { BuildOptions, SiteInput, SiteSources, SiteSpaceInput } from '../types.js';
import type { SpaceUrls } from '../urls.js';
import type { PagePlan, SitePlan, SpacePlan } from './plan.js';

export interface RenderedSpace {
  /** Every page of the plan but the skipped ones, in order, as each is ready. */
  pages: AsyncIterable<RenderedPage>;
}

export interface RenderedPage {
  plan: PagePlan;
  /** Its position in the space's pages. */
  index: number;
  /** Null when the page was kept: its entry is the previous build's (`PreviousEntries`). */
  entry: PageEntry | null;
  /** Its markdown copy (read with its source, a window of pages ahead); null when the page was kept. */
  markdown: string | null;
  /** Null when the page was kept. */
  html: Uint8Array[] | null;
  /** Its body came from a render worker. */
  onWorker: boolean;
  /** About its render (code left unhighlighted). */
  warnings: string[];
}

/** One site space's render: the plans and what every page renders against. */
interface SpaceRun {
  site: SiteInput;
  plan: SpacePlan;
  blobs: BlobStore;
  /** The packed bodies the sync stored (`SiteSources.parsedBodies`). */
  parsedBodies: NonNullable<SiteSources['parsedBodies']>;
  space: SpaceRender;
  /** Each page's position in the reading order (previous/next). */
  position: Map<string, number>;
  /** Adds a page's search documents to the space's index. */
  index: (page: SearchPage) => void;
  /** The pages the index has already, by their signature: a kept page of one of them is added without its documents. */
  indexed: ReadonlyMap<string, string> | null;
  previous: SitePlan['entries'];
}

/** Starts rendering: the first bodies are on their way when this returns. */
export async function renderSpace(
  site: SitePlan,
  plan: SpacePlan,
  sources: SiteSources,
  options: BuildOptions,
  index: (page: SearchPage) => void,
  indexed: ReadonlyMap<string, string> | null,
): Promise<RenderedSpace> {
  const position = new Map(plan.nav.order.map((p, i) => [p.id, i]));
  const space = await spaceRender(site, plan, sources);
  const run: SpaceRun = {
    site: site.site,
    plan,
    blobs: sources.blobs,
    parsedBodies: sources.parsedBodies ?? (async () => new Map()),
    space,
    position,
    index,
    indexed,
    previous: site.entries,
  };
  const toRender = plan.pages.filter((p) => p.action === 'render');
  // A warm pool (from an earlier build of this process) renders any number of pages; a cold one starts for many.
  const pool = options.renderWorkers === false ? undefined : renderPool(toRender.length >= RENDER_WORKERS_FROM);
  const bodies = new Bodies(
    pool ?? null,
    `${site.nonce}/${plan.index}`,
    run,
    toRender.map((p) => p.page),
    site.site.openapi,
  );
  await bodies.start();
  // While the workers start on the first pages, this thread indexes the pages it can.
  const indexedAhead = pool ? await indexAhead(run, bodies) : 0;
  return { pages: renderedPages(run, bodies, indexedAhead) };
}

async function spaceRender(site: SitePlan, plan: SpacePlan, sources: SiteSources): Promise<SpaceRender> {
  const { view } = plan.space;
  const { claims } = site.site;
  // The renderer asks for reusable contents as it meets them, synchronously: they are read before.
  const paths = [...view.index.reusableByGitPath.keys()];
  const texts = await Promise.all(paths.map(async (path) => await reusableText(sources.blobs, view, path)));
  const reusables = new Map(paths.map((path, i) => [path, texts[i] ?? null]));
  return {
    index: view.index,
    urls: plan.urls,
    options: {
      spaceRoot: await sources.spaceRoot(view),
      externalTarget: plan.customization.externalTarget,
      variables: view.content.variables,
      nonce: site.nonce,
      ...(claims ? { claims } : {}),
    },
    reusable: reusableFrom((gitPath) => reusables.get(gitPath) ?? null),
  };
}

async function* renderedPages(run: SpaceRun, bodies: Bodies, indexedAhead: number): AsyncGenerator<RenderedPage> {
  for (const [index, plan] of run.plan.pages.entries()) {
    if (plan.action === 'skip') continue;
    const rendered = plan.action === 'keep' ? { entry: null, html: null, markdown: null, onWorker: false, warnings: [] } : await renderPage(run, bodies, plan);
    if (index >= indexedAhead) {
      // A kept page the index has already costs no wait (thousands of them in a one-page rebuild).
      const docs = rendered.entry?.search ?? (run.indexed?.get(plan.entryKey) === plan.key ? null : await keptSearch(run, plan));
      run.index({ key: plan.entryKey, sig: plan.key, docs });
    }
    yield { plan, index, ...rendered };
  }
}

async function renderPage(run: SpaceRun, bodies: Bodies, plan: PagePlan): Promise<Omit<RenderedPage, 'plan' | 'index'>> {
  const { page, key, old, entryKey } = plan;
  const { urls } = run.plan;
  // The last commit that touched the page's file; a page without one (edited through the API) keeps the date of
  // the revision that changed it, as well as the build cache knows it.
  const updatedAt = pageUpdatedAt(page) ?? (old && old.blob === page.blob ? old.updatedAt : run.plan.space.view.revision.createdAt);
  const { body, markdown, onWorker } = await bodies.render(plan);
  const html = renderPageBytes(run.plan.chrome, pageView(run, page, body, updatedAt));
  const entry: PageEntry = {
    // A page with code left plain keeps no key: the next build renders it again, and tries its code again.
    key: body.plain ? '' : key,
    blob: page.blob,
    updatedAt,
    files: [urls.pageFile(page), urls.markdownFile(page)],
    anchors: body.anchors,
    ...(Object.keys(body.aliases).length ? { aliases: body.aliases } : {}),
    links: body.links,
    search: searchDocs(page, body.sections, entryKey, urls),
    ...(body.highlighted.length ? { code: body.highlighted } : {}),
  };
  const warnings = body.plain
    ? [
        `${page.git?.path ?? page.path} (${run.plan.label}): ${body.plain} code block${body.plain === 1 ? '' : 's'} left unhighlighted, ` +
          `the highlighter gives a block ${STALL_MS / 1000} s at most; the page renders again at the next build`,
      ]
    : [];
  return { entry, html, markdown, onWorker, warnings };
}

function pageView(run: SpaceRun, page: DocumentPage, body: RenderedBody, updatedAt: string): PageView {
  const { urls, space } = run.plan;
  const at = run.position.get(page.id);
  const neighbour = (i: number | undefined) => {
    const p = i === undefined ? undefined : run.plan.nav.order[i];
    return p ? { title: p.linkTitle ?? p.title, url: urls.page(p) } : undefined;
  };
  const layout = page.layout ?? {};
  const pageUrl = urls.page(page);
  return {
    id: page.id,
    title: page.title,
    url: pageUrl,
    markdownUrl: urls.markdownUrl(page),
    body: body.html,
    outline: body.outline,
    breadcrumbs: breadcrumbs(run, page),
    anchorAliases: body.aliases,
    ...(page.description ? { description: page.description } : {}),
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(at !== undefined && at > 0 ? { previous: neighbour(at - 1)! } : {}),
    ...(at !== undefined && neighbour(at + 1) ? { next: neighbour(at + 1)! } : {}),
    ...(space.editUrl && page.git ? { editUrl: `${space.editUrl}${page.git.path}` } : {}),
    ...(run.site.siteUrl ? { canonical: `${run.site.siteUrl}${pageUrl}` } : {}),
    updatedAt,
    noIndex: page.noRobotsIndex === true,
    layout: {
      outline: layout.outline ?? true,
      pagination: layout.pagination ?? true,
      title: layout.title ?? true,
      description: layout.description ?? true,
      wide: layout.width === 'wide',
    },
  };
}

/** The page's ancestors, the top one first: a page links to itself, a group (or any other kind) is its title. */
function breadcrumbs(run: SpaceRun, page: DocumentPage): NonNullable<PageView['breadcrumbs']> {
  const { nav, urls, space } = run.plan;
  const trail: NonNullable<PageView['breadcrumbs']> = [];
  const seen = new Set([page.id]);
  for (let id = nav.parents.get(page.id); id && !seen.has(id); id = nav.parents.get(id)) {
    seen.add(id);
    const parent = space.view.index.pages.get(id);
    if (!parent) break;
    const title = parent.kind === 'document' ? (parent.linkTitle ?? parent.title) : parent.title;
    trail.unshift({ id, title, url: parent.kind === 'document' ? urls.page(parent) : null });
  }
  return trail;
}

/** A kept page's search documents: none when the index has them (its entry is not even read), else its entry's. */
async function keptSearch(run: SpaceRun, plan: PagePlan): Promise<SearchDoc[] | null> {
  if (run.indexed?.get(plan.entryKey) === plan.key) return null;
  return (await run.previous.entry(plan.entryKey, plan.old!.segment)).search;
}

/** The markdown copy of a page: its title as `# H1` and its body, without frontmatter. */
export function pageMarkdown(page: DocumentPage, bytes: Buffer | undefined): string {
  return markdownCopy(page, bytes ? utf8.decode(bytes) : '');
}

/** UTF-8 as the sync reads a page: a byte-order mark is not part of the text (nor what hides its frontmatter). */
const utf8 = new TextDecoder();

function markdownCopy(page: DocumentPage, text: string): string {
  const body = withoutFrontmatter(text).replace(/^\s+/, '');
  return /^#\s/.test(body) ? body : `# ${page.title}\n\n${body}`;
}

async function reusableText(blobs: BlobStore, view: SiteSpaceInput['view'], gitPath: string): Promise<string | null> {
  const rc = view.index.reusableByGitPath.get(gitPath);
  const bytes = rc ? await blobs.get(rc.blob) : undefined;
  return bytes ? utf8.decode(bytes) : null;
}

function searchDocs(page: DocumentPage, sections: readonly Section[], entryKey: string, urls: SpaceUrls): SearchDoc[] {
  if (page.noIndex) return [];
  return sections.map((s, i) => ({
    id: `${entryKey}#${i}`,
    title: page.title,
    heading: s.heading,
    text: s.text,
    url: urls.page(page, s.anchor ?? undefined),
  }));
}

/**
 * Indexes pages for search before they render, while the render worker starts, from the sections the sync found
 * (when the render gives the same). Goes through the pages in order and stops at the first that must wait for its
 * render, so the index gets its documents in page order either way. Returns how many pages (from the first) it did.
 */
async function indexAhead(run: SpaceRun, bodies: Bodies): Promise<number> {
  let n = 0;
  for (const plan of run.plan.pages) {
    const { page, action, entryKey, key } = plan;
    if (action === 'keep') run.index({ key: entryKey, sig: key, docs: await keptSearch(run, plan) });
    else if (action === 'render') {
      const sections = bodies.sections(page);
      if (!sections) break;
      run.index({ key: entryKey, sig: key, docs: searchDocs(page, underTitle(sections, page.title), entryKey, run.plan.urls) });
    }
    n++;
  }
  return n;
}

/** A page to render, read: what its body renders from, its markdown copy, and its code blocks if the sync parsed it. */
interface PageRead {
  source: PageSource;
  markdown: string;
  code: CodeBlock[] | null;
}

/** A body whose code is highlighted; `plain`: how many of its blocks were left plain (see `CodeHighlights`). */
type HighlightedBody = RenderedBody & { plain: number };

/** A window of pages read ahead: in flight on the render worker, or kept to render here. */
const RENDER_WINDOW = 32;
/** Pages whose parsed bodies are looked for at once. */
const LOAD_RUN = 64;
/** How many pages ahead of the render their code is asked of the highlight worker (a few hundred ms of its work). */
const CODE_AHEAD = 256;
/** At most this share of the pages renders here beside the render worker (see `Bodies.share`). */
const MAX_SHARE_HERE = 0.4;

/** A page posted to the render worker. */
interface Posted extends PageRead {
  rendering: Promise<HighlightedBody>;
  /** The worker has answered (its code may still be on the highlight worker). */
  answered: boolean;
}

/**
 * Renders the bodies of a site space's pages, in page order: ahead on the render worker when there is a pool (a
 * window of pages in flight from the start, while this thread writes), with their code highlighted beside it on the
 * highlight worker; else here. Pages that may hold OpenAPI blocks render here, and so does a share of the others
 * when this thread would otherwise wait for the worker.
 */
class Bodies {
  private readonly inFlight = new Map<string, Posted>();
  /** Pages read and not yet rendered: a page is read once (a sync's parsed body can be taken once). */
  private readonly read = new Map<string, PageRead>();
  /** Pages of the window kept to render here, in order, with their render once it started. */
  private readonly here = new Map<string, { page: DocumentPage; rendering: Promise<HighlightedBody> | null }>();
  /**
   * The share of pages kept to render here: raised each time this thread finds the worker behind, lowered each time
   * the worker was ahead, so that the two keep pace whatever the cores. `owed` carries its fractions from page to page.
   */
  private share = 0;
  private owed = 0;
  private cursor = 0;
  /** How many pages were asked for (`render`): the next one's position. */
  private next = 0;
  /** The pages before it had their code prefetched (see `prefetchCode`). */
  private codeCursor = 0;
  /** The blocks prefetched for each page, held until its fill. */
  private readonly codeHeld = new Map<string, CodeBlock[]>();
  private prefetching = Promise.resolve();
  private readonly remembered = new Map<string, Promise<void>>();
  private readonly highlights: CodeHighlights;
  private readonly plans: Map<string, PagePlan>;
  /** Each page's position in `pages`. */
  private readonly order: Map<string, number>;
  /** The parsed bodies of pages ahead, by page id, from the sync of this process or from the store (see `load`). */
  private readonly ahead = new Map<string, PackedBody>();
  /** The pages before this one had their parsed body looked for. */
  private loaded = 0;
  private loading = Promise.resolve();

  constructor(
    private readonly pool: RenderPool | null,
    private readonly key: string,
    private readonly run: SpaceRun,
    private readonly pages: readonly DocumentPage[],
    private readonly openapi: SiteInput['openapi'],
  ) {
    this.highlights = new CodeHighlights();
    this.plans = new Map(run.plan.pages.filter((p) => p.action === 'render').map((p) => [p.page.id, p]));
    this.order = new Map(pages.map((page, i) => [page.id, i]));
  }

  /** Starts the render worker on the space and the first pages. */
  async start(): Promise<void> {
    const { pool, key, run } = this;
    if (pool)
      pool.space({
        key,
        content: run.plan.space.view.content,
        base: run.space.urls.base,
        prefix: run.space.urls.prefix,
        options: run.space.options,
        includes: await this.includes(),
      });
    await this.topUp();
    await this.prefetchCode();
  }

  /** The search sections the sync found of the page's body, when a render gives the same (see `parsed`). */
  sections(page: DocumentPage): Section[] | null {
    const parsed = this.parsed(page);
    try {
      return parsed && unpackBody(parsed.packed).sections;
    } catch {
      return null; // its render says what is wrong
    }
  }

  /** The body the sync parsed of the page, if it did and the page is among those ahead whose bodies were looked for. */
  private parsed(page: DocumentPage): PackedBody | null {
    const read = this.inFlight.get(page.id) ?? this.read.get(page.id);
    if (read === undefined) return this.ahead.get(page.id) ?? null;
    return read.source && 'body' in read.source ? { code: read.code ?? [], packed: read.source.body } : null;
  }

  async render(plan: PagePlan): Promise<{ body: HighlightedBody; markdown: string; onWorker: boolean }> {
    const { page } = plan;
    this.next++;
    await this.topUp();
    await this.prefetchCode();
    const posted = this.inFlight.get(page.id);
    if (posted) {
      this.inFlight.delete(page.id);
      // An answer the worker posted is seen only once this thread's work lets its message in: a busy thread would
      // take the worker for behind, and take pages off it.
      if (!posted.answered) await new Promise(setImmediate);
      this.share = posted.answered ? Math.max(0, this.share - 1 / 64) : Math.min(MAX_SHARE_HERE, this.share + 1 / 16);
      while (!posted.answered && (await this.renderAhead()));
      const body = await posted.rendering;
      await this.topUp();
      return { body, markdown: posted.markdown, onWorker: true };
    }
    const { source, markdown } = await this.sourceOf(page);
    const ahead = this.here.get(page.id)?.rendering;
    this.read.delete(page.id);
    this.here.delete(page.id);
    return { body: await (ahead ?? this.renderHere(page, source).then((body) => this.highlighted(page, body))), markdown, onWorker: false };
  }

  private renderHere(page: DocumentPage, source: PageSource): Promise<RenderedBody> {
    const { openapi } = this;
    return renderPageBody(this.run.space, page, source, openapi ? { openapi } : {});
  }

  /** Renders here the first page kept for here whose turn has not come; false when there is none. */
  private async renderAhead(): Promise<boolean> {
    for (const [id, kept] of this.here) {
      if (kept.rendering) continue;
      // A failure is the page's own, thrown at its turn.
      const body = Promise.resolve().then(() => this.renderHere(kept.page, this.read.get(id)!.source));
      kept.rendering = body.then((rendered) => this.highlighted(kept.page, rendered));
      kept.rendering.catch(() => {}); // awaited at its turn; a failure is thrown there
      await body.catch(() => {});
      return true;
    }
    return false;
  }

  /** The reusable contents' markdown by repository path, for the render worker. */
  private async includes(): Promise<Array<[string, string]>> {
    const { view } = this.run.plan.space;
    return (
      await Promise.all(
        [...view.index.reusableByGitPath.keys()].map(async (path): Promise<Array<[string, string]>> => {
          const text = await reusableText(this.run.blobs, view, path);
          return text === null ? [] : [[path, text]];
        }),
      )
    ).flat();
  }

  private async sourceOf(page: DocumentPage): Promise<PageRead> {
    const known = this.read.get(page.id);
    if (known) return known;
    await this.rememberCode(page);
    await this.load((this.order.get(page.id) ?? -1) + 1);
    const bytes = await this.run.blobs.get(page.blob);
    const text = bytes && utf8.decode(bytes);
    const kept = this.ahead.get(page.id);
    this.ahead.delete(page.id);
    const source = text === undefined ? null : kept ? { body: kept.packed, text } : { text };
    const read = { source, markdown: markdownCopy(page, text ?? ''), code: kept?.code ?? null };
    this.read.set(page.id, read);
    return read;
  }

  /**
   * Looks for the parsed bodies of the pages before `until`, in runs of pages: kept by a sync of this process, else
   * stored by the sync that parsed them (a build in another process). A page with none is parsed at its render.
   */
  private load(until: number): Promise<void> {
    if (until <= this.loaded) return this.loading;
    this.loading = this.loading.then(async () => {
      while (this.loaded < until) {
        const pages = this.pages.slice(this.loaded, Math.min(this.pages.length, this.loaded + LOAD_RUN));
        this.loaded += pages.length;
        const packed = new Map<string, Uint8Array>();
        for (const page of pages) {
          const kept = takeBody(page.blob);
          if (kept) packed.set(page.blob, kept);
        }
        const stored = pages.filter((page) => !packed.has(page.blob)).map((page) => page.blob);
        // A cache: when the store fails to give them, these pages are parsed at their render.
        const found = stored.length ? await this.run.parsedBodies(stored).catch(() => new Map<string, Uint8Array>()) : null;
        for (const [oid, body] of found ?? []) packed.set(oid, body);
        for (const page of pages) {
          const body = packed.get(page.blob);
          if (!body) continue;
          try {
            this.ahead.set(page.id, bodyCode(body));
          } catch {
            // Not a body this code packed: the page is parsed at its render.
          }
        }
      }
    });
    return this.loading;
  }

  /**
   * The page's code as its last render highlighted it (its entry in the build cache): a page whose text changed, or
   * every page after the sidebar changed, renders without highlighting again the code blocks it still has.
   */
  private rememberCode(page: DocumentPage): Promise<void> {
    let remembering = this.remembered.get(page.id);
    if (!remembering) this.remembered.set(page.id, (remembering = this.remember(page)));
    return remembering;
  }

  private async remember(page: DocumentPage): Promise<void> {
    const plan = this.plans.get(page.id);
    if (!plan?.old) return;
    const code = (await this.run.previous.segment(plan.old.segment))?.[plan.entryKey]?.code;
    if (code) this.highlights.remember(code);
  }

  /** The body with its code blocks highlighted (by the highlight worker). */
  private async highlighted(page: DocumentPage, body: RenderedBody): Promise<HighlightedBody> {
    const held = this.codeHeld.get(page.id) ?? [];
    this.codeHeld.delete(page.id);
    return { ...body, ...(await this.highlights.fill(body.html, this.run.space.options.nonce, body.code, held)), code: [] };
  }

  private async topUp(): Promise<void> {
    const { pool } = this;
    if (!pool) return;
    // Pages left to render here (OpenAPI, no blob) count in the window: they are read, and wait for their turn.
    while (this.inFlight.size + this.read.size < RENDER_WINDOW && this.cursor < this.pages.length) {
      const page = this.pages[this.cursor++]!;
      const read = await this.sourceOf(page);
      if (read.source === null || mayUseOpenAPI(read.markdown)) continue;
      const { source } = read;
      this.owed += this.share;
      if (this.owed >= 1) {
        this.owed--;
        this.here.set(page.id, { page, rendering: null });
        continue;
      }
      this.read.delete(page.id);
      const answer = pool.render(this.key, page, source);
      const posted: Posted = { ...read, rendering: answer.then((body) => this.highlighted(page, body)), answered: false };
      answer.then(() => (posted.answered = true)).catch(() => {});
      posted.rendering.catch(() => {}); // awaited in page order; a failure is thrown there
      this.inFlight.set(page.id, posted);
    }
  }

  /**
   * The code of the next pages the sync parsed goes to the highlight worker ahead of their render, so it runs beside
   * the render worker; a block the build cache has is remembered first, and not asked. Only `CODE_AHEAD` pages
   * ahead: a page the sync did not keep is asked at its render, and waits behind what was asked before it.
   */
  private prefetchCode(): Promise<void> {
    this.prefetching = this.prefetching.then(async () => {
      const until = Math.min(this.pages.length, this.next + CODE_AHEAD);
      await this.load(until);
      while (this.codeCursor < until) {
        const pages = this.pages.slice(this.codeCursor, Math.min(until, this.codeCursor + 64));
        this.codeCursor += pages.length;
        const code = await Promise.all(
          pages.map(async (page) => {
            const blocks = this.parsed(page)?.code ?? [];
            if (blocks.length) {
              await this.rememberCode(page);
              this.codeHeld.set(page.id, blocks);
            }
            return blocks;
          }),
        );
        this.highlights.prefetch(code.flat());
      }
    });
    return this.prefetching;
  }
}
