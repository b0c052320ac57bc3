// getPageByPath and its revision and change-request variants. The first page's path is "" (GitBook's `path` of a
// space's first page), so `.../path/` (the client's URL for "") reads it; no valid request answers "No route".
import { beforeAll, describe, expect, it } from 'vitest';
import { statusOf, useServer } from '../helpers/server.js';

const s = useServer();
let spaceId: string;
let revisionId: string;
let first: { id: string; path?: string };

beforeAll(async () => {
  const api = s.client();
  const { data: space } = await api.orgs.createSpace(s.org, { template: { id: 'product-docs' } } as never);
  spaceId = space.id;
  const { data: revision } = await api.spaces.getCurrentRevision(spaceId);
  revisionId = revision.id;
  first = revision.pages[0]!;
});

describe('the first page, at the empty path', () => {
  it('has the path "" and is read at content/path/ through the client', async () => {
    expect(first.path).toBe('');
    const { data } = await s.client().spaces.getPageByPath(spaceId, '', { format: 'markdown' });
    expect(data).toMatchObject({ id: first.id, title: 'Welcome', path: '' });
  });

  it('is read at the revision and change-request variants', async () => {
    const api = s.client();
    const { data: inRevision } = await api.spaces.getPageInRevisionByPath(spaceId, revisionId, '');
    expect(inRevision.id).toBe(first.id);
    const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: 'Look' });
    const { data: inChangeRequest } = await api.spaces.getPageInChangeRequestByPath(spaceId, cr.id, '');
    expect(inChangeRequest.id).toBe(first.id);
  });

  it('answers at the path without its last slash too, and never "No route"', async () => {
    for (const path of [`/v1/spaces/${spaceId}/content/path`, `/v1/spaces/${spaceId}/revisions/${revisionId}/path`]) {
      const response = await s.request('GET', path);
      expect(response.status, response.text).toBe(200);
      expect(response.json.id).toBe(first.id);
    }
    const slash = await s.request('GET', `/v1/spaces/${spaceId}/content/path/%2F`);
    expect(slash.json.id).toBe(first.id);
  });

  it('is a 404 naming the path in a space without pages, or for an unknown space', async () => {
    const api = s.client();
    const { data: empty } = await api.orgs.createSpace(s.org, { title: 'Empty' });
    const missing = await s.request('GET', `/v1/spaces/${empty.id}/content/path/`);
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toMatch(/No page at the path ""/);
    expect(await statusOf(api.spaces.getPageByPath('nosuchspace', ''))).toBe(404);
  });
});
