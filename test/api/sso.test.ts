import { MemberRole, SAMLProviderStatus } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/index.js';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const clock = new ManualClock(new Date('2030-01-01T00:00:00Z'));
const s = useServer({ clock });

// A self-signed EC certificate valid from 2026-11-24 to 2126-10-31 (made with openssl for this test).
const CERT_BODY = [
  'MIIBiDCCAS+gAwIBAgIUZV59oeWZ9aZA1leSQViYGRqdDjUwCgYIKoZIzj0EAwIw',
  'GTEXMBUGA1UEAwwOaWRwLnRlc3QubG9jYWwwIBcNMjYxMTI0MDY0NDI1WhgPMjEy',
  'NjEwMzEwNjQ0MjVaMBkxFzAVBgNVBAMMDmlkcC50ZXN0LmxvY2FsMFkwEwYHKoZI',
  'zj0CAQYIKoZIzj0DAQcDQgAE8XeiwV69R3ARvUtF8dg6Gsgz732bBrwUwykPRBs2',
  '9dW1BT18oi/DyLL7XvlTz3j3MDMak/FwWn+FRlGnJSCuX6NTMFEwHQYDVR0OBBYE',
  'FLvoWf1+WckMbSzgTG1gNnoX9f3fMB8GA1UdIwQYMBaAFLvoWf1+WckMbSzgTG1g',
  'NnoX9f3fMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDRwAwRAIgB5dflpQu',
  'F4zTqmM6cWYz13Gbe1SYUjoKKknWP1uClMUCIGwCea9lrtopmq3Z64tYS4ruEtvC',
  'aGuZdvOmIbmt+1KZ',
];
const CERT = `-----BEGIN CERTIFICATE-----\n${CERT_BODY.join('\n')}\n-----END CERTIFICATE-----\n`;
const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgCOHY0USojrdUnQo2\n-----END PRIVATE KEY-----\n';

describe('SAML providers through the official client', () => {
  it('creates a pending provider, configures it until active, offers it at login, and deletes it', async () => {
    const api = s.client().orgs;
    const made = await api.createOrganizationSamlProvider(s.org, { label: 'Okta' });
    expect(made.status).toBe(201);
    const provider = made.data;
    expect(made.headers.get('location')).toBe(`${s.url}/v1/orgs/${s.org}/saml/${provider.id}`);
    expect(provider).toMatchObject({
      object: 'saml-provider',
      label: 'Okta',
      status: SAMLProviderStatus.Pending,
      entityID: '',
      certificate: '',
      defaultRole: MemberRole.Read,
      createdAt: '2030-01-01T00:00:00.000Z',
      service: {
        acsURL: `${s.url}/auth/saml/${provider.id}/acs`,
        startURL: `${s.url}/auth/saml/${provider.id}/start`,
        entityID: `${s.url}/auth/saml/${provider.id}/metadata`,
      },
      urls: { location: `${s.url}/v1/orgs/${s.org}/saml/${provider.id}` },
    });
    expect(provider.defaultTeam).toBeUndefined();
    // Pending providers are not offered at login.
    expect((await api.listSsoProviderLoginsInOrganization(s.org)).data).toEqual({ items: [] });

    const configured = (
      await api.updateOrganizationSamlProvider(s.org, provider.id, {
        ssoURL: 'https://idp.example.com/sso/saml',
        entityID: 'http://www.okta.com/exk1',
        certificate: CERT,
      })
    ).data;
    expect(configured).toMatchObject({
      status: SAMLProviderStatus.Active,
      ssoURL: 'https://idp.example.com/sso/saml',
      entityID: 'http://www.okta.com/exk1',
      certificate: CERT,
      label: 'Okta',
    });
    expect((await api.getOrganizationSamlProviderById(s.org, provider.id)).data).toEqual(configured);

    const logins = (await api.listSsoProviderLoginsInOrganization(s.org)).data;
    expect(logins).toEqual({ items: [{ id: provider.id, label: 'Okta', startURL: provider.service.startURL }] });
    // The login list is for the sign-in page: anyone signed in may read it.
    const stranger = await s.member('none');
    expect((await s.client(stranger.token).orgs.listSsoProviderLoginsInOrganization(s.org)).data.items).toHaveLength(1);

    expect((await api.deleteOrganizationSamlProvider(s.org, provider.id)).status).toBe(205);
    expect((await api.deleteOrganizationSamlProvider(s.org, provider.id)).status).toBe(204);
    expect(await statusOf(api.getOrganizationSamlProviderById(s.org, provider.id))).toBe(404);
    expect((await api.listSsoProviderLoginsInOrganization(s.org)).data.items).toEqual([]);
  });

  it('gives new members a default team and role; deleting the team clears it', async () => {
    const api = s.client().orgs;
    const team = (await api.createOrganizationTeam(s.org, { title: 'SSO people' })).data;
    const provider = (
      await api.createOrganizationSamlProvider(s.org, {
        label: 'Azure AD',
        defaultTeam: team.id,
        defaultRole: null,
        ssoURL: 'http://localhost:8080/saml',
        entityID: 'azure',
        certificate: CERT_BODY.join(''),
      })
    ).data;
    expect(provider.status).toBe(SAMLProviderStatus.Active);
    expect(provider.defaultRole).toBeNull();
    expect(provider.defaultTeam).toMatchObject({ object: 'team', id: team.id, title: 'SSO people' });
    // A bare base64 certificate (as IdP metadata gives it) is stored as PEM.
    expect(provider.certificate).toBe(CERT);

    const list = (await api.listSamlProvidersInOrganizationById(s.org)).data;
    expect(list.items.map((p) => p.id)).toContain(provider.id);
    expect(list.count).toBe(list.items.length);
    const paged = (await api.listSamlProvidersInOrganizationById(s.org, { limit: 0 })).data;
    expect(paged.items).toEqual([]);

    const cleared = (await api.updateOrganizationSamlProvider(s.org, provider.id, { defaultTeam: '', defaultRole: MemberRole.Edit })).data;
    expect(cleared.defaultTeam).toBeUndefined();
    expect(cleared.defaultRole).toBe('edit');
    await api.updateOrganizationSamlProvider(s.org, provider.id, { defaultTeam: team.id });
    expect((await api.removeTeamFromOrganizationById(s.org, team.id)).status).toBe(205);
    expect((await api.getOrganizationSamlProviderById(s.org, provider.id)).data.defaultTeam).toBeUndefined();
    await api.deleteOrganizationSamlProvider(s.org, provider.id);
  });

  it('rejects bad input with 400 naming the field, and changes nothing', async () => {
    const api = s.client().orgs;
    const provider = (await api.createOrganizationSamlProvider(s.org, { label: 'Checked' })).data;
    const otherTeam = (await s.client().orgs.createOrganizationTeam(s.otherOrg, { title: 'Elsewhere' })).data;
    const before = await s.store.snapshot();
    const fields: Array<[Record<string, unknown>, string]> = [
      [{ label: '' }, 'label'],
      [{ label: '   ' }, 'label'],
      [{ label: 'x'.repeat(31) }, 'label'],
      [{ ssoURL: 'not a url' }, 'ssoURL'],
      [{ ssoURL: 'ftp://idp.example.com/sso' }, 'ssoURL'],
      [{ ssoURL: 'javascript:alert(1)' }, 'ssoURL'],
      [{ ssoURL: 'https://user:secret@idp.example.com/' }, 'ssoURL'],
      [{ entityID: '  ' }, 'entityID'],
      [{ entityID: 'e'.repeat(1025) }, 'entityID'],
      [{ certificate: 'garbage!' }, 'certificate'],
      [{ certificate: PRIVATE_KEY }, 'certificate'],
      [{ certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, 'certificate'],
      [{ certificate: 'A'.repeat(10001) }, 'certificate'],
      [{ defaultTeam: 'no-such-team' }, 'defaultTeam'],
      [{ defaultTeam: otherTeam.id }, 'defaultTeam'],
      [{ defaultRole: 'owner' }, 'defaultRole'],
    ];
    expect(await errorOf(api.createOrganizationSamlProvider(s.org, {} as never))).toMatchObject({ code: 400, message: expect.stringContaining('label') });
    for (const [body, field] of fields) {
      const created = await errorOf(api.createOrganizationSamlProvider(s.org, { label: 'L', ...body } as never));
      expect(created, `create ${JSON.stringify(body)}`).toMatchObject({ code: 400, message: expect.stringContaining(field) });
      const updated = await errorOf(api.updateOrganizationSamlProvider(s.org, provider.id, body as never));
      expect(updated, `patch ${JSON.stringify(body)}`).toMatchObject({ code: 400, message: expect.stringContaining(field) });
    }
    expect(await s.store.snapshot()).toEqual(before);
  });

  it('refuses a certificate outside its validity period', async () => {
    const api = s.client().orgs;
    try {
      clock.set('2200-01-01T00:00:00Z');
      expect(await errorOf(api.createOrganizationSamlProvider(s.org, { label: 'Late', certificate: CERT }))).toMatchObject({
        code: 400,
        message: expect.stringMatching(/^certificate: expired on/),
      });
      clock.set('2020-01-01T00:00:00Z');
      expect(await errorOf(api.createOrganizationSamlProvider(s.org, { label: 'Early', certificate: CERT }))).toMatchObject({
        code: 400,
        message: expect.stringMatching(/^certificate: not valid before/),
      });
    } finally {
      clock.set('2030-01-01T00:00:00Z');
    }
  });

  it('lets only organization admins manage providers, and answers 404 for unknown ones', async () => {
    const api = s.client().orgs;
    const provider = (await api.createOrganizationSamlProvider(s.org, { label: 'Admins only' })).data;
    const others = await Promise.all(
      (['create', 'read', null, 'none'] as const).map(async (role) => ({ role, other: s.client((await s.member(role)).token).orgs })),
    );
    const before = await s.store.snapshot();
    for (const { role, other } of others) {
      expect(await statusOf(other.listSamlProvidersInOrganizationById(s.org)), String(role)).toBe(403);
      expect(await statusOf(other.createOrganizationSamlProvider(s.org, { label: 'Mine' })), String(role)).toBe(403);
      expect(await statusOf(other.getOrganizationSamlProviderById(s.org, provider.id)), String(role)).toBe(403);
      expect(await statusOf(other.updateOrganizationSamlProvider(s.org, provider.id, { label: 'Mine' })), String(role)).toBe(403);
      expect(await statusOf(other.deleteOrganizationSamlProvider(s.org, provider.id)), String(role)).toBe(403);
    }
    expect(await s.store.snapshot()).toEqual(before);

    expect(await statusOf(api.getOrganizationSamlProviderById(s.org, 'nope'))).toBe(404);
    expect(await statusOf(api.updateOrganizationSamlProvider(s.org, 'nope', { label: 'X' }))).toBe(404);
    expect((await api.deleteOrganizationSamlProvider(s.org, 'nope')).status).toBe(204);
    // A provider is reached only through its own organization.
    expect(await statusOf(api.getOrganizationSamlProviderById(s.otherOrg, provider.id))).toBe(404);
    expect((await api.deleteOrganizationSamlProvider(s.otherOrg, provider.id)).status).toBe(204);
    expect(await statusOf(api.listSamlProvidersInOrganizationById('no-org'))).toBe(404);
    expect(await statusOf(api.listSsoProviderLoginsInOrganization('no-org'))).toBe(404);
    expect((await s.request('GET', `/v1/orgs/${s.org}/sso`, { token: null })).status).toBe(401);
  });
});
