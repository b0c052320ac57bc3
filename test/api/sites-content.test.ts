// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { CustomizationThemeMode } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { effectiveCustomization } from '../../src/domain/sites/sites.js';
import { seedNormalizationSpace } from '../helpers/content.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

describe('sites over real content', () => {
  it('redirects to a page of a site space, and gives the builder the tree with URLs and customizations', async () => {
    const api = s.client().orgs;
    const seeded = await seedNormalizationSpace(s, 'Corpus');
    const [extra] = [(await api.createSpace(s.org, { title: 'Changelog' })).data.id];
    const site = (await api.createSite(s.org, { title: 'Corpus site', spaces: [seeded.spaceId, extra] })).data;
    await api.publishSite(s.org, site.id);
    const items = (await api.listSiteSpaces(s.org, site.id)).data.items;
    const [main, changelog] = [items.find((x) => x.space.id === seeded.spaceId)!, items.find((x) => x.space.id === extra)!];
    expect(main.default).toBe(true);
    expect(changelog.urls.published).toBe(`${s.url}/corpus-site/changelog`);

    const page = seeded.pages.find((p) => p.path.includes('/')) ?? seeded.pages.find((p) => p.path !== '')!;
    const created = await api.createSiteRedirect(s.org, site.id, {
      source: '/old/page',
      destination: { kind: 'site-page', siteSpaceId: main.id, pageId: page.id },
    });
    expect(created.status).toBe(201);
    expect((await api.getSiteRedirectBySource(s.org, site.id, { source: '/old/page' })).data.target).toBe(`${s.url}/corpus-site/${page.path}`);
    expect(
      await statusOf(api.createSiteRedirect(s.org, site.id, { source: '/gone', destination: { kind: 'site-page', siteSpaceId: main.id, pageId: 'nope' } })),
    ).toBe(400);

    await api.overrideSiteSpaceCustomizationById(s.org, site.id, changelog.id, { themes: { default: CustomizationThemeMode.Dark } });
    const caller = (await s.domain.users.authenticate(s.ownerToken))!;
    const tree = await s.domain.sites.structure(caller, site.id);
    expect(tree.type).toBe('siteSpaces');
    expect(tree.siteSpaces.map((n) => [n.spaceId, n.urlPath, n.default])).toEqual([
      [seeded.spaceId, '', true],
      [extra, 'changelog', false],
    ]);
    expect(tree.siteSpaces[1]!.customization.themes).toEqual({ default: 'dark', toggeable: true });
    expect(tree.siteSpaces[0]!.customization.themes).toEqual({ default: 'light', toggeable: true });
    expect(effectiveCustomization(tree.site, tree.siteSpaces[1]!.record)).toEqual(tree.siteSpaces[1]!.customization);
    expect((await s.domain.sites.redirects.all(tree.site)).map((r) => r.path)).toEqual([page.path]);

    // A space deleted from under a site leaves the site's tree; the other site space becomes the default.
    await s.client().spaces.deleteSpaceById(seeded.spaceId);
    const after = (await api.listSiteSpaces(s.org, site.id)).data.items;
    expect(after.map((x) => [x.id, x.default, x.urls.published])).toEqual([[changelog.id, true, `${s.url}/corpus-site/`]]);
    expect(await statusOf(api.getSiteRedirectBySource(s.org, site.id, { source: '/old/page' }))).toBe(404);
  });
});
