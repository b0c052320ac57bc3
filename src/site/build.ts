/**
 * Builds a static site, site space by site space: plans it (build/plan.ts: URLs, sidebar and chrome, which pages
 * render, from their cache keys in build/cache-key.ts), renders the pages that changed (build/render.ts) and writes
 * them as they come (build/write.ts), then writes the files of the whole site: search indexes, sitemap, robots, llms,
 * 404 and redirects.
 */
import { leanHeap } from '../platform/heap.js';
import { newPages, planRedirects, planSite, planSpace, type SitePlan } from './build/plan.js';
import { renderSpace } from './build/render.js';
import { SiteOutput } from './build/write.js';
import { describeBrokenLinks } from './link-check.js';
import type { Redirect } from './outputs/redirects.js';
import { withOpenAPIPages } from './openapi/pages.js';
import { type SearchIndexes, searchIndexes } from './search-pool.js';
import type { BuildOptions, BuildReport, SiteInput, SiteSources } from './types.js';
import { SpaceUrls } from './urls.js';

export type { BuildOptions, BuildReport, SiteInput, SiteSources, SiteSpaceInput } from './types.js';
export type { BrokenLink } from './link-check.js';

/** Pages to render (`newPages`) from which a build with `leanHeap` sets it: below, its memory is small either way. */
export const LEAN_HEAP_FROM = 500;

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

export async function buildSite(site: SiteInput, sources: SiteSources, options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  ({ site, sources } = await withOpenAPIPages(site, sources));
  const plan = await planSite(site, options);
  // Before any worker starts: V8's flags are read as a thread starts.
  if (options.leanHeap && !options.only && newPages(plan) >= LEAN_HEAP_FROM) leanHeap();
  const indexes = searchIndexes(options.only ? 0 : site.spaces.reduce((n, space) => n + space.view.index.documents().length, 0), options.out);
  try {
    return await build(plan, sources, options, indexes, started);
  } finally {
    await indexes.close();
  }
}

async function build(plan: SitePlan, sources: SiteSources, options: BuildOptions, indexes: SearchIndexes, started: number): Promise<BuildReport> {
  const { site } = plan;
  const output = new SiteOutput(plan, sources.blobs, indexes, options);
  const redirects: Redirect[] = [];
  // A site space's search index gets ready (on a worker: started, its last state read back) while its pages are
  // planned, the next one's while its pages render.
  const prepared: Array<Promise<ReadonlyMap<string, string> | null>> = [];
  const prepare = (index: number) => {
    const space = site.spaces[index];
    if (options.only || !space || prepared[index] !== undefined) return;
    prepared[index] = indexes.prepare(index, output.searchFolder(index, new SpaceUrls(plan.base, space.prefix).dir));
    prepared[index].catch(() => {}); // awaited in turn below
  };
  try {
    prepare(0);
    for (const index of site.spaces.keys()) {
      // Planned after the site spaces before it are written: a page is kept only if its file is there.
      const space = planSpace(plan, index, options, output.exists);
      const indexed = (await prepared[index]) ?? null;
      prepare(index + 1);
      await output.writeSpace(space, await renderSpace(plan, space, sources, options, (page) => indexes.add(index, page), indexed));
      redirects.push(...space.redirects);
    }
    if (!options.only) await output.writeSite(planRedirects(site, redirects));
  } catch (error) {
    await output.abort();
    throw error;
  }
  return finish(output.report, started, options);
}

function finish(report: BuildReport, started: number, options: BuildOptions): BuildReport {
  report.ms = Math.round(performance.now() - started);
  if (report.brokenLinks.length && options.strictLinks !== false) throw new BrokenLinksError(report);
  if (report.brokenLinks.length)
    report.warnings.push(`${report.brokenLinks.length} broken internal links or anchors:\n${describeBrokenLinks(report.brokenLinks)}`);
  return report;
}
