import { type LocalizedString128, type LocalizedString256, MemberRole, SiteMcpServerTransport } from '@gitbook/api-0.202';
import { describe, expect, it } from 'vitest';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

// The fields @gitbook/api 0.202.0 lets clients set on a site and its structure: kept and honoured, or refused with
// a reason, never dropped in silence.
const s = useServer();
const api = () => s.newerClient().orgs;

async function newSite(title: string, spaces = 2) {
  const ids: string[] = [];
  for (let i = 0; i < spaces; i++) ids.push((await api().createSpace(s.org, { title: `${title} ${i + 1}` })).data.id);
  const site = (await api().createSite(s.org, { title, spaces: [ids[0]!] })).data;
  return { site: site.id, spaces: ids };
}

async function sectionOf(site: string, id: string) {
  const section = (await api().listSiteSections(s.org, site)).data.items.find((item) => item.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return section;
}

describe("a site's default level", () => {
  it('sets the role members have on the site; a grant adds to it; only admins change it', async () => {
    const { site } = await newSite('Levels');
    const creator = await s.member('create');
    const theirs = s.newerClient(creator.token).orgs;
    expect((await api().getSiteById(s.org, site)).data.defaultLevel).toBe('inherit');
    expect((await theirs.updateSiteById(s.org, site, { title: 'By a creator' })).status).toBe(200);
    expect(await errorOf(theirs.updateSiteById(s.org, site, { defaultLevel: MemberRole.Read }))).toMatchObject({
      code: 403,
      message: expect.stringMatching(/admins/),
    });

    expect((await api().updateSiteById(s.org, site, { defaultLevel: MemberRole.Read })).data.defaultLevel).toBe('read');
    expect((await theirs.getSiteById(s.org, site)).data.permissions.edit).toBe(false);
    expect(await statusOf(theirs.updateSiteById(s.org, site, { title: 'Not any more' }))).toBe(403);

    // null: members reach the site only through a grant.
    expect((await api().updateSiteById(s.org, site, { defaultLevel: null })).data.defaultLevel).toBeNull();
    expect(await statusOf(theirs.getSiteById(s.org, site))).toBe(403);
    expect((await theirs.listSites(s.org)).data.items.map((item) => item.id)).not.toContain(site);
    await api().inviteToSite(s.org, site, { role: MemberRole.Edit, users: [creator.userId] });
    expect((await theirs.getSiteById(s.org, site)).data.permissions.edit).toBe(true);

    expect((await api().updateSiteById(s.org, site, { defaultLevel: 'inherit' })).data.defaultLevel).toBe('inherit');
    expect(await errorOf(api().updateSiteById(s.org, site, { defaultLevel: 'owner' as never }))).toMatchObject({ code: 400 });
  });
});

describe('sections and section groups', () => {
  it('keep localized titles and descriptions, and move into and out of groups', async () => {
    const { site, spaces } = await newSite('Localized', 3);
    const first = (await api().addSectionToSite(s.org, site, { spaceId: spaces[1]!, title: 'Guides' })).data;
    const group = (await api().addSectionGroupToSite(s.org, site, { title: 'Group' })).data;
    const outer = (await api().addSectionGroupToSite(s.org, site, { title: 'Outer' })).data;

    const localized = await api().updateSiteSectionById(s.org, site, first.id, {
      localizedTitle: { fr: 'Guides FR' } as LocalizedString128,
      localizedDescription: { fr: 'Pour commencer' } as LocalizedString256,
    });
    expect(localized.data).toMatchObject({ localizedTitle: { fr: 'Guides FR' }, localizedDescription: { fr: 'Pour commencer' } });
    expect((await sectionOf(site, first.id)).localizedTitle).toEqual({ fr: 'Guides FR' });

    const moved = await api().updateSiteSectionById(s.org, site, first.id, { siteSectionGroupId: group.id });
    expect(moved.data.sectionGroup).toBe(group.id);
    const groups = (await api().listSiteSectionGroups(s.org, site)).data.items;
    expect(groups.find((item) => item.id === group.id)?.sections.map((section) => section.id)).toEqual([first.id]);
    const back = await api().updateSiteSectionById(s.org, site, first.id, { siteSectionGroupId: null });
    expect(back.data.sectionGroup).toBeUndefined();

    const added = (await api().addSectionToSite(s.org, site, { spaceId: spaces[2]!, title: 'Reference', siteSectionGroupId: group.id })).data;
    expect(added.sectionGroup).toBe(group.id);

    const nested = await api().updateSiteSectionGroupById(s.org, site, group.id, {
      parentSectionGroupId: outer.id,
      localizedTitle: { de: 'Gruppe' } as LocalizedString128,
    });
    expect(nested.data).toMatchObject({ sectionGroup: outer.id, localizedTitle: { de: 'Gruppe' } as LocalizedString128 });
    expect(await errorOf(api().updateSiteSectionGroupById(s.org, site, outer.id, { parentSectionGroupId: group.id }))).toMatchObject({
      code: 400,
      message: expect.stringMatching(/into itself/),
    });
    expect(await errorOf(api().updateSiteSectionById(s.org, site, first.id, { siteSectionGroupId: 'no-such-group' }))).toMatchObject({
      code: 400,
      message: expect.stringMatching(/no section group no-such-group/),
    });
    expect((await api().updateSiteSectionGroupById(s.org, site, group.id, { parentSectionGroupId: null })).data.sectionGroup).toBeUndefined();
  });

  it('refuse drafts and custom home pages with the reason, and change nothing', async () => {
    const { site, spaces } = await newSite('Live', 3);
    const section = (await api().addSectionToSite(s.org, site, { spaceId: spaces[1]!, title: 'Live section' })).data;
    const group = (await api().addSectionGroupToSite(s.org, site, { title: 'Live group' })).data;
    const siteSpace = section.siteSpaces[0]!;
    const refusals = [
      () => api().addSectionToSite(s.org, site, { spaceId: spaces[2]!, title: 'Draft', draft: true }),
      () => api().updateSiteSectionById(s.org, site, section.id, { title: 'Draft title', draft: true }),
      () => api().addSectionGroupToSite(s.org, site, { title: 'Draft group', draft: true }),
      () => api().updateSiteSectionGroupById(s.org, site, group.id, { draft: true }),
      () => api().addSpaceToSite(s.org, site, { spaceId: spaces[2]!, sectionId: section.id, draft: true } as never),
      () => api().updateSiteSpaceById(s.org, site, siteSpace.id, { draft: true }),
      () => api().duplicateSiteSpace(s.org, site, siteSpace.id, { draft: true }),
    ];
    for (const refusal of refusals)
      expect(await errorOf(refusal())).toMatchObject({ code: 400, message: expect.stringMatching(/^draft: Quire keeps no draft/) });
    expect(await errorOf(api().updateSiteSpaceById(s.org, site, siteSpace.id, { pageId: 'some-page', path: 'elsewhere' }))).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^pageId: .*first page/),
    });
    expect(await errorOf(api().updateSiteById(s.org, site, { styleguide: 'some-space' }))).toMatchObject({
      code: 400,
      message: expect.stringMatching(/^styleguide:/),
    });

    // Nothing changed; false and null are what the server keeps anyway.
    const sections = (await api().listSiteSections(s.org, site)).data.items;
    expect(sections.map((item) => item.title)).toEqual([expect.any(String), 'Live section']);
    expect((await sectionOf(site, section.id)).siteSpaces[0]!.path).toBe(siteSpace.path);
    expect((await api().updateSiteSpaceById(s.org, site, siteSpace.id, { draft: false, pageId: null, path: 'kept' })).data.path).toBe('kept');
    expect((await api().updateSiteSectionById(s.org, site, section.id, { draft: false })).data.draft).toBe(false);
  });
});

describe('MCP servers', () => {
  it('keep the transport they speak', async () => {
    const { site } = await newSite('Agents', 1);
    const created = (
      await api().createSiteMcpServer(s.org, site, { name: 'Tools', url: 'https://mcp.example.com/mcp', transport: SiteMcpServerTransport.Http, headers: {} })
    ).data;
    expect(created.transport).toBe('http');
    expect((await api().getSiteMcpServerById(s.org, site, created.id)).data.transport).toBe('http');
    expect((await api().updateSiteMcpServerById(s.org, site, created.id, { transport: SiteMcpServerTransport.Sse })).data.transport).toBe('sse');
    const defaulted = (await api().createSiteMcpServer(s.org, site, { name: 'Default', url: 'https://mcp.example.com/sse', headers: {} })).data;
    expect(defaulted.transport).toBe('sse');
    expect(await statusOf(api().updateSiteMcpServerById(s.org, site, created.id, { transport: 'websocket' as never }))).toBe(400);
    // A body the older contract accepts is not filled with the newer one's defaults: renaming keeps the transport.
    expect((await api().updateSiteMcpServerById(s.org, site, created.id, { transport: SiteMcpServerTransport.Http })).data.transport).toBe('http');
    expect((await api().updateSiteMcpServerById(s.org, site, created.id, { name: 'Renamed' })).data).toMatchObject({ name: 'Renamed', transport: 'http' });
  });
});
