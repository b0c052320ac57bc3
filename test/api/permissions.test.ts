import { MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { useServer, statusOf } from '../helpers/server.js';

const s = useServer();

describe('space and collection permissions', () => {
  it('invites users and teams to a space, lists, updates and removes them', async () => {
    const api = s.client();
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Shared' });
    await api.spaces.updateSpaceById(space.id, { defaultLevel: null } as never);
    const guest = await s.member(null);
    const reader = await s.member('read');
    const outsider = await s.member('none');
    const team = (
      await s.domain.teams.create(new (await import('../../src/domain/index.js')).Caller(s.store, (await s.store.users.get(s.ownerId))!), s.org, {
        title: 'Writers',
        members: [reader.userId],
      })
    ).team;

    expect(await statusOf(s.client(guest.token).spaces.getSpaceById(space.id))).toBe(403);
    expect(await statusOf(s.client(reader.token).spaces.getSpaceById(space.id))).toBe(403);

    expect((await api.spaces.inviteToSpace(space.id, { role: MemberRole.Comment, users: [guest.userId, outsider.userId] })).status).toBe(204);
    expect((await api.spaces.inviteToSpace(space.id, { role: MemberRole.Edit, teams: [team.id] })).status).toBe(204);
    expect(await statusOf(api.spaces.inviteToSpace(space.id, { role: MemberRole.Edit, users: ['nobody'] }))).toBe(404);
    expect(await statusOf(api.spaces.inviteToSpace(space.id, { role: MemberRole.Edit, teams: ['noteam'] }))).toBe(404);

    const asGuest = (await s.client(guest.token).spaces.getSpaceById(space.id)).data;
    expect(asGuest.permissions).toMatchObject({ view: true, comment: true, edit: false, admin: false });
    const asOutsider = (await s.client(outsider.token).spaces.getSpaceById(space.id)).data;
    expect(asOutsider.permissions.comment).toBe(true);
    const asTeamMember = (await s.client(reader.token).spaces.getSpaceById(space.id)).data;
    expect(asTeamMember.permissions).toMatchObject({ edit: true, review: false });

    const users = (await api.spaces.listUserPermissionsInSpace(space.id)).data.items;
    expect(users.map((u) => [u.user.id, u.permission]).sort()).toEqual(
      [
        [guest.userId, 'comment'],
        [outsider.userId, 'comment'],
      ].sort(),
    );
    const teams = (await api.spaces.listTeamPermissionsInSpace(space.id)).data.items;
    expect(teams).toEqual([expect.objectContaining({ permission: 'edit', team: expect.objectContaining({ id: team.id, members: 1, spaces: 1 }) })]);

    const aggregate = (await api.spaces.listPermissionsAggregateInSpace(space.id)).data.items;
    const roles = Object.fromEntries(aggregate.map((p) => [p.user.id, p.permission]));
    expect(roles).toMatchObject({ [s.ownerId]: 'admin', [guest.userId]: 'comment', [reader.userId]: 'edit' });
    const editors = (await api.spaces.listPermissionsAggregateInSpace(space.id, { role: MemberRole.Edit })).data.items;
    expect(editors.map((p) => p.user.id)).toEqual([reader.userId]);

    expect((await api.spaces.updateUserPermissionInSpace(space.id, guest.userId, { role: MemberRole.Review })).status).toBe(204);
    expect((await s.client(guest.token).spaces.getSpaceById(space.id)).data.permissions.review).toBe(true);
    expect(await statusOf(api.spaces.updateUserPermissionInSpace(space.id, reader.userId, { role: MemberRole.Read }))).toBe(404);
    expect((await api.spaces.updateTeamPermissionInSpace(space.id, team.id, { role: null })).status).toBe(204);
    expect(await statusOf(s.client(reader.token).spaces.getSpaceById(space.id))).toBe(403);

    expect((await api.spaces.removeUserFromSpace(space.id, guest.userId)).status).toBe(205);
    expect((await api.spaces.removeUserFromSpace(space.id, guest.userId)).status).toBe(204);
    expect((await api.spaces.removeTeamFromSpace(space.id, team.id)).status).toBe(204);
    expect(await statusOf(s.client(guest.token).spaces.getSpaceById(space.id))).toBe(403);
  });

  it('roles given on a collection flow down to its spaces', async () => {
    const api = s.client();
    const { data: col } = await api.orgs.createCollection(s.org, { title: 'Restricted' });
    await api.collections.updateCollectionById(col.id, { defaultLevel: null });
    const { data: space } = await api.orgs.createSpace(s.org, { title: 'Inside', parent: col.id });
    const reader = await s.member('read');
    expect(await statusOf(s.client(reader.token).spaces.getSpaceById(space.id))).toBe(403);
    await api.collections.inviteToCollection(col.id, { role: MemberRole.Create, users: [reader.userId] });
    const seen = (await s.client(reader.token).spaces.getSpaceById(space.id)).data;
    expect(seen.permissions).toMatchObject({ edit: true, admin: false });
    expect((await s.client(reader.token).collections.getCollectionById(col.id)).data.permissions.create).toBe(true);
    expect((await api.collections.listUserPermissionsInCollection(col.id)).data.items[0]?.permission).toBe('create');
    expect((await api.collections.listPermissionsAggregateInCollection(col.id, { role: MemberRole.Create })).data.items.map((p) => p.user.id)).toEqual([
      reader.userId,
    ]);
    expect((await api.collections.updateUserPermissionInCollection(col.id, reader.userId, { role: MemberRole.Read })).status).toBe(204);
    expect((await s.client(reader.token).spaces.getSpaceById(space.id)).data.permissions.edit).toBe(false);
    expect((await api.collections.removeUserFromCollection(col.id, reader.userId)).status).toBe(205);
    expect(await statusOf(api.collections.inviteToCollection(col.id, { role: null, users: [reader.userId] }))).toBe(400);
  });
});
