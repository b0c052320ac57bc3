/**
 * The last stage of a build: writes each site space's pages as they render and its files, then the site's own
 * files (redirects, sitemap, robots, llms, 404, assets, the search indexes once complete), removes what the previous build wrote and
 * this one no longer does, and writes the manifest; then the search indexes' snapshots are committed. Keeps the build's report.
 */
import type { BlobStore } from '../../store/index.js';
import { escapeHtml } from '../html.js';
import { emptyManifest, removeStaleSegments, writeManifest } from '../manifest.js';
import { OutputWriter } from '../output.js';
import { LLMS_FULL_TAIL, llmsHead, llmsSpaceHead } from '../outputs/llms.js';
import { type Redirect, redirectPage, redirectsMap } from '../outputs/redirects.js';
import { robotsTxt } from '../outputs/robots.js';
import { SITEMAP_HEAD, sitemapTail } from '../outputs/sitemap.js';
import { type Chrome, renderPage } from '../page.js';
import type { SearchFolder, WrittenSearch } from '../search-files.js';
import { SEARCH_DIR, SEARCH_MANIFEST } from '../search-index.js';
import type { SearchIndexes } from '../search-pool.js';
import type { BuildOptions, BuildReport } from '../types.js';
import type { SitePlan, SpacePlan } from './plan.js';
import type { RenderedSpace } from './render.js';
import { SegmentedFile } from './segmented-file.js';
import { type SiteFiles, SpaceWriter } from './write-space.js';

export class SiteOutput {
  readonly report: BuildReport;
  private readonly writer: OutputWriter;
  private readonly files: SiteFiles;
  private readonly disallowed: string[] = [];
  private readonly searchFiles: Array<Promise<[SpacePlan, WrittenSearch]>> = [];
  /** Each site space's search folder as this build found it, by its index. */
  private readonly searchFolders = new Map<number, SearchFolder>();
  private firstChrome: Chrome | null = null;

  constructor(
    private readonly plan: SitePlan,
    private readonly blobs: BlobStore,
    private readonly indexes: SearchIndexes,
    private readonly options: BuildOptions,
  ) {
    this.report = { out: options.out, pages: 0, rendered: 0, renderedOnWorkers: 0, files: 0, searchIndexed: 0, brokenLinks: [], warnings: [], ms: 0 };
    this.writer = new OutputWriter(options.out, (path) => this.report.warnings.push(`${path}: leaves the output folder; not written`));
    const segmented = (name: string) => (options.only ? null : new SegmentedFile(options.out, name, plan.previous.outputs[name], plan.nonce));
    this.files = {
      plan,
      options,
      report: this.report,
      writer: this.writer,
      blobs,
      manifest: emptyManifest(),
      sitemap: segmented('sitemap.xml'),
      llmsFull: segmented('llms-full.txt'),
      llmsIndex: segmented('llms.txt'),
      counts: { sitemap: 0, llms: 0 },
      segmentFiles: new Set(plan.segmentFiles),
    };
    this.files.sitemap?.write(SITEMAP_HEAD);
    this.files.llmsIndex?.write(llmsHead(plan.site.title));
  }

  /**
   * The search index of site space `index` (under `dir` of the output folder), as the last build left it: read once a
   * build.
   */
  searchFolder(index: number, dir: string): SearchFolder {
    let folder = this.searchFolders.get(index);
    if (!folder) {
      folder = { out: this.options.out, dir, manifest: this.writer.read(`${dir}${SEARCH_MANIFEST}`), files: this.writer.list(`${dir}${SEARCH_DIR}`) };
      this.searchFolders.set(index, folder);
    }
    return folder;
  }

  /** Whether the output folder has `path`, from an earlier build or written by this one. */
  readonly exists = (path: string): boolean => this.writer.exists(path);

  async writeSpace(space: SpacePlan, rendered: RenderedSpace): Promise<void> {
    this.firstChrome ??= space.chrome;
    this.writeNavAsset(space);
    this.files.llmsIndex?.write(llmsSpaceHead(space.space.title, this.plan.site.spaces.length > 1));
    const pages = new SpaceWriter(this.files, space);
    for await (const page of rendered.pages) await pages.page(page);
    await pages.finish();
    if (this.options.only) return;
    this.report.brokenLinks.push(...pages.broken);
    this.disallowed.push(...pages.disallowed);
    const written = this.indexes
      .finish(space.index, this.searchFolder(space.index, space.urls.dir))
      .then((files): [SpacePlan, WrittenSearch] => [space, files]);
    // Awaited with the others in writeSite; a failure meanwhile must not go unhandled while later site spaces render.
    written.catch(() => {});
    this.searchFiles.push(written);
    await this.copyFiles(space);
    this.report.warnings.push(...space.warnings);
  }

  /** After every site space: the site's own files, then the stale files go and the manifest is written. */
  async writeSite(redirects: { redirects: Redirect[]; warnings: string[] }): Promise<void> {
    const { site, base } = this.plan;
    const { manifest, sitemap, llmsFull, llmsIndex, counts } = this.files;
    this.report.warnings.push(...redirects.warnings);
    this.writeRedirects(redirects.redirects);
    sitemap!.write(sitemapTail(counts.sitemap));
    llmsFull!.write(LLMS_FULL_TAIL);
    // Their copies from the last build's files go on while the other files are written.
    const stamps = Promise.all([sitemap!.finish(), llmsFull!.finish(), llmsIndex!.finish()]);
    stamps.catch(() => {});
    this.writer.write('robots.txt', robotsTxt(this.disallowed, site.siteUrl ? `${site.siteUrl}${base}sitemap.xml` : null));
    if (this.firstChrome) this.writer.write('404.html', notFoundPage(this.firstChrome, base));
    this.writeAssets();
    // Before anything of the last build goes: a copy that failed fails the build with the last build's files in place.
    [manifest.outputs['sitemap.xml'], manifest.outputs['llms-full.txt'], manifest.outputs['llms.txt']] = await stamps;
    for (const [space, output] of await Promise.all(this.searchFiles)) await this.writeSearch(space, output);
    await this.removeStale();
    await writeManifest(this.options.out, manifest);
    // Each settled before a failure is thrown: the build's abort must not remove a file another is renaming.
    const failed = (await Promise.allSettled([sitemap!.commit(), llmsFull!.commit(), llmsIndex!.commit(), this.indexes.commit()])).find(
      (r) => r.status === 'rejected',
    );
    if (failed) throw failed.reason;
    await removeStaleSegments(this.options.out, manifest);
    if (!site.siteUrl) this.report.warnings.push('no site URL given (--site-url): sitemap.xml lists site-relative URLs and robots.txt names no sitemap');
  }

  /**
   * A site space's search index, its files named by their contents written by the index's thread: the manifest naming
   * them (when it changed), then the folder's files it does not name are removed.
   */
  private async writeSearch(space: SpacePlan, written: WrittenSearch): Promise<void> {
    const { dir } = space.urls;
    const changed = written.manifest !== this.searchFolder(space.index, dir).manifest;
    if (changed) this.writer.writeWhole(`${dir}${SEARCH_MANIFEST}`, written.manifest);
    if (changed || written.written > 0) this.report.searchIndexed++;
    for (const name of written.remove) await this.writer.remove(`${dir}${SEARCH_DIR}${name}`);
  }

  /** A build that failed leaves the site-wide files as they were. */
  async abort(): Promise<void> {
    await Promise.all([this.files.sitemap?.abort(), this.files.llmsFull?.abort(), this.files.llmsIndex?.abort()]);
  }

  /**
   * The whole tree of a big space's sidebar, which its pages name (`SpaceSidebar.asset`): named by its bytes, so it is
   * written only when the tree changed; in the manifest's files, so the tree of an earlier build goes once no page names it.
   */
  private writeNavAsset(space: SpacePlan): void {
    const { asset } = space.sidebar;
    if (!asset) return;
    this.files.manifest.files[asset.path] = asset.path;
    if (!this.writer.exists(asset.path)) this.writer.write(asset.path, asset.html);
  }

  /** The site's assets, but those already there as they are: their files stay untouched. */
  private writeAssets(): void {
    const { assets } = this.plan;
    const written = (this.files.manifest.assets ??= {});
    for (const { path, bytes } of assets.files) {
      written[path] = assets.version;
      if (!this.writer.holds(path, bytes)) this.writer.write(path, bytes);
    }
  }

  /** Copies the space's files, but those the previous build copied, unchanged, and still there. */
  private async copyFiles(space: SpacePlan): Promise<void> {
    for (const { path, blob } of space.files) {
      this.files.manifest.files[path] = blob;
      this.report.files++;
      if (this.plan.previous.files[path] === blob && this.writer.exists(path)) continue;
      const bytes = await this.blobs.get(blob);
      if (bytes) this.writer.write(path, bytes);
    }
  }

  /** A page at each old path (unless a file is there) and the `_redirects` map. */
  private writeRedirects(redirects: readonly Redirect[]): void {
    for (const redirect of redirects) {
      const file = `${redirect.from.replace(/\/+$/, '')}/index.html`;
      if (!this.writer.exists(file)) this.writer.write(file, redirectPage(redirect.to));
    }
    this.writer.write('_redirects', redirectsMap(this.plan.base, redirects));
  }

  private async removeStale(): Promise<void> {
    const { previous } = this.plan;
    const { pages } = this.files.manifest;
    let kept: Set<string> | undefined;
    for (const [key, entry] of Object.entries(previous.pages)) {
      // A page whose files are the same as before keeps them all: a one-page edit looks at no other file.
      const now = pages[key];
      if (now === entry || sameFiles(now?.files, entry.files)) continue;
      kept ??= new Set(Object.values(pages).flatMap((p) => p.files));
      for (const file of entry.files) if (!kept.has(file)) await this.writer.remove(file);
    }
    const { files, assets = {} } = this.files.manifest;
    // A path this build wrote is not stale, whichever list the last build named it in.
    for (const file of Object.keys(previous.files)) if (!(file in files) && !(file in assets)) await this.writer.remove(file);
    for (const file of Object.keys(previous.assets ?? {})) if (!(file in assets) && !(file in files)) await this.writer.remove(file);
  }
}

const sameFiles = (now: readonly string[] | undefined, before: readonly string[]) =>
  now !== undefined && now.length === before.length && now.every((file, i) => file === before[i]);

function notFoundPage(chrome: Chrome, base: string): string {
  const body = `<p>There is no page at this address. It may have moved: try the search, or start from the <a href="${escapeHtml(base)}">home page</a>.</p>`;
  return renderPage(chrome, {
    id: '',
    title: 'Page not found',
    url: `${base}404.html`,
    markdownUrl: `${base}llms.txt`,
    body,
    outline: [],
    noIndex: true,
    layout: { outline: false, pagination: false, title: true, description: false, wide: false },
  });
}
