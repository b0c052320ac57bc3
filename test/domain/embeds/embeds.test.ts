import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/domain/core/clock.js';
import { DEFAULT_FETCH_POLICY } from '../../../src/domain/core/fetch.js';
import { EMBED_LIMITS, Embeds } from '../../../src/domain/embeds/embeds.js';
import type { Store } from '../../../src/store/index.js';

let server: Server;
let base = '';
let hits = 0;

beforeAll(async () => {
  server = createServer((_, response) => {
    hits++;
    setTimeout(() => response.writeHead(200, { 'content-type': 'text/html' }).end(`<title>Visit ${hits}</title>`), 50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Embeds', () => {
  it('fetches a URL once for callers asking at the same time, and again once its answer is old', async () => {
    const clock = new ManualClock();
    const policy = { ...DEFAULT_FETCH_POLICY, allowHosts: [new URL(base).host] };
    const embeds = new Embeds({ store: {} as Store, clock }, {} as never, policy);
    const start = hits;
    const [a, b] = await Promise.all([embeds.resolve(`${base}/page`), embeds.resolve(`${base}/page#other-part`)]);
    expect(a).toEqual(b);
    expect(hits).toBe(start + 1);
    clock.advance(EMBED_LIMITS.cacheTtlMs - 1);
    expect((await embeds.resolve(`${base}/page`)).title).toBe(a.title);
    expect(hits).toBe(start + 1);
    clock.advance(2);
    expect((await embeds.resolve(`${base}/page`)).title).toBe(`Visit ${start + 2}`);
  });

  it('refuses a new URL (429) while its queue is full, and takes it again once the queue drains', async () => {
    const policy = { ...DEFAULT_FETCH_POLICY, allowHosts: [new URL(base).host] };
    const embeds = new Embeds({ store: {} as Store, clock: new ManualClock() }, {} as never, policy);
    const waiting = Array.from({ length: EMBED_LIMITS.concurrency + EMBED_LIMITS.queued }, (_, i) => embeds.resolve(`${base}/queued-${i}`));
    await expect(embeds.resolve(`${base}/one-too-many`)).rejects.toMatchObject({
      kind: 'too-many',
      message: `url: the server is already reading ${EMBED_LIMITS.concurrency + EMBED_LIMITS.queued} pages to embed; try again in a few seconds`,
    });
    // A URL already being read is shared, not queued again.
    expect((await embeds.resolve(`${base}/queued-0`)).title).toMatch(/^Visit /);
    await Promise.all(waiting);
    expect((await embeds.resolve(`${base}/one-too-many`)).title).toMatch(/^Visit /);
  });
});
