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
  find(caller: Caller, name: string): IntegrationRecord {
    const integration = this.deps.store.integrations.get(name);
    if (!integration || !this.visible(caller, integration)) throw notFound(`No matching integration found for the name ${name}`);
    return integration;
  }

  visible(caller: Caller, integration: IntegrationRecord): boolean {
    return integration.visibility !== 'private' || caller.access.organizationRole(integration.organizationId) !== undefined;
  }

  view(caller: Caller, integration: IntegrationRecord): IntegrationView {
    return {
      integration,
      owner: this.organizations.find(integration.organizationId),
      ownerRole: caller.access.organizationRole(integration.organizationId),
    };
  }

  isDeveloper(caller: Caller, integration: IntegrationRecord): boolean {
    return caller.access.organizationRole(integration.organizationId) === 'admin';
  }

  requireDeveloper(caller: Caller, integration: IntegrationRecord, action: string): void {
    if (!this.isDeveloper(caller, integration)) {
      throw forbidden(`Only admins of the organization ${integration.organizationId}, which publishes ${integration.name}, can ${action}`);
    }
  }

  /** An installation of the integration; 404 when there is none with that id. */
  installation(integration: IntegrationRecord, id: string): InstallationRecord {
    const installation = this.deps.store.integrations.installation(id);
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
  isInstaller(caller: Caller, installation: InstallationRecord): boolean {
    return caller.access.organizationRole(installation.organizationId) === 'admin';
  }

  /** Reading and configuring an installation: its organization's admins, the developers, or the installation itself. */
  requireManager(caller: Caller, integration: IntegrationRecord, installation: InstallationRecord): void {
    if (this.isInstaller(caller, installation) || this.isDeveloper(caller, integration) || this.isSelf(caller, installation)) return;
    throw forbidden(
      `Only admins of the organization ${installation.organizationId} or of the integration's publisher can manage the installation ${installation.id}`,
    );
  }
}
