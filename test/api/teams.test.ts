import { MemberRole, TeamMemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer();

const emailOf = async (userId: string) => (await s.store.users.get(userId))!.email;

describe('teams through the official client', () => {
  it('creates, lists with filters, renames and deletes teams', async () => {
    const api = s.client().orgs;
    const alice = await s.member('read');
    const made = await api.createOrganizationTeam(s.org, { title: 'Technical Writers', members: [alice.userId, alice.userId] });
    expect(made.status).toBe(201);
    const team = made.data;
    expect(team).toMatchObject({ object: 'team', title: 'Technical Writers', members: 1, spaces: 0, permissions: { admin: true, view: true } });
    const other = (await api.createOrganizationTeam(s.org, { title: 'Support' })).data;

    expect((await api.listTeamsInOrganizationById(s.org)).data.items.map((t) => t.title)).toEqual(expect.arrayContaining(['Technical Writers', 'Support']));
    expect((await api.listTeamsInOrganizationById(s.org, { title: 'WRITER' })).data.items.map((t) => t.id)).toEqual([team.id]);
    const paged = (await api.listTeamsInOrganizationById(s.org, { limit: 1 })).data;
    expect(paged.items).toHaveLength(1);
    expect(paged.next?.page).toBeTruthy();
    const second = (await api.listTeamsInOrganizationById(s.org, { limit: 1, page: paged.next!.page })).data;
    expect(second.items[0]!.id).not.toBe(paged.items[0]!.id);

    // `owner`: the teams a member can manage: all of them for an admin, the teams they own otherwise.
    expect((await api.listTeamsInOrganizationById(s.org, { owner: alice.userId })).data.items).toEqual([]);
    await api.addMemberToOrganizationTeamById(s.org, team.id, alice.userId, { role: TeamMemberRole.Owner });
    expect((await api.listTeamsInOrganizationById(s.org, { owner: alice.userId })).data.items.map((t) => t.id)).toEqual([team.id]);
    expect((await api.listTeamsInOrganizationById(s.org, { owner: s.ownerId })).data.count).toBeGreaterThanOrEqual(2);
    expect(await errorOf(api.listTeamsInOrganizationById(s.org, { owner: 'nobody' }))).toMatchObject({ code: 400, message: expect.stringMatching(/^owner:/) });

    expect((await api.getTeamInOrganizationById(s.org, team.id)).data).toMatchObject({ id: team.id, members: 1 });
    const renamed = (await api.updateTeamInOrganizationById(s.org, team.id, { title: '  Writers  ' })).data;
    expect(renamed.title).toBe('Writers');
    expect(await errorOf(api.updateTeamInOrganizationById(s.org, other.id, { title: 'writers' }))).toMatchObject({
      code: 409,
      message: expect.stringMatching(/^title:/),
    });
    expect(await statusOf(api.createOrganizationTeam(s.org, { title: 'WRITERS' }))).toBe(409);

    expect((await api.removeTeamFromOrganizationById(s.org, other.id)).status).toBe(205);
    expect((await api.removeTeamFromOrganizationById(s.org, other.id)).status).toBe(204);
    expect(await statusOf(api.getTeamInOrganizationById(s.org, other.id))).toBe(404);
    // A team is reached only through its organization.
    expect(await statusOf(api.getTeamInOrganizationById(s.otherOrg, team.id))).toBe(404);
    expect((await api.removeTeamFromOrganizationById(s.otherOrg, team.id)).status).toBe(204);
    expect(await statusOf(api.getTeamInOrganizationById(s.org, team.id))).toBe(200);
  });

  it('manages members one by one and in bulk; owners manage, members may leave', async () => {
    const api = s.client().orgs;
    const [owner, bob, carol, dave] = [await s.member('read'), await s.member('edit'), await s.member(null), await s.member('read')];
    const outsider = await s.member('none');
    const team = (await api.createOrganizationTeam(s.org, { title: 'Docs crew' })).data;

    expect((await api.addMemberToOrganizationTeamById(s.org, team.id, owner.userId, { role: TeamMemberRole.Owner })).status).toBe(204);
    expect((await api.addMemberToOrganizationTeamById(s.org, team.id, bob.userId, {})).status).toBe(204);
    // Adding again without a role keeps the role.
    await api.addMemberToOrganizationTeamById(s.org, team.id, owner.userId, {});
    let members = (await api.listTeamMembersInOrganizationById(s.org, team.id)).data;
    expect(Object.fromEntries(members.items.map((m) => [m.organization.user.id, m.team.role]))).toEqual({ [owner.userId]: 'owner', [bob.userId]: 'member' });
    expect(members.items[0]).toMatchObject({ organization: { object: 'member' }, permissions: { view: true } });

    // The team's owner (an organization reader) manages its members and its title, but cannot delete it.
    const asOwner = s.client(owner.token).orgs;
    expect((await asOwner.getTeamInOrganizationById(s.org, team.id)).data.permissions.admin).toBe(true);
    expect(
      (
        await asOwner.updateMembersInOrganizationTeam(s.org, team.id, {
          add: [await emailOf(carol.userId), dave.userId],
          memberships: { [bob.userId]: { role: TeamMemberRole.Owner } },
          remove: [dave.userId],
        })
      ).status,
    ).toBe(204);
    members = (await api.listTeamMembersInOrganizationById(s.org, team.id)).data;
    expect(Object.fromEntries(members.items.map((m) => [m.organization.user.id, m.team.role]))).toEqual({
      [owner.userId]: 'owner',
      [bob.userId]: 'owner',
      [carol.userId]: 'member',
    });
    expect(members.count).toBe(3);
    expect((await asOwner.updateTeamInOrganizationById(s.org, team.id, { title: 'Docs crew 2' })).data.title).toBe('Docs crew 2');
    expect(await statusOf(asOwner.removeTeamFromOrganizationById(s.org, team.id))).toBe(403);

    // A plain member cannot manage the team, but can leave it.
    const before = await s.store.snapshot();
    const asDave = s.client(dave.token).orgs;
    expect((await asDave.getTeamInOrganizationById(s.org, team.id)).data.permissions.admin).toBe(false);
    expect(await statusOf(asDave.addMemberToOrganizationTeamById(s.org, team.id, dave.userId, {}))).toBe(403);
    expect(await statusOf(asDave.updateMembersInOrganizationTeam(s.org, team.id, { add: [dave.userId] }))).toBe(403);
    expect(await statusOf(asDave.deleteMemberFromOrganizationTeamById(s.org, team.id, bob.userId))).toBe(403);
    expect(await statusOf(asDave.updateTeamInOrganizationById(s.org, team.id, { title: 'Mine' }))).toBe(403);
    expect(await s.store.snapshot()).toEqual(before);
    await api.addMemberToOrganizationTeamById(s.org, team.id, dave.userId, {});
    expect((await asDave.deleteMemberFromOrganizationTeamById(s.org, team.id, dave.userId)).status).toBe(205);
    expect((await asDave.deleteMemberFromOrganizationTeamById(s.org, team.id, dave.userId)).status).toBe(204);

    // Only members of the organization join; unknown teams are 404.
    expect(await statusOf(api.addMemberToOrganizationTeamById(s.org, team.id, outsider.userId, {}))).toBe(404);
    expect(await statusOf(api.addMemberToOrganizationTeamById(s.org, 'no-team', bob.userId, {}))).toBe(404);
    expect(await statusOf(api.listTeamMembersInOrganizationById(s.org, 'no-team'))).toBe(404);
    expect(await statusOf(api.deleteMemberFromOrganizationTeamById(s.org, 'no-team', bob.userId))).toBe(404);
    expect(await statusOf(api.updateMembersInOrganizationTeam(s.org, 'no-team', {}))).toBe(404);

    // The teams of a member, with their role, filtered by title.
    const teamsOfBob = (await api.listTeamsForOrganizationMember(s.org, bob.userId)).data;
    expect(teamsOfBob.items).toEqual([{ team: expect.objectContaining({ id: team.id, title: 'Docs crew 2' }), member: { role: 'owner' } }]);
    expect((await api.listTeamsForOrganizationMember(s.org, bob.userId, { title: 'nothing' })).data.items).toEqual([]);
    expect((await s.client(carol.token).orgs.listTeamsForOrganizationMember(s.org, carol.userId)).data.items).toHaveLength(1);
    expect(await statusOf(s.client(carol.token).orgs.listTeamsForOrganizationMember(s.org, bob.userId))).toBe(403);
    expect(await statusOf(api.listTeamsForOrganizationMember(s.org, outsider.userId))).toBe(404);

    // Leaving the organization leaves its teams.
    await api.removeMemberFromOrganizationById(s.org, carol.userId);
    expect((await api.getTeamInOrganizationById(s.org, team.id)).data.members).toBe(2);
  });

  it("team roles take effect on the team's spaces and collections as members come and go", async () => {
    const api = s.client();
    const reader = await s.member('read');
    const guest = await s.member(null);
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Team space' });
    const { data: col } = await api.orgs.createCollection(s.org, { title: 'Team collection' });
    await api.collections.updateCollectionById(col.id, { defaultLevel: null });
    const { data: inCol } = await api.orgs.createSpace(s.org, { title: 'In the collection', parent: col.id } as never);
    const team = (await api.orgs.createOrganizationTeam(s.org, { title: 'Editors' })).data;
    await api.spaces.inviteToSpace(space.id, { role: MemberRole.Edit, teams: [team.id] });
    await api.collections.inviteToCollection(col.id, { role: MemberRole.Review, teams: [team.id] });
    expect((await api.orgs.getTeamInOrganizationById(s.org, team.id)).data.spaces).toBe(1);

    const asReader = s.client(reader.token);
    const asGuest = s.client(guest.token);
    expect(await statusOf(asReader.spaces.createChangeRequest(space.id, { subject: 'Before' }))).toBe(403);
    expect(await statusOf(asReader.spaces.getSpaceById(inCol.id))).toBe(403);
    expect(await statusOf(asGuest.spaces.getSpaceById(space.id))).toBe(403);

    await api.orgs.addMemberToOrganizationTeamById(s.org, team.id, reader.userId, {});
    await api.orgs.updateMembersInOrganizationTeam(s.org, team.id, { add: [guest.userId] });
    expect((await asReader.spaces.createChangeRequest(space.id, { subject: 'As a team member' })).status).toBe(201);
    expect((await asReader.spaces.getSpaceById(inCol.id)).data.permissions).toMatchObject({ view: true, review: true, admin: false });
    expect((await asGuest.spaces.getSpaceById(space.id)).data.permissions).toMatchObject({ view: true, edit: true, review: false });

    // The member's spaces, with the role they end up with.
    const spacesOf = async (client: typeof api, userId: string, order?: 'asc' | 'desc') =>
      Object.fromEntries(
        (await client.orgs.listSpacesForOrganizationMember(s.org, userId, order ? { order } : {})).data.items.map((i) => [i.space.title, i.permission]),
      );
    expect(await spacesOf(asGuest, guest.userId)).toEqual({ 'Team space': 'edit', 'In the collection': 'review' });
    expect(await spacesOf(api, reader.userId)).toMatchObject({ 'Team space': 'edit', 'In the collection': 'review' });
    const titles = async (order: 'asc' | 'desc') =>
      (await api.orgs.listSpacesForOrganizationMember(s.org, guest.userId, { order })).data.items.map((i) => i.space.title);
    expect(await titles('asc')).toEqual([...(await titles('desc'))].reverse());
    expect(await statusOf(asReader.orgs.listSpacesForOrganizationMember(s.org, guest.userId))).toBe(403);
    expect(await statusOf(api.orgs.listSpacesForOrganizationMember(s.org, 'nobody'))).toBe(404);

    await api.orgs.deleteMemberFromOrganizationTeamById(s.org, team.id, reader.userId);
    await api.orgs.updateMembersInOrganizationTeam(s.org, team.id, { remove: [await emailOf(guest.userId)] });
    expect(await statusOf(asReader.spaces.createChangeRequest(space.id, { subject: 'After' }))).toBe(403);
    expect(await statusOf(asReader.spaces.getSpaceById(inCol.id))).toBe(403);
    expect(await statusOf(asGuest.spaces.getSpaceById(space.id))).toBe(403);
    expect(await spacesOf(asGuest, guest.userId)).toEqual({});

    // Deleting the team takes its roles away.
    await api.orgs.addMemberToOrganizationTeamById(s.org, team.id, reader.userId, {});
    expect((await asReader.spaces.getSpaceById(inCol.id)).status).toBe(200);
    await api.orgs.removeTeamFromOrganizationById(s.org, team.id);
    expect(await statusOf(asReader.spaces.getSpaceById(inCol.id))).toBe(403);
    expect((await api.spaces.listTeamPermissionsInSpace(space.id)).data.items).toEqual([]);
  });

  it('checks roles: readers see teams, admins create them; guests and strangers get 403', async () => {
    const api = s.client().orgs;
    const team = (await api.createOrganizationTeam(s.org, { title: 'Visible' })).data;
    const clients = {
      reader: s.client((await s.member('read')).token).orgs,
      creator: s.client((await s.member('create')).token).orgs,
      guest: s.client((await s.member(null)).token).orgs,
      stranger: s.client((await s.member('none')).token).orgs,
    };
    const before = await s.store.snapshot();
    expect((await clients.reader.listTeamsInOrganizationById(s.org)).status).toBe(200);
    expect((await clients.reader.getTeamInOrganizationById(s.org, team.id)).data.permissions).toEqual({ admin: false, view: true });
    expect((await clients.reader.listTeamMembersInOrganizationById(s.org, team.id)).status).toBe(200);
    for (const [name, client] of Object.entries(clients)) {
      expect(await statusOf(client.createOrganizationTeam(s.org, { title: 'Mine' })), name).toBe(403);
      expect(await statusOf(client.updateTeamInOrganizationById(s.org, team.id, { title: 'Mine' })), name).toBe(403);
      expect(await statusOf(client.removeTeamFromOrganizationById(s.org, team.id)), name).toBe(403);
      expect(await statusOf(client.updateMembersInOrganizationTeam(s.org, team.id, { add: [s.ownerId] })), name).toBe(403);
    }
    for (const name of ['guest', 'stranger'] as const) {
      expect(await statusOf(clients[name].listTeamsInOrganizationById(s.org)), name).toBe(403);
      expect(await statusOf(clients[name].getTeamInOrganizationById(s.org, team.id)), name).toBe(403);
      expect(await statusOf(clients[name].listTeamMembersInOrganizationById(s.org, team.id)), name).toBe(403);
    }
    expect(await s.store.snapshot()).toEqual(before);
    expect(await statusOf(api.listTeamsInOrganizationById('no-org'))).toBe(404);
    expect(await statusOf(api.createOrganizationTeam('no-org', { title: 'X' }))).toBe(404);
    expect((await s.request('GET', `/v1/orgs/${s.org}/teams`, { token: null })).status).toBe(401);
  });

  it('rejects bad bodies with 400 naming the field, and changes nothing', async () => {
    const api = s.client().orgs;
    const team = (await api.createOrganizationTeam(s.org, { title: 'Strict' })).data;
    const member = await s.member('read');
    const outsider = await s.member('none');
    const before = await s.store.snapshot();
    // Thunks, sent one at a time: a refusal is awaited as soon as it comes.
    const cases: Array<[string, () => Promise<{ status: number }>, string]> = [
      ['create: no title', () => api.createOrganizationTeam(s.org, {} as never), 'title'],
      ['create: empty title', () => api.createOrganizationTeam(s.org, { title: '' }), 'title'],
      ['create: blank title', () => api.createOrganizationTeam(s.org, { title: '   ' }), 'title'],
      ['create: long title', () => api.createOrganizationTeam(s.org, { title: 'x'.repeat(65) }), 'title'],
      ['create: members not a list', () => api.createOrganizationTeam(s.org, { title: 'T', members: 'x' } as never), 'members'],
      ['create: unknown member', () => api.createOrganizationTeam(s.org, { title: 'T', members: [member.userId, 'nobody'] }), 'members[1]'],
      ['create: outsider', () => api.createOrganizationTeam(s.org, { title: 'T', members: [outsider.userId] }), 'members[0]'],
      ['patch: no title', () => api.updateTeamInOrganizationById(s.org, team.id, {} as never), 'title'],
      ['patch: number title', () => api.updateTeamInOrganizationById(s.org, team.id, { title: 5 } as never), 'title'],
      ['add: bad role', () => api.addMemberToOrganizationTeamById(s.org, team.id, member.userId, { role: 'boss' } as never), 'role'],
      ['bulk: add unknown', () => api.updateMembersInOrganizationTeam(s.org, team.id, { add: [member.userId, 'nobody@test.local'] }), 'add[1]'],
      ['bulk: add outsider', () => api.updateMembersInOrganizationTeam(s.org, team.id, { add: [outsider.userId] }), 'add[0]'],
      ['bulk: add not a list', () => api.updateMembersInOrganizationTeam(s.org, team.id, { add: member.userId } as never), 'add'],
      [
        'bulk: bad membership role',
        () => api.updateMembersInOrganizationTeam(s.org, team.id, { memberships: { [member.userId]: { role: 'boss' } } } as never),
        'memberships',
      ],
      [
        'bulk: membership of an outsider',
        () => api.updateMembersInOrganizationTeam(s.org, team.id, { memberships: { [outsider.userId]: { role: TeamMemberRole.Member } } }),
        `memberships.${outsider.userId}`,
      ],
      ['bulk: remove unknown', () => api.updateMembersInOrganizationTeam(s.org, team.id, { add: [member.userId], remove: ['ghost'] }), 'remove[0]'],
    ];
    for (const [name, call, field] of cases) {
      const error = await errorOf(call());
      expect(error.code, name).toBe(400);
      expect(error.message, name).toContain(field);
    }
    const raw = await s.request('PUT', `/v1/orgs/${s.org}/teams`, { rawBody: '{"title": ' });
    expect(raw.status).toBe(400);
    expect(await s.store.snapshot()).toEqual(before);
  });
});
