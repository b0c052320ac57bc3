import { randomBytes } from 'node:crypto';
import { newId, type InstallationRecord, type UserRecord } from '../../model/index.js';
import type { InstallationGrant } from '../core/access.js';
import { Caller, nowIso } from '../core/context.js';
import { forbidden } from '../core/errors.js';
import type { RoleName } from '../core/roles.js';
import type { IntegrationAccess } from './access.js';

const PREFIX = 'docs_inst_';
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** The role an installation's scopes give it on the spaces it reaches. */
export function roleFromScopes(scopes: readonly string[]): RoleName | null {
  if (scopes.includes('space:content:write') || scopes.includes('space:metadata:write')) return 'edit';
  if (scopes.includes('space:content:read') || scopes.includes('space:metadata:read')) return 'read';
  return null;
}

/**
 * Temporary tokens that authenticate as an installation (`createIntegrationInstallationToken`). Such a caller is a
 * guest of the installation's organization and gets, on each space the installation reaches (every space of the
 * organization with `space_selection: all`, the spaces it is installed on otherwise), the role its scopes give:
 * `read` for the read scopes, `edit` for the write scopes. It acts as a user made for the installation.
 */
export class InstallationTokens {
  constructor(private readonly access: IntegrationAccess) {}

  /** A new token, for the integration's developers or the installation itself; stored only as a hash. */
  async create(caller: Caller, name: string, installationId: string): Promise<{ token: string; expiresAt: string }> {
    const integration = await this.access.find(caller, name);
    const installation = await this.access.installation(integration, installationId);
    if (!(await this.access.isDeveloper(caller, integration)) && !this.access.isSelf(caller, installation)) {
      throw forbidden(`Only the integration ${name} (admins of the organization ${integration.organizationId}) can create tokens for its installations`);
    }
    const { store } = this.access.deps;
    const now = this.access.deps.clock.now();
    const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString();
    await store.tx(async () => {
      await store.integrations.deleteExpiredTokens(now.toISOString());
      if (!installation.userId) {
        const user = await this.userFor(installation, integration.title);
        await store.integrations.putInstallation({ ...installation, userId: user.id });
      }
      await store.integrations.insertToken(token, installation.id, expiresAt, now.toISOString());
    });
    return { token, expiresAt };
  }

  /** The caller a token stands for, while it is valid and its installation exists. */
  async authenticate(secret: string): Promise<Caller | undefined> {
    if (!secret.startsWith(PREFIX)) return undefined;
    const { store } = this.access.deps;
    const installationId = await store.integrations.installationForToken(secret, nowIso(this.access.deps));
    const installation = installationId === undefined ? undefined : await store.integrations.installation(installationId);
    const user = installation?.userId ? await store.users.get(installation.userId) : undefined;
    const integration = installation && (await store.integrations.get(installation.integration));
    if (!installation || !user || !integration) return undefined;
    const role = roleFromScopes(integration.manifest.scopes);
    const grant: InstallationGrant = {
      integration: integration.name,
      installationId: installation.id,
      organizationId: installation.organizationId,
      spaceRole: async (spaceId) =>
        role && (installation.spaceSelection === 'all' || (await store.integrations.contentInstallation('space', installation.id, spaceId))) ? role : null,
    };
    return new Caller(store, user, grant);
  }

  /** The user an installation's tokens act as: named after the integration, member of no organization. */
  private async userFor(installation: InstallationRecord, title: string): Promise<UserRecord> {
    const user: UserRecord = {
      id: newId(),
      displayName: title,
      email: `installation-${Buffer.from(installation.id).toString('hex')}@integrations.invalid`,
      photoURL: null,
      createdAt: nowIso(this.access.deps),
    };
    await this.access.deps.store.users.insert(user);
    return user;
  }
}
