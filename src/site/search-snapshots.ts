/**
 * The snapshots of a site's search indexes in the build cache of its output folder (search-pool.ts): where each is
 * kept, where a build writes it until it commits, and which go once it did.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SEGMENTS } from './manifest.js';

/** Where the snapshot of a site's index `index` is kept: in the build cache of its output folder. */
export function snapshotPath(out: string, index: number): string {
  return join(out, SEGMENTS, `search-${index}.v8`);
}

/** Where a build writes the snapshot at `path` until it commits. */
export const pendingSnapshot = (path: string) => `${path}.${process.pid}.tmp`;

/** A snapshot, or one not committed (its second group): its index. */
const SNAPSHOT = /^search-(\d+)\.v8(\.\d+\.tmp)?$/;

/** Removes the snapshots in the build cache of `out` but those of the indexes `kept`, and every one not committed. */
export function removeSnapshots(out: string, kept: ReadonlySet<number>): void {
  const dir = join(out, SEGMENTS);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const match = SNAPSHOT.exec(name);
    if (match && (match[2] || !kept.has(Number(match[1])))) rmSync(join(dir, name), { force: true });
  }
}
