/** Everything published about an integration that is read whole and never queried by SQL. */
export interface IntegrationManifest {
  runtime: 'v1' | 'v2';
  description: string;
  summary?: string;
  /** Base64 bytes, as published. */
  icon?: string;
  previewImages: string[];
  scopes: string[];
  categories: string[];
  blocks: Record<string, unknown>[];
  contentSources: Record<string, unknown>[];
  externalLinks: { url: string; label: string }[];
  configurations: Record<string, unknown>;
  contentSecurityPolicy?: string | Record<string, string>;
}

export interface IntegrationRecord {
  /** Unique across the server; the id of the API. */
  name: string;
  /** Changes when a name is unpublished and published again: events name it. */
  id: string;
  organizationId: string;
  version: number;
  title: string;
  visibility: IntegrationVisibility;
  target: IntegrationTarget;
  manifest: IntegrationManifest;
  /** The secrets map as JSON, sealed by the store's SecretBox; null when none were published. */
  sealedSecrets: string | null;
  /** Development mode: events are dispatched to this URL. */
  devTunnelUrl: string | null;
  /** Development mode for every organization's events, not only the owner's. */
  devAll: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface InstallationRecord {
  id: string;
  integration: string;
  organizationId: string;
  status: InstallationStatus;
  spaceSelection: InstallationSelection;
  siteSelection: InstallationSelection;
  configuration: Record<string, unknown>;
  externalIds: string[];
  /** The user the installation's tokens act as; made when the first token is. */
  userId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An installation on one space or site. */
export interface ContentInstallationRecord {
  installationId: string;
  /** The space's or the site's id. */
  targetId: string;
  status: InstallationStatus;
  configuration: Record<string, unknown>;
  externalIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface IntegrationEventLog {
  message: string;
  timestamp: string;
  level: 'debug' | 'info' | 'warn' | 'error';
}

export interface IntegrationEventRecord {
  id: string;
  integration: string;
  integrationId: string;
  installationId: string | null;
  /** The organization whose installation the event concerns. */
  organizationId: string | null;
  type: string;
  payload: Record<string, unknown>;
  status: IntegrationEventStatus;
  attempts: number;
  trace: IntegrationEventLog[];
  createdAt: string;
  updatedAt: string;
}

export type IntegrationVisibility = 'public' | 'private' | 'unlisted';

export type IntegrationTarget = 'all' | 'site' | 'space' | 'organization';

export type InstallationStatus = 'active' | 'pending' | 'paused';

export type InstallationSelection = 'all' | 'selected';

/** `pending` until the first delivery attempt settles it. */
export type IntegrationEventStatus = 'pending' | 'success' | 'failed';

export type ContentKind = 'space' | 'site';
