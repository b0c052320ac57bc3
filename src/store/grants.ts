import type { ResourceKind, GrantRecord, PrincipalKind } from '../model/index.js';

/** Roles given on a space or collection to a user or a team. */
export interface GrantRepo {
  on(kind: ResourceKind, resourceId: string): Promise<GrantRecord[]>;
  get(kind: ResourceKind, resourceId: string, principal: PrincipalKind, principalId: string): Promise<GrantRecord | undefined>;
  /** Grants to any of the principals, on any of the resources. */
  forPrincipals(userId: string, teamIds: string[]): Promise<GrantRecord[]>;
  countFor(principal: PrincipalKind, principalId: string, kind: ResourceKind): Promise<number>;
  put(g: GrantRecord): Promise<void>;
  remove(kind: ResourceKind, resourceId: string, principal: PrincipalKind, principalId: string): Promise<boolean>;
  removeUserIn(userId: string, kind: ResourceKind, resourceIds: string[]): Promise<void>;
}
