import { SiteVisibility } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer();

async function spaces(...titles: string[]): Promise<string[]> {
  const api = s.client();
  const ids: string[] = [];
  for (const title of titles) ids.push((await api.orgs.createSpace(s.org, { title })).data.id);
  return ids;
}

describe('sites through the official client', () => {
  it('runs a site with two sections, a section group and three site spaces from creation to deletion', async () => {
    const api = s.client().orgs;
    const [guides, apiV2, apiV1] = await spaces('Guides', 'API v2', 'API v1');

    const createdSite = await api.createSite(s.org, { title: 'Acme Docs', spaces: [guides!] });
    const site = createdSite.data;
    expect(createdSite.status).toBe(201);
    expect(createdSite.headers.get('location')).toBe(`${s.url}/v1/orgs/${s.org}/sites/${site.id}`);
    expect(site).toMatchObject({
      object: 'site',
      title: 'Acme Docs',
      type: 'basic',
      visibility: 'public',
      published: false,
      siteSpaces: 1,
      basename: 'acme-docs',
    });
    expect(site.urls.published).toBeUndefined();

    let structure = (await api.getSiteStructure(s.org, site.id)).data;
    expect(structure.type).toBe('siteSpaces');
    expect(structure.structure).toHaveLength(1);

    // The first section takes in the site spaces already at the root; the new one holds its space.
    const apiSection = (await api.addSectionToSite(s.org, site.id, { spaceId: apiV2!, title: 'API' })).data;
    expect(apiSection).toMatchObject({ object: 'site-section', title: 'API', path: 'api', default: false });
    const v1 = (await api.addSpaceToSite(s.org, site.id, { spaceId: apiV1!, sectionId: apiSection.id })).data;
    expect(v1).toMatchObject({ object: 'site-space', path: 'api-v1', section: apiSection.id, default: false, title: 'API v1' });
    expect(v1.space.id).toBe(apiV1);

    const sections = (await api.listSiteSections(s.org, site.id)).data;
    expect(sections.items.map((x) => [x.title, x.default])).toEqual([
      ['Guides', true],
      ['API', false],
    ]);
    const guidesSection = sections.items[0]!;

    const published = (await api.publishSite(s.org, site.id)).data as { published: boolean; urls: { published?: string } };
    expect(published.published).toBe(true);
    expect(published.urls.published).toBe(`${s.url}/acme-docs/`);

    const urlsOf = async () => Object.fromEntries((await api.listSiteSpaces(s.org, site.id)).data.items.map((x) => [x.title, x.urls.published]));
    expect(await urlsOf()).toEqual({
      Guides: `${s.url}/acme-docs/`,
      'API v2': `${s.url}/acme-docs/api`,
      'API v1': `${s.url}/acme-docs/api/api-v1`,
    });
    await api.updateSiteSectionById(s.org, site.id, apiSection.id, { defaultSiteSpace: v1.id, path: 'reference' });
    expect(await urlsOf()).toMatchObject({ 'API v1': `${s.url}/acme-docs/reference`, 'API v2': `${s.url}/acme-docs/reference/api-v2` });
    const defaults = (await api.listSiteSpaces(s.org, site.id, { default: false })).data.items.map((x) => x.title);
    expect(defaults).toEqual(['API v2']);

    // Paths are unique among siblings, and one URL segment each.
    const v2 = (await api.listSiteSpaces(s.org, site.id)).data.items.find((x) => x.title === 'API v2')!;
    expect(await statusOf(api.updateSiteSpaceById(s.org, site.id, v2.id, { path: 'API-V1' }))).toBe(409);
    expect((await errorOf(api.updateSiteSpaceById(s.org, site.id, v2.id, { path: 'a/b' }))).message).toMatch(/^path:/);
    expect(await statusOf(api.updateSiteSectionById(s.org, site.id, apiSection.id, { path: 'guides' }))).toBe(409);
    const hidden = (await api.updateSiteSpaceById(s.org, site.id, v2.id, { path: 'two', condition: 'visitor.claims.beta', hidden: true } as never)).data;
    expect(hidden).toMatchObject({ path: 'two', condition: 'visitor.claims.beta', hidden: true });
    const cleared = (await api.updateSiteSpaceById(s.org, site.id, v2.id, { condition: null })).data;
    expect(cleared.condition).toBeUndefined();
    expect((cleared as { hidden?: boolean }).hidden).toBe(true);

    // A group gathers the API section; sorting moves it before the guides.
    const group = await api.addSectionGroupToSite(s.org, site.id, { title: 'Reference', sections: [apiSection.id] });
    expect(group.status).toBe(201);
    expect(group.data.children.map((c) => c.id)).toEqual([apiSection.id]);
    structure = (await api.getSiteStructure(s.org, site.id)).data;
    expect(structure.structure.map((x) => x.object)).toEqual(['site-section', 'site-section-group']);
    const sorted = await api.sortSiteStructure(s.org, site.id, {
      item: { type: 'site-section-group', id: group.data.id },
      position: { before: { type: 'site-section', id: guidesSection.id } },
    });
    expect(sorted.data).toMatchObject({ object: 'site-section-group', id: group.data.id });
    structure = (await api.getSiteStructure(s.org, site.id)).data;
    expect(structure.structure.map((x) => x.id)).toEqual([group.data.id, guidesSection.id]);
    expect(
      await statusOf(
        api.sortSiteStructure(s.org, site.id, {
          item: { type: 'site-space', id: v1.id },
          position: { before: { type: 'site-section', id: guidesSection.id } },
        }),
      ),
    ).toBe(400);
    expect(await statusOf(api.sortSiteStructure(s.org, site.id, { item: { type: 'site-section', id: 'nope' }, position: {} }))).toBe(404);

    // The deprecated moves still work.
    await api.moveSiteSpace(s.org, site.id, v2.id, { position: { before: { type: 'site-space', siteSpace: v1.id } } });
    const apiOrder = (await api.listSiteSections(s.org, site.id)).data.items.find((x) => x.id === apiSection.id)!.siteSpaces.map((x) => x.id);
    expect(apiOrder).toEqual([v2.id, v1.id]);
    await api.moveSiteSection(s.org, site.id, guidesSection.id, { position: { before: { type: 'site-section', siteSection: apiSection.id } } });
    const inGroup = (await api.listSiteSectionGroups(s.org, site.id)).data.items[0]!;
    expect(inGroup.children.map((c) => c.id)).toEqual([guidesSection.id, apiSection.id]);
    expect(await statusOf(api.moveSiteSection(s.org, site.id, 'nope', {}))).toBe(404);
    expect(await statusOf(api.moveSiteSectionGroup(s.org, site.id, group.data.id, { position: { after: { type: 'site-section', id: 'nope' } } }))).toBe(400);

    expect(await statusOf(api.removeSectionFromGroup(s.org, site.id, group.data.id, guidesSection.id))).toBe(205);
    expect(await statusOf(api.removeSectionFromGroup(s.org, site.id, group.data.id, guidesSection.id))).toBe(204);
    expect((await api.addSectionToGroup(s.org, site.id, group.data.id, { sectionId: guidesSection.id })).status).toBe(201);
    expect(await statusOf(api.deleteSiteSectionGroupById(s.org, site.id, group.data.id))).toBe(205);
    expect(await statusOf(api.deleteSiteSectionGroupById(s.org, site.id, group.data.id))).toBe(204);
    // What the group held takes its place, in the group's order (guides went back in last).
    structure = (await api.getSiteStructure(s.org, site.id)).data;
    expect(structure.structure.map((x) => x.id)).toEqual([apiSection.id, guidesSection.id]);

    // Customization: the site's settings, overridden per site space, and the overrides cleared.
    const base = (await api.getSiteCustomizationById(s.org, site.id)).data;
    const put = await api.updateSiteCustomizationById(s.org, site.id, {
      ...base,
      title: 'Acme',
      styling: { ...base.styling, primaryColor: { light: '#ff0000', dark: '#aa0000' } },
    });
    expect(put.data.styling.primaryColor).toEqual({ light: '#ff0000', dark: '#aa0000' });
    const overridden = await api.overrideSiteSpaceCustomizationById(s.org, site.id, v1.id, {
      styling: { primaryColor: { light: '#00ff00', dark: '#00aa00' } },
      header: { logo: { light: 'https://example.com/l.png', dark: 'https://example.com/d.png' } },
    });
    expect(overridden.data.styling.primaryColor).toEqual({ light: '#00ff00', dark: '#00aa00' });
    expect(overridden.data.styling.corners).toBe(base.styling.corners);
    expect(overridden.data.title).toBe('Acme');
    const v1Settings = (await api.getSiteSpaceCustomizationById(s.org, site.id, v1.id)).data as unknown as {
      hasOverrides: boolean;
      header: { logo?: unknown };
    };
    expect(v1Settings.hasOverrides).toBe(true);
    expect(v1Settings.header.logo).toBeDefined();
    const v2Settings = (await api.getSiteSpaceCustomizationById(s.org, site.id, v2.id)).data as unknown as {
      hasOverrides: boolean;
      styling: { primaryColor: unknown };
    };
    expect(v2Settings).toMatchObject({ hasOverrides: false, styling: { primaryColor: { light: '#ff0000', dark: '#aa0000' } } });
    const reset = await api.overrideSiteSpaceCustomizationById(s.org, site.id, v1.id, { styling: { primaryColor: null } });
    expect(reset.data.styling.primaryColor).toEqual({ light: '#ff0000', dark: '#aa0000' });
    expect(reset.data.header.logo).toBeDefined();
    expect(await statusOf(api.deleteSiteSpaceCustomizationById(s.org, site.id, v1.id))).toBe(205);
    expect(await statusOf(api.deleteSiteSpaceCustomizationById(s.org, site.id, v1.id))).toBe(204);
    expect((await api.getSiteSpaceCustomizationById(s.org, site.id, v1.id)).data.header.logo).toBeUndefined();
    expect(await statusOf(api.overrideSiteSpaceCustomizationById(s.org, site.id, v1.id, { styling: { corners: 'square' } } as never))).toBe(400);

    // Redirects lead to sections, site spaces and pages, looked up by source.
    const redirect = await api.createSiteRedirect(s.org, site.id, { source: '/old-api', destination: { kind: 'site-space', siteSpaceId: v2.id } });
    expect(redirect.status).toBe(201);
    expect(redirect.data).toMatchObject({ object: 'site-redirect', source: '/old-api' });
    expect(
      await statusOf(api.createSiteRedirect(s.org, site.id, { source: '/Old-API', destination: { kind: 'site-section', siteSectionId: apiSection.id } })),
    ).toBe(409);
    expect(
      (await errorOf(api.createSiteRedirect(s.org, site.id, { source: '/x', destination: { kind: 'site-section', siteSectionId: 'nope' } }))).message,
    ).toMatch(/^destination\.siteSectionId:/);
    expect(await statusOf(api.createSiteRedirect(s.org, site.id, { source: 'no-slash', destination: { kind: 'site-space', siteSpaceId: v2.id } }))).toBe(400);
    const resolved = (await api.getSiteRedirectBySource(s.org, site.id, { source: '/old-api' })).data;
    expect(resolved.target).toBe(`${s.url}/acme-docs/reference/two`);
    await api.updateSiteRedirectById(s.org, site.id, redirect.data.id, { destination: { kind: 'site-section', siteSectionId: guidesSection.id } });
    expect((await api.getSiteRedirectBySource(s.org, site.id, { source: '/old-api' })).data.target).toBe(`${s.url}/acme-docs/`);
    expect(await statusOf(api.getSiteRedirectBySource(s.org, site.id, { source: '/never' }))).toBe(404);
    expect((await api.listSiteRedirects(s.org, site.id, { search: 'OLD' })).data.items).toHaveLength(1);
    expect((await api.listSiteRedirects(s.org, site.id, { search: 'zzz' })).data.items).toHaveLength(0);
    expect(await statusOf(api.deleteSiteRedirectById(s.org, site.id, redirect.data.id))).toBe(205);
    expect(await statusOf(api.deleteSiteRedirectById(s.org, site.id, redirect.data.id))).toBe(204);

    // Share links: a secret key in the published URL of a share-link site.
    await api.updateSiteById(s.org, site.id, { visibility: SiteVisibility.ShareLink });
    const link = await api.createSiteShareLink(s.org, site.id, { name: 'Partners' });
    expect(link.status).toBe(201);
    expect(link.data).toMatchObject({ object: 'share-link', name: 'Partners', active: true });
    const key = new URL(link.data.urls.published!).searchParams.get('share')!;
    expect(key.length).toBeGreaterThan(20);
    expect(key).not.toBe(link.data.id);
    const guidesOf = async (shareKey: string) => (await api.listSiteSpaces(s.org, site.id, { shareKey })).data.items.find((x) => x.title === 'Guides')!;
    const withKey = await guidesOf(key);
    expect(withKey.urls.published).toBe(`${s.url}/acme-docs/?share=${key}`);
    const badKey = await guidesOf('wrong');
    expect(badKey.urls.published).toBe(`${s.url}/acme-docs/`);
    expect((await api.updateSiteShareLinkById(s.org, site.id, link.data.id, { active: false })).data.active).toBe(false);
    expect((await guidesOf(key)).urls.published).toBe(`${s.url}/acme-docs/`);
    expect((await api.listSiteShareLinks(s.org, site.id)).data.count).toBe(1);
    expect(await statusOf(api.deleteSiteShareLinkById(s.org, site.id, link.data.id))).toBe(205);
    expect(await statusOf(api.deleteSiteShareLinkById(s.org, site.id, link.data.id))).toBe(204);

    const content = (await api.getPublishedContentSite(s.org, site.id)).data;
    expect(content.object).toBe('published-content-site');
    expect(content.structure.type).toBe('sections');
    expect(Object.keys(content.customizations.siteSpaces).sort()).toEqual([v1.id, v2.id, (await urlsIds())[0]].sort());

    const unpublished = (await api.unpublishSite(s.org, site.id)).data;
    expect(unpublished.published).toBe(false);
    expect(unpublished.urls.published).toBeUndefined();
    expect(await statusOf(api.getPublishedContentSite(s.org, site.id))).toBe(404);

    expect(await statusOf(api.deleteSiteSectionById(s.org, site.id, apiSection.id))).toBe(205);
    expect(await statusOf(api.deleteSiteSectionById(s.org, site.id, apiSection.id))).toBe(204);
    expect((await api.listSiteSpaces(s.org, site.id)).data.count).toBe(1);
    expect((await api.getSiteById(s.org, site.id)).data.siteSpaces).toBe(1);

    expect(await statusOf(api.deleteSiteById(s.org, site.id))).toBe(205);
    expect(await statusOf(api.getSiteById(s.org, site.id))).toBe(404);
    expect(await statusOf(api.deleteSiteById(s.org, site.id))).toBe(204);

    async function urlsIds(): Promise<string[]> {
      return (await api.listSiteSpaces(s.org, site.id)).data.items.filter((x) => x.title === 'Guides').map((x) => x.id);
    }
  });

  it('rejects bad input with a 400 naming the field and changes nothing', async () => {
    const api = s.client().orgs;
    const [space] = await spaces('Bad input');
    expect((await errorOf(api.createSite(s.org, { title: 'x' }))).message).toMatch(/^title:/);
    expect((await errorOf(api.createSite(s.org, { visibility: 'secret' } as never))).message).toMatch(/^visibility:/);
    const site = (await api.createSite(s.org, { title: 'Checked' })).data;
    const before = await s.store.snapshot();
    expect((await errorOf(api.addSpaceToSite(s.org, site.id, { spaceId: 'nope' }))).message).toMatch(/^spaceId:/);
    expect((await errorOf(api.addSpaceToSite(s.org, site.id, { spaceId: space!, sectionId: 'nope' }))).message).toMatch(/^sectionId:/);
    expect((await errorOf(api.addSectionToSite(s.org, site.id, {} as never))).message).toMatch(/spaceId/);
    expect((await errorOf(api.updateSiteById(s.org, site.id, { basename: 'v1' }))).message).toMatch(/^basename:/);
    expect((await errorOf(api.updateSiteById(s.org, site.id, { basename: 'two words' }))).message).toMatch(/^basename:/);
    expect((await errorOf(api.updateSiteById(s.org, site.id, { proxy: 'not a proxy' }))).message).toMatch(/^proxy/);
    expect((await errorOf(api.updateSiteById(s.org, site.id, { defaultSiteSection: 'nope' }))).message).toMatch(/^defaultSiteSection:/);
    expect((await errorOf(api.addSectionGroupToSite(s.org, site.id, { title: 'G' }))).code).toBe(400);
    expect((await errorOf(api.createSiteShareLink(s.org, site.id, {} as never))).message).toMatch(/name/);
    expect(await s.store.snapshot()).toEqual(before);
    const other = (await api.createSite(s.org, { title: 'Other site' })).data;
    expect(await statusOf(api.updateSiteById(s.org, other.id, { basename: site.basename! }))).toBe(409);
    expect(await statusOf(api.getSiteById(s.otherOrg, site.id))).toBe(404);
    expect(await statusOf(api.listSites(s.org, { limit: 1001 }))).toBe(400);
  });

  it('lists sites with filters and opaque page tokens', async () => {
    const api = s.client().orgs;
    const [space] = await spaces('Listed');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await api.createSite(s.org, { title: `Listed ${i}`, ...(i < 2 ? { spaces: [space!] } : {}) })).data.id);
    await api.publishSite(s.org, ids[0]!);
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const { data } = await api.listSites(s.org, { title: 'listed', limit: 2, ...(page ? { page } : {}) });
      expect(data.count).toBe(5);
      seen.push(...data.items.map((x) => x.id));
      page = data.next?.page;
    } while (page);
    expect(seen).toEqual(ids);
    expect((await api.listSites(s.org, { space: space! })).data.items.map((x) => x.id)).toEqual(ids.slice(0, 2));
    expect((await api.listSites(s.org, { title: 'listed', published: true })).data.items.map((x) => x.id)).toEqual([ids[0]]);
    expect(await statusOf(api.listSites(s.org, { page: 'garbage!' }))).toBe(400);
  });

  it('lets readers read, creators edit and only admins delete a site; aggregates who can reach it', async () => {
    const owner = s.client().orgs;
    const [space] = await spaces('Permissions');
    const site = (await owner.createSite(s.org, { title: 'Guarded', spaces: [space!] })).data;
    const reader = s.client((await s.member('read')).token).orgs;
    const creator = s.client((await s.member('create')).token).orgs;
    const outsider = s.client((await s.member('none')).token).orgs;
    const guest = await s.member(null);

    expect((await reader.getSiteById(s.org, site.id)).data.id).toBe(site.id);
    expect((await reader.getSiteStructure(s.org, site.id)).data.type).toBe('siteSpaces');
    expect(await statusOf(reader.updateSiteById(s.org, site.id, { title: 'Nope' }))).toBe(403);
    expect(await statusOf(reader.createSite(s.org, { title: 'Nope' }))).toBe(403);
    expect(await statusOf(reader.publishSite(s.org, site.id))).toBe(403);
    expect(await statusOf(reader.listSiteShareLinks(s.org, site.id))).toBe(403);
    expect(await statusOf(outsider.getSiteById(s.org, site.id))).toBe(403);
    expect(await statusOf(outsider.listSites(s.org))).toBe(403);
    expect(await statusOf(s.client(guest.token).orgs.getSiteById(s.org, site.id))).toBe(403);

    expect((await creator.updateSiteById(s.org, site.id, { title: 'Guarded docs' })).data.title).toBe('Guarded docs');
    expect((await creator.publishSite(s.org, site.id)).status).toBe(200);
    expect(await statusOf(creator.deleteSiteById(s.org, site.id))).toBe(403);
    expect(await statusOf(s.request('GET', `/v1/orgs/${s.org}/sites/${site.id}`, { token: null }).then((r) => ({ status: r.status })))).toBe(401);

    await s.client().spaces.inviteToSpace(space!, { role: 'comment' as never, users: [guest.userId] });
    const aggregate = (await owner.listPermissionsAggregateInSite(s.org, site.id)).data.items;
    expect(aggregate.find((p) => p.user.id === s.ownerId)).toMatchObject({ permission: 'admin', origin: { type: 'organization', organization: s.org } });
    expect(aggregate.find((p) => p.user.id === guest.userId)).toMatchObject({ permission: 'comment', origin: { type: 'space', space } });

    expect(await statusOf(owner.deleteSiteById(s.org, site.id))).toBe(205);
  });
});
