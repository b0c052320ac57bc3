import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

describe('applyTemplateToSite (0.202.0)', () => {
  it('fills an empty site with a space made from the product documentation template', async () => {
    const api = s.newerClient().orgs;
    const site = (await api.createSite(s.org, { title: 'Starter' })).data.id;
    const applied = await api.applyTemplateToSite(s.org, site);
    expect(applied.status).toBe(200);
    const siteSpaces = (await api.listSiteSpaces(s.org, site)).data.items;
    expect(siteSpaces).toHaveLength(1);
    expect(siteSpaces[0]!.space.title).toBe('Starter');
    const pages = (await s.newerClient().spaces.listPages(siteSpaces[0]!.space.id)).data.pages;
    expect(pages.length).toBeGreaterThan(2);
    // Not twice: the site has content now.
    expect(await statusOf(api.applyTemplateToSite(s.org, site))).toBe(409);
  });

  it('refuses unknown sites and callers below create', async () => {
    const api = s.newerClient().orgs;
    const site = (await api.createSite(s.org, { title: 'Untouched' })).data.id;
    expect(await statusOf(api.applyTemplateToSite(s.org, 'unknownsite'))).toBe(404);
    const reader = s.newerClient((await s.member('read')).token).orgs;
    expect(await statusOf(reader.applyTemplateToSite(s.org, site))).toBe(403);
    expect((await api.listSiteSpaces(s.org, site)).data.items).toEqual([]);
  });
});
