import { MemberRole } from '@gitbook/api-0.202';
import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

async function newSite(title: string): Promise<string> {
  const api = s.newerClient().orgs;
  const space = (await api.createSpace(s.org, { title: `${title} space` })).data.id;
  return (await api.createSite(s.org, { title, spaces: [space] })).data.id;
}

describe('site permissions (0.202.0)', () => {
  it('a role granted to a user on a site applies to that site only', async () => {
    const owner = s.newerClient().orgs;
    const site = await newSite('Granted');
    const elsewhere = await newSite('Elsewhere');
    const reader = await s.member('read');
    const api = s.newerClient(reader.token).orgs;
    expect(await statusOf(api.updateSiteById(s.org, site, { title: 'By reader' }))).toBe(403);

    expect((await owner.inviteToSite(s.org, site, { role: MemberRole.Create, users: [reader.userId] })).status).toBe(204);
    const users = (await owner.listUserPermissionsInSite(s.org, site)).data.items;
    expect(users.map((p) => [p.user.id, p.permission])).toEqual([[reader.userId, 'create']]);
    // The member counts the site among theirs, wherever the member is shown.
    const sitesOf = async () => (await owner.getMemberInOrganizationById(s.org, reader.userId)).data.sites;
    expect(await sitesOf()).toBe(1);
    const listed = (await owner.listMembersInOrganizationById(s.org, { limit: 1000 })).data.items.find((m) => m.id === reader.userId);
    expect(listed?.sites).toBe(1);
    expect((await api.updateSiteById(s.org, site, { title: 'By reader' })).data.title).toBe('By reader');
    expect(await statusOf(api.updateSiteById(s.org, elsewhere, { title: 'Not here' }))).toBe(403);
    // Deleting still needs admin.
    expect(await statusOf(api.deleteSiteById(s.org, site))).toBe(403);

    expect((await owner.updateUserPermissionInSite(s.org, site, reader.userId, { role: MemberRole.Read })).status).toBe(204);
    expect(await statusOf(api.updateSiteById(s.org, site, { title: 'Again' }))).toBe(403);
    expect((await owner.updateUserPermissionInSite(s.org, site, reader.userId, { role: MemberRole.Admin })).status).toBe(204);
    expect((await api.publishSite(s.org, site)).status).toBe(200);
    expect((await api.getSiteById(s.org, site)).data.published).toBe(true);

    expect((await owner.removeUserFromSite(s.org, site, reader.userId)).status).toBe(205);
    expect((await owner.removeUserFromSite(s.org, site, reader.userId)).status).toBe(204);
    expect(await statusOf(api.unpublishSite(s.org, site))).toBe(403);
    expect((await owner.listUserPermissionsInSite(s.org, site)).data.items).toEqual([]);
    expect(await sitesOf()).toBe(0);
  });

  it('guests reach only the sites they were invited to, and appear among who can reach it', async () => {
    const owner = s.newerClient().orgs;
    const site = await newSite('For guests');
    await newSite('Hidden from guests');
    const guest = await s.member(null);
    const outsider = await s.member('none');
    const api = s.newerClient(guest.token).orgs;
    expect(await statusOf(api.getSiteById(s.org, site))).toBe(403);
    expect((await api.listSites(s.org)).data.items).toEqual([]);

    await owner.inviteToSite(s.org, site, { role: MemberRole.Read, users: [guest.userId, outsider.userId] });
    expect((await api.getSiteById(s.org, site)).data.id).toBe(site);
    expect((await api.listSites(s.org)).data.items.map((x) => x.id)).toEqual([site]);
    expect(await statusOf(api.updateSiteById(s.org, site, { title: 'Guest edit' }))).toBe(403);
    // The outsider joined the organization as a guest.
    expect((await owner.getMemberInOrganizationById(s.org, outsider.userId)).data.role).toBeNull();
    expect((await s.newerClient(outsider.token).orgs.getSiteById(s.org, site)).status).toBe(200);

    const aggregate = (await owner.listPermissionsAggregateInSite(s.org, site)).data.items;
    expect(aggregate.find((p) => p.user.id === guest.userId)).toMatchObject({ permission: 'read', origin: { type: 'organization', organization: s.org } });
  });

  it('a role granted to a team applies to its members', async () => {
    const owner = s.newerClient().orgs;
    const site = await newSite('Team site');
    const member = await s.member('read');
    const team = (await owner.createOrganizationTeam(s.org, { title: 'Site editors', members: [member.userId] })).data;
    const api = s.newerClient(member.token).orgs;

    expect((await owner.inviteToSite(s.org, site, { role: MemberRole.Create, teams: [team.id] })).status).toBe(204);
    const teams = (await owner.listTeamPermissionsInSite(s.org, site)).data.items;
    expect(teams.map((p) => [p.team.id, p.permission])).toEqual([[team.id, 'create']]);
    expect((await api.updateSiteById(s.org, site, { title: 'Team edit' })).status).toBe(200);

    expect((await owner.updateTeamPermissionInSite(s.org, site, team.id, { role: MemberRole.Read })).status).toBe(204);
    expect(await statusOf(api.updateSiteById(s.org, site, { title: 'No more' }))).toBe(403);
    expect((await owner.removeTeamFromSite(s.org, site, team.id)).status).toBe(205);
    expect((await owner.removeTeamFromSite(s.org, site, team.id)).status).toBe(204);
    expect((await owner.listTeamPermissionsInSite(s.org, site)).data.items).toEqual([]);
  });

  it('needs the admin role on the site to manage it, and refuses unknown ids and bad bodies', async () => {
    const owner = s.newerClient().orgs;
    const site = await newSite('Managed');
    const creator = await s.member('create');
    const api = s.newerClient(creator.token).orgs;
    expect(await statusOf(api.inviteToSite(s.org, site, { role: MemberRole.Read, users: [creator.userId] }))).toBe(403);
    expect(await statusOf(api.updateUserPermissionInSite(s.org, site, creator.userId, { role: MemberRole.Admin }))).toBe(403);
    expect(await statusOf(api.removeUserFromSite(s.org, site, creator.userId))).toBe(403);
    expect(await statusOf(api.removeTeamFromSite(s.org, site, 'no-team'))).toBe(403);
    // Members read the lists.
    expect((await api.listUserPermissionsInSite(s.org, site)).status).toBe(200);
    expect(await statusOf(s.newerClient((await s.member('admin', s.otherOrg)).token).orgs.listUserPermissionsInSite(s.org, site))).toBe(403);

    expect(await statusOf(owner.inviteToSite(s.org, 'unknownsite', { role: MemberRole.Read, users: [creator.userId] }))).toBe(404);
    expect(await statusOf(owner.listUserPermissionsInSite(s.org, 'unknownsite'))).toBe(404);
    expect(await statusOf(owner.listTeamPermissionsInSite(s.org, 'unknownsite'))).toBe(404);
    expect(await statusOf(owner.inviteToSite(s.org, site, { role: MemberRole.Read, users: ['nobody'] }))).toBe(404);
    expect(await statusOf(owner.inviteToSite(s.org, site, { role: MemberRole.Read, teams: ['noteam'] }))).toBe(404);
    expect(await statusOf(owner.updateUserPermissionInSite(s.org, site, creator.userId, { role: MemberRole.Read }))).toBe(404);
    expect(await statusOf(owner.updateTeamPermissionInSite(s.org, site, 'noteam', { role: MemberRole.Read }))).toBe(404);

    expect(await statusOf(owner.inviteToSite(s.org, site, { role: 'boss', users: [creator.userId] } as never))).toBe(400);
    expect(await statusOf(owner.inviteToSite(s.org, site, { role: MemberRole.Read } as never))).toBe(400);
    expect(await statusOf(owner.inviteToSite(s.org, site, { role: null, users: [creator.userId] }))).toBe(400);
    expect(await statusOf(owner.updateUserPermissionInSite(s.org, site, creator.userId, { role: 'boss' } as never))).toBe(400);
  });

  it('deleting a site takes its grants away', async () => {
    const owner = s.newerClient().orgs;
    const site = await newSite('Short-lived');
    const member = await s.member('read');
    await owner.inviteToSite(s.org, site, { role: MemberRole.Admin, users: [member.userId] });
    expect((await s.newerClient(member.token).orgs.deleteSiteById(s.org, site)).status).toBe(205);
    expect(await s.store.grants.on('site', site)).toEqual([]);
  });
});
