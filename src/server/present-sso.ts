import type * as api from '@gitbook/api';
import type { SamlProviderView } from '../domain/sso/sso.js';
import type { SamlProviderRecord } from '../model/index.js';
import { team, type Urls } from './present.js';

/** What the identity provider is configured with: this server's endpoints for the provider. */
export function samlService(urls: Urls, provider: Pick<SamlProviderRecord, 'id'>): { acsURL: string; startURL: string; entityID: string } {
  const root = `${urls.base}/auth/saml/${provider.id}`;
  return { acsURL: `${root}/acs`, startURL: `${root}/start`, entityID: `${root}/metadata` };
}

/** A pending provider has no sign-in URL yet: `about:blank` stands for it (the field is a required URI). */
export function samlProvider(urls: Urls, view: SamlProviderView): api.OrganizationSAMLProvider {
  const p = view.provider;
  return {
    object: 'saml-provider',
    id: p.id,
    label: p.label,
    ssoURL: p.ssoUrl ?? 'about:blank',
    entityID: p.entityId ?? '',
    certificate: p.certificate ?? '',
    ...(view.defaultTeam ? { defaultTeam: team(view.defaultTeam) } : {}),
    defaultRole: p.defaultRole as api.MemberRoleOrGuest,
    createdAt: p.createdAt,
    status: view.status as api.SAMLProviderStatus,
    service: samlService(urls, p),
    urls: { location: urls.api(`/orgs/${p.organizationId}/saml/${p.id}`) },
  };
}

export function ssoLogin(urls: Urls, provider: SamlProviderRecord): api.OrganizationSSOProviderLogin {
  return { id: provider.id, label: provider.label, startURL: samlService(urls, provider).startURL };
}
