import { get, type IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/wait-for.js';
import { docs } from '../helpers/cli.js';
import { BIG_FILE_BYTES, servedProject, startDocs } from '../helpers/serve-project.js';

/** A port something else holds, released by `close`. */
async function busyPort(): Promise<{ port: number; close(): void }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, close: () => server.close() };
}

/** A GET on a connection of its own (never a kept-alive one): resolves with the response as soon as it starts. */
const request = (url: string) =>
  new Promise<IncomingMessage>((resolve, reject) => get(url, { agent: false, headers: { connection: 'close' } }, resolve).on('error', reject));

/** Resolves once the server no longer takes new connections (refused, or reset while it closes). */
async function refused(url: string): Promise<void> {
  await waitFor(
    async () => {
      try {
        (await request(url)).resume();
        return false;
      } catch (error) {
        if (['ECONNREFUSED', 'ECONNRESET'].includes((error as NodeJS.ErrnoException).code ?? '')) return true;
        throw error;
      }
    },
    { timeout: 20_000, message: `${url} to refuse connections` },
  );
}

describe('docs serve in production', () => {
  it('prints the URL of every site, serves an index at / and /healthz, and logs each request as JSON', async () => {
    const dir = await servedProject();
    const server = await startDocs(dir, ['serve', '--port', '0', '--log-format', 'json']);
    const lines = server.stdout().split('\n');
    expect(lines).toContain(`The index of the sites is at ${server.url}/`);
    expect(lines).toContain(`The site Acme Docs is at ${server.url}/acme/`);

    const index = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(index.status).toBe(200);
    const html = await index.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<a href="/acme/">Acme Docs</a>');
    expect(html).toContain('href="/v1/"');
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${server.url}/acme/setup/`)).status).toBe(200);
    expect((await fetch(`${server.url}/acme/no-such-page/`)).status).toBe(404);

    await expect
      .poll(
        () =>
          server
            .stdout()
            .split('\n')
            .filter((line) => line.startsWith('{')).length,
      )
      .toBeGreaterThanOrEqual(3);
    const entries = server
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', path: '/', status: 200, bytes: html.length }),
        expect.objectContaining({ method: 'GET', path: '/acme/setup/', status: 200 }),
        expect.objectContaining({ method: 'GET', path: '/acme/no-such-page/', status: 404 }),
      ]),
    );
    for (const entry of entries) expect(Object.keys(entry).sort()).toEqual(['bytes', 'method', 'ms', 'path', 'status', 'time']);
    expect(entries.map((e) => e.path)).not.toContain('/healthz');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('says which admin token to use, once, what it is for and whether it outlives the run', async () => {
    const dir = await servedProject();
    const tokenLines = (out: string) => out.split('\n').filter((line) => /token/i.test(line) && !line.startsWith('Try:'));
    const orgs = (url: string, token: string) => fetch(`${url}/v1/orgs`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

    const first = await startDocs(dir, ['start', '--port', '0', '--log-format', 'none']);
    expect(first.stdout()).toContain(`The documentation site is at ${first.url}/\n`);
    expect(first.stdout()).toContain(`The site Acme Docs is at ${first.url}/acme/\n`);
    expect(tokenLines(first.stdout())).toEqual([
      expect.stringMatching(/^Admin token \(shown once; keep it\): \S+ \(calls the API as the admin; it stays valid after this run\)$/),
    ]);
    const kept = /: (\S+)/.exec(tokenLines(first.stdout())[0]!)![1]!;
    expect(await orgs(first.url, kept)).toBe(200);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = await startDocs(dir, ['start', '--port', '0', '--log-format', 'none']);
    expect(tokenLines(second.stdout())).toEqual([
      expect.stringMatching(/^Admin token for this run: \S+ \(calls the API as the admin; it stops working when this run ends\)$/),
    ]);
    const forThisRun = /: (\S+)/.exec(tokenLines(second.stdout())[0]!)![1]!;
    expect(await orgs(second.url, forThisRun)).toBe(200);
    expect(await orgs(second.url, kept)).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('counts page feedback by the address a proxy listed in server.trustProxy forwards', async () => {
    const dir = await servedProject({ config: 'server:\n  trustProxy: [127.0.0.1]\n' });
    const token = 'trust-proxy-token';
    const server = await startDocs(dir, ['serve', '--port', '0', '--log-format', 'none'], { DOCS_TOKEN: token });
    const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${token}` }) => {
      const response = await fetch(`${server.url}/v1${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : undefined };
    };
    const org = (await api('GET', '/orgs')).json.items[0].id;
    const site = (await api('GET', `/orgs/${org}/sites`)).json.items[0].id;
    const customization = (await api('GET', `/orgs/${org}/sites/${site}/customization`)).json;
    expect((await api('PUT', `/orgs/${org}/sites/${site}/customization`, { ...customization, feedback: { enabled: true } })).status).toBe(200);
    const siteSpace = (await api('GET', `/orgs/${org}/sites/${site}/site-spaces`)).json.items[0];
    const page = (await api('GET', `/spaces/${siteSpace.space.id}/content/pages`)).json.pages[0].id;
    const event = {
      type: 'page_post_feedback',
      feedback: { rating: 'good' },
      session: { sessionId: 's', visitorId: 's', cookies: {}, userAgent: 'Mozilla/5.0', language: 'en', referrer: null, ip: '' },
      location: { url: `${server.url}/acme/`, siteSection: null, siteSpace: siteSpace.id, siteShareKey: null, space: siteSpace.space.id, revision: null, page },
    };
    const post = (reader: string) => api('POST', `/orgs/${org}/sites/${site}/insights/events`, { events: [event] }, { 'x-forwarded-for': reader });
    for (let i = 0; i < 120; i++) expect((await post('198.51.100.1')).status).toBe(204);
    expect((await post('198.51.100.1')).status).toBe(429);
    expect((await post('198.51.100.2')).status).toBe(204);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('fails fast on a busy port, before syncing anything', async () => {
    const dir = await servedProject();
    const busy = await busyPort();
    try {
      const result = await docs(dir, 'start', '--port', String(busy.port));
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`docs: port ${busy.port} on 127.0.0.1 is already in use; pick another with --port\n`);
      expect(result.stdout).not.toMatch(/Synced|Built/);
    } finally {
      busy.close();
    }
  });

  it('refuses an unknown log format as a usage error', async () => {
    const result = await docs(await servedProject(), 'serve', '--log-format', 'yaml');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('docs: --log-format yaml: expected text, json or none\n');
  });

  it('on SIGTERM stops accepting, finishes the request in flight, and exits 0', async () => {
    const dir = await servedProject({ big: true });
    const server = await startDocs(dir, ['serve', '--port', '0']);
    const home = await (await fetch(`${server.url}/acme/`)).text();
    const file = /href="(\/acme\/_files\/[^"]+\/big\.bin)"/.exec(home)?.[1];
    expect(file).toBeDefined();

    const response = await request(`${server.url}${file}`);
    expect(response.statusCode).toBe(200);
    let received = 0;
    response.on('data', (chunk: Buffer) => (received += chunk.length));
    // The download stalls while nobody reads it: the server cannot finish sending it.
    await new Promise((resolve) => response.once('data', resolve));
    response.pause();
    server.child.kill('SIGTERM');
    await refused(`${server.url}/healthz`);
    expect(server.stdout()).not.toMatch(/big\.bin/);
    response.resume();
    await new Promise((resolve) => response.once('end', resolve));
    expect(received).toBe(BIG_FILE_BYTES);
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toMatch(/ GET \/acme\/_files\/\S+\/big\.bin 200 25165824 /);
  }, 60_000);
});
