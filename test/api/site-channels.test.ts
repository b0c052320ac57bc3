import { SiteChannelRole } from '@gitbook/api-0.202';
import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

async function newSite(title: string): Promise<string> {
  return (await s.newerClient().orgs.createSite(s.org, { title })).data.id;
}

describe('site channels (0.202.0)', () => {
  it('stores, lists, reads, updates and deletes a channel', async () => {
    const api = s.newerClient().orgs;
    const site = await newSite('Channels');
    const made = await api.createSiteChannel(s.org, site, {
      type: 'builtin:slack',
      setupSettings: { allowedChannels: ['docs-*'] },
      role: SiteChannelRole.Collaborator,
    });
    expect(made.status).toBe(201);
    const channel = made.data;
    expect(channel).toMatchObject({
      object: 'site-channel',
      type: 'builtin:slack',
      setupSettings: { allowedChannels: ['docs-*'] },
      role: 'collaborator',
      status: 'pending',
      answers: 0,
    });
    expect(made.headers.get('location')).toBe(channel.urls.location);
    const github = (await api.createSiteChannel(s.org, site, { type: 'builtin:github', setupSettings: { allowedRepositories: ['acme/*'] } })).data;
    expect(github.role).toBe('support');

    expect((await api.listSiteChannels(s.org, site)).data.items.map((c) => c.id)).toEqual([channel.id, github.id]);
    expect((await api.getSiteChannelById(s.org, site, channel.id)).data.id).toBe(channel.id);

    expect((await api.updateSiteChannelById(s.org, site, channel.id, { role: SiteChannelRole.Support })).data).toMatchObject({
      role: 'support',
      type: 'builtin:slack',
    });
    const moved = (await api.updateSiteChannelById(s.org, site, channel.id, { type: 'builtin:discord', setupSettings: { allowedChannels: ['help'] } })).data;
    expect(moved).toMatchObject({ type: 'builtin:discord', setupSettings: { allowedChannels: ['help'] }, role: 'support' });

    expect((await api.deleteSiteChannelById(s.org, site, channel.id)).status).toBe(205);
    expect((await api.deleteSiteChannelById(s.org, site, channel.id)).status).toBe(204);
    expect(await statusOf(api.getSiteChannelById(s.org, site, channel.id))).toBe(404);
    expect((await api.listSiteChannels(s.org, site)).data.items.map((c) => c.id)).toEqual([github.id]);
  });

  it('refuses bad bodies, unknown ids and callers below the role', async () => {
    const api = s.newerClient().orgs;
    const site = await newSite('Channel refusals');
    const channel = (await api.createSiteChannel(s.org, site, { type: 'builtin:linear', setupSettings: { allowedTeams: ['DOC'] } })).data;
    expect(await statusOf(api.createSiteChannel(s.org, site, { type: 'builtin:teams', setupSettings: {} } as never))).toBe(400);
    expect(await statusOf(api.createSiteChannel(s.org, site, { type: 'builtin:github', setupSettings: { allowedRepositories: ['no slash'] } }))).toBe(400);
    expect(await statusOf(api.createSiteChannel(s.org, site, { type: 'builtin:slack', setupSettings: {}, role: 'boss' } as never))).toBe(400);
    expect(await statusOf(api.updateSiteChannelById(s.org, site, channel.id, { role: 'boss' } as never))).toBe(400);

    expect(await statusOf(api.listSiteChannels(s.org, 'unknownsite'))).toBe(404);
    expect(await statusOf(api.getSiteChannelById(s.org, site, 'unknownchannel'))).toBe(404);
    expect(await statusOf(api.updateSiteChannelById(s.org, site, 'unknownchannel', { role: SiteChannelRole.Support }))).toBe(404);

    const reader = s.newerClient((await s.member('read')).token).orgs;
    expect((await reader.listSiteChannels(s.org, site)).data.items).toHaveLength(1);
    expect(await statusOf(reader.createSiteChannel(s.org, site, { type: 'builtin:slack', setupSettings: {} }))).toBe(403);
    expect(await statusOf(reader.updateSiteChannelById(s.org, site, channel.id, { role: SiteChannelRole.Collaborator }))).toBe(403);
    expect(await statusOf(reader.deleteSiteChannelById(s.org, site, channel.id))).toBe(403);
    const outsider = s.newerClient((await s.member('admin', s.otherOrg)).token).orgs;
    expect(await statusOf(outsider.getSiteChannelById(s.org, site, channel.id))).toBe(403);
  });
});
