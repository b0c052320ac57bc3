/** A mistake in how the command was called: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface GlobalOptions {
  config?: string;
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`--port ${value}: expected a number from 0 to 65535`);
  return port;
}
