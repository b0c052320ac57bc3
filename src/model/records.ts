export type RoleName = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read';
/** A role, `inherit` (take the parent's), or null (no access by default). */
export type DefaultLevel = RoleName | 'inherit' | null;
export type Visibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';
export type EditMode = 'live' | 'locked';

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

export interface UserRecord {
  id: string;
  displayName: string;
  email: string;
  photoURL: string | null;
  createdAt: string;
}

export interface TokenRecord {
  id: string;
  userId: string;
  label: string;
  createdAt: string;
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

export interface CollectionRecord {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  description: string | null;
  defaultLevel: DefaultLevel;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface MergeRules {
  type: 'inherit' | 'rules' | 'none';
  rules?: unknown[];
}

export interface SpaceRecord {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  emoji: string | null;
  icon: string | null;
  visibility: Visibility;
  editMode: EditMode;
  defaultLevel: DefaultLevel;
  language: string | null;
  mergeRules: MergeRules;
  revisionId: string;
  position: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

export type ResourceKind = 'space' | 'collection';
export type PrincipalKind = 'user' | 'team';

export interface GrantRecord {
  resourceKind: ResourceKind;
  resourceId: string;
  principalKind: PrincipalKind;
  principalId: string;
  /** null: a guest grant, which gives no role. */
  role: RoleName | null;
  createdAt: string;
}

export interface RevisionRecord {
  id: string;
  spaceId: string;
  parents: string[];
  type: 'edits' | 'merge' | 'rollback' | 'update' | 'computed';
  git: Record<string, unknown> | null;
  createdAt: string;
}

export type JobState = 'pending' | 'running' | 'done' | 'failed';

export interface JobRecord {
  id: string;
  kind: string;
  payload: unknown;
  dedupeKey: string | null;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}
