import type { SamlProviderRecord } from '../model/index.js';

/** SAML single sign-on providers of organizations. */
export interface SsoRepo {
  get(id: string): Promise<SamlProviderRecord | undefined>;
  in(organizationId: string): Promise<SamlProviderRecord[]>;
  put(p: SamlProviderRecord): Promise<void>;
  delete(organizationId: string, id: string): Promise<boolean>;
}
