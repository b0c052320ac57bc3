import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/server.js';

const s = useServer({ bodyLimit: 64 * 1024 });

/** A request sent with node:http, for what fetch will not send (unknown methods, huge headers); the connection is not reused. */
function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; json: any }> {
  return new Promise((resolve, reject) => {
    const url = new URL(s.url);
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, agent: false, headers: { authorization: `Bearer ${s.ownerToken}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The API's error shape with this status, and the message matching `message`. */
function expectError(response: { status: number; json: any }, status: number, message: RegExp): void {
  expect(response.status).toBe(status);
  expect(response.json).toEqual({ error: { code: status, message: expect.stringMatching(message) } });
}

describe('every refusal has the API’s error body, whatever refused the request', () => {
  it('a malformed %-escape in the path: 400', async () => {
    expectError(await s.request('GET', '/v1/spaces/%E0%A4%A'), 400, /^path: .*malformed %-escape/);
    expectError(await s.request('PATCH', '/v1/orgs/%zz', { body: {} }), 400, /malformed %-escape/);
  });

  it('a path parameter over 1,000 characters: 414 naming the parameter', async () => {
    expectError(await s.request('GET', `/v1/spaces/${'a'.repeat(1001)}`), 414, /^spaceId: longer than 1000 characters/);
    expectError(await s.request('GET', `/v1/orgs/${s.org}/sites/${'b'.repeat(5000)}`), 414, /^siteId: /);
    // 1,000 characters is still an id that can be looked up.
    expectError(await s.request('GET', `/v1/spaces/${'a'.repeat(1000)}`), 404, /No matching Space/);
  });

  it('a URL over 16 KiB: 414, before authentication; request line and headers over 64 KiB: 431', async () => {
    expectError(await s.request('GET', `/v1/orgs?q=${'x'.repeat(17 * 1024)}`, { token: null }), 414, /^URL: longer than 16384 characters/);
    expectError(await s.request('GET', `/v1/spaces/${'a'.repeat(20 * 1024)}`), 414, /^URL: /);
    expectError(await raw('GET', `/v1/orgs?q=${'x'.repeat(70 * 1024)}`), 431, /^headers: /);
    expectError(await raw('GET', '/v1/orgs', { 'x-padding': 'x'.repeat(70 * 1024) }), 431, /^headers: /);
    // Headers up to the limit are read as usual.
    expect((await raw('GET', '/v1/orgs', { 'x-padding': 'x'.repeat(20 * 1024) })).status).toBe(200);
  });

  it('a write without its required body: 400 naming what is missing, and nothing changes', async () => {
    const site = await s.request('POST', `/v1/orgs/${s.org}/sites`, { body: { title: 'Bodiless' } });
    expect(site.status).toBe(201);
    const sort = `/v1/orgs/${s.org}/sites/${site.json.id}/structure/sort`;
    expectError(await s.request('PATCH', sort), 400, /item/);
    expectError(await s.request('PATCH', sort, { body: {} }), 400, /item/);
    expectError(await s.request('PATCH', sort, { rawBody: 'null', headers: { 'content-type': 'application/json' } }), 400, /body|item/);
    expect((await s.request('GET', `/v1/orgs/${s.org}/sites/${site.json.id}/structure`)).status).toBe(200);
  });

  it('bodies: bad JSON 400, another content-type 415, too large 413', async () => {
    const path = `/v1/orgs/${s.org}/spaces`;
    expectError(await s.request('POST', path, { rawBody: '{"title": ' }), 400, /^body: not valid JSON/);
    expectError(
      await s.request('POST', path, { rawBody: '<title/>', headers: { 'content-type': 'application/xml' } }),
      415,
      /^content-type: application\/xml is not supported/,
    );
    expectError(await s.request('POST', path, { rawBody: 'title=x', headers: { 'content-type': 'text/plain' } }), 415, /^content-type: text\/plain/);
    expectError(await s.request('POST', path, { body: { title: 'x'.repeat(70 * 1024) } }), 413, /^body: larger than the limit of 65536 bytes/);
  });

  it('methods: a known path asked with another method is 405 with Allow; an unknown path 404; a method HTTP does not know 400', async () => {
    const patched = await s.request('PATCH', '/v1/orgs', { body: {} });
    expectError(patched, 405, /^method: PATCH is not allowed on \/v1\/orgs; use GET, HEAD/);
    const propfind = await raw('PROPFIND', `/v1/spaces/some-space`);
    expectError(propfind, 405, /^method: PROPFIND/);
    expect(propfind.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
    expectError(await s.request('GET', '/v1/no-such-thing'), 404, /^No route for GET \/v1\/no-such-thing/);
    expectError(await raw('FOO', '/v1/orgs'), 400, /^method: not an HTTP method/);
  });
});
