// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import { MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { seedNormalizationSpace } from '../helpers/content.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

describe('joining an organization', () => {
  it('invites users by email: new users are created, members are left alone, bad input changes nothing', async () => {
    const api = s.client();
    const { data } = await api.orgs.inviteUsersToOrganization(s.org, {
      emails: ['New.Writer@Example.com', { email: 'reviewer@example.com', role: MemberRole.Review }, 'user-known@test.local'],
      role: MemberRole.Edit,
    });
    expect(data.invited).toBe(3);
    const members = (await api.orgs.listMembersInOrganizationById(s.org, { limit: 100 })).data.items;
    const byEmail = (email: string) => members.find((m) => m.user.email === email);
    expect(byEmail('new.writer@example.com')?.role).toBe('edit');
    expect(byEmail('reviewer@example.com')?.role).toBe('review');
    expect(data.users).toEqual(expect.arrayContaining([byEmail('new.writer@example.com')!.id, byEmail('reviewer@example.com')!.id]));

    const again = (await api.orgs.inviteUsersToOrganization(s.org, { emails: ['new.writer@example.com'], role: MemberRole.Admin })).data;
    expect(again).toEqual({ users: [], invited: 0 });
    expect((await api.orgs.getMemberInOrganizationById(s.org, byEmail('new.writer@example.com')!.id)).data.role).toBe('edit');

    const sso = (await api.orgs.inviteUsersToOrganization(s.org, { emails: ['sso@example.com'], sso: true })).data;
    expect((await api.orgs.getMemberInOrganizationById(s.org, sso.users[0]!)).data).toMatchObject({ sso: true, role: 'read' });

    const before = await s.store.snapshot();
    const bad = await s.request('POST', `/v1/orgs/${s.org}/invites`, { body: { emails: ['ok@example.com', 'not-an-email'] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^emails\[1\]: "not-an-email"/);
    expect(await s.store.snapshot()).toEqual(before);
    const editor = await s.member('edit');
    expect(await statusOf(s.client(editor.token).orgs.inviteUsersToOrganization(s.org, { emails: ['x@example.com'] }))).toBe(403);
  });

  it('creates, reads, updates and deletes invite links, and joins through them', async () => {
    const api = s.client();
    const { data: orgInvite } = await api.orgs.createOrganizationInvite(s.org, { role: MemberRole.Comment });
    expect(orgInvite).toMatchObject({ object: 'invite', role: 'comment', redundant: true });

    const stranger = await s.member('none');
    const strangerApi = s.client(stranger.token);
    expect(await statusOf(strangerApi.orgs.getOrganizationById(s.org))).toBe(403);
    expect((await strangerApi.orgs.joinOrganizationWithInvite(s.org, orgInvite.id)).status).toBe(200);
    expect((await api.orgs.getMemberInOrganizationById(s.org, stranger.userId)).data.role).toBe('comment');

    const { data: updated } = await api.orgs.updateOrganizationInviteById(s.org, orgInvite.id, { role: MemberRole.Edit });
    expect(updated).toMatchObject({ role: 'edit' });
    await strangerApi.orgs.joinOrganizationWithInvite(s.org, orgInvite.id);
    expect((await api.orgs.getMemberInOrganizationById(s.org, stranger.userId)).data.role).toBe('edit');
    expect(await statusOf(api.orgs.updateOrganizationInviteById(s.org, orgInvite.id, { level: MemberRole.Edit }))).toBe(400);

    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Invited space' });
    const { data: spaceInvite } = await api.orgs.createOrganizationInvite(s.org, { space: space.id, level: MemberRole.Edit });
    expect(spaceInvite).toMatchObject({ object: 'invite', level: 'edit', redundant: true, space: { id: space.id } });
    const guest = await s.member('none');
    const guestApi = s.client(guest.token);
    expect(await statusOf(guestApi.spaces.getSpaceById(space.id))).toBe(403);
    await guestApi.orgs.joinOrganizationWithInvite(s.org, spaceInvite.id);
    expect((await api.orgs.getMemberInOrganizationById(s.org, guest.userId)).data.role).toBeNull();
    expect((await guestApi.spaces.getSpaceById(space.id)).data.permissions.edit).toBe(true);
    expect(await statusOf(api.orgs.createOrganizationInvite(s.org, { space: 'missing', level: MemberRole.Edit }))).toBe(404);
    expect(await statusOf(api.orgs.createOrganizationInvite(s.org, { space: space.id, level: null as never }))).toBe(400);

    const { data: collection } = await api.orgs.createCollection(s.org, { title: 'Invited collection' });
    const { data: collectionInvite } = await api.orgs.createOrganizationInvite(s.org, { collection: collection.id, level: MemberRole.Read });
    expect(collectionInvite).toMatchObject({ level: 'read', collection: { id: collection.id } });

    const listed = (await api.orgs.listOrganizationInviteLinks(s.org)).data.items.map((i) => i.id);
    expect(listed).toEqual([orgInvite.id]);
    expect((await api.orgs.getOrganizationInviteLink(s.org, collectionInvite.id)).data).toMatchObject({ level: 'read' });
    expect((await api.orgs.getOrganizationInviteLink(s.org, spaceInvite.id)).data.id).toBe(spaceInvite.id);
    const editor = await s.member('edit');
    expect(await statusOf(s.client(editor.token).orgs.listOrganizationInviteLinks(s.org))).toBe(403);
    expect(await statusOf(s.client(editor.token).orgs.createOrganizationInvite(s.org, { role: MemberRole.Admin }))).toBe(403);

    expect((await api.orgs.deleteOrganizationInviteById(s.org, orgInvite.id)).status).toBe(205);
    expect((await api.orgs.deleteOrganizationInviteById(s.org, orgInvite.id)).status).toBe(204);
    expect(await statusOf(strangerApi.orgs.joinOrganizationWithInvite(s.org, orgInvite.id))).toBe(404);
  });

  it('joins an organization by email domain, with its default role', async () => {
    const api = s.client();
    await api.orgs.updateOrganizationById(s.org, { emailDomains: ['test.local'], defaultRole: MemberRole.Comment });
    const visitor = await s.member('none', s.otherOrg);
    expect((await s.client(visitor.token).orgs.joinOrganization(s.org)).status).toBe(204);
    expect((await api.orgs.getMemberInOrganizationById(s.org, visitor.userId)).data.role).toBe('comment');

    await api.orgs.updateOrganizationById(s.org, { emailDomains: ['example.org'] });
    const other = await s.member('none', s.otherOrg);
    const refused = await s.request('POST', `/v1/orgs/${s.org}/join`, { token: other.token });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/email domain test\.local/);
    expect(await statusOf(api.orgs.getMemberInOrganizationById(s.org, other.userId))).toBe(404);
    expect(await statusOf(s.client(other.token).orgs.joinOrganization('missing'))).toBe(404);
  });

  it('records member activity and SSO membership', async () => {
    const api = s.client();
    const reader = await s.member('read');
    expect((await api.orgs.getMemberInOrganizationById(s.org, reader.userId)).data.lastSeenAt).toBeUndefined();
    expect((await s.client(reader.token).orgs.updateOrganizationMemberLastSeenAt(s.org)).status).toBe(200);
    expect((await api.orgs.getMemberInOrganizationById(s.org, reader.userId)).data.lastSeenAt).toMatch(/^\d{4}-/);
    expect(await statusOf(s.client((await s.member('none')).token).orgs.updateOrganizationMemberLastSeenAt(s.org))).toBe(403);

    expect((await api.orgs.setUserAsSsoMemberForOrganization(s.org, reader.userId)).data).toMatchObject({ id: reader.userId, sso: true });
    expect(await statusOf(s.client(reader.token).orgs.setUserAsSsoMemberForOrganization(s.org, reader.userId))).toBe(403);
    expect(await statusOf(api.orgs.setUserAsSsoMemberForOrganization(s.org, 'nobody'))).toBe(404);
  });
});

describe('organization-wide search', () => {
  it('finds pages in every space the caller may read, and only those', async () => {
    const api = s.client();
    const seeded = await seedNormalizationSpace(s, 'Searched');
    const hidden = await seedNormalizationSpace(s, 'Hidden');
    await api.spaces.updateSpaceById(hidden.spaceId, { defaultLevel: null } as never);
    const { data } = await api.orgs.searchOrganizationContent(s.org, { query: 'quokkas' });
    expect(data.items.map((r) => r.title).sort()).toEqual(['Hidden', 'Searched']);
    const hit = data.items.find((r) => r.id === seeded.spaceId)!;
    expect(hit.pages[0]).toMatchObject({ id: seeded.page('dangling.md'), title: 'Dangling' });

    const guest = await s.member(null);
    await api.spaces.inviteToSpace(seeded.spaceId, { role: MemberRole.Read, users: [guest.userId] });
    const guestSees = (await s.client(guest.token).orgs.searchOrganizationContent(s.org, { query: 'quokkas' })).data.items;
    expect(guestSees.map((r) => r.id)).toEqual([seeded.spaceId]);
    expect((await api.orgs.searchOrganizationContent(s.org, { query: 'zzzqqqxx' })).data.items).toEqual([]);
    expect(await statusOf(s.client((await s.member('none')).token).orgs.searchOrganizationContent(s.org, { query: 'quokkas' }))).toBe(403);
  });
});

describe('site MCP servers', () => {
  it('creates, lists, updates and deletes servers, keeping their headers sealed at rest', async () => {
    const api = s.client();
    const { data: site } = await api.orgs.createSite(s.org, { title: 'MCP site' });
    const { data: server } = await api.orgs.createSiteMcpServer(s.org, site.id, {
      name: 'Billing',
      url: 'https://mcp.example.com/sse',
      headers: { Authorization: 'Bearer s3cret' },
    });
    expect(server).toMatchObject({
      object: 'site-mcp-server',
      name: 'Billing',
      url: 'https://mcp.example.com/sse',
      headers: { Authorization: 'Bearer s3cret' },
    });
    expect(JSON.stringify(await s.store.snapshot())).not.toContain('s3cret');

    const { data: renamed } = await api.orgs.updateSiteMcpServerById(s.org, site.id, server.id, { name: 'Payments' });
    expect(renamed).toMatchObject({ name: 'Payments', headers: { Authorization: 'Bearer s3cret' } });
    expect((await api.orgs.listSiteMcpServers(s.org, site.id)).data.items.map((m) => m.name)).toEqual(['Payments']);
    expect((await api.orgs.getSiteMcpServerById(s.org, site.id, server.id)).data.name).toBe('Payments');

    const before = await s.store.snapshot();
    const badUrl = await s.request('POST', `/v1/orgs/${s.org}/sites/${site.id}/mcp-servers`, { body: { name: 'x', url: 'ftp://x.example.com', headers: {} } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json.error.message).toMatch(/^url: /);
    const badHeader = await s.request('PATCH', `/v1/orgs/${s.org}/sites/${site.id}/mcp-servers/${server.id}`, { body: { headers: { 'Bad Header': 'x' } } });
    expect(badHeader.status).toBe(400);
    expect(badHeader.json.error.message).toMatch(/^headers: /);
    expect(await s.store.snapshot()).toEqual(before);
    expect(await statusOf(s.client((await s.member('edit')).token).orgs.listSiteMcpServers(s.org, site.id))).toBe(403);

    expect((await api.orgs.deleteSiteMcpServerById(s.org, site.id, server.id)).status).toBe(205);
    expect((await api.orgs.deleteSiteMcpServerById(s.org, site.id, server.id)).status).toBe(204);
    expect(await statusOf(api.orgs.getSiteMcpServerById(s.org, site.id, server.id))).toBe(404);
  });
});
