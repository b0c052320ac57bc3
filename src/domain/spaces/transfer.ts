import type { ResourceKind, SpaceRecord } from '../../model/index.js';
import type { Store } from '../../store/index.js';
import { preconditionFailed } from '../core/errors.js';

/** After a transfer, roles held by people and teams outside the new organization no longer apply. */
export async function dropForeignGrants(store: Store, kind: ResourceKind, id: string, organizationId: string): Promise<void> {
  for (const grant of await store.grants.on(kind, id)) {
    const stays =
      grant.principalKind === 'user'
        ? (await store.organizations.member(organizationId, grant.principalId)) !== undefined
        : (await store.organizations.team(grant.principalId))?.organizationId === organizationId;
    if (!stays) await store.grants.remove(kind, id, grant.principalKind, grant.principalId);
  }
}

/**
 * A site shows only spaces of its own organization: a space one shows cannot leave it (412) until it is removed from
 * the site, so no site is left pointing at another organization's content and nothing of the site is dropped silently.
 */
export async function requireNotInSites(store: Store, spaces: readonly SpaceRecord[]): Promise<void> {
  for (const space of spaces) {
    const sites = (await Promise.all((await store.sites.sitesShowing(space.id)).map(async (id) => await store.sites.get(id)))).filter(
      (site) => site !== undefined,
    );
    if (sites.length === 0) continue;
    const names = sites.map((site) => `"${site.title}" (${site.id})`).join(', ');
    throw preconditionFailed(
      `The space cannot be moved: ${space.title} (${space.id}) is shown in the site${sites.length > 1 ? 's' : ''} ${names}; remove it from ${sites.length > 1 ? 'them' : 'it'} first`,
    );
  }
}
