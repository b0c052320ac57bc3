// `Prefer: return=minimal`, where the 0.202.0 spec documents it (the operations taking the `prefer` header, with a
// 204 "without returning its representation"): a 204 with `Preference-Applied: return=minimal`, the change made.
import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();
// The client parses every answer as JSON: a 204 is read as text (empty).
const minimal = { headers: { prefer: 'return=minimal' }, format: 'text' as const };

describe('Prefer: return=minimal', () => {
  it('answers 204 on the site operations that document it, and the changes are made', async () => {
    const api = s.newerClient().orgs;
    const spaceIds: string[] = [];
    for (const title of ['Guides', 'API', 'API v1']) spaceIds.push((await s.client().orgs.createSpace(s.org, { title })).data.id);
    const site = (await api.createSite(s.org, { title: 'Minimal', spaces: [spaceIds[0]!] })).data;
    const section = (await api.addSectionToSite(s.org, site.id, { spaceId: spaceIds[1]!, title: 'API' })).data;

    const added = await api.addSpaceToSite(s.org, site.id, { spaceId: spaceIds[2]!, sectionId: section.id }, minimal);
    expect(added.status).toBe(204);
    expect(added.headers.get('preference-applied')).toBe('return=minimal');
    expect(added.headers.get('location')).toMatch(new RegExp(`/sites/${site.id}/site-spaces/`));
    expect(added.data).toBe('');
    const siteSpace = (await api.listSiteSpaces(s.org, site.id)).data.items.find((x) => x.space.id === spaceIds[2])!;

    const space = await api.updateSiteSpaceById(s.org, site.id, siteSpace.id, { path: 'one' }, minimal);
    expect([space.status, space.headers.get('preference-applied')]).toEqual([204, 'return=minimal']);
    expect((await api.listSiteSpaces(s.org, site.id)).data.items.find((x) => x.id === siteSpace.id)!.path).toBe('one');

    const updated = await api.updateSiteSectionById(s.org, site.id, section.id, { title: 'Reference' }, minimal);
    expect(updated.status).toBe(204);
    expect((await api.listSiteSections(s.org, site.id)).data.items.find((x) => x.id === section.id)!.title).toBe('Reference');

    const group = (await api.addSectionGroupToSite(s.org, site.id, { title: 'Group', sections: [section.id] })).data;
    const renamed = await api.updateSiteSectionGroupById(s.org, site.id, group.id, { title: 'Renamed' }, minimal);
    expect(renamed.status).toBe(204);
    expect((await api.getSiteStructure(s.org, site.id)).data.structure.find((x) => x.id === group.id)!.title).toBe('Renamed');

    const structure = (await api.getSiteStructure(s.org, site.id)).data.structure;
    const sorted = await api.sortSiteStructure(
      s.org,
      site.id,
      { item: { type: 'site-section-group', id: group.id }, position: { before: { type: 'site-section', id: structure[0]!.id } } },
      minimal,
    );
    expect(sorted.status).toBe(204);
    expect((await api.getSiteStructure(s.org, site.id)).data.structure[0]!.id).toBe(group.id);
  });

  it('answers 204 on updateChangeRequestById; return=representation and no header keep the body', async () => {
    const api = s.newerClient().spaces;
    const spaceId = (await s.client().orgs.createSpace(s.org, { title: 'CR' })).data.id;
    const cr = (await api.createChangeRequest(spaceId, { subject: 'First' })).data;
    const edited = await api.updateChangeRequestById(spaceId, cr.id, { subject: 'Second' }, minimal);
    expect([edited.status, edited.headers.get('preference-applied')]).toEqual([204, 'return=minimal']);
    expect((await api.getChangeRequestById(spaceId, cr.id)).data.subject).toBe('Second');
    // Among other preferences, in any case.
    const mixed = await api.updateChangeRequestById(spaceId, cr.id, { subject: 'Third' }, { ...minimal, headers: { prefer: 'respond-async, Return=Minimal' } });
    expect(mixed.status).toBe(204);
    for (const headers of [{ prefer: 'return=representation' }, {}] as Record<string, string>[]) {
      const full = await api.updateChangeRequestById(spaceId, cr.id, { subject: 'Fourth' }, { headers });
      expect(full.status).toBe(200);
      expect(full.headers.get('preference-applied')).toBeNull();
      expect(full.data.subject).toBe('Fourth');
    }
  });

  it('leaves errors and the operations that do not document it as they were', async () => {
    const api = s.newerClient();
    const spaceId = (await s.client().orgs.createSpace(s.org, { title: 'Other' })).data.id;
    expect(await statusOf(api.spaces.updateChangeRequestById(spaceId, 'nope', { subject: 'x' }, minimal))).toBe(404);
    const space = await api.spaces.updateSpaceById(spaceId, { title: 'Renamed' }, { headers: minimal.headers });
    expect(space.status).toBe(200);
    expect(space.data.title).toBe('Renamed');
  });
});
