import { relative } from 'node:path';

/** A mistake in how the command was called: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command was called right but could not do its work (nothing synced yet, a disk full): exit code 1. */
export class CommandFailure extends Error {
  override name = 'CommandFailure';
}

export interface GlobalOptions {
  config?: string;
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`--port ${value}: expected a number from 0 to 65535`);
  return port;
}

/** A warning for the person at the terminal: on stderr, so that stdout holds only the results. */
export function warn(message: string): void {
  process.stderr.write(`docs: warning: ${message}\n`);
}

/**
 * A database URL (`DOCS_DATABASE_URL`, `storage.database`, `--to`), checked before anything connects or is created;
 * `name` says where it came from. The message never repeats the URL: it may hold a password.
 */
export function checkDatabaseUrl(url: string, name: string): string {
  const example = 'postgres://user:password@host:5432/docs';
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1];
  if (scheme === undefined) throw new UsageError(`${name}: expected a postgres:// URL, such as ${example}`);
  if (!/^postgres(ql)?:\/\//.test(url)) throw new UsageError(`${name}: expected a postgres:// URL, such as ${example}, not a ${scheme}: one`);
  if (!URL.canParse(url)) throw new UsageError(`${name}: not a valid URL (a bad port or host?); expected one such as ${example}`);
  return url;
}

/** A database URL without its password, to show. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'postgres://…';
  }
}

/** A path as the person at the terminal would type it: relative to the working directory when below it. */
export function shown(path: string): string {
  const relativePath = relative(process.cwd(), path) || '.';
  return relativePath.startsWith('..') ? path : relativePath;
}
