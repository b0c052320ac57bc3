// Test helpers: the shared corpora (read in place, never copied) and a plain mdast reading of a page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { parseMarkdown } from '../../../src/content/markdown/index.js';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

export const CORPORA = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpora');

/** Corpora whose HEAD is a GitBook export commit (byte-exact round trips expected). */
export const GITBOOK_EXPORTS = ['public-docs', 'beefree-sdk-docs', 'git-sync-normalization'] as const;
export const ALL_CORPORA = [...GITBOOK_EXPORTS, 'metalbear-docs'] as const;

export function corpusPath(...parts: string[]): string {
  return join(CORPORA, ...parts);
}

export function readCorpus(...parts: string[]): string {
  return readFileSync(corpusPath(...parts), 'utf8');
}

/** Repository-relative paths of every file under a corpus, skipping `.git`. */
export function listFiles(corpus: string, predicate: (path: string) => boolean = () => true): string[] {
  const root = corpusPath(corpus);
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (predicate(relative(root, full))) out.push(relative(root, full).split('\\').join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** Files left out of the corpus snapshot (too large), listed in `<corpus>.OMITTED.txt`. */
export function omittedFiles(corpus: string): Set<string> {
  const list = corpusPath(`${corpus}.OMITTED.txt`);
  if (!existsSync(list)) return new Set();
  return new Set(
    readFileSync(list, 'utf8')
      .split('\n')
      .map((line) => line.split('\t')[0] ?? '')
      .filter(Boolean),
  );
}

/** Plain CommonMark + GFM mdast of a page body (frontmatter removed): GitBook blocks stay paragraphs and html. */
export function parsePage(text: string): { root: Root; data: Record<string, unknown> } {
  const { content, data } = matter(text);
  return { root: fromMarkdown(content, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }), data };
}

/** A page through the markdown engine (GitBook blocks as typed nodes), frontmatter removed. */
export function parseGitBookPage(text: string): { root: Root; data: Record<string, unknown> } {
  const { content, data } = matter(text);
  return { root: parseMarkdown(content), data };
}
