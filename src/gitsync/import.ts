// Repository -> space revisions: read the tree, find the spaces, parse what is new, build and land each revision.
import { existsSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { invalidInput, type Caller, type Domain } from '../domain/index.js';
import { PARSED_PAGE_VERSION, type ParsedPageData } from '../content/parsed-page.js';
import type { GitSync, ParsedBlobResult } from '../domain/git-sync/git-sync.js';
import { dirname, joinPath } from '../content/paths.js';
import type { RevisionContent, RevisionPage, SpaceRecord } from '../model/index.js';
import { buildRevision } from './build-revision.js';
import { fileDates, type PageDate } from './dates/files.js';
import { buildFiles, type FilesResult } from './files.js';
import { type Outline, pageFiles, planOutline, prune } from './outline.js';
import { type ParseJob, type ParsedBlob, parsePage } from '../content/page-parse.js';
import { ParsePool } from './parse-pool.js';
import { discoverLayout, type SpaceLayout } from './space-layout.js';
import { findRepository, readGitTree, readWorkTree, type RepoTree, subtree, treeHash } from './tree.js';

/** Parse records stored per transaction while the workers parse. */
const SAVE_BATCH = 64;

/** Bump when the import's output changes for the same input, so unchanged trees are imported again once. */
export const IMPORT_VERSION = 2;

/** Larger page files are left out with a warning: nobody reads a 50 MB page, and parsing it would stall the sync. */
export const PAGE_MAX_BYTES = 8 * 1024 * 1024;

export type SyncPhase = 'parse' | 'save';

export interface SyncOptions {
  /** The directory to sync: a git work tree (or a folder inside one), or a plain folder. */
  dir: string;
  /** Read this commit (branch, tag, oid) instead of the files on disk. Default: HEAD in a git repository. */
  ref?: string;
  /** Read the files on disk even in a git repository. */
  workTree?: boolean;
  /** Single-space repositories: the target space's id or title (created with this title if missing). */
  space?: string;
  organizationId: string;
  /** Who creates missing spaces. */
  caller: Caller;
  /** Worker threads for parsing (default 2; 0 parses, and walks the history for the pages' dates, on the calling thread). */
  parseWorkers?: number;
  onProgress?: (event: { space: string; phase: SyncPhase; done: number; total: number }) => void;
  /** The files of `dir`, already read (`docs watch` leaves editor temp files out); default: read `dir`. */
  tree?: RepoTree;
  /** Land a sync that removes most (or all) of a space's pages; without it such a sync stops (`massRemoval`). */
  allowMassRemoval?: boolean;
  /** false: no walk of the git history for the pages' "last updated" dates (they then have none). */
  gitDates?: boolean;
}

export interface SyncReport {
  space: { id: string; title: string };
  /** The docs.yaml key, for multi-space repositories. */
  key: string | null;
  pagesAdded: number;
  pagesChanged: number;
  pagesRemoved: number;
  files: number;
  warnings: string[];
  /** The new revision, or null when nothing changed. */
  revisionId: string | null;
}

export async function syncDirectory(domain: Domain, options: SyncOptions): Promise<SyncReport[]> {
  const dir = resolve(options.dir);
  if (!existsSync(dir)) throw invalidInput(`${options.dir}: no such directory`);
  if (!statSync(dir).isDirectory())
    throw invalidInput(`${options.dir}: not a directory; give the folder that holds the pages (the one with README.md or SUMMARY.md)`);
  const sync = domain.sync;
  const tree = options.tree ?? (await readSource(dir, options));
  const layout = await discoverLayout(tree);
  // Nothing to make a new space of (a space synced before goes on to the mass-removal check instead).
  const empty = ![...tree.files.keys()].some(isMarkdown);
  if (
    empty &&
    !options.allowMassRemoval &&
    !(await Promise.all(layout.spaces.map(async (space) => await existingSpace(sync, dir, space, options)))).some(Boolean)
  )
    throw invalidInput(noPages(options.dir, tree));
  if (layout.siteConfig && options.space) {
    throw invalidInput(`--space: ${options.dir} holds several spaces (${layout.siteConfig}); they are named by their keys`);
  }
  const works = await Promise.all(
    layout.spaces.map(async (space) => await startSpace(sync, tree, space, await targetSpace(domain, sync, dir, space, options), dir)),
  );
  works[0]?.report.warnings.unshift(...tree.warnings, ...layout.warnings);
  const changed = works.filter((w) => w.changed);
  if (changed.length === 0) return works.map((w) => w.report);

  const pool = new ParsePool(options.parseWorkers === undefined ? {} : { workers: options.parseWorkers });
  // The pages' dates: a walk of history on a worker thread while this one reads and parses the pages.
  const dating = options.gitDates === false ? Promise.resolve(new Map<string, PageDate>()) : datePages(sync, tree, dir, changed, options.parseWorkers !== 0);
  try {
    // Every markdown file of the changed spaces is parsed in one batch, started before the summaries are read: nearly
    // all of them are pages, and a parse record of one that is not is only an unused cache entry.
    for (const work of changed) work.plan = await planParse(sync, tree, work.layout, markdownFiles(tree, work.layout));
    const jobs = changed.flatMap((w) => w.plan!.jobs);
    const label = changed.length === 1 ? changed[0]!.report.space.title : `${changed.length} spaces`;
    const progress = (phase: SyncPhase, done: number, total: number) => options.onProgress?.({ space: label, phase, done, total });
    progress('parse', 0, jobs.length);
    // Parse records are a cache keyed by blob: stored as they arrive, they are right even if the sync fails later.
    let unsaved: ParsedBlob[] = [];
    // One save at a time, in order: concurrent ones would only contend for the same tables (and, on PostgreSQL, be
    // run again as serialization failures).
    let saved: Promise<void> = Promise.resolve();
    const save = async (batch: ParsedBlob[], all = false) => {
      unsaved.push(...batch);
      if (!all && unsaved.length < SAVE_BATCH) return await saved;
      // Taken now: batches arriving meanwhile go to the next save, not again into this one.
      const saving = unsaved;
      unsaved = [];
      saved = saved.then(() => sync.saveParsed(saving));
      await saved;
    };
    const parsing = pool.parse(jobs, (done) => progress('parse', done, jobs.length), save);
    parsing.catch(() => {}); // awaited below; this only keeps an early failure from leaving it unhandled

    // Meanwhile: the summaries, the blobs of the pages they list, and the assets.
    const late: ParsedBlob[] = [];
    for (const work of changed) {
      await planSpace(sync, tree, work);
      late.push(...work.lateJobs!.map((job) => parsePage(job)));
      for (const path of work.paths!) {
        const bytes = work.plan!.toStore.get(path);
        if (bytes) await sync.blobs.put(bytes);
      }
      work.files = await buildFiles(tree, work.layout.root, work.previous.files, sync.blobs);
    }
    // The blobs go to disk while the pages finish parsing and the spaces are built; they must be there before landing.
    const flushing = sync.blobs.flush?.();
    flushing?.catch(() => {}); // awaited below
    const results = [...(await parsing), ...late];
    await save(late, true);
    progress('save', 0, changed.length);
    // Every space is checked before any lands: a stopped sync changes nothing.
    const dates = await dating;
    const built = [];
    for (const work of changed) built.push(await buildSpace(tree, work, results, dates));
    if (!options.allowMassRemoval) for (const [i, work] of changed.entries()) refuseMassRemoval(work, built[i]!, options.dir);
    await flushing;
    await sync.blobs.flush?.(); // anything put since
    for (const [i, work] of changed.entries()) {
      await landSpace(sync, tree, work, built[i]!);
      progress('save', i + 1, changed.length);
    }
    // Clean-up only: a sync that landed does not fail for it.
    await sync.pruneParsed().catch((error: unknown) => {
      works[0]?.report.warnings.push(`the parse records of other versions of Quire were not dropped: ${(error as Error).message}`);
    });
  } finally {
    await pool.close();
  }
  return works.map((w) => w.report);
}

const isMarkdown = (path: string) => /\.md$/i.test(path);

/** Nothing to import: said before a space is created for it. */
function noPages(dir: string, tree: RepoTree): string {
  const where = tree.commit ? `the last commit of ${dir} (${tree.commit.oid.slice(0, 7)})` : dir;
  const hint = tree.commit ? '; commit the pages first, or pass --work-tree to read the files on disk' : '';
  return `${where} holds no markdown page: expected GitBook's Git Sync format (README.md, SUMMARY.md, .gitbook.yaml) or a folder of .md files${hint}`;
}

async function readSource(dir: string, options: SyncOptions): Promise<RepoTree> {
  const repo = options.workTree ? null : await findRepository(dir);
  if (options.ref !== undefined && repo === null) throw invalidInput(`--ref: ${options.dir} is not in a git repository`);
  if (repo === null) return readWorkTree(dir);
  const prefix = relative(repo, dir).split(sep).join('/');
  try {
    return await readGitTree(repo, options.ref ?? 'HEAD', prefix);
  } catch (error) {
    if (options.ref !== undefined) throw invalidInput(`--ref ${options.ref}: ${(error as Error).message}`);
    return readWorkTree(dir); // a repository without commits yet
  }
}

async function targetSpace(domain: Domain, sync: GitSync, source: string, layout: SpaceLayout, options: SyncOptions): Promise<SpaceRecord> {
  return (
    (await existingSpace(sync, source, layout, options)) ??
    (await domain.spaces.create(options.caller, options.organizationId, { title: spaceTitle(source, layout, options) })).space
  );
}

/** A single space without a name is named after its folder. */
const spaceTitle = (source: string, layout: SpaceLayout, options: SyncOptions) => layout.title ?? options.space ?? (basename(source) || 'Docs');

async function existingSpace(sync: GitSync, source: string, layout: SpaceLayout, options: SyncOptions): Promise<SpaceRecord | undefined> {
  return (
    (layout.key !== null
      ? await sync.spaceForKey(source, layout.key)
      : await sync.findSpace(options.organizationId, options.space ?? spaceTitle(source, layout, options))) ?? undefined
  );
}

/** One space on its way through the sync; `plan` is made only when its tree changed. */
interface SpaceWork {
  layout: SpaceLayout;
  space: SpaceRecord;
  source: string;
  report: SyncReport;
  hash: string;
  previous: RevisionContent;
  changed: boolean;
  outline?: Outline;
  includes?: string[];
  paths?: string[];
  plan?: ParsePlan;
  /** Pages outside the markdown files parsed ahead (read by `planSpace`, parsed on this thread). */
  lateJobs?: ParseJob[];
  files?: FilesResult;
}

/** A space's work, and whether its tree changed since its last sync (else there is nothing to do). */
async function startSpace(sync: GitSync, tree: RepoTree, layout: SpaceLayout, space: SpaceRecord, source: string): Promise<SpaceWork> {
  const report: SyncReport = {
    space: { id: space.id, title: space.title },
    key: layout.key,
    pagesAdded: 0,
    pagesChanged: 0,
    pagesRemoved: 0,
    files: 0,
    warnings: [...layout.warnings],
    revisionId: null,
  };
  const hash = treeHash(subtree(tree, layout.directory), `${IMPORT_VERSION}:${PARSED_PAGE_VERSION}:${layout.readme}:${layout.summary}`);
  const state = await sync.state(space.id);
  const previous = await sync.content(space.revisionId);
  const same = state && state.treeHash === hash && state.source === source && state.directory === layout.directory && state.revisionId === space.revisionId;
  if (same) report.files = previous.files.length;
  return { layout, space, source, report, hash, previous, changed: !same };
}

/**
 * The "last updated" dates of the changed spaces' markdown files, found while the pages parse. A history that cannot
 * be read gives no dates, with a warning: the sync goes on.
 */
async function datePages(sync: GitSync, tree: RepoTree, dir: string, works: SpaceWork[], worker: boolean): Promise<Map<string, PageDate>> {
  const paths = [...new Set(works.flatMap((w) => markdownFiles(tree, w.layout)))];
  try {
    const { dates, shallow } = await fileDates(tree, dir, paths, sync.commitDates, worker);
    if (shallow > 0) works[0]!.report.warnings.push(shallowWarning(shallow));
    return dates;
  } catch (error) {
    works[0]!.report.warnings.push(`cannot read the git history for the pages' dates (${(error as Error).message}); they show none`);
    return new Map();
  }
}

function shallowWarning(files: number): string {
  return (
    `${files} ${files === 1 ? 'page' : 'pages'} could not be dated past the oldest commit of this shallow clone: ` +
    'they show its date (or the date they had). Fetch the whole history for exact dates (fetch-depth: 0 in GitHub Actions, git fetch --unshallow)'
  );
}

/** The markdown files under a space's root but its summary (`.gitbook/` left out but for its includes). */
function markdownFiles(tree: RepoTree, layout: SpaceLayout): string[] {
  const under = layout.root === '' ? '' : `${layout.root}/`;
  const includes = `${joinPath(layout.root, '.gitbook/includes')}/`;
  return [...tree.files.keys()].filter(
    (p) =>
      p.startsWith(under) &&
      p.toLowerCase().endsWith('.md') &&
      p !== layout.summary &&
      (!p.slice(under.length).startsWith('.gitbook/') || p.startsWith(includes)),
  );
}

/** Reads a changed space's outline; pages outside its markdown files (rare) are read now, to parse here. */
async function planSpace(sync: GitSync, tree: RepoTree, work: SpaceWork): Promise<void> {
  const { layout, report } = work;
  const plan = work.plan!;
  const outline = await planOutline(tree, layout);
  report.warnings.push(...outline.warnings);
  const includesDir = `${joinPath(layout.root, '.gitbook/includes')}/`;
  const includes = [...tree.files.keys()].filter((p) => p.startsWith(includesDir) && p.toLowerCase().endsWith('.md')).sort();
  const paths = [...new Set([...pageFiles(outline.nodes), ...includes])];
  const planned = new Set(markdownFiles(tree, layout));
  const late = await planParse(
    sync,
    tree,
    layout,
    paths.filter((p) => !planned.has(p)),
  );
  for (const [path, data] of late.parsed) plan.parsed.set(path, data);
  for (const [path, reason] of late.rejected) plan.rejected.set(path, reason);
  for (const [path, bytes] of late.toStore) plan.toStore.set(path, bytes);
  Object.assign(work, { outline, includes, paths, lateJobs: late.jobs });
  plan.jobs.push(...late.jobs);
}

/** Builds the space's revision from the parse results (and fills in its report). */
async function buildSpace(
  tree: RepoTree,
  work: SpaceWork,
  results: readonly ParsedBlobResult[],
  dates: ReadonlyMap<string, PageDate>,
): Promise<RevisionContent> {
  const { layout, report, plan, previous } = work;
  const outline = work.outline!;
  const files = work.files!;
  const parsed = collectParsed(plan!, results, work.paths!);
  report.warnings.push(...parsed.warnings, ...files.warnings);
  outline.nodes = prune(outline.nodes, new Set(plan!.rejected.keys()));

  const varsFile = tree.files.get(joinPath(layout.root, '.gitbook/vars.yaml') ?? '');
  const vars = varsFile ? new TextDecoder().decode(await varsFile.read()) : null;
  const built = buildRevision({
    tree,
    layout,
    outline,
    parsed: parsed.pages,
    files: files.files,
    includes: work.includes!.filter((p) => !plan!.rejected.has(p)),
    vars,
    previous,
    dates,
  });
  report.warnings.push(...built.warnings);
  Object.assign(report, diffPages(previous, built.content), { files: built.content.files.length });
  return built.content;
}

/**
 * A sync that empties a non-empty space, or removes more than half of its pages (and more than a couple), is most
 * likely a broken SUMMARY.md or a wrong folder: it stops, naming the file, unless `allowMassRemoval`.
 */
function refuseMassRemoval(work: Pick<SpaceWork, 'layout' | 'report' | 'previous' | 'outline'>, content: RevisionContent, dir: string): void {
  const before = work.previous.pages.length;
  const removed = work.report.pagesRemoved;
  const emptied = before > 0 && content.pages.length === 0;
  if (!emptied && !(removed > MASS_REMOVAL_MIN_PAGES && removed * 2 > before)) return;
  const { layout } = work;
  const summary = work.outline?.fromSummary ? layout.summary : null;
  const source = summary ?? (layout.root || '.');
  const where = summary !== null ? `${summary} lists` : `the folder ${source} holds`;
  const warnings = work.outline?.warnings.length ? `\n${work.outline.warnings.map((w) => `  warning: ${w}`).join('\n')}` : '';
  throw invalidInput(
    `${join(dir, source)}: this sync would remove ${removed} of the ${before} pages of "${work.report.space.title}" ` +
      `(${where} ${content.pages.length} ${content.pages.length === 1 ? 'page' : 'pages'}); nothing was changed. Check ${summary !== null ? 'SUMMARY.md' : 'the folder'}, ` +
      `or sync again with --allow-mass-removal if the pages are meant to go${warnings}`,
  );
}

/** More removed pages than this, and more than half of the space, stop a sync without `allowMassRemoval`. */
export const MASS_REMOVAL_MIN_PAGES = 2;

/** Lands the space's built revision with the sync state. */
async function landSpace(sync: GitSync, tree: RepoTree, work: SpaceWork, content: RevisionContent): Promise<void> {
  const { layout, report, previous } = work;
  const unchanged = JSON.stringify(content) === JSON.stringify(previous);
  const commit = tree.commit;
  report.revisionId = await sync.land({
    spaceId: work.space.id,
    baseRevisionId: work.space.revisionId,
    content: unchanged ? null : content,
    git: commit ? { oid: commit.oid, message: commit.message, ref: commit.ref, createdByService: false } : null,
    state: { source: work.source, directory: layout.directory, ref: commit?.ref ?? null, commit: commit?.oid ?? null, treeHash: work.hash, key: layout.key },
  });
}

interface ParsePlan {
  spaceRoot: string;
  /** Parse records already known, by path. */
  parsed: Map<string, ParsedPageData>;
  /** Files left out (too large), with why. */
  rejected: Map<string, string>;
  jobs: ParseJob[];
  /** Bytes new to the blob store, by path. */
  toStore: Map<string, Uint8Array>;
}

/**
 * What must be parsed: a blob parsed before in the same directory and space root is reused from the cache (its links
 * resolve the same way); anything else is read and queued.
 */
async function planParse(sync: GitSync, tree: RepoTree, layout: SpaceLayout, paths: string[]): Promise<ParsePlan> {
  const plan: ParsePlan = { spaceRoot: layout.root, parsed: new Map(), rejected: new Map(), jobs: [], toStore: new Map() };
  const cached = await sync.parsed([...new Set(paths.map((p) => tree.files.get(p)!.oid))]);
  for (const path of paths) {
    const { oid, read } = tree.files.get(path)!;
    const hit = cached.get(oid);
    const reusable = hit && dirname(hit.path ?? '') === dirname(path) && (hit.spaceRoot ?? '') === layout.root;
    const stored = await sync.blobs.has(oid);
    if (reusable && stored) {
      plan.parsed.set(path, hit);
      continue;
    }
    const bytes = await read();
    if (bytes.byteLength > PAGE_MAX_BYTES) {
      plan.rejected.set(path, `${path}: ${(bytes.byteLength / 1048576).toFixed(1)} MB is over the ${PAGE_MAX_BYTES / 1048576} MB page limit; left out`);
      continue;
    }
    if (!stored) plan.toStore.set(path, bytes);
    if (reusable) plan.parsed.set(path, hit);
    else plan.jobs.push({ oid, path, spaceRoot: layout.root, bytes });
  }
  return plan;
}

/** The parse record of each of `paths` (cached or new), and the warnings about them. */
function collectParsed(plan: ParsePlan, results: readonly ParsedBlobResult[], paths: string[]): { pages: Map<string, ParsedPageData>; warnings: string[] } {
  const mine = new Set(plan.jobs.map((j) => j.path));
  for (const r of results) if (r.data.spaceRoot === plan.spaceRoot && mine.has(r.data.path ?? '')) plan.parsed.set(r.data.path!, r.data);
  const pages = new Map<string, ParsedPageData>();
  const warnings: string[] = [];
  for (const path of paths) {
    const rejected = plan.rejected.get(path);
    if (rejected !== undefined) warnings.push(rejected);
    const data = plan.parsed.get(path);
    if (rejected === undefined && data) {
      pages.set(path, data);
      warnings.push(...data.warnings);
    }
  }
  return { pages, warnings };
}

function diffPages(previous: RevisionContent, next: RevisionContent): Pick<SyncReport, 'pagesAdded' | 'pagesChanged' | 'pagesRemoved'> {
  const before = new Map<string, RevisionPage>(previous.pages.map((p) => [p.id, p]));
  let pagesAdded = 0;
  let pagesChanged = 0;
  for (const page of next.pages) {
    const old = before.get(page.id);
    if (!old) pagesAdded++;
    else if (JSON.stringify(old) !== JSON.stringify(page)) pagesChanged++;
    before.delete(page.id);
  }
  return { pagesAdded, pagesChanged, pagesRemoved: before.size };
}
