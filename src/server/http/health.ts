import type { FastifyInstance } from 'fastify';
import type { Store } from '../../store/index.js';

export const HEALTH_PATH = '/healthz';

/** `GET /healthz`: 200 when the store answers a read, 503 when it does not. No authentication. */
export function registerHealth(app: FastifyInstance, store: Store): void {
  app.get(HEALTH_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
    return (await storeAnswers(store)) ? reply.send({ status: 'ok' }) : reply.code(503).send({ status: 'unavailable' });
  });
}

async function storeAnswers(store: Store): Promise<boolean> {
  try {
    await store.organizations.all();
    return true;
  } catch {
    return false;
  }
}
