// Temporary git repositories for the export tests: a corpus copy committed on `main`, read back with the git CLI.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPORA } from './helpers.js';

const temps: string[] = [];

export function cleanTemps(): void {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const git = (repo: string, ...args: string[]): string => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** A fresh repository holding `files` (or a corpus copy) in one commit on `main`. */
export function tempRepo(corpus?: string): string {
  const repo = mkdtempSync(join(tmpdir(), 'quire-export-'));
  temps.push(repo);
  if (corpus) cpSync(join(CORPORA, corpus), repo, { recursive: true });
  execFileSync('chmod', ['-R', 'u+w', repo]);
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '-A');
  git(repo, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'corpus', '--allow-empty');
  return repo;
}

/** `path -> blob oid` of every file at `ref`. */
export function lsTree(repo: string, ref: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const line of git(repo, 'ls-tree', '-r', '-z', ref).split('\0')) {
    if (!line) continue;
    const [meta, path] = line.split('\t') as [string, string];
    files.set(path, meta.split(' ')[2]!);
  }
  return files;
}

/** The files that differ between two commits, with their status letter (A, M, D). */
export function changedFiles(repo: string, from: string, to: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of git(repo, 'diff', '--no-renames', '--name-status', '-z', from, to)
    .split('\0')
    .reduce<string[][]>((acc, part, i) => {
      if (i % 2 === 0) acc.push([part]);
      else acc[acc.length - 1]!.push(part);
      return acc;
    }, [])) {
    if (line.length === 2) out.set(line[1]!, line[0]!);
  }
  return out;
}

/** Paths a corpus left out of its copy (`<corpus>.OMITTED.txt`: too large, or missing in the snapshot). */
export function omitted(corpus: string): Set<string> {
  const text = execFileSync('cat', [join(CORPORA, `${corpus}.OMITTED.txt`)], { encoding: 'utf8' });
  return new Set(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t')[0]!),
  );
}
