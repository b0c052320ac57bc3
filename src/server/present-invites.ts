import type * as api from '@gitbook/api';
import type { Domain } from '../domain/index.js';
import type { InviteLinkView } from '../domain/invites/invites.js';
import { collection, space, type Urls } from './present.js';

export async function inviteLink(urls: Urls, domain: Domain, view: InviteLinkView): Promise<api.OrganizationInviteLink> {
  const { invite, redundant } = view;
  const base = { object: 'invite' as const, id: invite.id, redundant };
  if (view.space) return { ...base, level: invite.role as api.MemberRoleOrGuest, space: space(urls, await domain.spaces.view(view.space, null)) };
  if (view.collection)
    return { ...base, level: invite.role as api.MemberRoleOrGuest, collection: collection(urls, { collection: view.collection, role: null }) };
  return { ...base, role: invite.role as api.MemberRoleOrGuest };
}
