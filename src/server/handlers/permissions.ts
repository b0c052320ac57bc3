import type { ResourceRef } from '../../domain/permissions/permissions.js';
import { deleted, type Handler, type Handlers, noContent, ok, type OperationId, pageOf } from '../handler.js';
import { list, team, user } from '../present.js';

/** One handler for an operation on a space and the same on a collection (`…Space`, `…Collection`). */
type OnBoth<N extends string> = Handler<Extract<OperationId, `${N}Space` | `${N}Collection` | `${N}Site`>>;

const ref = ({ params }: { params: { spaceId: string } | { collectionId: string } | { organizationId: string; siteId: string } }): ResourceRef =>
  'spaceId' in params
    ? { kind: 'space', id: params.spaceId }
    : 'siteId' in params
      ? { kind: 'site', id: params.siteId, organizationId: params.organizationId }
      : { kind: 'collection', id: params.collectionId };

const inviteTo: OnBoth<'inviteTo'> = async (ctx) => {
  await ctx.domain.permissions.invite(ctx.caller, ref(ctx), ctx.body);
  return noContent();
};

const listUserPermissionsIn: OnBoth<'listUserPermissionsIn'> = async (ctx) =>
  ok(
    list(await ctx.domain.permissions.listUsers(ctx.caller, ref(ctx), pageOf(ctx.query)), (p) => ({ permission: p.permission, user: user(ctx.urls, p.user) })),
  );

const listTeamPermissionsIn: OnBoth<'listTeamPermissionsIn'> = async (ctx) =>
  ok(list(await ctx.domain.permissions.listTeams(ctx.caller, ref(ctx), pageOf(ctx.query)), (p) => ({ permission: p.permission, team: team(p.team) })));

const updateUserPermissionIn: OnBoth<'updateUserPermissionIn'> = async (ctx) => {
  await ctx.domain.permissions.update(ctx.caller, ref(ctx), 'user', ctx.params.userId, ctx.body.role);
  return noContent();
};

const updateTeamPermissionIn: OnBoth<'updateTeamPermissionIn'> = async (ctx) => {
  await ctx.domain.permissions.update(ctx.caller, ref(ctx), 'team', ctx.params.teamId, ctx.body.role);
  return noContent();
};

const removeUserFrom: OnBoth<'removeUserFrom'> = async (ctx) => deleted(await ctx.domain.permissions.remove(ctx.caller, ref(ctx), 'user', ctx.params.userId));

const removeTeamFrom: OnBoth<'removeTeamFrom'> = async (ctx) => deleted(await ctx.domain.permissions.remove(ctx.caller, ref(ctx), 'team', ctx.params.teamId));

const listPermissionsAggregateIn: Handler<Extract<OperationId, 'listPermissionsAggregateInSpace' | 'listPermissionsAggregateInCollection'>> = async (ctx) => {
  const request = { ...pageOf(ctx.query), ...(ctx.query.role ? { role: ctx.query.role } : {}) };
  return ok(list(await ctx.domain.permissions.aggregate(ctx.caller, ref(ctx), request), (p) => ({ permission: p.permission, user: user(ctx.urls, p.user) })));
};

export const spacePermissionHandlers: Handlers = {
  inviteToSpace: inviteTo,
  listUserPermissionsInSpace: listUserPermissionsIn,
  listTeamPermissionsInSpace: listTeamPermissionsIn,
  updateUserPermissionInSpace: updateUserPermissionIn,
  updateTeamPermissionInSpace: updateTeamPermissionIn,
  removeUserFromSpace: removeUserFrom,
  removeTeamFromSpace: removeTeamFrom,
  listPermissionsAggregateInSpace: listPermissionsAggregateIn,
};

export const collectionPermissionHandlers: Handlers = {
  inviteToCollection: inviteTo,
  listUserPermissionsInCollection: listUserPermissionsIn,
  listTeamPermissionsInCollection: listTeamPermissionsIn,
  updateUserPermissionInCollection: updateUserPermissionIn,
  updateTeamPermissionInCollection: updateTeamPermissionIn,
  removeUserFromCollection: removeUserFrom,
  removeTeamFromCollection: removeTeamFrom,
  listPermissionsAggregateInCollection: listPermissionsAggregateIn,
};

/** `listPermissionsAggregateInSite` is the sites' own (sites.ts): it says where each role comes from. */
export const sitePermissionHandlers: Handlers = {
  inviteToSite: inviteTo,
  listUserPermissionsInSite: listUserPermissionsIn,
  listTeamPermissionsInSite: listTeamPermissionsIn,
  updateUserPermissionInSite: updateUserPermissionIn,
  updateTeamPermissionInSite: updateTeamPermissionIn,
  removeUserFromSite: removeUserFrom,
  removeTeamFromSite: removeTeamFrom,
};
