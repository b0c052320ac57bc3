// Bundles the compiled CLI (dist/cli/main.js) into dist/bundle/: a few files load much faster than the thousand
// small ES modules of its dependencies, which is most of `docs serve`'s start. What a command loads lazily stays
// lazy (code splitting). The worker threads are entry points of their own (src/domain/worker-threads.ts finds them);
// templates and the native SQLite addon are read from their usual places.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names change with their content: last build's would pile up.
rmSync('dist/bundle', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'dist/cli/main.js',
    'parse-worker': 'dist/gitsync/parse-worker.js',
    'search-worker': 'dist/site/search-worker.js',
    'render-worker': 'dist/site/render-worker.js',
    'highlight-worker': 'dist/site/highlight-worker.js',
    'check-worker': 'dist/domain/openapi/check-worker.js',
    'page-file-worker': 'dist/domain/page-file-worker.js',
  },
  outdir: 'dist/bundle',
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
