// Scratch repositories whose commits are made at known dates (isomorphic-git author timestamps).
import * as fs from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import git from 'isomorphic-git';

/** Seconds since the epoch of a UTC day of 2021 (month 1-12). */
export const day = (month: number, date: number) => Date.UTC(2021, month - 1, date, 12) / 1000;
export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export interface DatedRepo {
  dir: string;
  /** Writes (or removes, for null) the files, stages them and commits at `time`; returns the commit oid. */
  commit(time: number, files: Record<string, string | null>, options?: { parents?: string[]; ref?: string }): Promise<string>;
}

export async function datedRepo(): Promise<DatedRepo> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-dates-'));
  await git.init({ fs, dir, defaultBranch: 'main' });
  const commit: DatedRepo['commit'] = async (time, files, options = {}) => {
    for (const [path, body] of Object.entries(files)) {
      if (body === null) {
        rmSync(join(dir, path));
        await git.remove({ fs, dir, filepath: path });
      } else {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), body);
        await git.add({ fs, dir, filepath: path });
      }
    }
    return git.commit({
      fs,
      dir,
      message: `at ${iso(time)}`,
      author: { name: 'Author', email: 'author@example.com', timestamp: time, timezoneOffset: 0 },
      ...(options.parents ? { parent: options.parents } : {}),
      ...(options.ref ? { ref: options.ref } : {}),
    });
  };
  return { dir, commit };
}
