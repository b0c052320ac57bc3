import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * End-to-end tests run the real CLI from dist/ (its bundle), so build it once first. Type errors do not stop the tests (tsc still
 * emits, and `npm test` type-checks before running them); a build that emits nothing does.
 */
export default function setup(): () => void {
  // Every temporary folder of the run (tests, servers and CLIs they start) goes in one, removed at the end.
  const scratch = mkdtempSync(join(tmpdir(), 'quire-tests-'));
  process.env.TMPDIR = scratch;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const build = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
  // tsc exits 2 when it reports type errors but still emitted the output; anything else is a failed build.
  if (build.status !== 0 && build.status !== 2) throw new Error(`tsc -p tsconfig.json failed (exit ${build.status ?? build.signal})`);
  // bin/docs.js runs the bundle when there is one: bundle what was just compiled.
  const bundle = spawnSync(process.execPath, ['scripts/bundle.mjs'], { cwd: root, stdio: 'inherit' });
  if (bundle.status !== 0) throw new Error(`scripts/bundle.mjs failed (exit ${bundle.status ?? bundle.signal})`);
  return () => rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
}
