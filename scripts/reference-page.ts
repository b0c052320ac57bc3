// The command line of the generators of docs/reference/: write the page (to --out <dir>, default docs/reference/), or
// with --check exit 1 when the committed page is not what they would write.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REFERENCE_DIR = fileURLToPath(new URL('../docs/reference/', import.meta.url));

export function writeReferencePage(file: string, render: () => string, argv: readonly string[]): void {
  const outAt = argv.indexOf('--out');
  const dir = outAt >= 0 ? resolve(argv[outAt + 1] ?? '') : REFERENCE_DIR;
  const text = render();
  if (argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(join(REFERENCE_DIR, file), 'utf8');
    } catch {
      // missing: not current
    }
    if (current !== text) {
      process.stderr.write(`docs/reference/${file} is out of date: run \`npm run docs:reference\`\n`);
      process.exitCode = 1;
    }
    return;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, file), text);
}
