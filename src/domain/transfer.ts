import type { ResourceKind, Store } from '../store/index.js';

/** After a transfer, roles held by people and teams outside the new organization no longer apply. */
export function dropForeignGrants(store: Store, kind: ResourceKind, id: string, organizationId: string): void {
  for (const grant of store.grants.on(kind, id)) {
    const stays =
      grant.principalKind === 'user'
        ? store.organizations.member(organizationId, grant.principalId) !== undefined
        : store.organizations.team(grant.principalId)?.organizationId === organizationId;
    if (!stays) store.grants.remove(kind, id, grant.principalKind, grant.principalId);
  }
}
