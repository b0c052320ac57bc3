import type { Invitation, ResourceRef } from '../../domain/permissions/permissions.js';
import type { RoleName } from '../../domain/core/roles.js';
import { deleted, noContent, ok, pageOf, type Context, type Handlers } from '../handler.js';
import { list, team, user } from '../present.js';

/** The same eight operations exist for spaces and for collections. */
function permissionHandlers(kind: 'space' | 'collection', suffix: 'Space' | 'Collection'): Handlers {
  const ref = (ctx: Context): ResourceRef => ({ kind, id: ctx.params[`${kind}Id`]! });
  const role = (ctx: Context) => (ctx.body as { role?: RoleName | null }).role;
  return {
    [`inviteTo${suffix}`]: (ctx) => {
      ctx.domain.permissions.invite(ctx.caller, ref(ctx), ctx.body as Invitation);
      return noContent();
    },
    [`listUserPermissionsIn${suffix}`]: (ctx) =>
      ok(list(ctx.domain.permissions.listUsers(ctx.caller, ref(ctx), pageOf(ctx.query)), (p) => ({ permission: p.permission, user: user(ctx.urls, p.user) }))),
    [`listTeamPermissionsIn${suffix}`]: (ctx) =>
      ok(list(ctx.domain.permissions.listTeams(ctx.caller, ref(ctx), pageOf(ctx.query)), (p) => ({ permission: p.permission, team: team(p.team) }))),
    [`updateUserPermissionIn${suffix}`]: (ctx) => {
      ctx.domain.permissions.update(ctx.caller, ref(ctx), 'user', ctx.params.userId!, role(ctx));
      return noContent();
    },
    [`updateTeamPermissionIn${suffix}`]: (ctx) => {
      ctx.domain.permissions.update(ctx.caller, ref(ctx), 'team', ctx.params.teamId!, role(ctx));
      return noContent();
    },
    [`removeUserFrom${suffix}`]: (ctx) => deleted(ctx.domain.permissions.remove(ctx.caller, ref(ctx), 'user', ctx.params.userId!)),
    [`removeTeamFrom${suffix}`]: (ctx) => deleted(ctx.domain.permissions.remove(ctx.caller, ref(ctx), 'team', ctx.params.teamId!)),
    [`listPermissionsAggregateIn${suffix}`]: (ctx) => {
      const request = { ...pageOf(ctx.query), ...(ctx.query.role ? { role: ctx.query.role as RoleName } : {}) };
      return ok(list(ctx.domain.permissions.aggregate(ctx.caller, ref(ctx), request), (p) => ({ permission: p.permission, user: user(ctx.urls, p.user) })));
    },
  };
}

export const spacePermissionHandlers = permissionHandlers('space', 'Space');
export const collectionPermissionHandlers = permissionHandlers('collection', 'Collection');
