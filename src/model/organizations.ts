/** Organizations, their members and teams. */
import type { RoleName } from './roles.js';
import type { MergeRules } from './spaces.js';

export interface OrganizationRecord {
  id: string;
  title: string;
  hostname: string | null;
  emailDomains: string[];
  defaultRole: RoleName | null;
  useCase: string | null;
  inviteLinks: boolean;
  sso: boolean;
  ai: boolean;
  logo: string | null;
  /** The site visitors land on: `{type: 'site', site}`. */
  defaultContent: { type: 'site'; site: string } | null;
  mergeRules: MergeRules;
  createdAt: string;
  updatedAt: string;
}

export interface MemberRecord {
  organizationId: string;
  userId: string;
  /** null: a guest, who sees only what was shared with them. */
  role: RoleName | null;
  disabled: boolean;
  sso: boolean;
  joinedAt: string;
  lastSeenAt: string | null;
}

export interface TeamRecord {
  id: string;
  organizationId: string;
  title: string;
  createdAt: string;
}

export interface TeamMemberRecord {
  teamId: string;
  userId: string;
  role: 'owner' | 'member';
}
