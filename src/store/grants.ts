import type { ResourceKind, GrantRecord, PrincipalKind } from '../model/index.js';

/** Roles given on a space or collection to a user or a team. */
export interface GrantRepo {
  on(kind: ResourceKind, resourceId: string): GrantRecord[];
  get(kind: ResourceKind, resourceId: string, principal: PrincipalKind, principalId: string): GrantRecord | undefined;
  /** Grants to any of the principals, on any of the resources. */
  forPrincipals(userId: string, teamIds: string[]): GrantRecord[];
  countFor(principal: PrincipalKind, principalId: string, kind: ResourceKind): number;
  put(g: GrantRecord): void;
  remove(kind: ResourceKind, resourceId: string, principal: PrincipalKind, principalId: string): boolean;
  removeUserIn(userId: string, kind: ResourceKind, resourceIds: string[]): void;
}
