import { MemberRole } from '@gitbook/api';
import type { GitBookAPI } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { ROLES, atLeast, type RoleName } from '../../src/domain/roles.js';
import { useServer, statusOf } from '../helpers/server.js';

const s = useServer();

/** Fresh objects, made by the owner, for one call. */
interface Fixture {
  space: string;
  other: string;
  deleted: string;
  collection: string;
  member: string;
  self: string;
}

type Need = 'public' | 'any' | 'member' | RoleName | 'owner';
interface Case {
  op: string;
  need: Need;
  call: (api: GitBookAPI, fx: Fixture) => Promise<{ status: number }>;
  /** Status for a member of another organization, when not 403. */
  stranger?: number;
}

const cases: Case[] = [
  { op: 'getApiInformation', need: 'public', call: (api) => api.getApiInformation() },
  { op: 'getAuthenticatedUser', need: 'any', call: (api) => api.user.getAuthenticatedUser() },
  { op: 'getUserById', need: 'member', stranger: 404, call: (api, fx) => api.users.getUserById(fx.member) },
  { op: 'updateUserById', need: 'any', call: (api, fx) => api.users.updateUserById(fx.self, { displayName: 'Me' }) },
  { op: 'listOrganizationsForAuthenticatedUser', need: 'any', call: (api) => api.orgs.listOrganizationsForAuthenticatedUser() },
  { op: 'getOrganizationById', need: 'member', call: (api) => api.orgs.getOrganizationById(s.org) },
  { op: 'updateOrganizationById', need: 'admin', call: (api) => api.orgs.updateOrganizationById(s.org, { ai: false }) },
  { op: 'listMembersInOrganizationById', need: 'read', call: (api) => api.orgs.listMembersInOrganizationById(s.org) },
  { op: 'getMemberInOrganizationById', need: 'read', call: (api) => api.orgs.getMemberInOrganizationById(s.org, s.ownerId) },
  { op: 'updateMemberInOrganizationById', need: 'admin', call: (api, fx) => api.orgs.updateMemberInOrganizationById(s.org, fx.member, { role: MemberRole.Comment }) },
  { op: 'removeMemberFromOrganizationById', need: 'admin', call: (api, fx) => api.orgs.removeMemberFromOrganizationById(s.org, fx.member) },
  { op: 'createCollection', need: 'create', call: (api) => api.orgs.createCollection(s.org, { title: 'New' }) },
  { op: 'listCollectionsInOrganizationById', need: 'member', call: (api) => api.orgs.listCollectionsInOrganizationById(s.org) },
  { op: 'getCollectionById', need: 'read', call: (api, fx) => api.collections.getCollectionById(fx.collection) },
  { op: 'updateCollectionById', need: 'create', call: (api, fx) => api.collections.updateCollectionById(fx.collection, { title: 'Renamed' }) },
  { op: 'deleteCollectionById', need: 'admin', call: (api, fx) => api.collections.deleteCollectionById(fx.collection) },
  { op: 'listSpacesInCollectionById', need: 'read', call: (api, fx) => api.collections.listSpacesInCollectionById(fx.collection) },
  { op: 'moveCollection', need: 'admin', call: (api, fx) => api.collections.moveCollection(fx.collection, { position: { after: { type: 'space', space: fx.space } } }) },
  { op: 'transferCollection', need: 'owner', call: (api, fx) => api.collections.transferCollection(fx.collection, { organization: s.otherOrg }) },
  { op: 'createSpace', need: 'create', call: (api) => api.orgs.createSpace(s.org, { title: 'New' }) },
  { op: 'listSpacesInOrganizationById', need: 'member', call: (api) => api.orgs.listSpacesInOrganizationById(s.org) },
  { op: 'getSpaceById', need: 'read', call: (api, fx) => api.spaces.getSpaceById(fx.space) },
  { op: 'updateSpaceById (title)', need: 'edit', call: (api, fx) => api.spaces.updateSpaceById(fx.space, { title: 'T' } as never) },
  { op: 'updateSpaceById (editMode)', need: 'admin', call: (api, fx) => api.spaces.updateSpaceById(fx.space, { editMode: 'locked' } as never) },
  { op: 'deleteSpaceById', need: 'admin', call: (api, fx) => api.spaces.deleteSpaceById(fx.space) },
  { op: 'restoreSpace', need: 'admin', call: (api, fx) => api.spaces.restoreSpace(fx.deleted) },
  { op: 'duplicateSpace', need: 'create', call: (api, fx) => api.spaces.duplicateSpace(fx.space) },
  { op: 'moveSpace', need: 'admin', call: (api, fx) => api.spaces.moveSpace(fx.space, { parent: fx.collection }) },
  { op: 'transferSpace', need: 'owner', call: (api, fx) => api.spaces.transferSpace(fx.space, { organization: s.otherOrg }) },
  { op: 'inviteToSpace', need: 'admin', call: (api, fx) => api.spaces.inviteToSpace(fx.space, { role: MemberRole.Read, users: [fx.member] }) },
  { op: 'listUserPermissionsInSpace', need: 'read', call: (api, fx) => api.spaces.listUserPermissionsInSpace(fx.space) },
  { op: 'listTeamPermissionsInSpace', need: 'read', call: (api, fx) => api.spaces.listTeamPermissionsInSpace(fx.space) },
  { op: 'listPermissionsAggregateInSpace', need: 'read', call: (api, fx) => api.spaces.listPermissionsAggregateInSpace(fx.space) },
  { op: 'updateUserPermissionInSpace', need: 'admin', call: (api, fx) => api.spaces.updateUserPermissionInSpace(fx.other, fx.member, { role: MemberRole.Edit }) },
  { op: 'removeUserFromSpace', need: 'admin', call: (api, fx) => api.spaces.removeUserFromSpace(fx.other, fx.member) },
  { op: 'removeTeamFromSpace', need: 'admin', call: (api, fx) => api.spaces.removeTeamFromSpace(fx.space, 'no-team') },
  { op: 'inviteToCollection', need: 'admin', call: (api, fx) => api.collections.inviteToCollection(fx.collection, { role: MemberRole.Read, users: [fx.member] }) },
  { op: 'listUserPermissionsInCollection', need: 'read', call: (api, fx) => api.collections.listUserPermissionsInCollection(fx.collection) },
  { op: 'listTeamPermissionsInCollection', need: 'read', call: (api, fx) => api.collections.listTeamPermissionsInCollection(fx.collection) },
  { op: 'listPermissionsAggregateInCollection', need: 'read', call: (api, fx) => api.collections.listPermissionsAggregateInCollection(fx.collection) },
  { op: 'removeUserFromCollection', need: 'admin', call: (api, fx) => api.collections.removeUserFromCollection(fx.collection, fx.member) },
];

type Identity = { name: string; role: RoleName | null | 'owner' | 'stranger' | 'anonymous' | 'bad-token' };
const identities: Identity[] = [
  { name: 'no token', role: 'anonymous' },
  { name: 'bad token', role: 'bad-token' },
  { name: 'owner', role: 'owner' },
  ...[...ROLES].reverse().map((role) => ({ name: role, role })),
  { name: 'guest', role: null },
  { name: 'member of another organization', role: 'stranger' },
];

function expected(c: Case, who: Identity['role']): number | 'success' {
  if (c.need === 'public') return 'success';
  if (who === 'anonymous' || who === 'bad-token') return 401;
  if (c.need === 'any' || who === 'owner') return 'success';
  if (who === 'stranger') return c.stranger ?? 403;
  if (c.need === 'owner') return 403;
  if (c.need === 'member') return 'success';
  return atLeast(who, c.need) ? 'success' : 403;
}

async function fixture(api: GitBookAPI): Promise<Fixture> {
  const { data: col } = await api.orgs.createCollection(s.org, { title: 'Fixture' });
  const { data: space } = await api.orgs.createSpace(s.org, { title: 'Fixture' });
  const { data: other } = await api.orgs.createSpace(s.org, { title: 'Shared' });
  const { data: deleted } = await api.orgs.createSpace(s.org, { title: 'Deleted' });
  await api.spaces.deleteSpaceById(deleted.id);
  const member = s.member('read').userId;
  await api.spaces.inviteToSpace(other.id, { role: MemberRole.Comment, users: [member] });
  return { space: space.id, other: other.id, deleted: deleted.id, collection: col.id, member, self: '' };
}

function clientFor(who: Identity['role']): { api: GitBookAPI; self: string } {
  if (who === 'anonymous') return { api: s.client(''), self: s.ownerId };
  if (who === 'bad-token') return { api: s.client('docs_not-a-real-token'), self: s.ownerId };
  if (who === 'owner') return { api: s.client(), self: s.ownerId };
  if (who === 'stranger') {
    const m = s.member('admin', s.otherOrg);
    return { api: s.client(m.token), self: m.userId };
  }
  const m = s.member(who);
  return { api: s.client(m.token), self: m.userId };
}

describe('auth matrix: every finished operation, with no token, a bad token and each role', () => {
  for (const c of cases) {
    it(c.op, async () => {
      const results: Record<string, number> = {};
      const wanted: Record<string, number | 'success'> = {};
      for (const who of identities) {
        const fx = await fixture(s.client());
        const { api, self } = clientFor(who.role);
        const status = await statusOf(c.call(api, { ...fx, self }));
        const want = expected(c, who.role);
        results[who.name] = want === 'success' && status >= 200 && status < 300 ? -1 : status;
        wanted[who.name] = want === 'success' ? -1 : want;
      }
      expect(results).toEqual(wanted);
    });
  }
});
