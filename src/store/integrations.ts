import type { IntegrationRecord, InstallationRecord, ContentKind, ContentInstallationRecord, IntegrationEventRecord } from '../model/integrations.js';

/** Integrations, their installations (on organizations, spaces and sites), events and installation tokens. */
export interface IntegrationRepo {
  get(name: string): IntegrationRecord | undefined;
  /** Every integration, by name. The records are shared: change copies. */
  all(): IntegrationRecord[];
  /** Publishes: the integration with its script. */
  put(i: IntegrationRecord, script: string): void;
  /** Saves development mode (the only change made outside publishing). */
  setDevelopmentMode(name: string, tunnelUrl: string | null, all: boolean, updatedAt: string): void;
  /** Removes the integration with its installations, events and tokens. */
  delete(name: string): boolean;
  installation(id: string): InstallationRecord | undefined;
  installationIn(integration: string, organizationId: string): InstallationRecord | undefined;
  installationsOf(integration: string): InstallationRecord[];
  installationsInOrganization(organizationId: string): InstallationRecord[];
  putInstallation(i: InstallationRecord): void;
  deleteInstallation(id: string): boolean;
  contentInstallation(kind: ContentKind, installationId: string, targetId: string): ContentInstallationRecord | undefined;
  /** The space or site installations of one installation. */
  contentInstallations(kind: ContentKind, installationId: string): ContentInstallationRecord[];
  /** Every installation on one space or site. */
  contentInstallationsOn(kind: ContentKind, targetId: string): ContentInstallationRecord[];
  countContentInstallations(kind: ContentKind, installationId: string): number;
  putContentInstallation(kind: ContentKind, c: ContentInstallationRecord): void;
  deleteContentInstallation(kind: ContentKind, installationId: string, targetId: string): boolean;
  event(id: string): IntegrationEventRecord | undefined;
  events(integration: string): IntegrationEventRecord[];
  insertEvent(e: IntegrationEventRecord): void;
  /** Records the outcome of a delivery attempt. */
  updateEvent(e: Pick<IntegrationEventRecord, 'id' | 'status' | 'attempts' | 'trace' | 'updatedAt'>): void;
  insertToken(secret: string, installationId: string, expiresAt: string, createdAt: string): void;
  /** The installation a token was issued for, while it has not expired. */
  installationForToken(secret: string, now: string): string | undefined;
  deleteExpiredTokens(now: string): number;
}
