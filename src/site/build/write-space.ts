/**
 * Writes one site space's pages as they render, segment by segment (see segments.ts): each segment's share of
 * sitemap.xml, llms.txt and llms-full.txt as soon as its pages are in (copied from the previous build's files when
 * every page of it was kept), then, once every page's anchors are known, the links that name other pages' anchors
 * settled, the links checked and the segment's entries cached in its file. A segment whose pages were all kept, and whose links
 * name no anchor that changed, is taken as it was: its pages are neither read nor checked again.
 */
import type { BlobStore } from '../../store/index.js';
import { type BrokenLink, checkLinks, type PageAnchors } from '../link-check.js';
import { anchorsHash, type Manifest, type PageEntry, type PageRecord, writeSegment } from '../manifest.js';
import type { OutputWriter } from '../output.js';
import { llmsFullPiece, llmsLine } from '../outputs/llms.js';
import { sitemapEntry } from '../outputs/sitemap.js';
import type { PageLink } from '../render/context.js';
import type { BuildOptions, BuildReport } from '../types.js';
import { linksOtherAnchors, replaceHrefs, settleLinks } from './fragments.js';
import type { PagePlan, SegmentPlan, SitePlan, SpacePlan } from './plan.js';
import { pageMarkdown, type RenderedPage } from './render.js';
import type { SegmentedFile } from './segmented-file.js';

/** What the site's writer shares with each space's. */
export interface SiteFiles {
  plan: SitePlan;
  options: BuildOptions;
  report: BuildReport;
  writer: OutputWriter;
  blobs: BlobStore;
  /** The manifest this build writes. */
  manifest: Manifest;
  /** Null with `only`. */
  sitemap: SegmentedFile | null;
  llmsFull: SegmentedFile | null;
  llmsIndex: SegmentedFile | null;
  /** Entries in sitemap.xml and pages in llms-full.txt so far, for the site. */
  counts: { sitemap: number; llms: number };
  /** Segment files written by this build or there before it. */
  segmentFiles: Set<string>;
}

interface Segment {
  plan: SegmentPlan;
  /** Entries by page id: of the pages rendered, and of the kept ones when the segment is not taken as it was. */
  entries: Map<string, PageEntry>;
  /** The links of each page, once its entries are in their file. */
  links: Map<string, PageLink[]>;
  /** Its file, once written. */
  file?: string;
  ranges: Record<string, [number, number]>;
  leads: boolean;
}

export class SpaceWriter {
  /** Robots.txt's disallowed paths, of this space. */
  readonly disallowed: string[] = [];
  readonly broken: BrokenLink[] = [];
  private readonly segments: Segment[];
  private current = 0;
  private inCurrent = 0;
  /** The pages of the current segment, until its share of the site-wide files is written. */
  private pending: RenderedPage[] = [];
  /** Rendered pages whose links name other pages' anchors: written once every page's anchors are known. */
  private readonly held = new Map<string, Uint8Array[]>();
  /** The `anchorsHash` of every page of the space, as this build has it. */
  private readonly anchorsNow = new Map<string, string>();
  /** The anchors of the pages read so far. */
  private readonly anchors = new Map<string, PageAnchors>();
  private readonly byId: Map<string, PagePlan>;
  /** The records of each segment's pages once its file is written (before the manifest is). */
  private readonly records = new Map<Segment, Array<[string, Omit<PageRecord, 'segment'>]>>();

  constructor(
    private readonly site: SiteFiles,
    private readonly space: SpacePlan,
  ) {
    this.segments = space.segments.map((plan) => ({ plan, entries: new Map(), links: new Map(), ranges: {}, leads: false }));
    this.byId = new Map(space.pages.map((p) => [p.page.id, p]));
  }

  async page(rendered: RenderedPage): Promise<void> {
    const { site, space } = this;
    const { page } = rendered.plan;
    const { entry, html, markdown } = rendered;
    const only = site.options.only !== undefined;
    if (markdown !== null) site.writer.write(space.urls.markdownFile(page), markdown);
    if (html) {
      if (!only && entry && linksOtherAnchors(page.id, entry.links)) this.held.set(page.id, html);
      else site.writer.write(space.urls.pageFile(page), html);
      site.report.rendered++;
      if (rendered.onWorker) site.report.renderedOnWorkers++;
    }
    site.report.pages++;
    site.report.warnings.push(...rendered.warnings);
    site.options.onProgress?.({ space: space.label, done: rendered.index + 1, total: space.pages.length });
    if (only) return;
    this.anchorsNow.set(page.id, entry ? anchorsHash(entry) : rendered.plan.old!.anchors);
    if (entry) this.read(page.id, entry);
    if (page.noRobotsIndex) this.disallowed.push(space.urls.page(page));
    this.pending.push(rendered);
    const segment = this.segments[this.current]!;
    if (++this.inCurrent < segment.plan.pages.length) return;
    await this.segmentIn(segment);
    this.pending = [];
    this.current++;
    this.inCurrent = 0;
  }

  /** After every page: links settled and checked, segments cached, the pages' records in the manifest. */
  async finish(): Promise<void> {
    if (this.site.options.only) return;
    const redo = this.segments.filter((s) => !this.asItWas(s));
    for (const segment of redo) await this.readKept(segment);
    for (const segment of redo) await this.settle(segment);
    for (const segment of this.segments) await this.record(segment, redo.includes(segment));
  }

  private read(pageId: string, entry: PageEntry): void {
    this.segments[this.current]!.entries.set(pageId, entry);
    this.anchors.set(pageId, { ids: new Set(entry.anchors), aliases: entry.aliases });
  }

  /** Its pages are in: its share of the site-wide files, and its file when nothing of it can change any more. */
  private async segmentIn(segment: Segment): Promise<void> {
    const { site } = this;
    const { old } = segment.plan;
    const kept = segment.plan.pages.every((p) => p.action === 'keep');
    const siteUrl = site.plan.site.siteUrl ?? '';
    const indexed = this.pending.filter(({ plan }) => !plan.page.noRobotsIndex);
    share(segment, 'sitemap.xml', site.sitemap!, kept, () =>
      indexed
        .map(({ plan, entry }) => sitemapEntry({ loc: `${siteUrl}${this.space.urls.page(plan.page)}`, lastmod: entry?.updatedAt ?? plan.old!.updatedAt }))
        .join(''),
    );
    site.counts.sitemap += indexed.length;
    const listed = this.pending.filter(({ plan }) => !plan.page.hidden && !plan.page.noIndex);
    const leads = site.counts.llms === 0 && listed.length > 0;
    const llmsRange = old?.ranges['llms-full.txt'];
    if (kept && llmsRange && site.llmsFull!.reusable && (old.leads ?? false) === leads) segment.ranges['llms-full.txt'] = site.llmsFull!.copy(llmsRange);
    else {
      const pieces: string[] = [];
      for (const { plan, markdown } of listed) {
        const text = markdown ?? pageMarkdown(plan.page, await site.blobs.get(plan.page.blob));
        pieces.push(llmsFullPiece(text, site.counts.llms + pieces.length === 0));
      }
      segment.ranges['llms-full.txt'] = site.llmsFull!.write(pieces.join(''));
    }
    segment.leads = leads;
    site.counts.llms += listed.length;
    share(segment, 'llms.txt', site.llmsIndex!, kept, () =>
      listed
        .map(({ plan: { page } }) =>
          llmsLine({
            title: page.title,
            markdownUrl: `${siteUrl}${this.space.urls.markdownUrl(page)}`,
            ...(page.description ? { description: page.description } : {}),
          }),
        )
        .join(''),
    );
    // Every page rendered, none waiting to be settled: its entries are final, its file is written now and they go.
    if (!kept && segment.plan.pages.every((p) => p.action === 'render' && !this.held.has(p.page.id))) await this.writeFile(segment);
  }

  /** Taken as it was: every page kept, and the anchors its links name unchanged. */
  private asItWas(segment: Segment): boolean {
    const { old, pages } = segment.plan;
    if (!old || !pages.every((p) => p.action === 'keep')) return false;
    return Object.entries(old.targets).every(([id, hash]) => this.anchorsNow.get(id) === hash);
  }

  /** The entries of the segment's kept pages, from the previous build's segment files. */
  private async readKept(segment: Segment): Promise<void> {
    for (const plan of segment.plan.pages) {
      if (plan.action !== 'keep' || segment.entries.has(plan.page.id)) continue;
      const entry = await this.site.plan.entries.entry(plan.entryKey, plan.old!.segment);
      segment.entries.set(plan.page.id, structuredClone(entry));
      this.anchors.set(plan.page.id, { ids: new Set(entry.anchors), aliases: entry.aliases });
    }
  }

  /**
   * The segment's pages whose links name other pages' anchors, at the ids those land on now: a rendered page is
   * written, a kept one rewritten only when a link changes. Their entries remember the fragments written.
   */
  private async settle(segment: Segment): Promise<void> {
    const { space, site } = this;
    const { index } = space.space.view;
    for (const [pageId, entry] of segment.entries) {
      const html = this.held.get(pageId);
      if (!html && !linksOtherAnchors(pageId, entry.links)) continue;
      await this.readAnchors(entry.links);
      const page = index.pages.get(pageId)!;
      const settled = settleLinks(
        pageId,
        entry.links,
        (id) => this.anchors.get(id),
        (id) => index.pages.get(id),
        space.urls,
      );
      entry.links = settled.links;
      const file = space.urls.pageFile(page);
      if (html) {
        const last = html.length - 1;
        if (settled.replacements.size) html[last] = Buffer.from(replaceHrefs(Buffer.from(html[last]!).toString('utf8'), settled.replacements));
        site.writer.write(file, html);
        this.held.delete(pageId);
      } else if (settled.replacements.size) {
        const text = site.writer.read(file);
        if (text !== null) site.writer.write(file, replaceHrefs(text, settled.replacements));
      }
    }
  }

  /** The anchors of the pages `links` name, read from the previous build's entries for kept pages not read yet. */
  private async readAnchors(links: readonly PageLink[]): Promise<void> {
    for (const link of links) {
      if (link.page === null || !link.anchor || this.anchors.has(link.page)) continue;
      const plan = this.byId.get(link.page);
      if (plan?.action !== 'keep') continue;
      const entry = await this.site.plan.entries.entry(plan.entryKey, plan.old!.segment);
      this.anchors.set(link.page, { ids: new Set(entry.anchors), aliases: entry.aliases });
    }
  }

  /** The segment in the manifest: checked and written again when `redo`, else as it was. */
  private async record(segment: Segment, redo: boolean): Promise<void> {
    const { site } = this;
    const { plan } = segment;
    if (!redo) {
      const old = plan.old!;
      site.manifest.segments.push({ ...old, ranges: segment.ranges, leads: segment.leads });
      for (const p of plan.pages) site.manifest.pages[p.entryKey] = p.old!;
      this.broken.push(...old.broken);
      return;
    }
    const links = (p: PagePlan) => segment.links.get(p.page.id) ?? segment.entries.get(p.page.id)!.links;
    const checked = plan.pages.map((p) => ({ id: p.page.id, gitPath: p.page.git?.path ?? p.page.path, links: links(p) }));
    for (const page of checked) await this.readAnchors(page.links);
    const broken = checkLinks(this.space.label, checked, (id) => this.anchors.get(id));
    this.broken.push(...broken);
    const targets: Record<string, string> = {};
    for (const page of checked) {
      for (const link of page.links) if (link.page !== null && link.page !== page.id && link.anchor) targets[link.page] = this.anchorsNow.get(link.page) ?? '';
    }
    const file = segment.file ?? (await this.writeFile(segment));
    for (const [entryKey, record] of this.records.get(segment)!) site.manifest.pages[entryKey] = { ...record, segment: file };
    site.manifest.segments.push({ id: plan.id, file, targets, broken, ranges: segment.ranges, leads: segment.leads });
  }

  /** Writes the segment's entries to its file; only their links and their pages' records stay here. */
  private async writeFile(segment: Segment): Promise<string> {
    const { site } = this;
    const entries: Record<string, PageEntry> = {};
    const records: Array<[string, Omit<PageRecord, 'segment'>]> = [];
    for (const p of segment.plan.pages) {
      const entry = segment.entries.get(p.page.id)!;
      entries[p.entryKey] = entry;
      records.push([p.entryKey, { key: entry.key, blob: entry.blob, updatedAt: entry.updatedAt, files: entry.files, anchors: anchorsHash(entry) }]);
    }
    this.records.set(segment, records);
    const file = await writeSegment(site.options.out, entries, site.segmentFiles);
    site.segmentFiles.add(file);
    for (const [id, entry] of segment.entries) segment.links.set(id, entry.links);
    segment.entries.clear();
    segment.file = file;
    return file;
  }
}

/** A segment's share of a site-wide file: the last build's bytes when every page of it was kept, else `text()`. */
function share(segment: Segment, name: string, file: SegmentedFile, kept: boolean, text: () => string): void {
  const range = segment.plan.old?.ranges[name];
  segment.ranges[name] = kept && range && file.reusable ? file.copy(range) : file.write(text());
}
