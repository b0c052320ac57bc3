// Bundles the compiled CLI (dist/cli/main.js) into dist/bundle/: a few files load much faster than the thousand
// small ES modules of its dependencies, which is most of `docs serve`'s start. What a command loads lazily stays
// lazy (code splitting). The worker threads are entry points of their own (src/platform/worker-threads.ts finds them);
// templates and the native SQLite addon are read from their usual places.
import { existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { build } from 'esbuild';

// Built beside the bundle, then swapped in: a `docs` running meanwhile (a server, a test, another build) keeps
// finding the chunks of the bundle it started from. Chunk names change with their content, so old bundles are
// removed once no run can still be reading them.
const next = `dist/bundle-next-${process.pid}`;
rmSync(next, { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'dist/cli/main.js',
    'parse-worker': 'dist/gitsync/parse-worker.js',
    'search-worker': 'dist/site/search-worker.js',
    'render-worker': 'dist/site/render-worker.js',
    'highlight-worker': 'dist/site/highlight-worker.js',
    'copy-worker': 'dist/site/copy-worker.js',
    'check-worker': 'dist/domain/openapi/check-worker.js',
    'page-file-worker': 'dist/domain/content-writes/page-file-worker.js',
    'walk-worker': 'dist/gitsync/dates/walk-worker.js',
  },
  outdir: next,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['better-sqlite3'],
  // CommonJS dependencies call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __quireRequire } from 'node:module'; const require = __quireRequire(import.meta.url);" },
  // Chunks beside main.js: code that finds files relative to its module (templates, workers) sees the same depth.
  chunkNames: '[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
});

// Another build may swap its bundle in between the two renames: then retire that one too.
for (let attempt = 0; ; attempt++) {
  const old = `dist/bundle-old-${process.pid}-${Date.now()}-${attempt}`;
  if (existsSync('dist/bundle')) {
    renameSync('dist/bundle', old);
    utimesSync(old, new Date(), new Date()); // the hour below counts from its retirement
  }
  try {
    renameSync(next, 'dist/bundle');
    break;
  } catch (error) {
    if (attempt >= 5 || !['ENOTEMPTY', 'EEXIST'].includes(error.code)) throw error;
  }
}
const hour = 60 * 60 * 1000;
for (const name of readdirSync('dist')) {
  const path = `dist/${name}`;
  if (/^bundle-(old|next)-/.test(name) && Date.now() - statSync(path).mtimeMs > hour) rmSync(path, { recursive: true, force: true });
}
