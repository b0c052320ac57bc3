import type { FastifyInstance } from 'fastify';

/**
 * Stops accepting connections, lets the requests in flight finish for at most `graceMs`, then cuts the connections
 * still open. New requests on kept-alive connections meanwhile get a 503 (Fastify's `return503OnClosing`).
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  const cut = setTimeout(() => app.server.closeAllConnections(), Math.max(0, graceMs));
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}

/** `work`, or nothing once `ms` have passed: what is left is retried on the next start. */
export function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, ms));
  });
  return Promise.race([work.then(() => undefined), late]).finally(() => clearTimeout(timer));
}
