import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../../src/server/handlers/index.js';
import { allOperations } from '../helpers/contract.js';
import { useServer } from '../helpers/server.js';

const s = useServer();
let ids: string[];
beforeAll(async () => {
  const api = s.client();
  const { data: col } = await api.orgs.createCollection(s.org, { title: 'Fuzz' });
  const { data: space } = await api.orgs.createSpace(s.org, { title: 'Fuzz', parent: col.id });
  ids = [s.org, s.otherOrg, s.ownerId, col.id, space.id, (await s.member('read')).userId];
});

const finished = allOperations.filter((op) => handlers[op.operationId]);

/** Values shaped like what the API takes, and values that are not. */
const value = fc.oneof(
  fc.constantFrom('admin', 'read', 'guest', 'live', 'locked', 'inherit', 'space', 'collection', 'en', '', '../..', '%00', 'x'.repeat(2000)),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const json = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, value, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 })),
})).node;

describe('bad input never breaks the server', () => {
  for (const op of finished) {
    const names = [
      ...new Set([
        ...op.parameters.map((p) => p.name),
        ...Object.keys(((op.body?.schema as { properties?: object }) ?? {}).properties ?? {}),
        'title',
        'parent',
        'position',
        'role',
        'users',
        'organization',
      ]),
    ];
    it(op.operationId, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(fc.constantFrom(...ids), fc.string({ minLength: 1 }), fc.constant('..')), { minLength: 4, maxLength: 4 }),
          fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 3 }),
          fc.oneof(fc.dictionary(fc.constantFrom(...names), json, { maxKeys: 4 }), json, fc.constant(undefined)),
          fc.boolean(),
          async (pathIds, query, body, raw) => {
            let i = 0;
            const path = `/v1${op.path.replace(/\{\w+\}/g, () => encodeURIComponent(pathIds[i++ % pathIds.length]!))}`;
            const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
            const before = await s.store.snapshot();
            const sendsBody = op.method !== 'get' && body !== undefined;
            const init = !sendsBody ? {} : raw ? { rawBody: JSON.stringify(body).slice(0, -1) } : { body };
            const response = await s.request(op.method.toUpperCase(), `${path}${qs ? `?${qs}` : ''}`, init);
            expect(response.status).toBeLessThan(500);
            if (response.status >= 400) {
              expect(response.json?.error?.code).toBe(response.status);
              expect(await s.store.snapshot()).toEqual(before);
            }
          },
        ),
        { numRuns: 30 },
      );
    });
  }
});
