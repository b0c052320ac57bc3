/** The GitBook-exported corpora (read in place from ../shared/corpora). */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPORA_DIR = fileURLToPath(new URL('../../../../shared/corpora/', import.meta.url));
export const EXPORTED_CORPORA = ['git-sync-normalization', 'public-docs', 'beefree-sdk-docs'] as const;

export interface CorpusPage {
  /** `corpus/path/to/page.md` */
  name: string;
  text: string;
}

export function corpusPages(corpora: readonly string[] = EXPORTED_CORPORA): CorpusPage[] {
  const pages: CorpusPage[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push({ name: relative(CORPORA_DIR, path), text: readFileSync(path, 'utf8') });
    }
  };
  for (const corpus of corpora) if (existsSync(join(CORPORA_DIR, corpus))) walk(join(CORPORA_DIR, corpus));
  return pages;
}
