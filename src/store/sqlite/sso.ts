import { optStr, str } from './codec.js';
import type { Db, Row, Sync } from './db.js';
import type { RoleName } from '../../model/index.js';
import type { SsoRepo } from '../sso.js';
import type { SamlProviderRecord } from '../../model/index.js';

const toProvider = (r: Row): SamlProviderRecord => ({
  id: str(r.id),
  organizationId: str(r.organization_id),
  label: str(r.label),
  ssoUrl: optStr(r.sso_url),
  entityId: optStr(r.entity_id),
  certificate: optStr(r.certificate),
  defaultTeamId: optStr(r.default_team_id),
  defaultRole: (r.default_role as RoleName | null) ?? null,
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

/** SAML single sign-on providers of organizations. */
export class SqliteSsoRepo implements Sync<SsoRepo> {
  constructor(private readonly db: Db) {}

  get(id: string): SamlProviderRecord | undefined {
    const row = this.db.get('SELECT * FROM saml_providers WHERE id = ?', id);
    return row && toProvider(row);
  }

  in(organizationId: string): SamlProviderRecord[] {
    return this.db.all('SELECT * FROM saml_providers WHERE organization_id = ? ORDER BY created_at, id', organizationId).map(toProvider);
  }

  put(p: SamlProviderRecord): void {
    this.db.run(
      `INSERT INTO saml_providers (id, organization_id, label, sso_url, entity_id, certificate, default_team_id, default_role, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET label = excluded.label, sso_url = excluded.sso_url, entity_id = excluded.entity_id,
         certificate = excluded.certificate, default_team_id = excluded.default_team_id, default_role = excluded.default_role,
         updated_at = excluded.updated_at`,
      p.id,
      p.organizationId,
      p.label,
      p.ssoUrl,
      p.entityId,
      p.certificate,
      p.defaultTeamId,
      p.defaultRole,
      p.createdAt,
      p.updatedAt,
    );
  }

  delete(organizationId: string, id: string): boolean {
    return this.db.run('DELETE FROM saml_providers WHERE organization_id = ? AND id = ?', organizationId, id) > 0;
  }
}
