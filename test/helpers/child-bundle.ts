import { build } from 'esbuild';

/**
 * A test's child process entry bundled into one file, its dependencies included (but the native better-sqlite3):
 * resolving and loading hundreds of modules one by one would take longer than the work the child is spawned for.
 */
export async function bundleChild(entry: URL, name: string): Promise<string> {
  const outfile = new URL(`../../node_modules/.cache/quire-${name}/child.mjs`, import.meta.url).pathname;
  await build({
    entryPoints: [entry.pathname],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: ['better-sqlite3'],
    banner: { js: "import { createRequire as __quireRequire } from 'node:module'; const require = __quireRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  return outfile;
}
