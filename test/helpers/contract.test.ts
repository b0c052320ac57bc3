import { describe, expect, it } from 'vitest';
import { checkResponse } from './contract.js';

// The response check must be able to fail, or every API test would pass vacuously.
describe('the spec response check', () => {
  const url = 'http://h/v1/spaces/abc';
  it('rejects a space missing required fields', () => {
    expect(checkResponse('GET', url, 200, JSON.stringify({ object: 'space', id: 'abc' })).length).toBeGreaterThan(0);
  });
  it('rejects a status the operation does not declare', () => {
    expect(checkResponse('GET', url, 201, '{}')[0]).toMatch(/not declared/);
  });
  it('rejects an error body with the wrong shape or code', () => {
    expect(checkResponse('GET', url, 404, JSON.stringify({ message: 'nope' })).length).toBeGreaterThan(0);
    expect(checkResponse('GET', url, 404, JSON.stringify({ error: { code: 400, message: 'x' } })).length).toBeGreaterThan(0);
  });
  it('rejects a body on 205', () => {
    expect(checkResponse('DELETE', url, 205, '{}')).toHaveLength(1);
  });
  it('checks a response against both specs, naming the one it breaks', () => {
    const member = {
      object: 'member',
      id: 'u1',
      role: 'admin',
      user: { object: 'user', id: 'u1', displayName: 'U', urls: { location: 'http://h/v1/users/u1' } },
      disabled: false,
      joinedAt: '2024-01-01T00:00:00.000Z',
      sso: false,
      spaces: 0,
      teams: 0,
    };
    const memberUrl = 'http://h/v1/orgs/o1/members/u1';
    // Valid in 0.143.2; 0.202.0 requires `sites` too.
    const problems = checkResponse('GET', memberUrl, 200, JSON.stringify(member));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/getMemberInOrganizationById, 0\.202\.0\).*sites/);
    expect(checkResponse('GET', memberUrl, 200, JSON.stringify({ ...member, sites: 0 }))).toEqual([]);
    // Without `spaces`, both break.
    const { spaces: _spaces, ...noSpaces } = { ...member, sites: 0 };
    expect(checkResponse('GET', memberUrl, 200, JSON.stringify(noSpaces)).map((p) => p.match(/, (0\.\d+\.\d)\)/)?.[1])).toEqual(['0.143.2', '0.202.0']);
  });
  it('checks an operation only 0.202.0 has against 0.202.0 alone', () => {
    // bulkUpsertSiteRedirects: its 200 holds `results`, checked by 0.202.0's schema.
    const url = 'http://h/v1/orgs/o1/sites/s1/redirects';
    expect(checkResponse('PUT', url, 200, JSON.stringify({ results: 'none' }))[0]).toMatch(/bulkUpsertSiteRedirects, 0\.202\.0\)/);
    expect(checkResponse('PUT', url, 200, JSON.stringify({ results: [] }))).toEqual([]);
    expect(checkResponse('GET', 'http://h/v1/nowhere', 200, '{}')[0]).toMatch(/no operation in either spec/);
  });
  it('accepts a conforming error', () => {
    expect(checkResponse('GET', url, 404, JSON.stringify({ error: { code: 404, message: 'No space' } }))).toEqual([]);
  });
});
