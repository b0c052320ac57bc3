/** Access granted to a user or team on a space, a collection or a site. */
import type { RoleName } from './roles.js';

export type ResourceKind = 'space' | 'collection' | 'site';
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
