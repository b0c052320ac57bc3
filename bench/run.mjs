// `npm run bench`: runs each benchmark in its own process, passing stdout (JSON lines) and stderr through.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

let failed = false;
for (const script of [
  'cli-start.mjs',
  'serve-ready.mjs',
  'space-throughput.mjs',
  'import.mjs',
  'fidelity.mjs',
  'comments.mjs',
  'merge.mjs',
  'export.mjs',
  'two-way.mjs',
  'build.mjs',
  'watch.mjs',
  'integrations.mjs',
  'teams-urls.mjs',
  'website-import.mjs',
  'space-content-ops.mjs',
  'openapi.mjs',
  'translations.mjs',
  'git-dates.mjs',
]) {
  console.error(`== ${script}`);
  const { status } = spawnSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`${script} exited with ${status}`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
