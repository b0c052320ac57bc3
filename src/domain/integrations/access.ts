import type { InstallationRecord, IntegrationRecord, OrganizationRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { forbidden, notFound } from '../core/errors.js';
import type { Organizations } from '../organizations/organizations.js';
import type { RoleName } from '../core/roles.js';

export interface IntegrationView {
  integration: IntegrationRecord;
  owner: OrganizationRecord;
  /** The caller's role in the owner organization: admins of it administer the integration. */
  ownerRole: RoleName | null | undefined;
}

/**
 * Who may do what with an integration. Its developers are the admins of the organization that published it; an
 * installation belongs to the admins of the organization it is installed in; an installation token acts for its
 * own installation. A private integration is seen only by members of its organization.
 */
export class IntegrationAccess {
  constructor(
    readonly deps: Deps,
    readonly organizations: Organizations,
  ) {}

  /** The integration, when the caller may see it; 404 otherwise. */
  async find(caller: Caller, name: string): Promise<IntegrationRecord> {
    const integration = await this.deps.store.integrations.get(name);
    if (!integration || !(await this.visible(caller, integration))) throw notFound(`No matching integration found for the name ${name}`);
    return integration;
  }

  async visible(caller: Caller, integration: IntegrationRecord): Promise<boolean> {
    return integration.visibility !== 'private' || (await caller.access.organizationRole(integration.organizationId)) !== undefined;
  }

  async view(caller: Caller, integration: IntegrationRecord): Promise<IntegrationView> {
    return {
      integration,
      owner: await this.organizations.find(integration.organizationId),
      ownerRole: await caller.access.organizationRole(integration.organizationId),
    };
  }

  async isDeveloper(caller: Caller, integration: IntegrationRecord): Promise<boolean> {
    return (await caller.access.organizationRole(integration.organizationId)) === 'admin';
  }

  async requireDeveloper(caller: Caller, integration: IntegrationRecord, action: string): Promise<void> {
    if (!(await this.isDeveloper(caller, integration))) {
      throw forbidden(`Only admins of the organization ${integration.organizationId}, which publishes ${integration.name}, can ${action}`);
    }
  }

  /** An installation of the integration; 404 when there is none with that id. */
  async installation(integration: IntegrationRecord, id: string): Promise<InstallationRecord> {
    const installation = await this.deps.store.integrations.installation(id);
    if (!installation || installation.integration !== integration.name) {
      throw notFound(`No matching installation ${id} of the integration ${integration.name}`);
    }
    return installation;
  }

  /** The caller is the installation's own token. */
  isSelf(caller: Caller, installation: InstallationRecord): boolean {
    return caller.access.installation?.installationId === installation.id;
  }

  /** The caller administers the organization the integration is installed in. */
  async isInstaller(caller: Caller, installation: InstallationRecord): Promise<boolean> {
    return (await caller.access.organizationRole(installation.organizationId)) === 'admin';
  }

  /** Reading and configuring an installation: its organization's admins, the developers, or the installation itself. */
  async requireManager(caller: Caller, integration: IntegrationRecord, installation: InstallationRecord): Promise<void> {
    if ((await this.isInstaller(caller, installation)) || (await this.isDeveloper(caller, integration)) || this.isSelf(caller, installation)) return;
    throw forbidden(
      `Only admins of the organization ${installation.organizationId} or of the integration's publisher can manage the installation ${installation.id}`,
    );
  }
}
