import type { InviteLinkRecord } from '../model/invites.js';

export interface InviteRepo {
  get(id: string): Promise<InviteLinkRecord | undefined>;
  inOrganization(organizationId: string): Promise<InviteLinkRecord[]>;
  put(i: InviteLinkRecord): Promise<void>;
  delete(organizationId: string, id: string): Promise<boolean>;
}
