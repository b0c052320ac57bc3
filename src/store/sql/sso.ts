import { type Query, type Queries, sql } from './query.js';
import { Table } from './table.js';
import type { SsoRepo } from '../sso.js';
import type { SamlProviderRecord } from '../../model/index.js';

/** SAML single sign-on providers of organizations. */
export class SqlSsoRepo implements Queries<SsoRepo> {
  private readonly providerRows: Table<SamlProviderRecord>;
  constructor() {
    this.providerRows = new Table<SamlProviderRecord>('saml_providers');
  }

  *get(id: string): Query<SamlProviderRecord | undefined> {
    return yield* this.providerRows.one('SELECT * FROM saml_providers WHERE id = ?', id);
  }

  *in(organizationId: string): Query<SamlProviderRecord[]> {
    return yield* this.providerRows.many('SELECT * FROM saml_providers WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  *put(p: SamlProviderRecord): Query<void> {
    yield* this.providerRows.upsert(p, ['id'], ['organizationId', 'createdAt']);
  }

  *delete(organizationId: string, id: string): Query<boolean> {
    return (yield* sql.run('DELETE FROM saml_providers WHERE organization_id = ? AND id = ?', organizationId, id)) > 0;
  }
}
