import type { Db, Sync } from './db.js';
import { Table } from './table.js';
import type { SsoRepo } from '../sso.js';
import type { SamlProviderRecord } from '../../model/index.js';

/** SAML single sign-on providers of organizations. */
export class SqliteSsoRepo implements Sync<SsoRepo> {
  private readonly providerRows: Table<SamlProviderRecord>;
  constructor(private readonly db: Db) {
    this.providerRows = new Table<SamlProviderRecord>(db, 'saml_providers');
  }

  get(id: string): SamlProviderRecord | undefined {
    return this.providerRows.one('SELECT * FROM saml_providers WHERE id = ?', id);
  }

  in(organizationId: string): SamlProviderRecord[] {
    return this.providerRows.many('SELECT * FROM saml_providers WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  put(p: SamlProviderRecord): void {
    this.providerRows.upsert(p, ['id'], ['organizationId', 'createdAt']);
  }

  delete(organizationId: string, id: string): boolean {
    return this.db.run('DELETE FROM saml_providers WHERE organization_id = ? AND id = ?', organizationId, id) > 0;
  }
}
