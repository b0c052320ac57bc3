// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { MemberRole } from '@gitbook/api-0.202';
import { beforeAll, describe, expect, it } from 'vitest';
import { Caller } from '../../src/domain/index.js';
import { seedNormalizationSpace, type SeededSpace } from '../helpers/content.js';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer();

let guides: SeededSpace;
let site: string;
let siteSpace: string;

beforeAll(async () => {
  guides = await seedNormalizationSpace(s, 'Guides');
  const api = s.newerClient().orgs;
  site = (await api.createSite(s.org, { title: 'Redirected', spaces: [guides.spaceId] })).data.id;
  siteSpace = (await api.listSiteSpaces(s.org, site)).data.items[0]!.id;
}, 120_000);

describe('bulkUpsertSiteRedirects (0.202.0)', () => {
  it('creates, updates and deletes redirects in one request', async () => {
    const api = s.newerClient().orgs;
    const hints = guides.page('hints.md');
    const first = (
      await api.bulkUpsertSiteRedirects(s.org, site, {
        redirects: [
          { source: '/old-home', destination: { kind: 'site-space', siteSpaceId: siteSpace } },
          { source: '/old-hints', destination: { kind: 'path', spaceId: guides.spaceId, path: 'hints' } },
        ],
      })
    ).data.results;
    expect(first.map((r) => [r.status, r.source, r.draft])).toEqual([
      ['created', '/old-home', false],
      ['created', '/old-hints', false],
    ]);
    const listed = (await api.listSiteRedirects(s.org, site)).data.items;
    expect(listed.find((r) => r.source === '/old-hints')!.destination).toEqual({ kind: 'site-page', siteSpaceId: siteSpace, pageId: hints });

    const second = (
      await api.bulkUpsertSiteRedirects(s.org, site, {
        redirects: [
          { source: '/Old-Home', destination: { kind: 'site-page', siteSpaceId: siteSpace, pageId: hints } },
          { source: '/old-hints', destination: null },
        ],
      })
    ).data.results;
    expect(second.map((r) => r.status)).toEqual(['updated', 'deleted']);
    expect(second[0]).toMatchObject({ id: (first[0] as { id: string }).id });
    expect((await api.listSiteRedirects(s.org, site)).data.items.map((r) => [r.source, r.destination])).toEqual([
      ['/Old-Home', { kind: 'site-page', siteSpaceId: siteSpace, pageId: hints }],
    ]);
  });

  it('writes nothing when one item is invalid, and checks the role and the site', async () => {
    const api = s.newerClient().orgs;
    const before = (await api.listSiteRedirects(s.org, site)).data.items;
    const valid = { source: '/fine', destination: { kind: 'site-space' as const, siteSpaceId: siteSpace } };
    for (const bad of [
      { source: '/nowhere', destination: { kind: 'site-space' as const, siteSpaceId: 'nosuchsitespace' } },
      { source: '/nopage', destination: { kind: 'path' as const, spaceId: guides.spaceId, path: 'no/such/page' } },
      { source: '/fine', destination: { kind: 'site-space' as const, siteSpaceId: siteSpace } },
      { source: '/draft', intent: 'draft' as const, destination: { kind: 'site-space' as const, siteSpaceId: siteSpace } },
      { source: '/a/../b', destination: { kind: 'site-space' as const, siteSpaceId: siteSpace } },
    ]) {
      const error = await errorOf(api.bulkUpsertSiteRedirects(s.org, site, { redirects: [valid, bad] }));
      expect(error.code).toBe(400);
      expect(error.message).toMatch(/^redirects\[1\]/);
    }
    expect(await statusOf(api.bulkUpsertSiteRedirects(s.org, site, { redirects: [] }))).toBe(400);
    expect(await statusOf(api.bulkUpsertSiteRedirects(s.org, site, { redirects: [{ source: 'no-slash', destination: null }] }))).toBe(400);
    expect((await api.listSiteRedirects(s.org, site)).data.items).toEqual(before);

    expect(await statusOf(api.bulkUpsertSiteRedirects(s.org, 'unknownsite', { redirects: [valid] }))).toBe(404);
    const reader = s.newerClient((await s.member('read')).token).orgs;
    expect(await statusOf(reader.bulkUpsertSiteRedirects(s.org, site, { redirects: [valid] }))).toBe(403);
  });
});

describe('listSiteRedirects draft (0.202.0)', () => {
  it('lists the live redirects without it or with draft=false, and none with draft=true: Quire keeps no drafts', async () => {
    const api = s.newerClient().orgs;
    await api.bulkUpsertSiteRedirects(s.org, site, { redirects: [{ source: '/live-one', destination: { kind: 'site-space', siteSpaceId: siteSpace } }] });
    const live = (await api.listSiteRedirects(s.org, site)).data.items;
    expect(live.map((r) => r.source)).toContain('/live-one');
    expect(live.every((r) => (r as { draft?: boolean }).draft === false)).toBe(true);
    expect((await api.listSiteRedirects(s.org, site, { draft: false })).data.items).toEqual(live);
    expect((await api.listSiteRedirects(s.org, site, { draft: true })).data).toEqual({ items: [], count: 0 });
    expect((await api.listSiteRedirects(s.org, site, { draft: true, search: 'live', limit: 1 })).data.items).toEqual([]);
    // Still the site's readers only.
    expect(await statusOf(s.newerClient((await s.member('admin', s.otherOrg)).token).orgs.listSiteRedirects(s.org, site, { draft: true }))).toBe(403);
  });
});

describe('prewarmSiteSearch (0.202.0)', () => {
  it('accepts for readers of the site, refuses others', async () => {
    const reader = s.newerClient((await s.member('read')).token).orgs;
    expect((await reader.prewarmSiteSearch(s.org, site)).status).toBe(204);
    expect(await statusOf(s.newerClient().orgs.prewarmSiteSearch(s.org, 'unknownsite'))).toBe(404);
    const outsider = s.newerClient((await s.member('admin', s.otherOrg)).token).orgs;
    expect(await statusOf(outsider.prewarmSiteSearch(s.org, site))).toBe(403);
    // It loads the index of each space the caller may read: none for a guest given the site but not its space.
    const owner = new Caller(s.store, (await s.store.users.get(s.ownerId))!);
    expect(await s.domain.sites.search.prewarm(owner, s.org, site)).toBe(1);
    const guest = await s.member(null);
    await s.newerClient().orgs.inviteToSite(s.org, site, { role: MemberRole.Read, users: [guest.userId] });
    expect(await s.domain.sites.search.prewarm(new Caller(s.store, (await s.store.users.get(guest.userId))!), s.org, site)).toBe(0);
  });
});
