import type { RoleName } from './roles.js';

export interface SamlProviderRecord {
  id: string;
  organizationId: string;
  label: string;
  /** The identity provider's side; null until configured. */
  ssoUrl: string | null;
  entityId: string | null;
  /** PEM X.509 certificate the identity provider signs with. */
  certificate: string | null;
  defaultTeamId: string | null;
  /** Role given to members who join through the provider; null: guests. */
  defaultRole: RoleName | null;
  createdAt: string;
  updatedAt: string;
}
