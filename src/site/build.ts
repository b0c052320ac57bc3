/**
 * Builds a static site: for each site space, the sidebar and chrome once, then every page (re-rendered only when
 * its cache key changed), then the files, the search index, sitemap, robots, llms, 404 and redirects.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Root } from 'mdast';
import { withoutFrontmatter } from '../content/frontmatter.js';
import { hasDotSegment } from '../content/paths.js';
import { type Section, underTitle } from '../content/search-text.js';
import { pageUpdatedAt } from '../domain/content/page-dates.js';
import { takeBody } from '../content/page-parse.js';
import type { DocumentPage } from '../model/index.js';
import type { BlobStore } from '../store/index.js';
import { siteAssets } from './assets.js';
import { customizationHash, resolveCustomization, stableJson } from './customization.js';
import { escapeHtml } from './html.js';
import { type BrokenLink, checkLinks, describeBrokenLinks } from './link-check.js';
import { type Manifest, type PageEntry, readManifest, writeManifest } from './manifest.js';
import { buildNav, renderSidebar } from './nav.js';
import { OutputWriter } from './output.js';
import { type Chrome, renderChrome, renderPage, renderPageBytes } from './page.js';
import { llmsFullTxt, llmsTxt, type LlmsSpace } from './outputs/llms.js';
import { type Redirect, redirectPage, redirectsMap } from './outputs/redirects.js';
import { robotsTxt } from './outputs/robots.js';
import { sitemapXml } from './outputs/sitemap.js';
import type { RenderedBody } from './render/markdown.js';
import { mayUseOpenAPI, type PageSource, pageRoot, renderPageBody, reusableFrom, type SpaceRender } from './render/page-body.js';
import { CodeHighlights } from './highlight-pool.js';
import { RENDER_WORKERS_FROM, type RenderPool, renderPool } from './render-pool.js';
import { withOpenAPIPages } from './openapi/pages.js';
import { excerptOf, type SearchDoc } from './search-index.js';
import { type SearchIndexes, searchIndexes } from './search-pool.js';
import type { BuildOptions, SiteInput, SiteSpaceInput } from './types.js';
import { normalizeBase, SpaceUrls } from './urls.js';

export type { BuildOptions, SiteInput, SiteSpaceInput } from './types.js';
export type { BrokenLink } from './link-check.js';

export interface BuildReport {
  out: string;
  pages: number;
  /** Pages rendered by this build; the others were unchanged and kept. */
  rendered: number;
  /** Of those, the pages whose body a render worker rendered. */
  renderedOnWorkers: number;
  files: number;
  brokenLinks: BrokenLink[];
  warnings: string[];
  ms: number;
}

/** Strict link checking found broken links: the site was written, but the build failed. */
export class BrokenLinksError extends Error {
  override name = 'BrokenLinksError';
  constructor(readonly report: BuildReport) {
    super(
      `${report.brokenLinks.length} broken internal link${report.brokenLinks.length === 1 ? '' : 's'} or anchor${report.brokenLinks.length === 1 ? '' : 's'}:\n` +
        `${describeBrokenLinks(report.brokenLinks)}\nFix them, or build with --no-strict-links to report them as warnings.`,
    );
  }
}

/** What the builder reads from the store: page and file bytes by blob oid, and each page's parse record. */
export interface SiteSources {
  blobs: BlobStore;
  /** The space's content root in its repository (links starting with `/` resolve against it). */
  spaceRoot(view: SiteSpaceInput['view']): string;
}

export async function buildSite(site: SiteInput, sources: SiteSources, options: BuildOptions): Promise<BuildReport> {
  ({ site, sources } = withOpenAPIPages(site, sources));
  const indexes = searchIndexes(options.only ? 0 : site.spaces.reduce((n, space) => n + space.view.index.documents().length, 0), options.out);
  try {
    return await build(site, sources, options, indexes);
  } finally {
    await indexes.close();
  }
}

async function build(site: SiteInput, sources: SiteSources, options: BuildOptions, indexes: SearchIndexes): Promise<BuildReport> {
  const started = performance.now();
  const out = options.out;
  const base = normalizeBase(site.basePath);
  const assets = siteAssets();
  const previous: Manifest = options.only ? { format: 0, pages: {}, files: {} } : await readManifest(out);
  const manifest: Manifest = { format: previous.format, pages: {}, files: {} };
  const report: BuildReport = { out, pages: 0, rendered: 0, renderedOnWorkers: 0, files: 0, brokenLinks: [], warnings: [], ms: 0 };
  const writer = new OutputWriter(out, (path) => report.warnings.push(`${path}: leaves the output folder; not written`));
  const nonce = randomBytes(6).toString('hex');
  const sitemap: Array<{ loc: string; lastmod?: string }> = [];
  const disallowed: string[] = [];
  const llms: LlmsSpace[] = [];
  const redirects: Redirect[] = [];
  const searchFiles: Array<Promise<[string, string]>> = [];
  let firstChrome: Chrome | null = null;

  for (const [spaceIndex, space] of site.spaces.entries()) {
    const { view } = space;
    const urls = new SpaceUrls(base, space.prefix, view.content.pages);
    const nav = buildNav(view.index, urls);
    const customization = resolveCustomization(space.customization);
    const sections = sectionTabs(site, space, base);
    const variants = site.spaces.filter((s) => s.section === space.section && space.section !== undefined && (!s.hidden || s === space))
      .map((s) => ({ title: s.title, url: new SpaceUrls(base, s.prefix).root(), current: s === space }));
    const siteTitle = customization.title ?? site.title;
    const chrome = renderChrome({ siteTitle, base, home: urls.root(), customization, sidebar: renderSidebar(nav, customization.externalTarget), sections, variants, assetVersion: assets.version });
    firstChrome ??= chrome;
    const chromeHash = hash(stableJson({ siteTitle, sections, variants, base, prefix: space.prefix, editUrl: space.editUrl, siteUrl: site.siteUrl }));
    // Includes, variables and the set of files are read by any page's render: a change re-renders every page.
    const sharedHash = hash(stableJson({ includes: view.content.reusableContents.map((r) => [r.id, r.blob, r.git?.path ?? null]), variables: view.content.variables, files: view.content.files.map((f) => [f.id, f.name, f.git?.path ?? null]) }));
    const spaceKey = `${nav.hash}|${customizationHash(customization)}|${assets.version}|${chromeHash}|${site.claims ? hash(stableJson(site.claims)) : ''}|${sharedHash}|${site.openapi?.stamp ?? ''}`;
    const spaceRoot = sources.spaceRoot(view);
    const reusable = reusableLoader(sources.blobs, view);
    const position = new Map(nav.order.map((p, i) => [p.id, i]));
    const documents = view.index.documents();
    const checked: Array<{ id: string; gitPath: string; links: PageEntry['links'] }> = [];
    const anchors = new Map<string, Set<string>>();
    const llmsPages: LlmsSpace['pages'][number][] = [];
    const label = space.prefix || space.title;
    const entryKeyOf = (page: DocumentPage) => `${space.prefix}/${page.id}`;

    const renderSpace: SpaceRender = {
      index: view.index,
      urls,
      options: { spaceRoot, externalTarget: customization.externalTarget, variables: view.content.variables, nonce, ...(site.claims ? { claims: site.claims } : {}) },
      reusable,
    };
    const plans = documents.map((page) => {
      const meta = { title: page.title, description: page.description, emoji: page.emoji, path: page.path, layout: page.layout, noIndex: page.noIndex, noRobotsIndex: page.noRobotsIndex, git: page.git?.path, updatedAt: pageUpdatedAt(page) };
      const old = previous.pages[entryKeyOf(page)];
      const key = hash(`${page.blob}|${spaceKey}|${stableJson(meta)}`);
      const skip = options.only !== undefined && !options.only.has(page.id);
      return { page, key, old, skip, reuse: !skip && old !== undefined && old.key === key && writer.exists(urls.pageFile(page)) };
    });
    const toRender = plans.filter((p) => !p.skip && !p.reuse);
    // A warm pool (from an earlier build of this process) renders any number of pages; a cold one starts for many.
    const pool = options.renderWorkers === false ? undefined : renderPool(toRender.length >= RENDER_WORKERS_FROM);
    const ahead = renderAhead(pool ?? null, `${nonce}/${spaceIndex}`, renderSpace, view, sources, toRender, () => report.renderedOnWorkers++);
    // While the workers start on the first pages, this thread indexes the pages it can and writes the markdown copies.
    const indexedEarly = pool ? indexAhead(plans, ahead, (page, sections) => searchDocs(page, sections, entryKeyOf(page), urls), (docs) => indexes.add(spaceIndex, docs)) : 0;
    const markdowns = new Map<string, string>();
    for (const { page } of toRender) {
      const markdown = pageMarkdown(page, sources.blobs.get(page.blob));
      writer.write(urls.markdownFile(page), markdown);
      markdowns.set(page.id, markdown);
    }
    for (const [n, { page, key, old, skip, reuse }] of plans.entries()) {
      if (skip) continue;
      const entryKey = entryKeyOf(page);
      const htmlFile = urls.pageFile(page);
      const mdFile = urls.markdownFile(page);
      const markdown = markdowns.get(page.id) ?? pageMarkdown(page, sources.blobs.get(page.blob));
      markdowns.delete(page.id);
      let entry: PageEntry;
      if (reuse) {
        entry = old!;
      } else {
        // The last commit that touched the page's file; a page without one (edited through the API) keeps the date of
        // the revision that changed it, as well as the build cache knows it.
        const updatedAt = pageUpdatedAt(page) ?? (old && old.blob === page.blob ? old.updatedAt : view.revision.createdAt);
        const body = await ahead.render(page, site.openapi);
        const at = position.get(page.id);
        const neighbour = (i: number | undefined) => {
          const p = i === undefined ? undefined : nav.order[i];
          return p ? { title: p.linkTitle ?? p.title, url: urls.page(p) } : undefined;
        };
        const layout = page.layout ?? {};
        const pageUrl = urls.page(page);
        const htmlBytes = renderPageBytes(chrome, {
          id: page.id, title: page.title, url: pageUrl, markdownUrl: urls.markdownUrl(page), body: body.html, outline: body.outline,
          ...(page.description ? { description: page.description } : {}),
          ...(page.emoji ? { emoji: page.emoji } : {}),
          ...(at !== undefined && at > 0 ? { previous: neighbour(at - 1)! } : {}),
          ...(at !== undefined && neighbour(at + 1) ? { next: neighbour(at + 1)! } : {}),
          ...(space.editUrl && page.git ? { editUrl: `${space.editUrl}${page.git.path}` } : {}),
          ...(site.siteUrl ? { canonical: `${site.siteUrl}${pageUrl}` } : {}),
          updatedAt,
          noIndex: page.noRobotsIndex === true,
          layout: { outline: layout.outline ?? true, pagination: layout.pagination ?? true, title: layout.title ?? true, description: layout.description ?? true, wide: layout.width === 'wide' },
        });
        writer.write(htmlFile, htmlBytes);
        report.rendered++;
        entry = {
          key, blob: page.blob, updatedAt, files: [htmlFile, mdFile], anchors: body.anchors, links: body.links,
          search: searchDocs(page, body.sections, entryKey, urls),
        };
      }
      manifest.pages[entryKey] = entry;
      anchors.set(page.id, new Set(entry.anchors));
      checked.push({ id: page.id, gitPath: page.git?.path ?? page.path, links: entry.links });
      if (n >= indexedEarly) indexes.add(spaceIndex, entry.search);
      if (!page.noRobotsIndex) sitemap.push({ loc: `${site.siteUrl ?? ''}${urls.page(page)}`, lastmod: entry.updatedAt });
      else disallowed.push(urls.page(page));
      if (!page.hidden && !page.noIndex) llmsPages.push({ title: page.title, markdownUrl: `${site.siteUrl ?? ''}${urls.markdownUrl(page)}`, markdown, ...(page.description ? { description: page.description } : {}) });
      report.pages++;
      options.onProgress?.({ space: label, done: n + 1, total: documents.length });
    }

    if (options.only) continue;
    report.brokenLinks.push(...checkLinks(label, checked, (id) => anchors.get(id)));
    const searchFile = `${urls.dir}search-index.json`;
    searchFiles.push(indexes.finish(spaceIndex).then((json) => [searchFile, json]));
    llms.push({ title: space.title, pages: llmsPages });
    report.files += copyFiles(space, urls, sources.blobs, writer, previous, manifest);
    redirects.push(...spaceRedirects(space, urls, report.warnings));
  }

  if (options.only) {
    report.ms = Math.round(performance.now() - started);
    return report;
  }
  for (const r of site.redirects ?? []) {
    if (!r.from || redirects.some((o) => o.from === r.from)) continue;
    if (hasDotSegment(r.from)) report.warnings.push(`site redirect /${r.from}: has a "." or ".." segment; skipped`);
    else redirects.push(r);
  }
  for (const redirect of redirects) {
    const file = `${redirect.from.replace(/\/+$/, '')}/index.html`;
    if (!writer.exists(file)) writer.write(file, redirectPage(redirect.to));
  }
  writer.write('_redirects', redirectsMap(base, redirects));
  writer.write('sitemap.xml', sitemapXml(sitemap));
  writer.write('robots.txt', robotsTxt(disallowed, site.siteUrl ? `${site.siteUrl}${base}sitemap.xml` : null));
  writer.write('llms.txt', llmsTxt(site.title, llms));
  writer.write('llms-full.txt', llmsFullTxt(llms));
  if (firstChrome) writer.write('404.html', notFoundPage(firstChrome, base));
  for (const asset of assets.files) writer.write(asset.path, asset.bytes);
  for (const [file, json] of await Promise.all(searchFiles)) writer.write(file, json);
  await removeStale(writer, previous, manifest);
  await writeManifest(out, manifest);

  if (!site.siteUrl) report.warnings.push('no site URL given (--site-url): sitemap.xml lists site-relative URLs and robots.txt names no sitemap');
  report.ms = Math.round(performance.now() - started);
  if (report.brokenLinks.length && options.strictLinks !== false) throw new BrokenLinksError(report);
  if (report.brokenLinks.length) report.warnings.push(`${report.brokenLinks.length} broken internal links or anchors:\n${describeBrokenLinks(report.brokenLinks)}`);
  return report;
}

const hash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 20);


function sectionTabs(site: SiteInput, space: SiteSpaceInput, base: string): Array<{ title: string; url: string; current: boolean }> {
  const seen = new Map<string, { title: string; url: string; current: boolean }>();
  for (const s of site.spaces) {
    if (s.section === undefined || seen.has(s.section)) continue;
    seen.set(s.section, { title: s.sectionTitle ?? s.section, url: new SpaceUrls(base, s.prefix).root(), current: s.section === space.section });
  }
  return [...seen.values()];
}

/** The markdown copy of a page: its title as `# H1` and its body, without frontmatter. */
function pageMarkdown(page: DocumentPage, bytes: Buffer | undefined): string {
  const text = bytes ? bytes.toString('utf8') : '';
  const body = withoutFrontmatter(text).replace(/^\s+/, '');
  return /^#\s/.test(body) ? body : `# ${page.title}\n\n${body}`;
}

function reusableLoader(blobs: BlobStore, view: SiteSpaceInput['view']): (gitPath: string) => Root | null {
  return reusableFrom((gitPath) => reusableText(blobs, view, gitPath));
}

function reusableText(blobs: BlobStore, view: SiteSpaceInput['view'], gitPath: string): string | null {
  const rc = view.index.reusableByGitPath.get(gitPath);
  const bytes = rc ? blobs.get(rc.blob) : undefined;
  return bytes ? bytes.toString('utf8') : null;
}

function searchDocs(page: DocumentPage, sections: readonly Section[], entryKey: string, urls: SpaceUrls): SearchDoc[] {
  if (page.noIndex) return [];
  return sections.map((s, i) => ({
    id: `${entryKey}#${i}`, title: page.title, heading: s.heading, text: s.text, excerpt: excerptOf(s.text), url: urls.page(page, s.anchor ?? undefined),
  }));
}

/**
 * Indexes pages for search before they render, while the render worker starts, from the sections the sync found
 * (when the render gives the same). Goes through the pages in order and stops at the first that must wait for its
 * render, so the index gets its documents in page order either way. Returns how many pages (from the first) it did.
 */
function indexAhead(
  plans: ReadonlyArray<{ page: DocumentPage; old: PageEntry | undefined; skip: boolean; reuse: boolean }>,
  ahead: ReturnType<typeof renderAhead>,
  docsOf: (page: DocumentPage, sections: Section[]) => SearchDoc[],
  add: (docs: SearchDoc[]) => void,
): number {
  let n = 0;
  for (const { page, old, skip, reuse } of plans) {
    if (reuse) add(old!.search);
    else if (!skip) {
      const source = ahead.source(page);
      if (source === null || !('sections' in source) || !source.sections) break;
      add(docsOf(page, underTitle(source.sections, page.title)));
    }
    n++;
  }
  return n;
}

/** A window of pages in flight on the render workers. */
const RENDER_WINDOW = 32;

/**
 * Renders the bodies of a site space's pages, in page order: ahead on the render worker when there is a pool (a
 * window of pages in flight from the start, while this thread writes), with their code highlighted beside it on the
 * highlight worker; else here. Pages that may hold OpenAPI blocks render here.
 */
function renderAhead(pool: RenderPool | null, key: string, space: SpaceRender, view: SiteSpaceInput['view'], sources: SiteSources, plans: ReadonlyArray<{ page: DocumentPage }>, onWorker: () => void) {
  const inFlight = new Map<string, { source: PageSource; rendering: Promise<RenderedBody> }>();
  /** Sources read and not yet rendered: a page's is read once (a sync's parsed body can be taken once). */
  const read = new Map<string, PageSource>();
  let cursor = 0;
  const highlights = pool ? new CodeHighlights() : null;
  if (pool) {
    const includes = [...view.index.reusableByGitPath.keys()].flatMap((path): Array<[string, string]> => {
      const text = reusableText(sources.blobs, view, path);
      return text === null ? [] : [[path, text]];
    });
    pool.space({ key, content: view.content, base: space.urls.base, prefix: space.urls.prefix, options: space.options, includes });
  }
  const sourceOf = (page: DocumentPage): PageSource => {
    if (read.has(page.id)) return read.get(page.id)!;
    const bytes = sources.blobs.get(page.blob);
    const kept = bytes ? takeBody(page.blob) : undefined;
    const source = !bytes ? null : kept ? { body: kept.json, sections: kept.sections, code: kept.code } : { text: bytes.toString('utf8') };
    read.set(page.id, source);
    return source;
  };
  const topUp = () => {
    if (!pool || !highlights) return;
    while (inFlight.size < RENDER_WINDOW && cursor < plans.length) {
      const { page } = plans[cursor++]!;
      const source = sourceOf(page);
      if (source === null || mayUseOpenAPI('body' in source ? source.body : source.text)) continue;
      read.delete(page.id);
      const rendering = pool.render(key, page, source, true)
        .then(async (body) => ({ ...body, html: await highlights.fill(body.html, space.options.nonce, body.code) }));
      rendering.catch(() => {}); // awaited in page order; a failure is thrown there
      inFlight.set(page.id, { source, rendering });
    }
  };
  topUp();
  // The code of the pages the sync parsed goes to the highlight worker now, so it runs beside the render worker.
  for (let from = 0; highlights && from < plans.length; from += 64) {
    highlights.prefetch(plans.slice(from, from + 64).flatMap(({ page }) => {
      const source = inFlight.get(page.id)?.source ?? sourceOf(page);
      return source && 'code' in source ? source.code : [];
    }));
  }
  return {
    /** The page's source, for a look before its render. */
    source: (page: DocumentPage): PageSource => inFlight.get(page.id)?.source ?? sourceOf(page),
    async render(page: DocumentPage, openapi: SiteInput['openapi']): Promise<RenderedBody> {
      topUp();
      const posted = inFlight.get(page.id);
      if (posted) {
        inFlight.delete(page.id);
        const body = await posted.rendering;
        onWorker();
        topUp();
        return body;
      }
      const source = sourceOf(page);
      read.delete(page.id);
      return renderPageBody(space, page, pageRoot(page, source), { ...(openapi ? { openapi } : {}), sections: source && 'sections' in source ? source.sections : null });
    },
  };
}

function copyFiles(space: SiteSpaceInput, urls: SpaceUrls, blobs: BlobStore, writer: OutputWriter, previous: Manifest, manifest: Manifest): number {
  let count = 0;
  for (const file of space.view.content.files) {
    if (!file.blob) continue;
    const path = urls.fileFile(file);
    manifest.files[path] = file.blob;
    count++;
    if (previous.files[path] === file.blob && writer.exists(path)) continue;
    const bytes = blobs.get(file.blob);
    if (bytes) writer.write(path, bytes);
  }
  return count;
}

/** `.gitbook.yaml` redirects whose old path has no page of its own. */
function spaceRedirects(space: SiteSpaceInput, urls: SpaceUrls, warnings: string[]): Redirect[] {
  const out: Redirect[] = [];
  for (const [from, to] of Object.entries(space.redirects ?? {})) {
    const source = from.replace(/^(\.?\/)+|\/+$/g, '').replace(/\.md$/, '').split('#')[0]!;
    if (hasDotSegment(source)) {
      warnings.push(`.gitbook.yaml redirect "${from}": has a "." or ".." segment; skipped`);
      continue;
    }
    if (/[\x00-\x1f\x7f]/.test(from)) {
      warnings.push(`.gitbook.yaml redirect ${JSON.stringify(from)}: has a line break or another control character; skipped`);
      continue;
    }
    if (!source || space.view.index.pageAtPath(source)) continue;
    const [path, anchor] = to.replace(/^\.?\/+/, '').split('#');
    const target = space.view.index.pageAtGitPath(path ?? '') ?? space.view.index.pageAtGitPath(`${path}.md`);
    if (target) out.push({ from: `${urls.dir}${source}`, to: urls.page(target, anchor) });
  }
  return out;
}

function notFoundPage(chrome: Chrome, base: string): string {
  const body = `<p>There is no page at this address. It may have moved: try the search, or start from the <a href="${escapeHtml(base)}">home page</a>.</p>`;
  return renderPage(chrome, {
    id: '', title: 'Page not found', url: `${base}404.html`, markdownUrl: `${base}llms.txt`, body, outline: [], noIndex: true,
    layout: { outline: false, pagination: false, title: true, description: false, wide: false },
  });
}

async function removeStale(writer: OutputWriter, previous: Manifest, manifest: Manifest): Promise<void> {
  const kept = new Set(Object.values(manifest.pages).flatMap((p) => p.files));
  for (const entry of Object.values(previous.pages)) {
    for (const file of entry.files) if (!kept.has(file)) await writer.remove(file);
  }
  for (const file of Object.keys(previous.files)) if (!(file in manifest.files)) await writer.remove(file);
}
