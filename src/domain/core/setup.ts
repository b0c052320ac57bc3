import type { Config } from '../../config/index.js';
import type { OrganizationRecord, UserRecord } from '../../model/index.js';
import type { Domain } from '../index.js';

export interface Bootstrap {
  admin: UserRecord;
  organizations: OrganizationRecord[];
  /** Issued when the admin had no token yet: shown once, never stored in clear. */
  newAdminToken?: string;
}

/**
 * Makes the store match the config: its organizations exist and the admin user is an admin of
 * each. Runs on every start; only creates what is missing, so API edits are kept. `issueToken`: the
 * admin's first token is made here (only where it is shown: `docs serve` and `docs start`).
 */
export async function bootstrap(domain: Domain, config: Config, env: { DOCS_TOKEN?: string } = {}, { issueToken = true } = {}): Promise<Bootstrap> {
  const { store } = domain.deps;
  const result = await store.tx(async () => {
    const admin = await domain.users.ensure(config.admin.email, config.admin.displayName);
    const organizations = await Promise.all(
      config.organizations.map(async (o) => {
        const org = await domain.organizations.ensure(o.title, {
          emailDomains: o.emailDomains,
          defaultRole: o.defaultRole,
          ...(o.hostname ? { hostname: o.hostname } : {}),
        });
        await domain.organizations.ensureMember(org.id, admin.id, 'admin');
        return org;
      }),
    );
    const needsToken = issueToken && (await store.users.tokensOf(admin.id)).length === 0;
    const newAdminToken = needsToken ? (await domain.users.createToken(admin.id, 'admin (first start)')).token : undefined;
    return { admin, organizations, ...(newAdminToken ? { newAdminToken } : {}) };
  });
  if (env.DOCS_TOKEN) domain.users.acceptFixedToken(env.DOCS_TOKEN, result.admin.id);
  return result;
}
