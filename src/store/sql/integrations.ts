import { createHash } from 'node:crypto';
import { asJson, asFlag } from './codec.js';
import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';
import type { IntegrationRecord, InstallationRecord, ContentKind, ContentInstallationRecord, IntegrationEventRecord } from '../../model/integrations.js';
import type { IntegrationRepo } from '../integrations.js';

/** The table and target column of space or site installations. */
const CONTENT = {
  space: { table: 'integration_space_installations', column: 'space_id' },
  site: { table: 'integration_site_installations', column: 'site_id' },
} as const;

/** Every column but the script, which can be large and is never listed. */
const COLUMNS = 'name, id, organization_id, version, title, visibility, target, manifest, secrets, dev_tunnel_url, dev_all, created_at, updated_at';

const hash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Integrations, their installations (on organizations, spaces and sites), events and installation tokens. */
export class SqlIntegrationRepo implements Queries<IntegrationRepo> {
  private readonly integrationRows: Table<IntegrationRecord>;
  private readonly installationRows: Table<InstallationRecord>;
  private readonly eventRows: Table<IntegrationEventRecord>;
  private readonly contentRows: Record<ContentKind, Table<ContentInstallationRecord>>;
  /** `all()` as of a state version of the database: lists read it on every request. */
  private everyOne?: { version: string; records: IntegrationRecord[] };

  constructor() {
    this.integrationRows = new Table<IntegrationRecord>('integrations', {
      fields: { sealedSecrets: 'secrets' },
      codecs: { manifest: asJson, devAll: asFlag },
      omit: ['script'],
    });
    this.installationRows = new Table<InstallationRecord>('integration_installations', {
      fields: { integration: 'integration_name' },
      codecs: { configuration: asJson, externalIds: asJson },
    });
    const content = (kind: ContentKind) =>
      new Table<ContentInstallationRecord>(CONTENT[kind].table, {
        fields: { targetId: CONTENT[kind].column },
        codecs: { configuration: asJson, externalIds: asJson },
      });
    this.contentRows = { space: content('space'), site: content('site') };
    this.eventRows = new Table<IntegrationEventRecord>('integration_events', {
      fields: { integration: 'integration_name' },
      codecs: { payload: asJson, trace: asJson },
    });
  }

  *get(name: string): Query<IntegrationRecord | undefined> {
    return yield* this.integrationRows.one(`SELECT ${COLUMNS} FROM integrations WHERE name = ?`, name);
  }

  /** Every integration, by name. The records are shared: change copies. */
  *all(): Query<IntegrationRecord[]> {
    const version = yield* sql.stateVersion();
    if (this.everyOne?.version !== version) {
      this.everyOne = { version, records: yield* this.integrationRows.many(`SELECT ${COLUMNS} FROM integrations ORDER BY name`) };
    }
    return this.everyOne.records;
  }

  /** Publishes: the integration with its script. */
  *put(i: IntegrationRecord, script: string): Query<void> {
    yield* this.integrationRows.upsert(i, ['name'], ['id', 'organizationId', 'createdAt'], { script });
  }

  /** Saves development mode (the only change made outside publishing). */
  *setDevelopmentMode(name: string, tunnelUrl: string | null, all: boolean, updatedAt: string): Query<void> {
    yield* sql.run('UPDATE integrations SET dev_tunnel_url = ?, dev_all = ?, updated_at = ? WHERE name = ?', tunnelUrl, all ? 1 : 0, updatedAt, name);
  }

  /** Removes the integration with its installations, events and tokens. */
  *delete(name: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM integrations WHERE name = ?', name)) > 0;
  }

  *installation(id: string): Query<InstallationRecord | undefined> {
    return yield* this.installationRows.one('SELECT * FROM integration_installations WHERE id = ?', id);
  }

  *installationIn(integration: string, organizationId: string): Query<InstallationRecord | undefined> {
    return yield* this.installationRows.one(
      'SELECT * FROM integration_installations WHERE integration_name = ? AND organization_id = ?',
      integration,
      organizationId,
    );
  }

  *installationsOf(integration: string): Query<InstallationRecord[]> {
    return yield* this.installationRows.many('SELECT * FROM integration_installations WHERE integration_name = ? ORDER BY created_at, id', integration);
  }

  *installationsInOrganization(organizationId: string): Query<InstallationRecord[]> {
    return yield* this.installationRows.many('SELECT * FROM integration_installations WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  *putInstallation(i: InstallationRecord): Query<void> {
    yield* this.installationRows.upsert(i, ['id'], ['integration', 'organizationId', 'createdAt']);
  }

  *deleteInstallation(id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM integration_installations WHERE id = ?', id)) > 0;
  }

  *contentInstallation(kind: ContentKind, installationId: string, targetId: string): Query<ContentInstallationRecord | undefined> {
    const { table, column } = CONTENT[kind];
    return yield* this.contentRows[kind].one(`SELECT * FROM ${table} WHERE installation_id = ? AND ${column} = ?`, installationId, targetId);
  }

  /** The space or site installations of one installation. */
  *contentInstallations(kind: ContentKind, installationId: string): Query<ContentInstallationRecord[]> {
    const { table, column } = CONTENT[kind];
    return yield* this.contentRows[kind].many(`SELECT * FROM ${table} WHERE installation_id = ? ORDER BY created_at, ${column}`, installationId);
  }

  /** Every installation on one space or site. */
  *contentInstallationsOn(kind: ContentKind, targetId: string): Query<ContentInstallationRecord[]> {
    const { table, column } = CONTENT[kind];
    return yield* this.contentRows[kind].many(`SELECT * FROM ${table} WHERE ${column} = ? ORDER BY created_at, installation_id`, targetId);
  }

  *countContentInstallations(kind: ContentKind, installationId: string): Query<number> {
    const { table } = CONTENT[kind];
    return Number((yield* sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE installation_id = ?`, installationId))?.n ?? 0);
  }

  *putContentInstallation(kind: ContentKind, c: ContentInstallationRecord): Query<void> {
    yield* this.contentRows[kind].upsert(c, ['installationId', 'targetId'], ['createdAt']);
  }

  *deleteContentInstallation(kind: ContentKind, installationId: string, targetId: string): Query<boolean> {
    const { table, column } = CONTENT[kind];
    return (yield* sql.run(`DELETE FROM ${table} WHERE installation_id = ? AND ${column} = ?`, installationId, targetId)) > 0;
  }

  *event(id: string): Query<IntegrationEventRecord | undefined> {
    return yield* this.eventRows.one('SELECT * FROM integration_events WHERE id = ?', id);
  }

  *events(integration: string): Query<IntegrationEventRecord[]> {
    return yield* this.eventRows.many('SELECT * FROM integration_events WHERE integration_name = ? ORDER BY created_at, id', integration);
  }

  *insertEvent(e: IntegrationEventRecord): Query<void> {
    yield* this.eventRows.insert(e);
  }

  /** Records the outcome of a delivery attempt. */
  *updateEvent(e: Pick<IntegrationEventRecord, 'id' | 'status' | 'attempts' | 'trace' | 'updatedAt'>): Query<void> {
    yield* sql.run(
      'UPDATE integration_events SET status = ?, attempts = ?, trace = ?, updated_at = ? WHERE id = ?',
      e.status,
      e.attempts,
      JSON.stringify(e.trace),
      e.updatedAt,
      e.id,
    );
  }

  *insertToken(secret: string, installationId: string, expiresAt: string, createdAt: string): Query<void> {
    yield* sql.run(
      'INSERT INTO integration_tokens (hash, installation_id, expires_at, created_at) VALUES (?, ?, ?, ?)',
      hash(secret),
      installationId,
      expiresAt,
      createdAt,
    );
  }

  /** The installation a token was issued for, while it has not expired. */
  *installationForToken(secret: string, now: string): Query<string | undefined> {
    return (yield* sql.get<{ installation_id: string }>('SELECT installation_id FROM integration_tokens WHERE hash = ? AND expires_at > ?', hash(secret), now))
      ?.installation_id;
  }

  *deleteExpiredTokens(now: string): Query<number> {
    return yield* sql.run('DELETE FROM integration_tokens WHERE expires_at <= ?', now);
  }
}
