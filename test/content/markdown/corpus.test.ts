// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePageFile, serializePageFile } from '../../../src/content/page-file.js';
import { markdownFiles } from '../../helpers/corpora.js';

const corpora = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpora');
const CORPORA = ['git-sync-normalization', 'public-docs', 'beefree-sdk-docs'];

/** What GitBook wrote: every page a SUMMARY.md links to, and the reusable blocks under `.gitbook/includes`. */
function gitbookPages(files: string[]): string[] {
  const pages = new Set<string>();
  for (const summary of files.filter((file) => file.endsWith('/SUMMARY.md'))) {
    for (const [, target] of readFileSync(summary, 'utf8').matchAll(/\]\(<?([^)>]+\.md)>?\)/g)) {
      const path = resolve(dirname(summary), decodeURI(target as string));
      if (existsSync(path)) pages.add(path);
    }
  }
  for (const file of files) if (file.includes('/.gitbook/includes/')) pages.add(file);
  return [...pages];
}

const roundTrips = (file: string) => {
  const text = readFileSync(file, 'utf8');
  return serializePageFile(parsePageFile(text)) === text;
};

const files = CORPORA.flatMap((name) => markdownFiles(join(corpora, name)));

describe('GitBook exports round-trip byte for byte', () => {
  it('every page and include of the GitBook-exported corpora', () => {
    const pages = gitbookPages(files);
    expect(pages.length).toBeGreaterThan(450);
    const failed = pages.filter((file) => !roundTrips(file)).map((file) => relative(corpora, file));
    expect(failed).toEqual([]);
  });

  // Measured 512/516. The other four are hand-written, not GitBook output: public-docs/.github/README.md and
  // three skill files stored as assets under documentation/.gitbook/assets (`-` bullets, `---` rules).
  it('nearly every markdown file, assets included', () => {
    const failed = files.filter((file) => !roundTrips(file)).map((file) => relative(corpora, file));
    expect(failed.length, failed.join('\n')).toBeLessThanOrEqual(4);
  });
});
