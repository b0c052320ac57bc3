import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/index.js';
import { type Route, useFixtureServer } from '../helpers/http-fixture.js';
import { BROKEN_YAML, GITBOOK_SPEC_PATH, PETSTORE_YAML, SWAGGER_JSON } from '../helpers/openapi.js';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const gitbookSpec = readFileSync(GITBOOK_SPEC_PATH, 'utf8');
let releaseSlow!: () => void;
const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
let startFetch!: () => void;
const fetchStarted = new Promise<void>((resolve) => (startFetch = resolve));
// Routes added by a test answer from then on (a URL that comes back).
const routes: Record<string, Route> = {
  '/specs/petstore.yaml': { body: PETSTORE_YAML, type: 'application/yaml' },
  '/specs/gitbook.json': { body: gitbookSpec, type: 'application/json' },
  '/specs/broken.yaml': { body: BROKEN_YAML, type: 'application/yaml' },
  // Answers once the test says so.
  '/specs/slow.yaml': {
    body: PETSTORE_YAML,
    hold: () => {
      startFetch();
      return slowGate;
    },
  },
  // Never answers: the fetch gives up after the policy's timeout.
  '/specs/hang.yaml': { body: '', hold: () => new Promise<void>(() => undefined) },
};
const remote = useFixtureServer(routes);
const clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));
const s = useServer({ clock });
const DEFAULT_TIMEOUT = 15_000;

afterEach(() => {
  s.domain.openapi.fetchPolicy.timeoutMs = DEFAULT_TIMEOUT;
});

let counter = 0;
const slug = (base: string) => `${base}-${++counter}`;

/** Runs the processing jobs that are due, then reads the spec back. */
async function processed(specSlug: string) {
  await s.domain.jobs.runDue();
  return (await s.client().orgs.getOpenApiSpecBySlug(s.org, specSlug)).data;
}

describe('OpenAPI specs through the official client', () => {
  it('creates a spec from a URL, processes it as a job (pending -> complete) and serves its version and content', async () => {
    const api = s.client().orgs;
    const name = slug('petstore');
    const url = `${remote.url}/specs/petstore.yaml`;
    const response = await api.createOpenApiSpec(s.org, { slug: name, source: { url } });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`${s.url}/v1/orgs/${s.org}/openapi/${name}`);
    expect(response.data).toMatchObject({
      object: 'openapi-spec',
      slug: name,
      sourceURL: url,
      processingState: 'pending',
      visibility: 'private',
      permissions: { view: true, edit: true },
      urls: { location: `${s.url}/v1/orgs/${s.org}/openapi/${name}` },
    });
    expect(response.data.lastVersion).toBeUndefined();

    const spec = await processed(name);
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessedAt: clock.now().toISOString() });
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.lastVersion).toEqual(expect.any(String));

    const versions = (await api.listOpenApiSpecVersions(s.org, name)).data;
    expect(versions.items.map((v) => v.id)).toEqual([spec.lastVersion]);
    const latest = (await api.getLatestOpenApiSpecVersion(s.org, name)).data;
    expect(latest).toEqual({
      object: 'openapi-spec-version',
      id: spec.lastVersion,
      createdAt: clock.now().toISOString(),
      url,
      urls: { location: `${s.url}/v1/orgs/${s.org}/openapi/${name}/versions/${spec.lastVersion}` },
    });
    expect((await api.getOpenApiSpecVersionById(s.org, name, spec.lastVersion!)).data).toEqual(latest);

    const content = (await api.getLatestOpenApiSpecVersionContent(s.org, name)).data;
    expect(content.url).toBe(url);
    const entry = (content.filesystem as Record<string, any>)['petstore.yaml'];
    expect(entry).toMatchObject({ filename: 'petstore.yaml', isEntrypoint: true });
    expect(entry.specification.info.title).toBe('Petstore');
    expect(Object.keys(entry.specification.paths)).toEqual(['/pets', '/pets/{petId}', '/toys', '/health']);
    expect((await api.getOpenApiSpecVersionContentById(s.org, name, spec.lastVersion!)).data).toEqual(content);
    expect(remote.hits.filter((h) => h === '/specs/petstore.yaml')).toHaveLength(1);
  });

  it('takes a text source (Swagger 2.0), whose version is read back through the API', async () => {
    const api = s.client().orgs;
    const name = slug('legacy');
    await api.createOpenApiSpec(s.org, { slug: name, source: { text: SWAGGER_JSON } });
    const spec = await processed(name);
    expect(spec.processingState).toBe('complete');
    expect(spec.sourceURL).toBeUndefined();
    const contentUrl = `${s.url}/v1/orgs/${s.org}/openapi/${name}/versions/${spec.lastVersion}/content`;
    expect((await api.getLatestOpenApiSpecVersion(s.org, name)).data.url).toBe(contentUrl);
    const content = (await api.getLatestOpenApiSpecVersionContent(s.org, name)).data;
    expect(content.url).toBe(contentUrl);
    expect((content.filesystem as Record<string, any>)['openapi.json'].specification).toEqual(JSON.parse(SWAGGER_JSON));
  });

  it('processes the official GitBook OpenAPI document (1.7 MB) fetched over http', async () => {
    const api = s.client().orgs;
    const name = slug('gitbook');
    await api.createOpenApiSpec(s.org, { slug: name, source: { url: `${remote.url}/specs/gitbook.json` } });
    const spec = await processed(name);
    expect(spec).toMatchObject({ processingState: 'complete' });
    expect(spec.lastProcessedErrors).toBeUndefined();
    const content = (await api.getLatestOpenApiSpecVersionContent(s.org, name)).data;
    expect((content.filesystem as Record<string, any>)['gitbook.json'].specification).toEqual(JSON.parse(gitbookSpec));
  });

  it('PUT creates (201) then updates (200); each successful processing is a new version, newest first', async () => {
    const api = s.client().orgs;
    const name = slug('put');
    const first = await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { text: PETSTORE_YAML } });
    expect(first.status).toBe(201);
    expect(first.headers.get('location')).toBe(`${s.url}/v1/orgs/${s.org}/openapi/${name}`);
    const v1 = (await processed(name)).lastVersion!;
    clock.advance(60_000);
    const second = await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { text: SWAGGER_JSON } });
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({ id: first.data.id, processingState: 'pending', lastVersion: v1 });
    const v2 = (await processed(name)).lastVersion!;
    expect(v2).not.toBe(v1);

    const all = (await api.listOpenApiSpecVersions(s.org, name)).data;
    expect(all.items.map((v) => v.id)).toEqual([v2, v1]);
    const page1 = (await api.listOpenApiSpecVersions(s.org, name, { limit: 1 })).data;
    expect(page1.items.map((v) => v.id)).toEqual([v2]);
    const page2 = (await api.listOpenApiSpecVersions(s.org, name, { limit: 1, page: page1.next!.page })).data;
    expect(page2.items.map((v) => v.id)).toEqual([v1]);
    expect(page2.next).toBeUndefined();
    const old = (await api.getOpenApiSpecVersionContentById(s.org, name, v1)).data;
    expect((old.filesystem as Record<string, any>)['openapi.yaml'].specification.info.title).toBe('Petstore');
  });

  it('a source replaced while its processing runs: the older run makes its own version, listed before the newer one', async () => {
    const api = s.client().orgs;
    const name = slug('race');
    await api.createOpenApiSpec(s.org, { slug: name, source: { url: `${remote.url}/specs/slow.yaml` } });
    await fetchStarted;
    // The first run is waiting for its fetch: the source changes under it.
    const replaced = await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { text: SWAGGER_JSON } });
    expect(replaced.status).toBe(200);
    releaseSlow();
    const spec = await processed(name);
    await s.domain.jobs.runDue();
    expect(spec).toMatchObject({ processingState: 'complete' });
    const versions = (await api.listOpenApiSpecVersions(s.org, name)).data;
    expect(versions.count).toBe(2);
    expect(versions.items[0]!.id).toBe(spec.lastVersion);
    const content = (await api.getLatestOpenApiSpecVersionContent(s.org, name)).data;
    expect(Object.keys(content.filesystem)).toEqual(['openapi.json']);
    const older = (await api.getOpenApiSpecVersionContentById(s.org, name, versions.items[1]!.id)).data;
    expect(Object.keys(older.filesystem)).toEqual(['slow.yaml']);
  });

  it('lists the specs of the organization with pagination, and changes visibility', async () => {
    const api = s.client().orgs;
    const names = [slug('list'), slug('list')];
    for (const name of names) await api.createOpenApiSpec(s.org, { slug: name, source: { text: PETSTORE_YAML } });
    const listed = (await api.listOpenApiSpecs(s.org, { limit: 1000 })).data;
    expect(listed.items.map((x) => x.slug)).toEqual(expect.arrayContaining(names));
    expect(listed.count).toBe(listed.items.length);
    const one = (await api.listOpenApiSpecs(s.org, { limit: 1 })).data;
    expect(one.items).toHaveLength(1);
    expect(one.next?.page).toEqual(expect.any(String));

    const patched = (await api.updateOpenApiSpecBySlug(s.org, names[0]!, { visibility: 'public' } as never)).data;
    expect(patched.visibility).toBe('public');
    expect((await api.getOpenApiSpecBySlug(s.org, names[0]!)).data.visibility).toBe('public');
    expect((await api.getOpenApiSpecBySlug(s.org, names[1]!)).data.visibility).toBe('private');
  });

  it('deletes: 205 with its versions, then 204; the spec and its versions are gone', async () => {
    const api = s.client().orgs;
    const name = slug('gone');
    await api.createOpenApiSpec(s.org, { slug: name, source: { text: PETSTORE_YAML } });
    const version = (await processed(name)).lastVersion!;
    expect((await api.deleteOpenApiSpecBySlug(s.org, name)).status).toBe(205);
    expect((await api.deleteOpenApiSpecBySlug(s.org, name)).status).toBe(204);
    expect(await statusOf(api.getOpenApiSpecBySlug(s.org, name))).toBe(404);
    expect(await statusOf(api.getOpenApiSpecVersionById(s.org, name, version))).toBe(404);
    expect((await s.store.snapshot()).openapi_spec_versions!.some((v: any) => v.id === version)).toBe(false);
    // The slug is free again.
    expect((await api.createOpenApiSpec(s.org, { slug: name, source: { text: PETSTORE_YAML } })).status).toBe(201);
  });

  it('404s: unknown spec, unknown version, no version yet', async () => {
    const api = s.client().orgs;
    expect(await errorOf(api.getOpenApiSpecBySlug(s.org, 'nope'))).toEqual({
      code: 404,
      message: 'No matching OpenAPI specification found for the slug "nope"',
    });
    expect(await statusOf(api.listOpenApiSpecVersions(s.org, 'nope'))).toBe(404);
    expect(await statusOf(api.updateOpenApiSpecBySlug(s.org, 'nope', { visibility: 'public' } as never))).toBe(404);
    const failed = slug('failed');
    await api.createOpenApiSpec(s.org, { slug: failed, source: { text: BROKEN_YAML } });
    await processed(failed);
    expect((await errorOf(api.getLatestOpenApiSpecVersion(s.org, failed))).message).toBe(
      `The spec "${failed}" has no processed version yet (processing: complete)`,
    );
    expect(await statusOf(api.getLatestOpenApiSpecVersionContent(s.org, failed))).toBe(404);
    const name = slug('fresh');
    await api.createOpenApiSpec(s.org, { slug: name, source: { text: PETSTORE_YAML } });
    await processed(name);
    expect(await statusOf(api.getOpenApiSpecVersionById(s.org, name, 'no-such-version'))).toBe(404);
    expect(await statusOf(api.getOpenApiSpecVersionContentById(s.org, name, 'no-such-version'))).toBe(404);
    expect(await statusOf(s.client().orgs.listOpenApiSpecs('no-such-org'))).toBe(404);
  });
});

describe('processing errors', () => {
  it('PARSE_ERROR names where the document is wrong: pointer, line and column', async () => {
    const api = s.client().orgs;
    const name = slug('broken');
    await api.createOpenApiSpec(s.org, { slug: name, source: { url: `${remote.url}/specs/broken.yaml` } });
    const spec = await processed(name);
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
    expect(spec.lastVersion).toBeUndefined();
    expect(spec.lastProcessedErrors).toEqual([
      { code: 'INVALID_SCHEMA', message: "At /paths/~1pets/get/responses/200 (line 9, column 9): must have required property 'description'" },
      { code: 'INVALID_SCHEMA', message: 'At /paths/~1pets/get/responses/200 (line 9, column 9): must NOT have additional properties: "descriptionx"' },
    ]);
    expect((await api.listOpenApiSpecVersions(s.org, name)).data.count).toBe(0);
  });

  it('PARSE_ERROR for bad syntax, a dangling $ref, a document that is not OpenAPI, and an unsupported version', async () => {
    const api = s.client().orgs;
    const cases: Array<[string, string, string]> = [
      ['openapi: 3.0.0\ninfo: [\n', 'INVALID_SYNTAX', 'Not valid JSON or YAML at line 3, column 1: '],
      [
        JSON.stringify(
          { openapi: '3.0.0', info: { title: 'x', version: '1' }, paths: { '/a': { get: { responses: { 200: { $ref: '#/components/responses/Nope' } } } } } },
          null,
          2,
        ),
        'MISSING_REFERENCE',
        'At /paths/~1a/get/responses/200/$ref (line 12, column 13): $ref "#/components/responses/Nope" points to nothing in the document',
      ],
      ['title: not a spec\n', 'INVALID_SPECIFICATION', 'No `openapi` (3.x) or `swagger` (2.0) field'],
      ['openapi: 3.2.0\n', 'UNSUPPORTED_VERSION', 'Version 3.2.0 is not supported'],
    ];
    for (const [text, code, message] of cases) {
      const name = slug('bad');
      await api.createOpenApiSpec(s.org, { slug: name, source: { text } });
      const spec = await processed(name);
      expect(spec.lastProcessErrorCode).toBe('PARSE_ERROR');
      expect(spec.lastProcessedErrors).toHaveLength(1);
      expect(spec.lastProcessedErrors![0]!.code).toBe(code);
      expect(spec.lastProcessedErrors![0]!.message.startsWith(message), spec.lastProcessedErrors![0]!.message).toBe(true);
    }
  });

  it('a server that never answers gives FETCH_TIMEOUT, retried with backoff until the last attempt', async () => {
    s.domain.openapi.fetchPolicy.timeoutMs = 200;
    const api = s.client().orgs;
    const name = slug('hang');
    await api.createOpenApiSpec(s.org, { slug: name, source: { url: `${remote.url}/specs/hang.yaml` } });
    let spec = await processed(name);
    // The run is over, its error showing, while the next attempt waits.
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_TIMEOUT' });
    expect(spec.lastProcessedErrors).toEqual([{ code: 'FETCH_TIMEOUT', message: `${remote.url}/specs/hang.yaml did not answer within 200 ms` }]);
    clock.advance(1_000);
    expect((await processed(name)).processingState).toBe('complete');
    clock.advance(2_000);
    spec = await processed(name);
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_TIMEOUT' });
    expect(remote.hits.filter((h) => h === '/specs/hang.yaml')).toHaveLength(3);
    clock.advance(60_000);
    expect(await s.domain.jobs.runDue()).toBe(0);
  });

  it('FETCH_ERROR: an HTTP error, and a loopback address the fetch helper refuses', async () => {
    const api = s.client().orgs;
    const missing = slug('missing');
    await api.createOpenApiSpec(s.org, { slug: missing, source: { url: `${remote.url}/specs/none.yaml` } });
    const spec = await processed(missing);
    expect(spec).toMatchObject({
      lastProcessErrorCode: 'FETCH_ERROR',
      lastProcessedErrors: [{ code: 'FETCH_ERROR', message: `Fetching ${remote.url}/specs/none.yaml failed with HTTP 404` }],
    });

    const local = slug('local');
    await api.createOpenApiSpec(s.org, { slug: local, source: { url: 'http://127.0.0.2:9/spec.yaml' } });
    const refused = await processed(local);
    expect(refused.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(refused.lastProcessedErrors![0]!.message).toContain(
      '127.0.0.2 is a loopback or private address; allow it with network.allowHosts or DOCS_ALLOW_HOSTS',
    );
  });

  it('an unreachable URL: complete with FETCH_ERROR after each failed attempt, never pending with an error', async () => {
    const api = s.client().orgs;
    const name = slug('unreachable');
    const url = `${remote.url}/specs/later.yaml`;
    const created = await api.createOpenApiSpec(s.org, { slug: name, source: { url } });
    expect(created.data.processingState).toBe('pending');
    expect(created.data.lastProcessErrorCode).toBeUndefined();
    const failed = await processed(name);
    expect(failed).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
    expect(failed.lastVersion).toBeUndefined();
    expect(failed.lastProcessedErrors).toEqual([{ code: 'FETCH_ERROR', message: `Fetching ${url} failed with HTTP 404` }]);
    // The last attempt fails too: still complete, the error showing, nothing left to run.
    clock.advance(1_000);
    await processed(name);
    clock.advance(2_000);
    expect(await processed(name)).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
    clock.advance(60_000);
    expect(await s.domain.jobs.runDue()).toBe(0);
    // Retried by setting the source again, once the URL answers: a version, the error cleared.
    routes['/specs/later.yaml'] = { body: PETSTORE_YAML, type: 'application/yaml' };
    const again = await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { url } });
    expect(again.data.processingState).toBe('pending');
    const fixed = await processed(name);
    expect(fixed).toMatchObject({ processingState: 'complete' });
    expect(fixed.lastVersion).toBeDefined();
    expect(fixed.lastProcessErrorCode).toBeUndefined();
    expect(fixed.lastProcessedErrors).toBeUndefined();
  });

  it('a URL that comes back before the last attempt: the next attempt replaces the error with a version', async () => {
    const api = s.client().orgs;
    const name = slug('flaky');
    const url = `${remote.url}/specs/flaky.yaml`;
    await api.createOpenApiSpec(s.org, { slug: name, source: { url } });
    expect(await processed(name)).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'FETCH_ERROR' });
    routes['/specs/flaky.yaml'] = { body: PETSTORE_YAML, type: 'application/yaml' };
    clock.advance(1_000);
    const spec = await processed(name);
    expect(spec.processingState).toBe('complete');
    expect(spec.lastVersion).toBeDefined();
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect((await api.listOpenApiSpecVersions(s.org, name)).data.items).toHaveLength(1);
  });

  it('a fixed source after an error processes cleanly and clears the error', async () => {
    const api = s.client().orgs;
    const name = slug('fixed');
    await api.createOpenApiSpec(s.org, { slug: name, source: { text: BROKEN_YAML } });
    expect((await processed(name)).lastProcessErrorCode).toBe('PARSE_ERROR');
    await api.createOrUpdateOpenApiSpecBySlug(s.org, name, { source: { text: PETSTORE_YAML } });
    const spec = await processed(name);
    expect(spec.lastProcessErrorCode).toBeUndefined();
    expect(spec.lastProcessedErrors).toBeUndefined();
    expect(spec.lastVersion).toEqual(expect.any(String));
  });
});

describe('bad input and access', () => {
  const base = () => `/v1/orgs/${s.org}/openapi`;

  it('400 naming the field for every bad body, and nothing changes', async () => {
    const name = slug('taken');
    await s.client().orgs.createOpenApiSpec(s.org, { slug: name, source: { text: PETSTORE_YAML } });
    await processed(name); // its processing job must not land between the two snapshots
    const before = await s.store.snapshot();
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', base(), { source: { text: PETSTORE_YAML } }, /^body: slug is required$/],
      ['POST', base(), { slug: 'x' }, /^body: source is required$/],
      ['POST', base(), { slug: 'Not A Slug', source: { text: 'x' } }, /^slug: must match pattern/],
      ['POST', base(), { slug: 'a--b', source: { text: 'x' } }, /^slug: must match pattern/],
      ['POST', base(), { slug: 'x'.repeat(101), source: { text: 'x' } }, /^slug: must NOT have more than 100 characters/],
      ['POST', base(), { slug: 'ok', source: {} }, /^body: source\.url is required$/],
      ['POST', base(), { slug: 'ok', source: { text: '' } }, /^source\.text: must NOT have fewer than 1 characters$/],
      ['POST', base(), { slug: 'ok', source: { url: 'not a url' } }, /^source\.url: must match format "uri"$/],
      ['POST', base(), { slug: 'ok', source: { url: 'ftp://example.com/spec.yaml' } }, /^source\.url: only http and https URLs can be fetched, not ftp:$/],
      ['POST', base(), { slug: 'ok', source: { text: '   ' } }, /^source\.text: the text is empty$/],
      ['PUT', `${base()}/ok`, {}, /^body: source is required$/],
      ['PUT', `${base()}/ok`, { source: { text: 7 } }, /^source\.text: must be string$/],
      ['PUT', `${base()}/Bad_Slug`, { source: { text: 'x' } }, /^specSlug: "Bad_Slug" is not a valid slug/],
      ['PUT', `${base()}/${name}`, { source: { url: 'file:///etc/passwd' } }, /^source\.url: only http and https URLs can be fetched, not file:$/],
      ['PATCH', `${base()}/${name}`, {}, /^body: visibility is required$/],
      ['PATCH', `${base()}/${name}`, { visibility: 'secret' }, /^visibility: must be one of "private", "public"$/],
    ];
    for (const [method, path, body, message] of cases) {
      const response = await s.request(method, path, { body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json.error.message).toMatch(message);
    }
    const dup = await s.request('POST', base(), { body: { slug: name, source: { text: PETSTORE_YAML } } });
    expect(dup.status).toBe(409);
    expect(dup.json.error.message).toMatch(/^slug: the organization already has a spec/);
    const notJson = await s.request('POST', base(), { rawBody: '{"slug": "x", "source":' });
    expect(notJson.status).toBe(400);
    expect(await s.store.snapshot()).toEqual(before);
  });

  it('401 without a token; readers read, only create and admin write; other organizations get 403', async () => {
    const name = slug('guarded');
    await s.client().orgs.createOpenApiSpec(s.org, { slug: name, source: { text: PETSTORE_YAML } });
    await s.domain.jobs.runDue();
    expect((await s.request('GET', base(), { token: null })).status).toBe(401);
    expect((await s.request('GET', `${base()}/${name}`, { token: 'nope' })).status).toBe(401);

    // Thunks: a creator's writes are sent one after another (the delete last), the refused ones all at once.
    const writing = (token: string) => [
      () => s.request('POST', base(), { token, body: { slug: slug('w'), source: { text: PETSTORE_YAML } } }),
      () => s.request('PUT', `${base()}/${name}`, { token, body: { source: { text: PETSTORE_YAML } } }),
      () => s.request('PATCH', `${base()}/${name}`, { token, body: { visibility: 'public' } }),
      () => s.request('DELETE', `${base()}/${name}`, { token }),
    ];
    const writes = (token: string) => writing(token).map((write) => write());
    const reads = (token: string) => [
      s.request('GET', base(), { token }),
      s.request('GET', `${base()}/${name}`, { token }),
      s.request('GET', `${base()}/${name}/versions`, { token }),
      s.request('GET', `${base()}/${name}/versions/latest`, { token }),
      s.request('GET', `${base()}/${name}/versions/latest/content`, { token }),
    ];
    for (const role of ['read', 'comment', 'edit', 'review'] as const) {
      const { token } = await s.member(role);
      const before = await s.store.snapshot();
      for (const response of await Promise.all(writes(token))) expect(response.status, role).toBe(403);
      expect(await s.store.snapshot()).toEqual(before);
      for (const response of await Promise.all(reads(token))) expect(response.status, role).toBe(200);
      const spec = (await s.client(token).orgs.getOpenApiSpecBySlug(s.org, name)).data;
      expect(spec.permissions).toEqual({ view: true, edit: false });
    }
    for (const who of [await s.member(null), await s.member('admin', s.otherOrg)]) {
      for (const response of await Promise.all([...reads(who.token), ...writes(who.token)])) expect(response.status).toBe(403);
    }
    const creator = await s.member('create');
    expect((await s.client(creator.token).orgs.getOpenApiSpecBySlug(s.org, name)).data.permissions).toEqual({ view: true, edit: true });
    for (const write of writing(creator.token)) expect((await write()).status).toBeLessThan(300);
  });
});
