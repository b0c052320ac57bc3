// The API's page `updatedAt` (RevisionPageBase in the spec): the date of the last commit that touched the page's file.
import { ImportContentSource } from '@gitbook/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncDirectory } from '../../src/gitsync/import.js';
import { datedRepo, day, iso } from '../gitsync/dates-helpers.js';
import { useServer } from '../helpers/server.js';

const s = useServer();
const [T1, T2] = [day(1, 10), day(2, 10)];
let spaceId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  const repo = await datedRepo();
  await repo.commit(T1, { 'README.md': '# Welcome\n', 'SUMMARY.md': '# Contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n', 'guide.md': '# Guide\n' });
  await repo.commit(T2, { 'guide.md': '# Guide\n\nMore.\n' });
  const { data: space } = await s.client().orgs.createSpace(s.org, { title: 'Dated' });
  const caller = (await s.domain.users.authenticate(s.ownerToken))!;
  const [report] = await syncDirectory(s.domain, { dir: repo.dir, space: space.id, organizationId: s.org, caller, parseWorkers: 0 });
  spaceId = space.id;
  const pages = (await s.store.revisions.content(report!.revisionId!)).pages;
  ids = Object.fromEntries(pages.flatMap((p) => (p.kind === 'document' ? [[p.git!.path, p.id]] : [])));
});

describe('page updatedAt', () => {
  it('is the last commit date of the page file, in the page tree and on a page', async () => {
    const api = s.client();
    const { data } = await api.spaces.listPages(spaceId);
    expect(data.pages.map((p) => [p.title, p.updatedAt])).toEqual([
      ['Welcome', iso(T1)],
      ['Guide', iso(T2)],
    ]);
    const { data: page } = await api.spaces.getPageById(spaceId, ids['guide.md']!);
    expect(page.updatedAt).toBe(iso(T2));
  });

  it("is left out once the page is edited through the API (its date is no longer the commit's)", async () => {
    const api = s.client();
    const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: 'Edit' });
    const url = `data:text/markdown;base64,${Buffer.from('# Guide\n\nEdited here.\n').toString('base64')}`;
    await api.spaces.importContentInChangeRequestPageById(spaceId, cr.id, ids['guide.md']!, { source: ImportContentSource.Markdown, url });
    const { data: edited } = await api.spaces.getPageInChangeRequestById(spaceId, cr.id, ids['guide.md']!);
    expect(edited).not.toHaveProperty('updatedAt');
    const { data: untouched } = await api.spaces.getPageInChangeRequestById(spaceId, cr.id, ids['README.md']!);
    expect(untouched.updatedAt).toBe(iso(T1));
  });
});
