import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Each project loads its global setup anew, so the mark that the build ran lives on the process.
const BUILT = Symbol.for('quire.tests.built');

/**
 * The global setup of the projects that run the real CLI from dist/ (its bundle): builds it once per run, however many
 * of those projects run. Type errors do not stop the tests (tsc still emits, and `npm test` type-checks before running
 * them); a build that emits nothing does.
 */
export default function setup(): void {
  const marks = globalThis as Record<symbol, unknown>;
  if (marks[BUILT]) return;
  const root = fileURLToPath(new URL('..', import.meta.url));
  // The API's input types, generated from the pinned spec, which tsc reads.
  const types = spawnSync(process.execPath, ['scripts/api-types.mjs'], { cwd: root, stdio: 'inherit' });
  if (types.status !== 0) throw new Error(`scripts/api-types.mjs failed (exit ${types.status ?? types.signal})`);
  const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
  // tsc exits 2 when it reports type errors but still emitted the output; anything else is a failed build.
  if (build.status !== 0 && build.status !== 2) throw new Error(`tsc -p tsconfig.json failed (exit ${build.status ?? build.signal})`);
  // bin/docs.js runs the bundle when there is one: bundle what was just compiled.
  const bundle = spawnSync(process.execPath, ['scripts/bundle.mjs'], { cwd: root, stdio: 'inherit' });
  if (bundle.status !== 0) throw new Error(`scripts/bundle.mjs failed (exit ${bundle.status ?? bundle.signal})`);
  marks[BUILT] = true;
}
