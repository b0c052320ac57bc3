// The real GitBook repositories of ../shared/corpora, read by the tests (never copied into the project).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPORA = fileURLToPath(new URL('../../../shared/corpora/', import.meta.url));

/** Every `.md` file below `dir`. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}
