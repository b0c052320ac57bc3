// getComputedRevision and getComputedDocument of `builtin:openapi` sources, through both official clients: the pages
// an organization spec expands to (as the site makes them), their documents, ids fixed by the seed, and the errors.
import { MemberRole } from '@gitbook/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { PETSTORE_YAML } from '../helpers/openapi.js';
import { errorOf, useServer } from '../helpers/server.js';

const s = useServer();
let spaceId: string;

const source = (spec: string, props: Record<string, unknown> = { models: true }) => ({
  type: 'builtin:openapi' as const,
  props,
  dependencies: { spec: { ref: { kind: 'openapi' as const, spec } } },
});

type Page = { id: string; title: string; slug: string; path: string; type: string; description?: string; pages: Page[]; document?: { nodes: any[] } };
const flatten = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flatten(p.pages)]);
const blocks = (doc: { nodes: any[] }) => doc.nodes.map((n) => n.type as string);

beforeAll(async () => {
  await s.client().orgs.createOrUpdateOpenApiSpecBySlug(s.org, 'petstore', { source: { text: PETSTORE_YAML } });
  // A private address is refused, never fetched: the spec never gets a version.
  await s.client().orgs.createOrUpdateOpenApiSpecBySlug(s.org, 'unprocessed', { source: { url: 'http://10.0.0.1/spec.yaml' } });
  await s.domain.jobs.runDue();
  spaceId = (await s.client().orgs.createSpace(s.org, { title: 'Computed' })).data.id;
});

describe('getComputedRevision', () => {
  it("gives the spec's pages as the site makes them: one per tag nested by x-parent, untagged operations, Models", async () => {
    const response = await s.client().spaces.getComputedRevision(spaceId, { source: source('petstore'), seed: 'seed-1' });
    expect(response.status).toBe(200);
    const { pages, files, reusableContents } = response.data as unknown as { pages: Page[]; files: unknown[]; reusableContents: unknown[] };
    expect(files).toEqual([]);
    expect(reusableContents).toEqual([]);
    expect(pages.map((p) => [p.title, p.path])).toEqual([
      ['Pets', 'pets'],
      ['Other operations', 'other-operations'],
      ['Models', 'models'],
    ]);
    expect(pages[0]!.pages.map((p) => [p.title, p.slug, p.path])).toEqual([['toys', 'toys', 'pets/toys']]);
    expect(pages[0]).toMatchObject({ type: 'document', description: 'Everything about your pets.' });

    const pets = pages[0]!.document!;
    expect(blocks(pets)).toEqual(['paragraph', 'openapi-operation', 'openapi-operation', 'openapi-operation']);
    expect(pets.nodes.slice(1).map((n) => [n.data.method, n.data.path, n.data.ref])).toEqual([
      ['get', '/pets', { kind: 'openapi', spec: 'petstore' }],
      ['post', '/pets', { kind: 'openapi', spec: 'petstore' }],
      ['delete', '/pets/{petId}', { kind: 'openapi', spec: 'petstore' }],
    ]);
    expect(pages[2]!.document!.nodes).toMatchObject([
      { type: 'openapi-schemas', data: { ref: { kind: 'openapi', spec: 'petstore' }, schemas: ['NewPet', 'Pet', 'Toy', 'Error'], grouped: true } },
    ]);
  });

  it('without models, leaves the Models page out (the 0.202.0 client)', async () => {
    const { data } = await s.newerClient().spaces.getComputedRevision(spaceId, { source: source('petstore', { models: false }), seed: 'seed-1' });
    expect(flatten(data.pages as unknown as Page[]).map((p) => p.title)).toEqual(['Pets', 'toys', 'Other operations']);
  });

  it('the same seed gives the same ids; another seed, other ids', async () => {
    const ids = async (seed: string, newer = false) => {
      const client = newer ? s.newerClient() : s.client();
      const { data } = await client.spaces.getComputedRevision(spaceId, { source: source('petstore'), seed });
      return flatten(data.pages as unknown as Page[]).map((p) => p.id);
    };
    const first = await ids('a');
    expect(new Set(first).size).toBe(4);
    expect(await ids('a', true)).toEqual(first);
    const other = await ids('b');
    expect(other.filter((id) => first.includes(id))).toEqual([]);
  });

  it('accepts the dependency in its resolved form ({ref, value})', async () => {
    const resolved = {
      ...source('petstore'),
      dependencies: { spec: { ref: { kind: 'openapi' as const, spec: 'petstore' }, value: { object: 'openapi-spec' as const, id: 'x', slug: 'petstore' } } },
    };
    const { data } = await s.client().spaces.getComputedRevision(spaceId, { source: resolved, seed: 'seed-1' });
    expect(data.pages.map((p) => p.title)).toEqual(['Pets', 'Other operations', 'Models']);
  });
});

describe('getComputedDocument', () => {
  const document = async (props: Record<string, unknown>, seed = 'seed-1') =>
    (await s.newerClient().spaces.getComputedDocument(spaceId, { source: source('petstore', props) as never, seed })).data as unknown as { nodes: any[] };

  it('one operation: its openapi-operation block', async () => {
    const doc = await document({ doc: 'operation', page: '/pets/{petId}', method: 'delete' });
    expect(doc.nodes).toMatchObject([
      { type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets/{petId}', method: 'delete' } },
    ]);
  });

  it("a tag's page, by tag name or by the page's id under the seed; its text alone with doc: info", async () => {
    const byName = await document({ doc: 'operations', page: 'toys' });
    expect(blocks(byName)).toEqual(['paragraph', 'openapi-operation']);
    const { data } = await s.client().spaces.getComputedRevision(spaceId, { source: source('petstore'), seed: 'seed-1' });
    const toys = flatten(data.pages as unknown as Page[]).find((p) => p.title === 'toys')!;
    expect(await document({ doc: 'tag', page: toys.id })).toEqual(byName);
    expect(toys.document).toEqual(byName);
    expect(blocks(await document({ doc: 'info', page: 'toys' }))).toEqual(['paragraph']);
    // Through the pinned client, with the document schema asked for.
    const pinned = await s
      .client()
      .spaces.getComputedDocument(spaceId, { source: source('petstore', { doc: 'operations', page: 'pets' }), seed: 's' }, { schema: 'next' });
    expect(blocks(pinned.data as unknown as { nodes: any[] })).toEqual(['paragraph', 'openapi-operation', 'openapi-operation', 'openapi-operation']);
  });

  it('models: every schema', async () => {
    expect((await document({ doc: 'models' })).nodes).toMatchObject([{ type: 'openapi-schemas', data: { schemas: ['NewPet', 'Pet', 'Toy', 'Error'] } }]);
  });
});

describe('errors', () => {
  it('an unknown or unprocessed spec is 404', async () => {
    expect(await errorOf(s.client().spaces.getComputedRevision(spaceId, { source: source('nowhere'), seed: 'x' }))).toEqual({
      code: 404,
      message: `No OpenAPI spec "nowhere" in the organization of the space ${spaceId}`,
    });
    expect(await errorOf(s.client().spaces.getComputedRevision(spaceId, { source: source('unprocessed'), seed: 'x' }))).toEqual({
      code: 404,
      message: 'The OpenAPI spec "unprocessed" has no processed version yet',
    });
  });

  it('an unknown page or operation is 404', async () => {
    const call = (props: Record<string, unknown>) =>
      s.newerClient().spaces.getComputedDocument(spaceId, { source: source('petstore', props) as never, seed: 'x' });
    expect(await errorOf(call({ doc: 'operation', page: '/pets', method: 'patch' }))).toEqual({
      code: 404,
      message: 'source.props: the OpenAPI spec "petstore" has no operation PATCH /pets',
    });
    expect((await errorOf(call({ doc: 'tag', page: 'birds' }))).code).toBe(404);
  });

  it('a request the specs refuse (bad props, no seed, a revision source without props) is 400', async () => {
    const bad = async (path: 'document' | 'revision', body: unknown) => {
      const response = await s.request('POST', `/v1/spaces/${spaceId}/content/computed/${path}`, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error).toMatchObject({ code: 400, message: expect.any(String) });
    };
    await bad('document', { source: source('petstore', { doc: 'pages' }), seed: 'x' });
    await bad('document', { source: source('petstore', { doc: 'operation', page: '/pets' }), seed: 'x' });
    await bad('document', { source: source('petstore', { doc: 'models' }) });
    await bad('revision', { source: { type: 'builtin:openapi', dependencies: source('petstore').dependencies }, seed: 'x' });
    await bad('revision', { source: source('petstore', { models: true }), seed: 7 });
  });

  it('translation and integration sources answer 501 with the reason', async () => {
    const translation = {
      type: 'builtin:translation' as const,
      props: {},
      dependencies: { translation: { ref: { kind: 'translation' as const, translation: 't' } } },
    };
    const refused = await errorOf(s.client().spaces.getComputedRevision(spaceId, { source: translation, seed: 'x' }));
    expect(refused.code).toBe(501);
    expect(refused.message).toContain('target space');
    const integration = { type: 'integration:acme:pages' as const, props: {} };
    const cloud = await errorOf(s.client().spaces.getComputedRevision(spaceId, { source: integration, seed: 'x' }));
    expect(cloud).toMatchObject({ code: 501, message: expect.stringContaining("GitBook's cloud") });
  });

  it('the caller must read the space', async () => {
    const stranger = await s.member('none');
    expect((await errorOf(s.client(stranger.token).spaces.getComputedRevision(spaceId, { source: source('petstore'), seed: 'x' }))).code).toBe(403);
    // A guest who reads the space reads none of the organization's specs (as getOpenAPISpec).
    const guest = await s.member(null);
    await s.client().spaces.inviteToSpace(spaceId, { role: MemberRole.Read, users: [guest.userId] });
    expect(await s.client(guest.token).spaces.getSpaceById(spaceId)).toMatchObject({ status: 200 });
    const refused = await errorOf(s.client(guest.token).spaces.getComputedRevision(spaceId, { source: source('petstore'), seed: 'x' }));
    expect(refused).toMatchObject({ code: 403, message: expect.stringMatching(/read role/) });
  });
});
