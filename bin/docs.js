#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The bundle (`npm run build`) starts faster; the compiled modules are the same code, file by file.
const entry = ['../dist/bundle/main.js', '../dist/cli/main.js'].map((path) => new URL(path, import.meta.url)).find((url) => existsSync(fileURLToPath(url)));
if (entry) void import(entry.href).then((cli) => cli.main(process.argv));
else {
  process.stderr.write(`docs: Quire is not built: run \`npm run build\` in ${fileURLToPath(new URL('..', import.meta.url))}\n`);
  process.exitCode = 1;
}
