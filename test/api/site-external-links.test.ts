// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { seedNormalizationSpace, type SeededSpace } from '../helpers/content.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer({ sites: true });

let guides: SeededSpace;
let reference: SeededSpace;

beforeAll(async () => {
  guides = await seedNormalizationSpace(s, 'Guides');
  reference = await seedNormalizationSpace(s, 'Reference');
}, 120_000);

/** A site with two sections (Guides, Reference). */
async function sectionSite(title: string) {
  const api = s.newerClient().orgs;
  const site = (await api.createSite(s.org, { title, spaces: [guides.spaceId] })).data;
  const section = (await api.addSectionToSite(s.org, site.id, { spaceId: reference.spaceId, title: 'Reference' })).data;
  return { id: site.id, basename: site.basename!, section: section.id };
}

describe('site external links (0.202.0)', () => {
  it('adds, moves, sorts, updates and deletes a link, shown in the structure and in group children', async () => {
    const api = s.newerClient().orgs;
    const site = await sectionSite('Linked');
    const added = await api.addExternalLinkToSite(s.org, site.id, { title: 'Status', url: 'https://status.example.com/', description: 'Uptime' });
    expect(added.status).toBe(201);
    const link = added.data;
    expect(link).toMatchObject({ object: 'site-external-link', title: 'Status', url: 'https://status.example.com/', draft: false, description: 'Uptime' });
    expect(added.headers.get('location')).toMatch(new RegExp(`/sites/${site.id}/external-links/${link.id}$`));

    const structure = (await api.getSiteStructure(s.org, site.id)).data;
    expect(structure.type).toBe('sections');
    expect(structure.structure.map((item) => item.object)).toEqual(['site-section', 'site-section', 'site-external-link']);

    // Sorted to the front, among sections.
    const sections = (await api.listSiteSections(s.org, site.id)).data.items;
    await api.sortSiteStructure(s.org, site.id, {
      item: { type: 'site-external-link', id: link.id },
      position: { before: { type: 'site-section', id: sections[0]!.id } },
    });
    expect((await api.getSiteStructure(s.org, site.id)).data.structure[0]!.id).toBe(link.id);

    // Into a group, and back to the root.
    const group = (await api.addSectionGroupToSite(s.org, site.id, { title: 'More', sections: [site.section] })).data;
    const moved = (await api.updateSiteExternalLinkById(s.org, site.id, link.id, { parent: group.id, title: 'Service status', draft: true })).data;
    expect(moved).toMatchObject({ sectionGroup: group.id, title: 'Service status', draft: true });
    const groups = (await api.listSiteSectionGroups(s.org, site.id)).data.items;
    expect(groups[0]!.children.map((c) => c.id)).toEqual([site.section, link.id]);
    const back = (await api.updateSiteExternalLinkById(s.org, site.id, link.id, { parent: null, description: null })).data;
    expect(back.sectionGroup).toBeUndefined();
    expect(back.description).toBeUndefined();

    // Deleting the group keeps a link it held.
    await api.updateSiteExternalLinkById(s.org, site.id, link.id, { parent: group.id });
    await api.deleteSiteSectionGroupById(s.org, site.id, group.id);
    expect((await api.getSiteStructure(s.org, site.id)).data.structure.some((item) => item.id === link.id)).toBe(true);

    expect((await api.deleteSiteExternalLinkById(s.org, site.id, link.id)).status).toBe(205);
    expect((await api.deleteSiteExternalLinkById(s.org, site.id, link.id)).status).toBe(204);
    expect((await api.getSiteStructure(s.org, site.id)).data.structure.some((item) => item.id === link.id)).toBe(false);
  });

  it('renders published links among the section tabs, leaving drafts out', async () => {
    const api = s.newerClient().orgs;
    const site = await sectionSite('Linked and published');
    await api.addExternalLinkToSite(s.org, site.id, { title: 'Community forum', url: 'https://forum.example.com/' });
    await api.addExternalLinkToSite(s.org, site.id, { title: 'Secret draft', url: 'https://draft.example.com/', draft: true });
    await api.publishSite(s.org, site.id);
    const published = (await api.getPublishedContentSite(s.org, site.id)).data.structure;
    expect(JSON.stringify(published)).toContain('Community forum');
    expect(JSON.stringify(published)).not.toContain('Secret draft');
    expect((await api.getSiteStructure(s.org, site.id)).data.structure.filter((item) => item.object === 'site-external-link')).toHaveLength(2);
    const html = await (await fetch(`${s.url}/${site.basename}/`)).text();
    const tabs = html.match(/<nav class="section-tabs"[\s\S]*?<\/nav>/)?.[0] ?? '';
    expect(tabs).toContain('href="https://forum.example.com/"');
    expect(tabs.indexOf('>Reference<')).toBeLessThan(tabs.indexOf('>Community forum<'));
    expect(html).not.toContain('Secret draft');
  });

  it('refuses bad bodies, sites without sections, unknown ids and low roles', async () => {
    const api = s.newerClient().orgs;
    const site = await sectionSite('Refusals');
    const link = (await api.addExternalLinkToSite(s.org, site.id, { title: 'Home', url: 'https://example.com/' })).data;
    const flat = (await api.createSite(s.org, { title: 'Flat', spaces: [guides.spaceId] })).data;

    expect(await statusOf(api.addExternalLinkToSite(s.org, flat.id, { title: 'Home', url: 'https://example.com/' }))).toBe(400);
    expect(await statusOf(api.addExternalLinkToSite(s.org, site.id, { title: 'Ftp', url: 'ftp://example.com/' }))).toBe(400);
    expect(await statusOf(api.addExternalLinkToSite(s.org, site.id, { title: 'Relative', url: '/docs' }))).toBe(400);
    expect(await statusOf(api.addExternalLinkToSite(s.org, site.id, { title: 'In a section', url: 'https://example.com/', parent: site.section }))).toBe(400);
    expect(await statusOf(api.addExternalLinkToSite(s.org, site.id, { url: 'https://example.com/' } as never))).toBe(400);
    expect(await statusOf(api.updateSiteExternalLinkById(s.org, site.id, link.id, { url: 'javascript:alert(1)' }))).toBe(400);
    expect(await statusOf(api.updateSiteExternalLinkById(s.org, site.id, link.id, { condition: 'visitor.claims.(' }))).toBe(400);

    expect(await statusOf(api.addExternalLinkToSite(s.org, 'unknownsite', { title: 'Home', url: 'https://example.com/' }))).toBe(404);
    expect(await statusOf(api.updateSiteExternalLinkById(s.org, site.id, 'unknownlink', { title: 'Gone' }))).toBe(404);

    const reader = s.newerClient((await s.member('read')).token).orgs;
    expect(await statusOf(reader.addExternalLinkToSite(s.org, site.id, { title: 'Home', url: 'https://example.com/' }))).toBe(403);
    expect(await statusOf(reader.updateSiteExternalLinkById(s.org, site.id, link.id, { title: 'Mine' }))).toBe(403);
    expect(await statusOf(reader.deleteSiteExternalLinkById(s.org, site.id, link.id))).toBe(403);
    expect(await statusOf(reader.deleteSiteExternalLinkById(s.org, site.id, 'unknownlink'))).toBe(403);
  });
});
