import type { RoleName } from './roles.js';

export interface InviteLinkRecord {
  id: string;
  organizationId: string;
  target: InviteTarget;
  /** The space or collection of a content invite; null for the organization. */
  resourceId: string | null;
  /** Organization role, or the level in the space or collection; null invites a guest. */
  role: RoleName | null;
  createdBy: string;
  createdAt: string;
}

export type InviteTarget = 'organization' | 'space' | 'collection';
