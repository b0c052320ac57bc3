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
