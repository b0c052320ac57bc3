// corpora: reads ../shared/corpora; skipped on a clone without it (vitest.config.ts).
import type { RevisionPage as ApiPage } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { syncDirectory } from '../../src/gitsync/import.js';
import { CORPORA } from '../helpers/content.js';
import { useServer } from '../helpers/server.js';

const s = useServer();

/** Every page of the tree, depth first. */
function flatten(pages: ApiPage[]): ApiPage[] {
  return pages.flatMap((p) => [p, ...('pages' in p ? flatten(p.pages as ApiPage[]) : [])]);
}

describe('a whole GitBook export through the API', () => {
  it('serves every page of beefree-sdk-docs as markdown and as a schema-valid document, by id and by path', async () => {
    const { data: space } = await s.client().orgs.createSpace(s.org, { title: 'Beefree' });
    const caller = (await s.domain.users.authenticate(s.ownerToken))!;
    const [report] = await syncDirectory(s.domain, { dir: `${CORPORA}beefree-sdk-docs`, space: space.id, organizationId: s.org, caller });
    expect(report!.pagesAdded).toBeGreaterThan(200);

    const api = s.client();
    const { data } = await api.spaces.listPages(space.id);
    const documents = flatten(data.pages).filter((p) => p.type === 'document');
    expect(documents.length).toBe(report!.pagesAdded - flatten(data.pages).filter((p) => p.type !== 'document').length);
    for (const page of documents) {
      const { data: asDocument } = await api.spaces.getPageById(space.id, page.id, { format: 'document' });
      expect((asDocument as { document?: { nodes: unknown[] } }).document?.nodes.length, page.path).toBeGreaterThan(0);
      const { data: byPath } = await api.spaces.getPageByPath(space.id, page.path, { format: 'markdown' });
      expect(byPath.id, page.path).toBe(page.id);
    }
    // Every response above was checked against the spec's schemas by the test client.
    expect(s.violations).toEqual([]);

    const { data: found } = await api.spaces.searchSpaceContent(space.id, { query: 'content services api' });
    expect(found.items.length).toBeGreaterThan(0);
    // Some 800 requests and a whole sync: about 20 s alone, more beside other tests on a small machine.
  }, 120_000);
});
