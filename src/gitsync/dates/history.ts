// Commits and trees of a repository, each read once, for one walk of its history. Light to load (isomorphic-git is
// imported only for an object the reader cannot read): it runs on a worker thread too.
import { LRUCache } from 'lru-cache';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { syncFs } from '../fs-shim.js';
import { ObjectReader } from './objects.js';
import { RawTree } from './raw-tree.js';

export interface CommitNode {
  tree: string;
  parents: string[];
  /** Author date, seconds since the epoch: the date a page shows. */
  authored: number;
  /** Committer date: the walk's order, newest first. */
  committed: number;
}

/** An object the fast reader could not read: `History.load` reads it with isomorphic-git, then the read is made again. */
export class Unloaded extends Error {
  constructor(readonly oid: string) {
    super(`object ${oid} is not loaded`);
  }
}

export class History {
  private readonly base: { fs: typeof syncFs; dir: string; gitdir: string; cache: object };
  private readonly objects: ObjectReader;
  private readonly commits = new Map<string, CommitNode | null>();
  /** A huge history must not hold every tree it ever read. */
  private readonly trees = new LRUCache<string, RawTree>({ max: 20_000 });
  /** Objects read by isomorphic-git (null: it has none either). */
  private readonly loaded = new Map<string, Buffer | null>();
  /** Commits whose parents a shallow clone left out. */
  readonly shallow: ReadonlySet<string>;

  constructor(dir: string, gitdir: string) {
    this.base = { fs: syncFs, dir, gitdir, cache: {} };
    this.objects = new ObjectReader(this.base.gitdir);
    this.shallow = readShallow(this.base.gitdir);
  }

  /** The commit, or null when its object is missing (a shallow or partial clone). Throws Unloaded. */
  commit(oid: string): CommitNode | null {
    const known = this.commits.get(oid);
    if (known !== undefined) return known;
    const body = this.object(oid);
    const node = body ? parseCommit(body) : null;
    this.commits.set(oid, node);
    return node;
  }

  /** Throws Unloaded. */
  tree(oid: string): RawTree {
    const known = this.trees.get(oid);
    if (known) return known;
    const body = this.object(oid);
    if (!body) throw new Error(`tree ${oid} is missing`);
    const tree = RawTree.parse(body);
    this.trees.set(oid, tree);
    return tree;
  }

  /** Reads an object the fast reader could not (another pack format...) with isomorphic-git. */
  async load(oid: string): Promise<void> {
    try {
      const { default: git } = await import('isomorphic-git');
      const { object } = await git.readObject({ ...this.base, oid, format: 'content' });
      this.loaded.set(oid, Buffer.from(object as Uint8Array));
    } catch {
      this.loaded.set(oid, null);
    }
  }

  close(): void {
    this.objects.close();
  }

  private object(oid: string): Buffer | null {
    try {
      const found = this.objects.read(oid);
      if (found) return found.body;
    } catch {
      // read by isomorphic-git, which says what is wrong if it cannot either
    }
    const loaded = this.loaded.get(oid);
    if (loaded === undefined) throw new Unloaded(oid);
    return loaded;
  }
}

function parseCommit(body: Buffer): CommitNode {
  const text = body.toString('utf8');
  const end = text.indexOf('\n\n');
  const node: CommitNode = { tree: '', parents: [], authored: 0, committed: 0 };
  for (const line of text.slice(0, end === -1 ? undefined : end).split('\n')) {
    if (line.startsWith('tree ')) node.tree = line.slice(5);
    else if (line.startsWith('parent ')) node.parents.push(line.slice(7));
    else if (line.startsWith('author ')) node.authored = stamp(line);
    else if (line.startsWith('committer ')) node.committed = stamp(line);
  }
  // An author date git could not read either: the committer's, as `git log` falls back to.
  if (Number.isNaN(node.authored)) node.authored = node.committed;
  return node;
}

/** Seconds since the epoch after the identity's `>` (git reads the time zone loosely, or not at all); NaN when unusable. */
function stamp(line: string): number {
  const seconds = Number(/>\s*(-?\d{1,15})(?:\s+[+-]?\d+)?\s*$/.exec(line)?.[1] ?? Number.NaN);
  return Math.abs(seconds) <= MAX_SECONDS ? seconds : Number.NaN;
}

/** The last second a JavaScript Date (and an ISO string) can hold a year of four digits for. */
const MAX_SECONDS = 253_402_300_799;

function readShallow(gitdir: string): Set<string> {
  try {
    return new Set(
      readFileSync(join(gitdir, 'shallow'), 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    );
  } catch {
    return new Set();
  }
}
