// The walk itself: the date of the last commit that touched each of a set of files, in one walk of history. For each
// file it is what `git log -1 -- <file>` gives (a merge that holds the file as one of its parents does is passed
// through to that parent, as git's history simplification does), for all files at once; the walk stops once every
// file is dated. It imports nothing heavy: it runs on a worker thread too.
import { type CommitNode, History, Unloaded } from './history.js';
import { PathGroup } from './paths.js';

export interface FileDate {
  /** Seconds since the epoch (author date). */
  time: number;
  /**
   * false: the history ended before the file's last change was found (a shallow clone, the walk's limit); `time`
   * is then the oldest commit seen holding the file as it is.
   */
  exact: boolean;
}

export interface WalkInput {
  /** The repository's work tree and git directory. */
  dir: string;
  gitdir: string;
  commit: string;
  /** Repository paths of files present at `commit`. */
  paths: readonly string[];
  /** Commits looked at before the walk gives up on the files still undated. */
  maxCommits: number;
  /** Commits the walk does not go past: files reaching one are handed back undated (the caller knows their dates). */
  stops?: readonly string[];
}

export interface WalkOutput {
  dates: Map<string, FileDate>;
  /** Commits looked at. */
  commits: number;
  /** Files that reached a stop, by stop. */
  stopped: Array<{ commit: string; paths: string[] }>;
}

/** Exact dates known at a commit (a cache), if any. */
export type KnownDates = (commit: string) => Promise<Record<string, number> | undefined>;

export async function walkHistory(input: WalkInput, known?: KnownDates): Promise<WalkOutput> {
  const history = new History(input.dir, input.gitdir);
  try {
    const walk = new Walk(history, input, known);
    await walk.run(input.commit, input.paths);
    return { dates: walk.dates, commits: walk.commits, stopped: walk.stopped };
  } finally {
    history.close();
  }
}

class Walk {
  readonly dates = new Map<string, FileDate>();
  readonly stopped: WalkOutput['stopped'] = [];
  commits = 0;
  /** Commits with files waiting to be dated there (each file waits at one commit at a time). */
  private readonly frontier = new Map<string, { node: CommitNode; group: PathGroup }>();
  private readonly cached = new Map<string, Record<string, number> | undefined>();
  private readonly stops: ReadonlySet<string>;
  private readonly max: number;

  constructor(
    private readonly history: History,
    input: WalkInput,
    private readonly known: KnownDates | undefined,
  ) {
    this.stops = new Set(input.stops);
    this.max = input.maxCommits;
  }

  async run(head: string, paths: readonly string[]): Promise<void> {
    const group = new PathGroup(paths);
    await this.fromCache(head, group);
    if (group.size === 0) return;
    const node = await this.read(() => this.history.commit(head));
    if (!node) throw new Error(`commit ${head} is not in the repository`);
    this.frontier.set(head, { node, group });
    while (this.frontier.size > 0) {
      const [oid, waiting] = this.newest();
      this.frontier.delete(oid);
      await this.step(oid, waiting.node, waiting.group);
    }
  }

  private async step(oid: string, node: CommitNode, group: PathGroup): Promise<void> {
    if (this.stops.has(oid)) return void this.stopped.push({ commit: oid, paths: [...group.paths] });
    await this.fromCache(oid, group);
    if (group.size === 0) return;
    if (++this.commits > this.max) return this.settle(group, node.authored, false);
    const shallow = this.history.shallow.has(oid);
    const found = shallow ? [] : await this.read(() => node.parents.map((parent) => [parent, this.history.commit(parent)] as const));
    const parents = found.flatMap(([parent, pnode]) => (pnode ? [[parent, pnode] as const] : []));
    const cut = shallow || parents.length < found.length;
    // Each file follows the first parent that holds it as this commit does; one no parent holds was changed here.
    let left = group;
    for (const [parent, pnode] of parents) {
      const before = left;
      const changed = await this.read(() => this.changed(node.tree, pnode.tree, before));
      for (const path of changed) left.delete(path);
      if (left.size > 0) this.follow(parent, pnode, left);
      left = new PathGroup(changed);
      if (left.size === 0) return;
    }
    this.settle(left, node.authored, !cut);
  }

  /** `read()`, made again once the objects the fast reader could not read are loaded. */
  private async read<T>(read: () => T): Promise<T> {
    for (;;) {
      try {
        return read();
      } catch (error) {
        if (!(error instanceof Unloaded)) throw error;
        await this.history.load(error.oid);
      }
    }
  }

  /** The paths of `group` whose entry differs between trees `a` (which holds them all) and `b`. */
  private changed(a: string, b: string | null, group: PathGroup, prefix = '', out = new Set<string>()): Set<string> {
    if (a === b) return out;
    const ta = this.history.tree(a);
    const tb = b === null ? null : this.history.tree(b);
    // Both trees are in git's order: walked side by side, an entry of `a` meets its namesake of `b` or none.
    const [from, to] = tb ? ta.differing(tb) : [0, ta.size];
    for (let i = from, j = from; i < to; i++) {
      if (tb && j < tb.size && ta.same(i, tb, j)) {
        j++;
        continue;
      }
      let cmp = -1;
      while (tb && j < tb.size && (cmp = ta.compare(i, tb, j)) > 0) j++;
      const match = cmp === 0 ? j++ : -1;
      if (match !== -1 && ta.same(i, tb!, match)) continue;
      const name = ta.name(i);
      const path = prefix ? `${prefix}/${name}` : name;
      if (ta.isTree(i)) {
        if (group.dirs.has(path)) this.changed(ta.oid(i), match !== -1 && tb!.isTree(match) ? tb!.oid(match) : null, group, path, out);
      } else if (group.paths.has(path)) out.add(path);
    }
    return out;
  }

  private follow(oid: string, node: CommitNode, group: PathGroup): void {
    const waiting = this.frontier.get(oid);
    if (!waiting) this.frontier.set(oid, { node, group });
    else for (const path of group.paths) waiting.group.add(path);
  }

  private async fromCache(oid: string, group: PathGroup): Promise<void> {
    if (!this.known) return;
    if (!this.cached.has(oid)) this.cached.set(oid, await this.known(oid));
    const dates = this.cached.get(oid);
    if (!dates) return;
    for (const path of [...group.paths]) {
      const time = dates[path];
      if (time === undefined) continue;
      this.dates.set(path, { time, exact: true });
      group.delete(path);
    }
  }

  private settle(group: PathGroup, time: number, exact: boolean): void {
    for (const path of group.paths) this.dates.set(path, { time, exact });
  }

  private newest(): [string, { node: CommitNode; group: PathGroup }] {
    let best: [string, { node: CommitNode; group: PathGroup }] | undefined;
    for (const entry of this.frontier) if (!best || entry[1].node.committed > best[1].node.committed) best = entry;
    return best!;
  }
}
