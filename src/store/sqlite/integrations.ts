import { createHash } from 'node:crypto';
import { bool, int, json, optStr, str } from './codec.js';
import type { Db, Row, Sync } from './db.js';
import type { IntegrationVisibility, IntegrationTarget } from '../../model/index.js';
import type {
  IntegrationRecord,
  IntegrationManifest,
  InstallationRecord,
  InstallationStatus,
  InstallationSelection,
  ContentKind,
  ContentInstallationRecord,
  IntegrationEventRecord,
  IntegrationEventStatus,
} from '../../model/integrations.js';
import type { IntegrationRepo } from '../integrations.js';
const toIntegration = (r: Row): IntegrationRecord => ({
  name: str(r.name),
  id: str(r.id),
  organizationId: str(r.organization_id),
  version: Number(r.version),
  title: str(r.title),
  visibility: r.visibility as IntegrationVisibility,
  target: r.target as IntegrationTarget,
  manifest: json<IntegrationManifest>(r.manifest),
  sealedSecrets: optStr(r.secrets),
  devTunnelUrl: optStr(r.dev_tunnel_url),
  devAll: bool(r.dev_all),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

const toInstallation = (r: Row): InstallationRecord => ({
  id: str(r.id),
  integration: str(r.integration_name),
  organizationId: str(r.organization_id),
  status: r.status as InstallationStatus,
  spaceSelection: r.space_selection as InstallationSelection,
  siteSelection: r.site_selection as InstallationSelection,
  configuration: json(r.configuration),
  externalIds: json(r.external_ids),
  userId: optStr(r.user_id),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

const toContentInstallation =
  (kind: ContentKind) =>
  (r: Row): ContentInstallationRecord => ({
    installationId: str(r.installation_id),
    targetId: str(kind === 'space' ? r.space_id : r.site_id),
    status: r.status as InstallationStatus,
    configuration: json(r.configuration),
    externalIds: json(r.external_ids),
    createdAt: str(r.created_at),
    updatedAt: str(r.updated_at),
  });

const toEvent = (r: Row): IntegrationEventRecord => ({
  id: str(r.id),
  integration: str(r.integration_name),
  integrationId: str(r.integration_id),
  installationId: optStr(r.installation_id),
  organizationId: optStr(r.organization_id),
  type: str(r.type),
  payload: json(r.payload),
  status: r.status as IntegrationEventStatus,
  attempts: Number(r.attempts),
  trace: json(r.trace),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

/** The table and target column of space or site installations. */
const CONTENT = {
  space: { table: 'integration_space_installations', column: 'space_id' },
  site: { table: 'integration_site_installations', column: 'site_id' },
} as const;

/** Every column but the script, which can be large and is never listed. */
const COLUMNS = 'name, id, organization_id, version, title, visibility, target, manifest, secrets, dev_tunnel_url, dev_all, created_at, updated_at';

const hash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Integrations, their installations (on organizations, spaces and sites), events and installation tokens. */
export class SqliteIntegrationRepo implements Sync<IntegrationRepo> {
  /** `all()` as of a state version of the database: lists read it on every request. */
  private everyOne?: { version: string; records: IntegrationRecord[] };

  constructor(private readonly db: Db) {}

  get(name: string): IntegrationRecord | undefined {
    const row = this.db.get(`SELECT ${COLUMNS} FROM integrations WHERE name = ?`, name);
    return row && toIntegration(row);
  }

  /** Every integration, by name. The records are shared: change copies. */
  all(): IntegrationRecord[] {
    const version = this.db.stateVersion();
    if (this.everyOne?.version !== version) {
      this.everyOne = { version, records: this.db.all(`SELECT ${COLUMNS} FROM integrations ORDER BY name`).map(toIntegration) };
    }
    return this.everyOne.records;
  }

  /** Publishes: the integration with its script. */
  put(i: IntegrationRecord, script: string): void {
    this.db.run(
      `INSERT INTO integrations (name, id, organization_id, version, title, visibility, target, manifest, script, secrets,
         dev_tunnel_url, dev_all, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET version = excluded.version, title = excluded.title, visibility = excluded.visibility,
         target = excluded.target, manifest = excluded.manifest, script = excluded.script, secrets = excluded.secrets,
         dev_tunnel_url = excluded.dev_tunnel_url, dev_all = excluded.dev_all, updated_at = excluded.updated_at`,
      i.name,
      i.id,
      i.organizationId,
      i.version,
      i.title,
      i.visibility,
      i.target,
      JSON.stringify(i.manifest),
      script,
      i.sealedSecrets,
      i.devTunnelUrl,
      int(i.devAll),
      i.createdAt,
      i.updatedAt,
    );
  }

  /** Saves development mode (the only change made outside publishing). */
  setDevelopmentMode(name: string, tunnelUrl: string | null, all: boolean, updatedAt: string): void {
    this.db.run('UPDATE integrations SET dev_tunnel_url = ?, dev_all = ?, updated_at = ? WHERE name = ?', tunnelUrl, int(all), updatedAt, name);
  }

  /** Removes the integration with its installations, events and tokens. */
  delete(name: string): boolean {
    return this.db.run('DELETE FROM integrations WHERE name = ?', name) > 0;
  }

  installation(id: string): InstallationRecord | undefined {
    const row = this.db.get('SELECT * FROM integration_installations WHERE id = ?', id);
    return row && toInstallation(row);
  }

  installationIn(integration: string, organizationId: string): InstallationRecord | undefined {
    const row = this.db.get('SELECT * FROM integration_installations WHERE integration_name = ? AND organization_id = ?', integration, organizationId);
    return row && toInstallation(row);
  }

  installationsOf(integration: string): InstallationRecord[] {
    return this.db.all('SELECT * FROM integration_installations WHERE integration_name = ? ORDER BY created_at, id', integration).map(toInstallation);
  }

  installationsInOrganization(organizationId: string): InstallationRecord[] {
    return this.db.all('SELECT * FROM integration_installations WHERE organization_id = ? ORDER BY created_at, id', organizationId).map(toInstallation);
  }

  putInstallation(i: InstallationRecord): void {
    this.db.run(
      `INSERT INTO integration_installations (id, integration_name, organization_id, status, space_selection, site_selection,
         configuration, external_ids, user_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, space_selection = excluded.space_selection,
         site_selection = excluded.site_selection, configuration = excluded.configuration, external_ids = excluded.external_ids,
         user_id = excluded.user_id, updated_at = excluded.updated_at`,
      i.id,
      i.integration,
      i.organizationId,
      i.status,
      i.spaceSelection,
      i.siteSelection,
      JSON.stringify(i.configuration),
      JSON.stringify(i.externalIds),
      i.userId,
      i.createdAt,
      i.updatedAt,
    );
  }

  deleteInstallation(id: string): boolean {
    return this.db.run('DELETE FROM integration_installations WHERE id = ?', id) > 0;
  }

  contentInstallation(kind: ContentKind, installationId: string, targetId: string): ContentInstallationRecord | undefined {
    const { table, column } = CONTENT[kind];
    const row = this.db.get(`SELECT * FROM ${table} WHERE installation_id = ? AND ${column} = ?`, installationId, targetId);
    return row && toContentInstallation(kind)(row);
  }

  /** The space or site installations of one installation. */
  contentInstallations(kind: ContentKind, installationId: string): ContentInstallationRecord[] {
    const { table, column } = CONTENT[kind];
    return this.db.all(`SELECT * FROM ${table} WHERE installation_id = ? ORDER BY created_at, ${column}`, installationId).map(toContentInstallation(kind));
  }

  /** Every installation on one space or site. */
  contentInstallationsOn(kind: ContentKind, targetId: string): ContentInstallationRecord[] {
    const { table, column } = CONTENT[kind];
    return this.db.all(`SELECT * FROM ${table} WHERE ${column} = ? ORDER BY created_at, installation_id`, targetId).map(toContentInstallation(kind));
  }

  countContentInstallations(kind: ContentKind, installationId: string): number {
    const { table } = CONTENT[kind];
    return Number(this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE installation_id = ?`, installationId)?.n ?? 0);
  }

  putContentInstallation(kind: ContentKind, c: ContentInstallationRecord): void {
    const { table, column } = CONTENT[kind];
    this.db.run(
      `INSERT INTO ${table} (installation_id, ${column}, status, configuration, external_ids, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (installation_id, ${column}) DO UPDATE SET status = excluded.status, configuration = excluded.configuration,
         external_ids = excluded.external_ids, updated_at = excluded.updated_at`,
      c.installationId,
      c.targetId,
      c.status,
      JSON.stringify(c.configuration),
      JSON.stringify(c.externalIds),
      c.createdAt,
      c.updatedAt,
    );
  }

  deleteContentInstallation(kind: ContentKind, installationId: string, targetId: string): boolean {
    const { table, column } = CONTENT[kind];
    return this.db.run(`DELETE FROM ${table} WHERE installation_id = ? AND ${column} = ?`, installationId, targetId) > 0;
  }

  event(id: string): IntegrationEventRecord | undefined {
    const row = this.db.get('SELECT * FROM integration_events WHERE id = ?', id);
    return row && toEvent(row);
  }

  events(integration: string): IntegrationEventRecord[] {
    return this.db.all('SELECT * FROM integration_events WHERE integration_name = ? ORDER BY created_at, id', integration).map(toEvent);
  }

  insertEvent(e: IntegrationEventRecord): void {
    this.db.run(
      `INSERT INTO integration_events (id, integration_name, integration_id, installation_id, organization_id, type, payload, status,
         attempts, trace, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      e.id,
      e.integration,
      e.integrationId,
      e.installationId,
      e.organizationId,
      e.type,
      JSON.stringify(e.payload),
      e.status,
      e.attempts,
      JSON.stringify(e.trace),
      e.createdAt,
      e.updatedAt,
    );
  }

  /** Records the outcome of a delivery attempt. */
  updateEvent(e: Pick<IntegrationEventRecord, 'id' | 'status' | 'attempts' | 'trace' | 'updatedAt'>): void {
    this.db.run(
      'UPDATE integration_events SET status = ?, attempts = ?, trace = ?, updated_at = ? WHERE id = ?',
      e.status,
      e.attempts,
      JSON.stringify(e.trace),
      e.updatedAt,
      e.id,
    );
  }

  insertToken(secret: string, installationId: string, expiresAt: string, createdAt: string): void {
    this.db.run(
      'INSERT INTO integration_tokens (hash, installation_id, expires_at, created_at) VALUES (?, ?, ?, ?)',
      hash(secret),
      installationId,
      expiresAt,
      createdAt,
    );
  }

  /** The installation a token was issued for, while it has not expired. */
  installationForToken(secret: string, now: string): string | undefined {
    return this.db.get<{ installation_id: string }>('SELECT installation_id FROM integration_tokens WHERE hash = ? AND expires_at > ?', hash(secret), now)
      ?.installation_id;
  }

  deleteExpiredTokens(now: string): number {
    return this.db.run('DELETE FROM integration_tokens WHERE expires_at <= ?', now);
  }
}
