import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

describe('duplicateSiteSpace (0.202.0)', () => {
  it('copies the space into a new section after a section with one variant, or as a variant beside the original', async () => {
    const api = s.newerClient().orgs;
    const guides = (await api.createSpace(s.org, { title: 'Guides' })).data.id;
    const reference = (await api.createSpace(s.org, { title: 'Reference' })).data.id;
    const site = (await api.createSite(s.org, { title: 'Duplicates', spaces: [guides] })).data.id;
    await api.addSectionToSite(s.org, site, { spaceId: reference, title: 'Reference' });
    const [first, second] = (await api.listSiteSections(s.org, site)).data.items;
    const original = first!.siteSpaces[0]!;

    const copied = await api.duplicateSiteSpace(s.org, site, original.id, {});
    expect(copied.status).toBe(201);
    expect(copied.data.space.id).not.toBe(guides);
    expect(copied.data.space.title).toMatch(/Guides/);
    expect(copied.headers.get('location')).toMatch(new RegExp(`/site-spaces/${copied.data.id}$`));
    const sections = (await api.listSiteSections(s.org, site)).data.items;
    expect(sections.map((x) => x.id)).toEqual([first!.id, copied.data.section, second!.id]);
    expect(sections[1]!.title).toBe(`${first!.title} (copy)`);

    // A section with two variants gets the copy as a third, right after the one copied.
    await api.addSpaceToSite(s.org, site, { spaceId: reference, sectionId: second!.id } as never);
    const variants = (await api.listSiteSections(s.org, site)).data.items.find((x) => x.id === second!.id)!.siteSpaces;
    expect(variants).toHaveLength(2);
    const variant = (await api.duplicateSiteSpace(s.org, site, variants[0]!.id, {})).data;
    expect(variant.section).toBe(second!.id);
    const after = (await api.listSiteSections(s.org, site)).data.items.find((x) => x.id === second!.id)!.siteSpaces.map((x) => x.id);
    expect(after).toEqual([variants[0]!.id, variant.id, variants[1]!.id]);
    expect((await api.listSiteSections(s.org, site)).data.items).toHaveLength(3);
  });

  it('refuses unknown ids, drafts and callers below create', async () => {
    const api = s.newerClient().orgs;
    const space = (await api.createSpace(s.org, { title: 'Only' })).data.id;
    const site = (await api.createSite(s.org, { title: 'Flat duplicates', spaces: [space] })).data.id;
    const siteSpace = (await api.listSiteSpaces(s.org, site)).data.items[0]!.id;
    const copy = (await api.duplicateSiteSpace(s.org, site, siteSpace, {})).data;
    expect(copy.section).toBeUndefined();
    expect((await api.listSiteSpaces(s.org, site)).data.items.map((x) => x.id)).toEqual([siteSpace, copy.id]);

    expect(await statusOf(api.duplicateSiteSpace(s.org, site, 'unknownsitespace', {}))).toBe(404);
    expect(await statusOf(api.duplicateSiteSpace(s.org, 'unknownsite', siteSpace, {}))).toBe(404);
    expect(await statusOf(api.duplicateSiteSpace(s.org, site, siteSpace, { draft: true }))).toBe(400);
    expect(await statusOf(api.duplicateSiteSpace(s.org, site, siteSpace, { draft: 'yes' } as never))).toBe(400);
    const reader = s.newerClient((await s.member('read')).token).orgs;
    expect(await statusOf(reader.duplicateSiteSpace(s.org, site, siteSpace, {}))).toBe(403);
  });
});
