import type { InviteLinkRecord } from '../model/invites.js';

export interface InviteRepo {
  get(id: string): InviteLinkRecord | undefined;
  inOrganization(organizationId: string): InviteLinkRecord[];
  put(i: InviteLinkRecord): void;
  delete(organizationId: string, id: string): boolean;
}
