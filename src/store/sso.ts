import type { SamlProviderRecord } from '../model/index.js';

/** SAML single sign-on providers of organizations. */
export interface SsoRepo {
  get(id: string): SamlProviderRecord | undefined;
  in(organizationId: string): SamlProviderRecord[];
  put(p: SamlProviderRecord): void;
  delete(organizationId: string, id: string): boolean;
}
