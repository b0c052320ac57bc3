// Before `npm start` in a checkout: builds dist/ when it is missing or older than a source file, so that
// `npm ci && npm start` works on a fresh clone and a pulled change is never run from a stale build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);

const built = 'dist/bundle/main.js';
if (!existsSync(built) || statSync(built).mtimeMs < Math.max(newest('src'), statSync('package-lock.json').mtimeMs)) {
  process.stderr.write('Building Quire (npm run build)...\n');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
