// What `docs serve` adds around the API and the sites: compression, caching headers, redirects from a site's
// `_redirects`, the page shown while `docs start` builds, /healthz and the access log. In process, on a hand-made site.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/index.js';
import { Domain } from '../../src/domain/index.js';
import { bootstrap } from '../../src/domain/core/setup.js';
import { buildServer } from '../../src/server/app.js';
import type { AccessEntry } from '../../src/server/http/access-log.js';
import { formatEntry } from '../../src/server/http/access-log.js';
import { location } from '../../src/server/http/caching.js';
import { parseRedirects } from '../../src/server/http/redirects.js';
import { memoryStore } from '../../src/store/index.js';

const VERSION = 'abc123';
const page = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>${'<p>Some text.</p>'.repeat(200)}</body></html>`;
const meta = (to: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting…</title><meta http-equiv="refresh" content="0; url=${to}"></head></html>`;

/** A built site as the builder lays it out: pages, an asset, `_redirects` and the meta-refresh stand-ins. */
function siteFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'quire-serve-http-'));
  const files: Record<string, string> = {
    'index.html': page('Home'),
    'setup/index.html': page('Setup'),
    'kept/index.html': page('Kept'),
    'old/setup/index.html': meta('/setup/'),
    'café/index.html': meta('/überblick/#start'),
    '_quire/site.css': `body { color: black; }\n${'.x { margin: 0 }\n'.repeat(200)}`,
    '_quire/nav-0123456789ab.html': '<ul class="nav-list" data-depth="0"><li><a href="/" data-nav="home">Home</a></li></ul>',
    'search-index.json': '{"format":1}',
    '_search/0123456789ab.json': '{}',
    'guide/_search/0123456789ab.json': '{}',
    '_search/notes.json': '{}',
    '404.html': page('Page not found'),
    _redirects: '/old/setup /setup/ 301\n/kept /setup/ 301\n/café /überblick/#start 301\n/two words /setup/ 301\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const store = memoryStore();
const domain = new Domain(store);
const boot = await bootstrap(domain, configSchema.parse({ organizations: [{ title: 'Main' }] }));
const root = siteFolder();
let own: string | 'building' = 'building';
const logged: AccessEntry[] = [];
const app = buildServer({
  domain,
  publicUrl: 'http://127.0.0.1',
  siteDir: () => own,
  sites: { directory: async () => root, assetVersion: async () => VERSION },
  accessLog: (entry) => logged.push(entry),
});
afterAll(() => app.close());

describe('the own site while docs start builds it', () => {
  it('answers 503 with Retry-After, then serves the site once it is built', async () => {
    const building = await app.inject({ url: '/setup/' });
    expect(building.statusCode).toBe(503);
    expect(building.headers['retry-after']).toBe('2');
    expect(building.body).toContain('<meta http-equiv="refresh" content="2">');
    own = root;
    expect((await app.inject({ url: '/setup/' })).statusCode).toBe(200);
  });
});

describe('caching headers', () => {
  it('gives pages an ETag, no-cache and a 304 when they did not change', async () => {
    const first = await app.inject({ url: '/' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('makes an asset immutable at its current version only', async () => {
    expect((await app.inject({ url: `/_quire/site.css?v=${VERSION}` })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/_quire/site.css?v=older' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/_quire/site.css' })).headers['cache-control']).toBe('no-cache');
  });

  it("makes a big space's sidebar tree immutable: its name is its bytes' hash", async () => {
    expect((await app.inject({ url: '/_quire/nav-0123456789ab.html' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/nav-0123456789ab.html' })).headers['cache-control']).not.toContain('immutable');
  });

  it("makes a search index's files immutable, named by their bytes, and not its manifest", async () => {
    for (const url of ['/_search/0123456789ab.json', '/guide/_search/0123456789ab.json'])
      expect((await app.inject({ url })).headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    for (const url of ['/search-index.json', '/_search/notes.json']) expect((await app.inject({ url })).headers['cache-control'], url).toBe('no-cache');
    expect((await app.inject({ url: '/_search/ba9876543210.json' })).headers['cache-control']).not.toContain('immutable');
  });

  it('keeps missing pages out of caches', async () => {
    const missing = await app.inject({ url: '/no/such/page/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.body).toContain('Page not found');
  });

  it('marks what an authenticated caller reads through the API as private', async () => {
    const read = await app.inject({ url: '/v1/orgs', headers: { authorization: `Bearer ${boot.newAdminToken}` } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect((await app.inject({ url: '/v1/' })).headers['cache-control']).toBeUndefined();
  });
});

describe('compression', () => {
  it('compresses pages and assets with brotli or gzip, as the client asks', async () => {
    const br = await app.inject({ url: '/setup/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page('Setup'));
    const gzip = await app.inject({ url: '/_quire/site.css', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toMatch(/^body \{ color: black; \}/);
    const plain = await app.inject({ url: '/setup/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page('Setup'));
  });

  it("compresses the API's JSON", async () => {
    const auth = { authorization: `Bearer ${boot.newAdminToken}` };
    const org = boot.organizations[0]!.id;
    for (let i = 0; i < 8; i++) {
      const created = await app.inject({
        method: 'POST',
        url: `/v1/orgs/${org}/spaces`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: { title: `Space ${i}` },
      });
      expect(created.statusCode).toBe(201);
    }
    const list = await app.inject({ url: `/v1/orgs/${org}/spaces`, headers: { ...auth, 'accept-encoding': 'gzip' } });
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.rawPayload).toString()).items).toHaveLength(8);
  });
});

describe('redirects', () => {
  it('answers an old path with 301 (GET, HEAD) or 308 (other methods), keeping the query', async () => {
    const get = await app.inject({ url: '/old/setup/?utm=1' });
    expect(get.statusCode).toBe(301);
    expect(get.headers.location).toBe('/setup/?utm=1');
    expect((await app.inject({ method: 'HEAD', url: '/old/setup' })).statusCode).toBe(301);
    const post = await app.inject({ method: 'POST', url: '/old/setup', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(post.statusCode).toBe(308);
    expect(post.headers.location).toBe('/setup/');
    expect((await app.inject({ url: '/OLD/Setup/' })).statusCode).toBe(301);
  });

  it('%-encodes a target that is not ASCII, before its fragment', async () => {
    const moved = await app.inject({ url: '/caf%C3%A9/?a=b' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/%C3%BCberblick/?a=b#start');
  });

  it('leaves a path that has a page of its own to the page', async () => {
    const kept = await app.inject({ url: '/kept/' });
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toContain('<h1>Kept</h1>');
  });

  it('refuses other methods where nothing moved, without reading the body', async () => {
    const post = await app.inject({ method: 'POST', url: '/setup/', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect((await app.inject({ method: 'POST', url: '/v1/nothing-here' })).json()).toEqual({
      error: { code: 404, message: 'No route for POST /v1/nothing-here' },
    });
  });

  it('reads `_redirects` lines whose old path holds spaces, and skips lines it cannot read', () => {
    const targets = parseRedirects('/two words /setup/ 301\n/a /b\n\n/c //evil.example/ 301\n/d javascript:alert(1) 301\n/E /f/ 308\n');
    expect([...targets]).toEqual([
      ['/two words', '/setup/'],
      ['/e', '/f/'],
    ]);
    expect(location('/a b/', '')).toBe('/a%20b/');
  });
});

describe('bad input', () => {
  it("never redirects to another host: a folder's missing slash is added to the resolved path, not to the raw URL", async () => {
    for (const url of ['//evil.example/..%2f/setup', '//evil.example/..%2f/setup?x=1', '/%2fevil.example/..%2f..%2fsetup']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(500);
      if (response.headers.location) expect(String(response.headers.location), url).toMatch(/^\/(?![/\\])/);
    }
    const folder = await app.inject({ url: '/setup?x=1' });
    expect(folder.statusCode).toBe(302);
    expect(folder.headers.location).toBe('/setup/?x=1');
    expect(location('//evil.example/x', '')).toBe('/evil.example/x');
    expect(location('/\\evil.example/x', '')).toBe('/evil.example/x');
  });

  it('gives the 404 page no validators or ranges', async () => {
    const ranged = await app.inject({ url: '/nope/', headers: { range: 'bytes=0-5', 'if-none-match': '*' } });
    expect(ranged.statusCode).toBe(404);
    expect(ranged.body).toContain('Page not found');
    expect(ranged.headers['content-range']).toBeUndefined();
    expect(ranged.headers.etag).toBeUndefined();
  });

  it('never answers a 500 for a malformed or escaping path', async () => {
    for (const url of ['/%E0%A4%A', '/..%2f..%2fetc/passwd', '/%00', '/old/%2e%2e/%2e%2e/x']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.statusCode, url).not.toBe(200);
    }
  });
});

describe('/healthz and the access log', () => {
  it('logs method, path without the query, status, bytes and time; leaves successful health checks out', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    logged.length = 0;
    expect(await (await fetch(`${origin}/healthz`)).json()).toEqual({ status: 'ok' });
    await (await fetch(`${origin}/setup/?share=secret`, { headers: { 'accept-encoding': 'identity' } })).text();
    // Refused by the router before any route runs: logged all the same.
    expect((await fetch(`${origin}/%E0%A4%A`)).status).toBe(400);
    await expect.poll(() => logged.length).toBe(2);
    const [entry, refused] = logged;
    expect(entry).toMatchObject({ method: 'GET', path: '/setup/', status: 200, bytes: Buffer.byteLength(page('Setup')) });
    expect(refused).toMatchObject({ method: 'GET', path: '/%E0%A4%A', status: 400 });
    expect(refused!.bytes).toBeGreaterThan(0);
    expect(formatEntry(entry!, 'text')).toBe(`${entry!.time} GET /setup/ 200 ${entry!.bytes} ${entry!.ms}ms`);
    expect(JSON.parse(formatEntry(entry!, 'json'))).toEqual(entry);
  });

  it('answers 503 once the store no longer answers', async () => {
    await store.close();
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable' });
  });
});
