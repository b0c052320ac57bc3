// A request valid under either version of the contract is accepted, for an operation both have: what only 0.202.0
// allows (a value its enums added), and what only 0.143.2 allows (a path id outside 0.202.0's new id pattern).
// A request valid under neither is refused with a 400 naming the field.
import { buildServer } from '../../src/server/app.js';
import { type Handlers, ok } from '../../src/server/handler.js';
import { loadSpec } from '../../src/server/openapi.js';
import { describe, expect, it } from 'vitest';
import { errorOf, useServer } from '../helpers/server.js';

const s = useServer();

/** The enum of a component schema of one spec. */
const enumOf = (spec: 'pinned' | 'newer', name: string) => (loadSpec(spec).document.components.schemas[name] as { enum: string[] }).enum;
const only = (name: string) => enumOf('newer', name).filter((value) => !enumOf('pinned', name).includes(value));

describe('a shared operation accepts a request valid under only one of the specs', () => {
  it('0.202.0 only: several statuses for the change requests of an organization (0.143.2 takes one)', async () => {
    const api = s.newerClient();
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Statuses' });
    const { data: open } = await api.spaces.createChangeRequest(space.id, { subject: 'Open' });
    const { data: draft } = await api.spaces.createChangeRequest(space.id, { subject: 'Draft' });
    await api.spaces.updateChangeRequestById(space.id, draft.id, { status: 'draft' as never });
    const { data: archived } = await api.spaces.createChangeRequest(space.id, { subject: 'Archived' });
    await api.spaces.updateChangeRequestById(space.id, archived.id, { status: 'archived' as never });
    // Under 0.143.2 alone `status` is one string: the server tries 0.202.0 next.
    const { data } = await api.orgs.listChangeRequestsForOrganization(s.org, { status: ['open', 'draft'] as never });
    expect(data.items.map((cr) => cr.id).sort()).toEqual([open.id, draft.id].sort());
  });

  it('0.202.0 only: members sorted by name (0.143.2 sorts by join or last seen only)', async () => {
    await s.member('read');
    await s.member('read');
    // Under 0.143.2 alone `sort=name` is not one of its values: the server tries 0.202.0 next.
    const { data } = await s.newerClient().orgs.listMembersInOrganizationById(s.org, { sort: 'name' as never, order: 'asc' as never });
    const names = data.items.map((m) => m.user.displayName.toLowerCase());
    expect(names.length).toBeGreaterThan(2);
    expect(names).toEqual([...names].sort());
  });

  it('0.143.2 only: integrations of a category 0.202.0 dropped', async () => {
    expect(only('IntegrationCategory')).toEqual([]);
    const { data } = await s.client().integrations.listIntegrations({ category: 'gitsync' as never });
    expect(data.items).toEqual([]);
  });

  it('0.143.2 only: a space id outside the pattern 0.202.0 gives spaceId is routed, and answers as an unknown space', async () => {
    const pattern = new RegExp((loadSpec('newer').document.components.schemas.EntityId as { pattern: string }).pattern);
    expect(pattern.test('no.such.space')).toBe(false);
    const answer = await s.request('GET', '/v1/spaces/no.such.space');
    expect(answer.status).toBe(404);
    expect(answer.json.error.message).not.toMatch(/pattern/);
    expect((await errorOf(s.client().spaces.getSpaceById('no.such.space'))).code).toBe(404);
  });
});

describe('a query parameter only 0.202.0 has, of an operation both have', () => {
  /** The query each handler was called with, on a server whose handlers only record it. */
  const seen: Record<string, unknown>[] = [];
  const record = () => (ctx: { query: Record<string, unknown> }) => {
    seen.push(ctx.query);
    return ok({});
  };
  const handlers = { listSiteRedirects: record(), getPageByPath: record(), getPageById: record(), getSitePublishingPreviewById: record() } as Handlers;
  const get = async (url: string) => {
    const app = buildServer({ domain: s.domain, publicUrl: s.url, handlers });
    try {
      seen.length = 0;
      const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${s.ownerToken}` } });
      return { status: answer.statusCode, query: seen[0], error: answer.json().error };
    } finally {
      await app.close();
    }
  };

  it('reaches the handler typed as 0.202.0 says: booleans as booleans, beside the shared ones coerced as 0.143.2 says', async () => {
    expect(
      loadSpec('pinned')
        .operations.find((o) => o.operationId === 'listSiteRedirects')!
        .parameters.map((p) => p.name),
    ).not.toContain('draft');
    expect(await get(`/v1/orgs/${s.org}/sites/site1/redirects?draft=true&limit=5&search=old`)).toMatchObject({
      status: 200,
      query: { draft: true, limit: 5, search: 'old' },
    });
    expect((await get(`/v1/orgs/${s.org}/sites/site1/redirects?draft=false`)).query).toEqual({ draft: false });
    expect((await get(`/v1/orgs/${s.org}/sites/site1/publishing/preview?draft=false`)).query).toEqual({ draft: false });
    expect((await get(`/v1/spaces/space1/content/path/guides/setup?cachedMetadata=true`)).query).toMatchObject({ cachedMetadata: true });
    // A boolean or a word: the boolean when it reads as one.
    expect((await get(`/v1/spaces/space1/content/page/page1?dereferenced=true`)).query).toMatchObject({ dereferenced: true });
    expect((await get(`/v1/spaces/space1/content/page/page1?dereferenced=reusable-contents`)).query).toMatchObject({ dereferenced: 'reusable-contents' });
    // So is one both specs have.
    expect((await get(`/v1/spaces/space1/content/page/page1?evaluated=true`)).query).toMatchObject({ evaluated: true });
  });

  it('is refused with a 400 naming it when 0.202.0 refuses its value', async () => {
    expect(await get(`/v1/orgs/${s.org}/sites/site1/redirects?draft=maybe`)).toMatchObject({
      status: 400,
      error: { code: 400, message: 'draft: must be boolean' },
    });
    expect(seen).toEqual([]);
  });
});

describe('a request valid under neither spec', () => {
  it('is refused with a 400 naming the field', async () => {
    const manifest = { organization: s.org, title: 'Bad', description: 'x', script: 'x', scopes: ['not-a-scope'], visibility: 'public' };
    const answer = await s.request('POST', '/v1/integrations/bad-scope', { body: manifest });
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toMatch(/^scopes\.0: must be one of/);
    const language = await errorOf(s.newerClient().orgs.createSpace(s.org, { title: 'T', language: 'xx-not-a-language' as never }));
    expect(language.code).toBe(400);
    expect(language.message).toMatch(/language/);
  });
});
