/**
 * The first stage of a build: from the site, the manifest of the previous build and the options, what the build
 * makes of each site space (its URLs, sidebar and chrome, which pages render and which are kept, the files to copy,
 * the redirects) and of the site. Renders no page and writes nothing; it looks at the output folder only to see
 * that a kept page's file is still there.
 */
import { randomBytes } from 'node:crypto';
import { hasDotSegment } from '../../content/paths.js';
import type { DocumentPage, RevisionContent } from '../../model/index.js';
import { type SiteAssets, siteAssets } from '../assets.js';
import { type ResolvedCustomization, resolveCustomization } from '../customization.js';
import { emptyManifest, type Manifest, type PageRecord, readManifest, type SegmentRecord, segmentFiles } from '../manifest.js';
import { buildNav, type Nav, type SpaceSidebar, spaceSidebar } from '../nav.js';
import type { Redirect } from '../outputs/redirects.js';
import { type Chrome, renderChrome } from '../page.js';
import type { BuildOptions, SiteInput, SiteSpaceInput } from '../types.js';
import { normalizeBase, SpaceUrls } from '../urls.js';
import { pageKey, spaceKey, type Tab } from './cache-key.js';
import { PreviousEntries } from './previous.js';
import { cutSegments } from './segments.js';

/** What every site space of the build shares. */
export interface SitePlan {
  site: SiteInput;
  base: string;
  assets: SiteAssets;
  /** The manifest of the previous build (empty with `only`). */
  previous: Manifest;
  /** Its segments by id (those whose file is there). */
  previousSegments: Map<string, SegmentRecord>;
  /** The segment files in the output folder. */
  segmentFiles: Set<string>;
  /** The previous build's entries of kept pages. */
  entries: PreviousEntries;
  /** Marks the code blocks a render leaves for the highlight worker (`codeMarker`). */
  nonce: string;
}

export interface PagePlan {
  page: DocumentPage;
  /** The page's entry in the manifest. */
  entryKey: string;
  /** Its render key (empty for a skipped page). */
  key: string;
  /** Its record in the previous build's manifest (its entry is in the segment file the record names). */
  old: PageRecord | undefined;
  /** `keep`: unchanged and its file still there; `skip`: not part of this build (`only`). */
  action: 'render' | 'keep' | 'skip';
}

export interface SpacePlan {
  /** The site space's position in the site (its search index, its key on the render worker). */
  index: number;
  space: SiteSpaceInput;
  /** The site space in progress events and link reports. */
  label: string;
  urls: SpaceUrls;
  nav: Nav;
  customization: ResolvedCustomization;
  chrome: Chrome;
  /** The space's sidebar: `asset` is the file of the whole tree a big space's pages name. */
  sidebar: SpaceSidebar;
  /** Every document page of the space, in order. */
  pages: PagePlan[];
  /** The pages of the build (not skipped) in runs, each cached as one (see segments.ts). */
  segments: SegmentPlan[];
  /** The files to copy, by output path (none with `only`). */
  files: Array<{ path: string; blob: string }>;
  /** `.gitbook.yaml` redirects whose old path has no page of its own (none with `only`). */
  redirects: Redirect[];
  /** About the redirects skipped. */
  warnings: string[];
}

export interface SegmentPlan {
  id: string;
  pages: PagePlan[];
  /** The previous build's segment of the same pages. */
  old: SegmentRecord | undefined;
}

export async function planSite(site: SiteInput, options: BuildOptions): Promise<SitePlan> {
  const previous = options.only ? emptyManifest() : await readManifest(options.out);
  const files = await segmentFiles(options.out);
  const previousSegments = new Map(previous.segments.filter((s) => files.has(s.file)).map((s) => [s.id, s]));
  return {
    site,
    base: normalizeBase(site.basePath),
    assets: siteAssets(),
    previous,
    previousSegments,
    segmentFiles: files,
    entries: new PreviousEntries(options.out),
    nonce: randomBytes(6).toString('hex'),
  };
}

/** A page's key in the manifest: its site space's prefix and its id. */
const entryKeyOf = (prefix: string, page: DocumentPage) => `${prefix}/${page.id}`;

/**
 * The pages a build renders at least: those the previous build did not have; all of them at a first build, and when
 * the previous build was of other templates (every page's key names the assets' version, which its manifest records).
 */
export function newPages(plan: SitePlan): number {
  const versions = Object.values(plan.previous.assets ?? {});
  const otherTemplates = !versions.length || versions.some((version) => version !== plan.assets.version);
  let count = 0;
  for (const space of plan.site.spaces) {
    for (const page of space.view.index.documents()) if (otherTemplates || !(entryKeyOf(space.prefix, page) in plan.previous.pages)) count++;
  }
  return count;
}

/** `exists` tells whether the output folder has a file (from an earlier build, or written by this one). */
export function planSpace(plan: SitePlan, index: number, options: BuildOptions, exists: (path: string) => boolean): SpacePlan {
  const space = plan.site.spaces[index]!;
  const urls = new SpaceUrls(plan.base, space.prefix, space.view.content.pages);
  const customization = resolveCustomization(space.customization);
  const { nav, sidebar } = spaceLayout(space, urls, customization.externalTarget, plan.assets.version);
  const { chrome, key } = spaceChrome(plan, space, urls, nav, sidebar, customization);
  const context: PageContext = {
    previous: plan.previous,
    segmentFiles: plan.segmentFiles,
    prefix: space.prefix,
    urls,
    spaceKey: key,
    only: options.only,
    exists,
  };
  const pages = space.view.index.documents().map((page) => planPage(page, context));
  const segments = cutSegments(pages.filter((p) => p.action !== 'skip')).map(({ id, pages }) => ({ id, pages, old: plan.previousSegments.get(id) }));
  const outputs = options.only ? { files: [], redirects: [], warnings: [] } : spaceOutputs(space, urls);
  return { index, space, label: space.prefix || space.title, urls, nav, customization, chrome, sidebar, pages, segments, ...outputs };
}

/**
 * The navigation and sidebar of a revision's content, kept for the next builds of the process while that content is
 * alive (quick edits of a watched space, a space unchanged since the last build): they are made from the content, the
 * base and prefix of its URLs and the links' target alone, and laying out 10,000 entries was a third of a quick edit.
 */
const layouts = new WeakMap<RevisionContent, Map<string, { nav: Nav; sidebar: SpaceSidebar }>>();

function spaceLayout(space: SiteSpaceInput, urls: SpaceUrls, externalTarget: 'self' | 'blank', version: string): { nav: Nav; sidebar: SpaceSidebar } {
  const { content, index } = space.view;
  let byUrls = layouts.get(content);
  if (!byUrls) layouts.set(content, (byUrls = new Map()));
  const key = `${urls.base}\0${urls.prefix}\0${externalTarget}\0${version}`;
  let layout = byUrls.get(key);
  if (!layout) {
    const nav = buildNav(index, urls);
    byUrls.set(key, (layout = { nav, sidebar: spaceSidebar(nav, externalTarget, urls.base, version) }));
  }
  return layout;
}

/** The chrome of the space's pages (header, tabs, sidebar...), and the part of their cache key they share. */
function spaceChrome(
  plan: SitePlan,
  space: SiteSpaceInput,
  urls: SpaceUrls,
  nav: Nav,
  sidebar: SpaceSidebar,
  customization: ResolvedCustomization,
): { chrome: Chrome; key: string } {
  const { site, base, assets } = plan;
  const sections = sectionTabs(site, space, base);
  const variants = variantTabs(site, space, base);
  const siteTitle = customization.title ?? site.title;
  const feedback =
    site.feedbackEndpoint && space.siteSpaceId
      ? { endpoint: site.feedbackEndpoint, siteSection: space.section ?? null, siteSpace: space.siteSpaceId, space: space.view.space.id }
      : undefined;
  const chrome = renderChrome({
    siteTitle,
    base,
    home: urls.root(),
    customization,
    sidebar: sidebar.full ?? '',
    sidebarFor: sidebar.forPage,
    sections,
    variants,
    assetVersion: assets.version,
    feedback,
  });
  const key = spaceKey({
    navHash: nav.hash,
    customization,
    assetVersion: assets.version,
    siteTitle,
    sections,
    variants,
    base,
    prefix: space.prefix,
    editUrl: space.editUrl,
    siteUrl: site.siteUrl,
    feedback,
    claims: site.claims,
    content: space.view.content,
    openapiStamp: site.openapi?.stamp,
  });
  return { chrome, key };
}

interface PageContext {
  previous: Manifest;
  segmentFiles: ReadonlySet<string>;
  prefix: string;
  urls: SpaceUrls;
  spaceKey: string;
  only: ReadonlySet<string> | undefined;
  exists: (path: string) => boolean;
}

function planPage(page: DocumentPage, context: PageContext): PagePlan {
  const entryKey = entryKeyOf(context.prefix, page);
  const old = context.previous.pages[entryKey];
  // A page left out of the build costs nothing: a quick edit of one page plans thousands.
  if (context.only !== undefined && !context.only.has(page.id)) return { page, entryKey, key: '', old, action: 'skip' };
  const key = pageKey(context.spaceKey, page);
  // A page whose segment file went missing renders again: its entry is gone with it.
  const keep = old?.key === key && context.segmentFiles.has(old.segment) && context.exists(context.urls.pageFile(page));
  return { page, entryKey, key, old, action: keep ? 'keep' : 'render' };
}

function sectionTabs(site: SiteInput, space: SiteSpaceInput, base: string): Tab[] {
  const seen = new Map<string, Tab>();
  for (const s of site.spaces) {
    if (s.section === undefined || seen.has(s.section)) continue;
    seen.set(s.section, { title: s.sectionTitle ?? s.section, url: new SpaceUrls(base, s.prefix).root(), current: s.section === space.section });
  }
  if (!site.links?.length) return [...seen.values()];
  const linksAfter = (after: string | undefined): Tab[] =>
    (site.links ?? [])
      .filter((l) => l.after === after || (after === undefined && l.after !== undefined && !seen.has(l.after)))
      .map((l) => ({ title: l.title, url: l.url, current: false }));
  return [...linksAfter(undefined), ...[...seen.entries()].flatMap(([id, tab]) => [tab, ...linksAfter(id)])];
}

function variantTabs(site: SiteInput, space: SiteSpaceInput, base: string): Tab[] {
  return site.spaces
    .filter((s) => s.section === space.section && space.section !== undefined && (!s.hidden || s === space))
    .map((s) => ({ title: s.title, url: new SpaceUrls(base, s.prefix).root(), current: s === space }));
}

function spaceOutputs(space: SiteSpaceInput, urls: SpaceUrls): Pick<SpacePlan, 'files' | 'redirects' | 'warnings'> {
  const files = space.view.content.files.flatMap((file) => (file.blob ? [{ path: urls.fileFile(file), blob: file.blob }] : []));
  const warnings: string[] = [];
  return { files, redirects: spaceRedirects(space, urls, warnings), warnings };
}

/** `.gitbook.yaml` redirects whose old path has no page of its own. */
function spaceRedirects(space: SiteSpaceInput, urls: SpaceUrls, warnings: string[]): Redirect[] {
  const out: Redirect[] = [];
  for (const [from, to] of Object.entries(space.redirects ?? {})) {
    const source = from
      .replace(/^(\.?\/)+|\/+$/g, '')
      .replace(/\.md$/, '')
      .split('#')[0]!;
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

/** The site's redirects: its spaces' (in order), then the site's own whose path none of them has. */
export function planRedirects(site: SiteInput, spaceRedirects: readonly Redirect[]): { redirects: Redirect[]; warnings: string[] } {
  const redirects = [...spaceRedirects];
  const warnings: string[] = [];
  for (const r of site.redirects ?? []) {
    if (!r.from || redirects.some((o) => o.from === r.from)) continue;
    if (hasDotSegment(r.from)) warnings.push(`site redirect /${r.from}: has a "." or ".." segment; skipped`);
    else redirects.push(r);
  }
  return { redirects, warnings };
}
