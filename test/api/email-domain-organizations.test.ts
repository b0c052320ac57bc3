// getOrganizationsForEmailDomain (0.202.0): the organizations accepting an email domain, among those the caller is in
// or may join with their own email's domain.
import { describe, expect, it } from 'vitest';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer();

describe('organizations for an email domain', () => {
  it('lists the organizations a caller may join with their email domain, and their own for any domain', async () => {
    const admin = s.client().orgs;
    await admin.updateOrganizationById(s.org, { emailDomains: ['Test.Local'] });
    await admin.updateOrganizationById(s.otherOrg, { emailDomains: ['test.local', 'example.org'] });
    // Members get user<n>@test.local addresses.
    const member = await s.member('read');
    const api = s.newerClient(member.token);
    const ids = async (domain: string) => (await api.emailDomains.getOrganizationsForEmailDomain(domain)).data.organizations.map((o) => o.id).sort();
    expect(await ids('test.local')).toEqual([s.org, s.otherOrg].sort());
    expect(await ids('TEST.local')).toEqual([s.org, s.otherOrg].sort());
    // Another domain: only organizations the caller is in are named.
    expect(await ids('example.org')).toEqual([]);
    const outsider = await s.member('read', s.otherOrg);
    expect((await s.newerClient(outsider.token).emailDomains.getOrganizationsForEmailDomain('example.org')).data.organizations.map((o) => o.id)).toEqual([
      s.otherOrg,
    ]);
    expect(await ids('nobody.example')).toEqual([]);
    const got = (await api.emailDomains.getOrganizationsForEmailDomain('test.local')).data.organizations.find((o) => o.id === s.org)!;
    expect(got).toMatchObject({ object: 'organization', title: 'Main' });
  });

  it('400 for what is not a domain, 401 without a token', async () => {
    const api = s.newerClient();
    const bad = await errorOf(api.emailDomains.getOrganizationsForEmailDomain('not a domain'));
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('emailDomain');
    expect(await statusOf(api.emailDomains.getOrganizationsForEmailDomain('-bad-.com'))).toBe(400);
    expect(await statusOf(s.newerClient('').emailDomains.getOrganizationsForEmailDomain('test.local'))).toBe(401);
  });
});
