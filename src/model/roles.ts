/** Roles: what a member, a team or a default level may do. */
export type RoleName = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read';

/** A role, `inherit` (take the parent's), or null (no access by default). */
export type DefaultLevel = RoleName | 'inherit' | null;
