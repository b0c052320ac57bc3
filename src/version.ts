import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Quire's own package.json, found upwards from this module (compiled, bundled or run from the sources). */
function packageFile(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'quire') return file;
    if (dirname(dir) === dir) throw new Error('cannot find the package.json of quire');
  }
}

const pkgPath = packageFile();
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string };

/** The running release: package version and when this build was made. */
export const BUILD = { version: pkg.version, date: statSync(pkgPath).mtime.toISOString() };
