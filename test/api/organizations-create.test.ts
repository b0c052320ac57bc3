import { describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();

describe('createOrganization (0.202.0)', () => {
  it('creates an organization whose creator is its admin, with a default site on request', async () => {
    const api = s.newerClient().orgs;
    const response = await api.createOrganization({ title: 'Handbook', emailDomains: ['example.org'] });
    expect(response.status).toBe(201);
    const org = response.data;
    expect(org).toMatchObject({ object: 'organization', title: 'Handbook', emailDomains: ['example.org'] });
    expect(org.permissions.admin).toBe(true);
    expect(response.headers.get('location')).toBe(org.urls.location);
    expect((await api.getOrganizationById(org.id)).data.title).toBe('Handbook');
    expect((await api.getMemberInOrganizationById(org.id, s.ownerId)).data.role).toBe('admin');
    expect((await api.listSites(org.id)).data.items).toEqual([]);

    const withSite = (await api.createOrganization({ title: 'With a site' }, { withDefaultSite: true })).data;
    expect((await api.listSites(withSite.id)).data.items.map((site) => site.title)).toEqual(['With a site']);
  });

  it('refuses a title another organization has (409), and a bad body (400)', async () => {
    const api = s.newerClient().orgs;
    expect(await statusOf(api.createOrganization({ title: 'Other' }))).toBe(409);
    expect(await statusOf(api.createOrganization({ title: ' Other ' }))).toBe(409);
    expect(await statusOf(api.createOrganization({ title: 'x' }))).toBe(400);
    expect((await s.request('POST', '/v1/orgs', { body: {} })).status).toBe(400);
    expect((await s.request('POST', '/v1/orgs', { body: { title: 42 } })).status).toBe(400);
  });

  it('is for admins of an organization of the server only', async () => {
    for (const role of ['create', 'read', null, 'none'] as const) {
      const { token } = await s.member(role);
      expect(await statusOf(s.newerClient(token).orgs.createOrganization({ title: `By ${role}` }))).toBe(403);
    }
    expect((await s.request('POST', '/v1/orgs', { token: null, body: { title: 'Anonymous' } })).status).toBe(401);
    const { token } = await s.member('admin', s.otherOrg);
    expect((await s.newerClient(token).orgs.createOrganization({ title: 'By another admin' })).status).toBe(201);
  });
});
