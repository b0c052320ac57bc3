import { fileURLToPath } from 'node:url';

/**
 * What to run when better-sqlite3, the one native module, cannot load: installed without its build script (npm 11
 * runs none unless allowed) or built for another Node.js. Null for any other error.
 */
export function nativeModuleHelp(error: unknown): string | null {
  const { message = '', code = '' } = (error ?? {}) as { message?: string; code?: string };
  if (!/better[-_]sqlite3|bindings file|NODE_MODULE_VERSION/.test(message) && code !== 'ERR_DLOPEN_FAILED') return null;
  // This module sits two folders below the package in src/, dist/ and dist/bundle/ alike.
  const root = fileURLToPath(new URL('../..', import.meta.url));
  return [
    `the SQLite module (better-sqlite3) cannot load in Node.js ${process.version}: ${message.split('\n')[0]}`,
    '  Installed with npm install -g: install again, allowing its build script:',
    '    npm install -g --allow-scripts=better-sqlite3 <the Quire package or tarball>',
    `  Or rebuild it where Quire is installed: cd ${JSON.stringify(root)} && npm rebuild better-sqlite3`,
  ].join('\n');
}
