import { createRequire } from 'node:module';
import { statSync } from 'node:fs';

const require = createRequire(import.meta.url);
const pkgPath = require.resolve('../package.json');
const pkg = require(pkgPath) as { version: string };

/** The running release: package version and when this build was made. */
export const BUILD = { version: pkg.version, date: statSync(pkgPath).mtime.toISOString() };
