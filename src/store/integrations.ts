import type { IntegrationRecord, InstallationRecord, ContentKind, ContentInstallationRecord, IntegrationEventRecord } from '../model/integrations.js';

/** Integrations, their installations (on organizations, spaces and sites), events and installation tokens. */
export interface IntegrationRepo {
  get(name: string): Promise<IntegrationRecord | undefined>;
  /** Every integration, by name. The records are shared: change copies. */
  all(): Promise<IntegrationRecord[]>;
  /** Publishes: the integration with its script. */
  put(i: IntegrationRecord, script: string): Promise<void>;
  /** Saves development mode (the only change made outside publishing). */
  setDevelopmentMode(name: string, tunnelUrl: string | null, all: boolean, updatedAt: string): Promise<void>;
  /** Removes the integration with its installations, events and tokens. */
  delete(name: string): Promise<boolean>;
  installation(id: string): Promise<InstallationRecord | undefined>;
  installationIn(integration: string, organizationId: string): Promise<InstallationRecord | undefined>;
  installationsOf(integration: string): Promise<InstallationRecord[]>;
  installationsInOrganization(organizationId: string): Promise<InstallationRecord[]>;
  putInstallation(i: InstallationRecord): Promise<void>;
  deleteInstallation(id: string): Promise<boolean>;
  contentInstallation(kind: ContentKind, installationId: string, targetId: string): Promise<ContentInstallationRecord | undefined>;
  /** The space or site installations of one installation. */
  contentInstallations(kind: ContentKind, installationId: string): Promise<ContentInstallationRecord[]>;
  /** Every installation on one space or site. */
  contentInstallationsOn(kind: ContentKind, targetId: string): Promise<ContentInstallationRecord[]>;
  countContentInstallations(kind: ContentKind, installationId: string): Promise<number>;
  putContentInstallation(kind: ContentKind, c: ContentInstallationRecord): Promise<void>;
  deleteContentInstallation(kind: ContentKind, installationId: string, targetId: string): Promise<boolean>;
  event(id: string): Promise<IntegrationEventRecord | undefined>;
  events(integration: string): Promise<IntegrationEventRecord[]>;
  insertEvent(e: IntegrationEventRecord): Promise<void>;
  /** Records the outcome of a delivery attempt. */
  updateEvent(e: Pick<IntegrationEventRecord, 'id' | 'status' | 'attempts' | 'trace' | 'updatedAt'>): Promise<void>;
  insertToken(secret: string, installationId: string, expiresAt: string, createdAt: string): Promise<void>;
  /** The installation a token was issued for, while it has not expired. */
  installationForToken(secret: string, now: string): Promise<string | undefined>;
  deleteExpiredTokens(now: string): Promise<number>;
}
