import { MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { handlers } from '../../src/server/handlers/index.js';
import { allOperations } from '../helpers/contract.js';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

describe('system, users and organizations', () => {
  it('answers getApiInformation without a token', async () => {
    const r = await s.request('GET', '/v1/', { token: null });
    expect(r.status).toBe(200);
    expect(r.json.version).toMatch(/api 0\.143\.2/);
  });

  it('reads and updates the authenticated user', async () => {
    const api = s.client();
    const { data: me } = await api.user.getAuthenticatedUser();
    expect(me.id).toBe(s.ownerId);
    const { data: renamed } = await api.users.updateUserById(me.id, { displayName: 'Owner' });
    expect(renamed.displayName).toBe('Owner');
    expect((await api.users.getUserById(me.id)).data.displayName).toBe('Owner');

    const other = await s.member('read');
    expect((await api.users.getUserById(other.userId)).data.id).toBe(other.userId);
    expect(await statusOf(api.users.updateUserById(other.userId, { displayName: 'Hacked' }))).toBe(403);
    expect(await statusOf(api.users.getUserById('nobody'))).toBe(404);
    const stranger = await s.member('none');
    expect(await statusOf(api.users.getUserById(stranger.userId))).toBe(404);
  });

  it('lists and updates organizations', async () => {
    const api = s.client();
    const { data: orgs } = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(orgs.items.map((o) => o.title).sort()).toEqual(['Main', 'Other']);
    const { data: org } = await api.orgs.getOrganizationById(s.org);
    expect(org.permissions.admin).toBe(true);
    const { data: updated } = await api.orgs.updateOrganizationById(s.org, { title: 'Main Docs', emailDomains: ['example.com'], defaultRole: MemberRole.Edit });
    expect(updated).toMatchObject({ title: 'Main Docs', emailDomains: ['example.com'], defaultRole: 'edit' });
    expect(await statusOf(api.orgs.updateOrganizationById(s.org, { title: 'Other' }))).toBe(409);
    expect(await statusOf(api.orgs.updateOrganizationById(s.org, { title: 'x' }))).toBe(400);
    expect(await statusOf(api.orgs.getOrganizationById('missing'))).toBe(404);
  });

  it('lists members with filters, updates roles and removes members', async () => {
    const api = s.client();
    const editor = await s.member('edit');
    const guest = await s.member(null);
    const all = (await api.orgs.listMembersInOrganizationById(s.org)).data;
    expect(all.items.map((m) => m.id)).toEqual(expect.arrayContaining([s.ownerId, editor.userId, guest.userId]));
    const editors = (await api.orgs.listMembersInOrganizationById(s.org, { role: MemberRole.Edit })).data.items;
    expect(editors.map((m) => m.id)).toEqual([editor.userId]);
    const guests = (await api.orgs.listMembersInOrganizationById(s.org, { role: 'guest' })).data.items;
    expect(guests.map((m) => m.id)).toEqual([guest.userId]);
    const found = (await api.orgs.listMembersInOrganizationById(s.org, { search: 'owner' })).data.items;
    expect(found.every((m) => /owner|administrator|admin@/i.test(`${m.user.displayName} ${m.user.email}`))).toBe(true);
    const asc = (await api.orgs.listMembersInOrganizationById(s.org, { order: 'asc' })).data.items.map((m) => m.joinedAt);
    expect([...asc].sort()).toEqual(asc);

    const { data: promoted } = await api.orgs.updateMemberInOrganizationById(s.org, editor.userId, { role: MemberRole.Review });
    expect(promoted.role).toBe('review');
    expect((await api.orgs.getMemberInOrganizationById(s.org, editor.userId)).data.role).toBe('review');
    expect(await statusOf(api.orgs.updateMemberInOrganizationById(s.org, s.ownerId, { role: MemberRole.Read }))).toBe(409);

    expect((await api.orgs.removeMemberFromOrganizationById(s.org, editor.userId)).status).toBe(205);
    expect((await api.orgs.removeMemberFromOrganizationById(s.org, editor.userId)).status).toBe(204);
    expect(await statusOf(api.orgs.getMemberInOrganizationById(s.org, editor.userId))).toBe(404);
    expect(await statusOf(api.orgs.removeMemberFromOrganizationById(s.org, s.ownerId))).toBe(409);
  });

  it('answers cloud-only operations after authentication with an error that says so', async () => {
    const pdf = await s.request('GET', `/v1/spaces/x/pdf`, { token: null });
    expect(pdf.status).toBe(401);
    const space = (await s.client().orgs.createSpace(s.org, { title: 'PDF' })).data;
    const answer = await s.request('GET', `/v1/spaces/${space.id}/pdf`);
    expect(answer.status).toBe(501);
    expect(answer.json.error).toEqual({
      code: 501,
      message: "getSpacePDF is not available on this self-hosted server: it needs GitBook's cloud services to render PDFs",
    });
    const fonts = await s.request('GET', `/v1/orgs/${s.org}/fonts`);
    expect(fonts.status).toBe(404);
    expect(fonts.json.error.message).toMatch(/^listCustomFonts is not available/);
    const stream = s.client().orgs.streamAskInOrganization(s.org, { query: 'hello' });
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toMatchObject({ code: 501 });
    expect((await s.request('GET', '/v1/no/such/route')).status).toBe(404);
  });

  it('routes every operation of the spec: none without a handler answers anything but 404 or 501', async () => {
    for (const op of allOperations.filter((o) => o.method === 'get' && !handlers[o.operationId])) {
      const answer = await s.request('GET', `/v1${op.path.replace(/\{\w+\}/g, 'x')}`);
      expect([404, 501, 400], op.operationId).toContain(answer.status);
      expect(answer.json.error.code, op.operationId).toBe(answer.status);
    }
  });
});
