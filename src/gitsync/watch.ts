/**
 * `docs watch` on the git side: watches work trees, and after each debounced batch of changes either hands over a
 * quick page edit (only page bodies changed: parsed here, nothing imported yet) or re-imports the changed
 * directories from disk into their spaces. Changes arriving during a run are coalesced into the next one, and a
 * quick edit is always followed, once the files settle, by a full import, so the store ends up as `docs sync
 * --work-tree` would leave it. Nothing is ever written to the watched directories.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import type { Caller, Domain } from '../domain/index.js';
import { parsePage, rememberBody } from '../content/page-parse.js';
import { gitBlobOid } from '../model/index.js';
import { type SyncReport, syncDirectory } from './import.js';
import { readWorkTree, type RepoTree } from './tree.js';

export interface WatchTarget {
  dir: string;
  /** The space to import into (created if missing); absent for docs.yaml repositories, whose keys name them. */
  space?: string;
  organizationId: string;
}

/** A problem found in a file: shown to the author until the next good save. */
export interface Problem {
  /** Path relative to the watched directory (the directory itself when the import failed as a whole). */
  file: string;
  line: number;
  message: string;
}

/** Page bodies changed and nothing else: the new blobs are stored and parsed, the revision is not moved yet. */
export interface QuickEdit {
  spaceId: string;
  pages: Array<{ pageId: string; blob: string; path: string }>;
}

export interface ImportResult {
  /** Every watched space, in target order. */
  spaceIds: string[];
  reports: SyncReport[];
  problems: Problem[];
  /** Files changed since the previous import (relative to their directory); empty for the first one. */
  changed: string[];
  ms: number;
}

export interface WatchOptions {
  targets: WatchTarget[];
  caller: Caller;
  /** Passed to every import (see `SyncOptions.allowMassRemoval`). */
  allowMassRemoval?: boolean;
  onQuick(edit: QuickEdit): Promise<void>;
  onImport(result: ImportResult): Promise<void>;
  /** An import or a callback failed: the watcher keeps going. */
  onError(error: unknown, problems: Problem[]): Promise<void> | void;
  /** Quiet time before a batch runs (default 25 ms; bursts of many files wait longer). */
  debounceMs?: number;
  /** Quiet time after a quick edit before the full import (default 250 ms). */
  settleMs?: number;
}

/** Editor droppings and folders nobody imports. */
export function ignoredPath(path: string): boolean {
  const parts = path.split(/[\\/]/);
  if (parts.some((p) => p === '.git' || p === 'node_modules' || p === '.docs')) return true;
  const name = parts[parts.length - 1] ?? '';
  return (
    /\.(sw[a-p]|swx|tmp|bak|orig|crswap)$/i.test(name) ||
    name.endsWith('~') ||
    name.startsWith('.#') ||
    (name.startsWith('#') && name.endsWith('#')) ||
    name === '4913' ||
    name === '.DS_Store' ||
    /___jb_(tmp|old)___$/.test(name)
  );
}

/** Bursts (a `git checkout`, a search-and-replace) get a longer quiet time, so they end in one import. */
const BURST = 20;
const BURST_DEBOUNCE_MS = 150;
const QUICK_MAX_PAGES = 8;

export class DirectoryWatcher {
  private readonly targets: Array<WatchTarget & { spaceIds: string[] }>;
  private watcher: FSWatcher | null = null;
  private readonly pending = new Set<string>();
  /** Targets changed since their last import (indexes), with the files changed. */
  private readonly dirty = new Map<number, Set<string>>();
  private debounce: NodeJS.Timeout | null = null;
  private settle: NodeJS.Timeout | null = null;
  private fullDue = false;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly domain: Domain,
    private readonly options: WatchOptions,
  ) {
    this.targets = options.targets.map((t) => ({ ...t, dir: resolve(t.dir), spaceIds: [] }));
  }

  /** Imports every target, then watches them; resolves once both are done. */
  async start(): Promise<ImportResult> {
    const dirs = this.targets.map((t) => t.dir);
    const watcher = watch(dirs, { ignoreInitial: true, ignored: (path) => ignoredPath(path), persistent: true });
    this.watcher = watcher;
    const ready = new Promise<void>((resolveReady, reject) => {
      watcher.once('ready', resolveReady);
      watcher.once('error', reject);
    });
    watcher.on('all', (_event, path) => this.changed(path));
    watcher.on('error', (error) => void this.options.onError(error, []));
    // Changes made meanwhile wait for the first import, then run.
    const first = Promise.all([
      this.importDirty(
        this.targets.map((_, i) => i),
        2,
      ),
      ready,
    ]);
    this.running = first.then(
      () => {},
      () => {},
    );
    try {
      return (await first)[0];
    } finally {
      this.running = null;
      if (this.pending.size && !this.debounce) this.kick();
    }
  }

  /** Waits for the runs under way and those due (tests and benches; `close` uses it too). */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.debounce) clearTimeout(this.debounce);
    if (this.settle) clearTimeout(this.settle);
    await this.watcher?.close();
    await this.idle();
  }

  private changed(path: string): void {
    if (this.closed || ignoredPath(path)) return;
    this.pending.add(path);
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    if (this.debounce) clearTimeout(this.debounce);
    const wait = this.pending.size > BURST ? BURST_DEBOUNCE_MS : (this.options.debounceMs ?? 25);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      this.kick();
    }, wait);
  }

  private kick(): void {
    if (this.running || this.closed) return;
    this.running = this.loop().finally(() => {
      this.running = null;
      // Changes that came in while the loop was finishing.
      if ((this.pending.size && !this.debounce) || this.fullDue) this.kick();
    });
  }

  private async loop(): Promise<void> {
    while (!this.closed && (this.pending.size || this.fullDue)) {
      if (this.debounce) return; // more changes are on their way: the debounce kicks again
      const batch = [...this.pending];
      this.pending.clear();
      const mapped = batch.flatMap((abs) => {
        const index = this.targets.findIndex((t) => abs === t.dir || abs.startsWith(`${t.dir}${sep}`));
        return index < 0 ? [] : [{ index, path: relative(this.targets[index]!.dir, abs).split(sep).join('/') }];
      });
      for (const { index, path } of mapped) {
        let set = this.dirty.get(index);
        if (!set) this.dirty.set(index, (set = new Set()));
        set.add(path);
      }
      if (batch.length && !this.fullDue) {
        try {
          const quick = await this.quickEdit(mapped);
          if (quick) {
            if (quick.pages.length) await this.options.onQuick(quick);
            this.scheduleFull();
            continue;
          }
        } catch (error) {
          await this.options.onError(error, []);
        }
      }
      this.fullDue = false;
      if (this.settle) clearTimeout(this.settle);
      this.settle = null;
      const indexes = [...this.dirty.keys()];
      if (indexes.length) await this.importDirty(indexes, batch.length > BURST ? 2 : 0);
    }
  }

  private scheduleFull(): void {
    if (this.settle) clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      this.settle = null;
      this.fullDue = true;
      this.kick();
    }, this.options.settleMs ?? 250);
  }

  /**
   * The batch as a quick edit when it only changed the bodies of existing pages of single-space directories: same
   * title, same frontmatter, no parse warning (before or after). Anything else needs the full import: null.
   */
  private async quickEdit(changes: Array<{ index: number; path: string }>): Promise<QuickEdit | null> {
    if (changes.length === 0 || changes.length > QUICK_MAX_PAGES) return null;
    const spaceIds = new Set(changes.map((c) => this.targets[c.index]!.spaceIds));
    if (spaceIds.size !== 1) return null;
    const [spaceId, ...others] = [...spaceIds][0]!;
    if (!spaceId || others.length) return null;
    const view = await this.domain.content.current(this.options.caller, spaceId);
    const edit: QuickEdit = { spaceId, pages: [] };
    const parsedPages = [];
    for (const { index, path } of changes) {
      if (!path.toLowerCase().endsWith('.md')) return null;
      const page = view.index.pagesByGitPath.get(path);
      if (!page) return null;
      const full = resolve(this.targets[index]!.dir, path);
      let bytes: Buffer;
      try {
        if (!statSync(full).isFile()) return null;
        bytes = readFileSync(full);
      } catch {
        return null;
      }
      const oid = gitBlobOid(bytes);
      if (oid === page.blob) continue;
      const old = (await this.domain.sync.parsed([page.blob])).get(page.blob);
      if (!old || old.warnings.length) return null;
      const parsed = parsePage({ oid, path, spaceRoot: old.spaceRoot ?? '', bytes });
      if (parsed.data.warnings.length || parsed.data.h1 !== old.h1 || JSON.stringify(parsed.data.frontmatter) !== JSON.stringify(old.frontmatter)) return null;
      parsedPages.push({ bytes, parsed });
      edit.pages.push({ pageId: page.id, blob: oid, path });
    }
    for (const { bytes, parsed } of parsedPages) {
      await this.domain.sync.blobs.put(bytes);
      await this.domain.sync.saveParsed([parsed]);
      rememberBody(parsed);
    }
    return edit;
  }

  /** Imports the targets from disk (leaving editor temp files out) and reports the result, or the failure. */
  private async importDirty(indexes: number[], parseWorkers: number): Promise<ImportResult> {
    const started = performance.now();
    const changed = indexes.flatMap((i) => [...(this.dirty.get(i) ?? [])]);
    for (const i of indexes) this.dirty.delete(i);
    const reports: SyncReport[] = [];
    const problems: Problem[] = [];
    for (const i of indexes) {
      const target = this.targets[i]!;
      try {
        const tree = watchedTree(target.dir);
        const done = await syncDirectory(this.domain, {
          dir: target.dir,
          tree,
          workTree: true,
          organizationId: target.organizationId,
          caller: this.options.caller,
          parseWorkers,
          ...(this.options.allowMassRemoval ? { allowMassRemoval: true } : {}),
          ...(target.space ? { space: target.space } : {}),
        });
        target.spaceIds = done.map((r) => r.space.id);
        reports.push(...done);
      } catch (error) {
        problems.push({ file: basename(target.dir), line: 0, message: (error as Error).message });
      }
    }
    if (problems.length) {
      await this.options.onError(new Error(problems.map((p) => p.message).join('\n')), [...problems, ...(await this.parseProblems())]);
      return { spaceIds: this.spaceIds(), reports, problems, changed, ms: performance.now() - started };
    }
    const result: ImportResult = { spaceIds: this.spaceIds(), reports, problems: await this.parseProblems(), changed, ms: performance.now() - started };
    try {
      await this.options.onImport(result);
    } catch (error) {
      await this.options.onError(error, result.problems);
    }
    return result;
  }

  private spaceIds(): string[] {
    return this.targets.flatMap((t) => t.spaceIds);
  }

  /** The parse warnings (malformed frontmatter, binary or invalid bytes) of every page and include of the spaces. */
  private async parseProblems(): Promise<Problem[]> {
    const problems: Problem[] = [];
    for (const spaceId of this.spaceIds()) {
      const view = await this.domain.content.current(this.options.caller, spaceId);
      const blobs = [...view.index.documents().map((p) => p.blob), ...view.content.reusableContents.map((r) => r.blob)];
      for (const data of (await this.domain.sync.parsed([...new Set(blobs)])).values()) {
        for (const warning of data.warnings) problems.push(problemOf(warning, data.path ?? ''));
      }
    }
    return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  }
}

/** `path: message`, with the line of a YAML error (counted from the line after the opening `---`). */
export function problemOf(warning: string, path: string): Problem {
  const message = path && warning.startsWith(`${path}: `) ? warning.slice(path.length + 2) : warning;
  const yamlLine = /frontmatter YAML: .*\bat line (\d+)/.exec(message);
  return { file: path, line: yamlLine ? Number(yamlLine[1]) + 1 : 1, message };
}

function watchedTree(dir: string): RepoTree {
  const tree = readWorkTree(dir);
  for (const path of [...tree.files.keys()]) if (ignoredPath(path)) tree.files.delete(path);
  return tree;
}
